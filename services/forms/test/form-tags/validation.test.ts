/** Validation of every field type with the plugin's messages, against samples 205 and 208–212 and the rules. */
import {
  acceptanceMissing,
  collectPosted,
  invalidFieldsForResponse,
  parseAdditionalSettings,
  parseFormTags,
  quizAnswerHash,
  refillQuiz,
  swvSchema,
  validateFields,
  validateSubmission,
  validateUploads,
  type PostedData,
  type UploadedFile,
} from '../../src/form-tags';
import { readSample, sampleJson } from '../samples';
import { TEL_ACCEPTED, TEL_REFUSED } from './tel-cases';

const read = readSample;
const json = sampleJson;
const SECRET = 'test-secret';
const FORM = json('192-cf7-contact-forms-get.txt').properties;
const TAGS = parseFormTags(FORM.form.content);

/** The multipart fields of a sample's request line (`a=1 | b[]=2 | f=@name (type, size)`), our quiz hash for theirs. */
function sampleRequest(file: string): { posted: PostedData; files: UploadedFile[] } {
  const line = read(file).split('\n')[0];
  const body = line.slice(line.indexOf('separated here by " | "): ') + 'separated here by " | "): '.length);
  const entries: [string, string][] = [];
  const files: UploadedFile[] = [];
  for (const part of body.split(' | ')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    const value = part.slice(eq + 1);
    const file = /^@(\S+) \(([^,]+), (\d+) bytes\)$/.exec(value);
    if (file)
      files.push({ field: name, filename: file[1], contentType: file[2], content: Buffer.alloc(Number(file[3]), 'a') });
    else entries.push([name, name.startsWith('_wpcf7_quiz_answer_') ? quizAnswerHash('5', SECRET) : value]);
  }
  return { posted: collectPosted(entries), files };
}

const ctx = { messages: FORM.messages, quizSecret: SECRET, today: '2026-11-23' };

describe('the samples', () => {
  it('205: the SWV schema, rule for rule', () => {
    const sample = json('205-cf7-feedback-schema.txt');
    expect(JSON.stringify(swvSchema(TAGS, FORM.messages, 'en_US'))).toBe(JSON.stringify(sample));
  });

  it('208: seven invalid fields in schema order with the plugin messages', () => {
    const { posted, files } = sampleRequest('208-cf7-feedback-validation-failed.txt');
    const invalid = validateSubmission(TAGS, posted, files, ctx);
    expect(invalidFieldsForResponse(invalid, 'wpcf7-f2209-o1')).toEqual(
      json('208-cf7-feedback-validation-failed.txt').invalid_fields.map((f: object) => ({
        ...f,
        error_id: (f as { error_id: string }).error_id,
      })),
    );
  });

  it('209: valid fields, the acceptance box missing → acceptance_missing', () => {
    const { posted, files } = sampleRequest('209-cf7-feedback-acceptance-missing.txt');
    expect(validateSubmission(TAGS, posted, files, ctx)).toEqual([]);
    expect(acceptanceMissing(TAGS, posted)).toBe(true);
  });

  it('210: a wrong quiz answer', () => {
    const { posted, files } = sampleRequest('210-cf7-feedback-quiz-wrong-answer.txt');
    expect(validateFields(TAGS, posted, ctx)).toEqual([
      { field: 'your-quiz', message: 'The answer to the quiz is incorrect.', idref: null },
    ]);
    expect(validateUploads(TAGS, files, ctx)).toEqual([]);
  });

  it('211: a 2048-byte file for limit:1kb', () => {
    const { posted, files } = sampleRequest('211-cf7-feedback-file-too-large.txt');
    expect(validateFields(TAGS, posted, ctx)).toEqual([]);
    expect(acceptanceMissing(TAGS, posted)).toBe(false);
    expect(validateSubmission(TAGS, posted, files, ctx)).toEqual([
      { field: 'your-file', message: 'The uploaded file is too large.', idref: null },
    ]);
  });

  it('212: the valid submission passes everything', () => {
    const { posted, files } = sampleRequest('212-cf7-feedback-mail-sent.txt');
    expect(validateSubmission(TAGS, posted, files, ctx)).toEqual([]);
    expect(acceptanceMissing(TAGS, posted)).toBe(false);
  });
});

/** Validates one field posted as `value` in a one-tag form. */
function check(
  tagSrc: string,
  value: string | string[] | undefined,
  extra: Record<string, string | string[]> = {},
  c = {},
) {
  const tags = parseFormTags(tagSrc);
  const posted = Object.assign(Object.create(null), extra) as PostedData;
  if (value !== undefined) posted[tags[0].name] = value;
  return validateFields(tags, posted, { quizSecret: SECRET, today: '2026-11-23', ...c }).map((f) => f.message);
}
const OK: string[] = [];

describe('every field type', () => {
  it('text: required, minlength/maxlength in UTF-16 units, default maxlength 400, size/maxlength form', () => {
    expect(check('[text* a]', '')).toEqual(['Please fill out this field.']);
    expect(check('[text* a]', undefined)).toEqual(['Please fill out this field.']);
    expect(check('[text a]', '')).toEqual(OK);
    expect(check('[text a minlength:3]', 'ab')).toEqual(['This field has a too short input.']);
    expect(check('[text a minlength:3]', '')).toEqual(OK); // blank is for required to judge
    expect(check('[text a maxlength:3]', 'abcd')).toEqual(['This field has a too long input.']);
    expect(check('[text a maxlength:2]', '😀')).toEqual(OK); // one emoji = 2 code units
    expect(check('[text a maxlength:1]', '😀')).toEqual(['This field has a too long input.']);
    expect(check('[text a]', 'x'.repeat(400))).toEqual(OK);
    expect(check('[text a]', 'x'.repeat(401))).toEqual(['This field has a too long input.']);
    expect(check('[text a 40/5]', 'x'.repeat(6))).toEqual(['This field has a too long input.']);
  });

  it('email: well-formed addresses only', () => {
    for (const good of ['ada@example.com', 'a.b+c@sub.example.co.uk', "o'hara@example.org"])
      expect(check('[email a]', good)).toEqual(OK);
    for (const bad of [
      'not-an-email',
      'a@b',
      '@example.com',
      'a@example..com',
      'a@-example.com',
      'a b@example.com',
      'a@exa_mple.com',
      'a@b.c\nBcc: x@y.z',
    ])
      expect(check('[email a]', bad)).toEqual(['Please enter an email address.']);
    expect(check('[email* a]', '')).toEqual(['Please fill out this field.']);
  });

  it('url: an allowed protocol', () => {
    for (const good of ['https://example.com', 'http://x', 'mailto:a@example.com', 'ftp://f.example.com/x', 'tel:+123'])
      expect(check('[url a]', good)).toEqual(OK);
    for (const bad of [
      'example com',
      'example.com',
      'javascript:alert(1)',
      'HTTPS://example.com',
      'localhost:8080/x',
      '//example.com',
    ])
      expect(check('[url a]', bad)).toEqual(['Please enter a URL.']);
  });

  it("tel: 5.9.8's wpcf7_is_tel, value by value (separators and ASCII whitespace dropped, then +digits)", () => {
    for (const good of TEL_ACCEPTED) expect({ good, errors: check('[tel a]', good) }).toEqual({ good, errors: OK });
    for (const bad of TEL_REFUSED)
      expect({ bad, errors: check('[tel a]', bad) }).toEqual({ bad, errors: ['Please enter a telephone number.'] });
  });

  it('number and range: the HTML number grammar, min/max; range defaults 0–100', () => {
    for (const good of ['1', '-2', '2.5', '.5', '1e3', '-1.5E-2']) expect(check('[number a]', good)).toEqual(OK);
    for (const bad of ['1,5', 'abc', '1.', '+1', '0x10'])
      expect(check('[number a]', bad)).toEqual(['Please enter a number.']);
    expect(check('[number a min:1 max:10]', '0')).toEqual(['This field has a too small number.']);
    expect(check('[number a min:1 max:10]', '11')).toEqual(['This field has a too large number.']);
    expect(check('[number a min:-1.5]', '-1.5')).toEqual(OK);
    expect(check('[range a]', '101')).toEqual(['This field has a too large number.']);
    expect(check('[range a]', '-1')).toEqual(['This field has a too small number.']);
    expect(check('[number* a]', '')).toEqual(['Please fill out this field.']);
  });

  it('date: YYYY-MM-DD and a real date; min/max, relative ones from today', () => {
    expect(check('[date a]', '2024-02-29')).toEqual(OK);
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '2024/01/01', 'tomorrow'])
      expect(check('[date a]', bad)).toEqual(['Please enter a date in YYYY-MM-DD format.']);
    expect(check('[date a min:2020-01-01 max:2030-12-31]', '2019-12-31')).toEqual(['This field has a too early date.']);
    expect(check('[date a min:2020-01-01 max:2030-12-31]', '2031-01-01')).toEqual(['This field has a too late date.']);
    expect(check('[date a min:today]', '2026-11-22')).toEqual(['This field has a too early date.']);
    expect(check('[date a min:today]', '2026-11-23')).toEqual(OK);
    expect(check('[date a max:today_+1_week]', '2026-12-01')).toEqual(['This field has a too late date.']);
    expect(check('[date a max:+1_week]', '2026-11-30')).toEqual(OK);
    expect(check('[date a min:nonsense]', '1900-01-01')).toEqual(OK);
  });

  it('textarea: required, lengths, default maxlength 2000', () => {
    expect(check('[textarea* a]', '')).toEqual(['Please fill out this field.']);
    expect(check('[textarea a]', 'x'.repeat(2000))).toEqual(OK);
    expect(check('[textarea a]', 'x'.repeat(2001))).toEqual(['This field has a too long input.']);
    expect(check('[textarea a minlength:10]', 'short')).toEqual(['This field has a too short input.']);
  });

  it('select: one of the options (labels), required with select*, first_as_label', () => {
    expect(check('[select a "A|x@example.com" "B"]', 'A')).toEqual(OK);
    expect(check('[select a "A|x@example.com" "B"]', 'x@example.com')).toEqual([
      'Undefined value was submitted through this field.',
    ]);
    expect(check('[select a "A" "B"]', 'C')).toEqual(['Undefined value was submitted through this field.']);
    expect(check('[select a multiple "A" "B"]', ['A', 'B'])).toEqual(OK);
    expect(check('[select a "A" "B"]', '')).toEqual(OK);
    expect(check('[select* a "A" "B"]', '')).toEqual(['Please fill out this field.']);
    expect(check('[select a first_as_label "Choose" "A"]', 'Choose')).toEqual([
      'Undefined value was submitted through this field.',
    ]);
    expect(check('[select a "Fish &amp; chips"]', 'Fish & chips')).toEqual(OK);
  });

  it('checkbox and radio: options, required, exclusive/radio at most one, free_text accepts anything', () => {
    expect(check('[checkbox a "A" "B"]', ['A', 'B'])).toEqual(OK);
    expect(check('[checkbox a "A" "B"]', ['A', 'Z'])).toEqual(['Undefined value was submitted through this field.']);
    expect(check('[checkbox* a "A" "B"]', [])).toEqual(['Please fill out this field.']);
    expect(check('[checkbox a exclusive "A" "B"]', ['A', 'B'])).toEqual(['Too many items are selected.']);
    expect(check('[radio a "A" "B"]', undefined)).toEqual(['Please fill out this field.']);
    expect(check('[radio a "A" "B"]', ['A', 'B'])).toEqual(['Too many items are selected.']);
    expect(check('[radio a "A" "B"]', 'B')).toEqual(OK);
    expect(check('[checkbox a free_text "A" "Other"]', ['anything'])).toEqual(OK);
  });

  it('acceptance: acceptance_missing unless checked (invert reversed, optional never); as validation when set', () => {
    const tags = parseFormTags(
      '[acceptance a]I agree[/acceptance] [acceptance b optional] [acceptance c invert]No spam[/acceptance]',
    );
    const p = (o: Record<string, string>) => Object.assign(Object.create(null), o) as PostedData;
    expect(acceptanceMissing(tags, p({ a: '1' }))).toBe(false);
    expect(acceptanceMissing(tags, p({}))).toBe(true);
    expect(acceptanceMissing(tags, p({ a: '0' }))).toBe(true);
    expect(acceptanceMissing(tags, p({ a: '1', c: '1' }))).toBe(true);
    expect(validateFields(tags, p({}), { quizSecret: SECRET })).toEqual([]);
    const settings = parseAdditionalSettings('acceptance_as_validation: on');
    expect(validateFields(tags, p({}), { quizSecret: SECRET, settings }).map((f) => [f.field, f.message])).toEqual([
      ['a', 'You must accept the terms and conditions before sending your message.'],
    ]);
  });

  it('quiz: the canonical answer against its hash; refill gives question/hash pairs; default 1+1=?', () => {
    const tags = parseFormTags('[quiz q "What is 2+3?|5" "Capital of France?|Paris"]');
    const refill = refillQuiz(tags, SECRET, () => 0.99)!;
    expect(refill.q[0]).toBe('Capital of France?');
    const hash = refill.q[1];
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const answer = (a: string) =>
      validateFields(tags, Object.assign(Object.create(null), { q: a, _wpcf7_quiz_answer_q: hash }), {
        quizSecret: SECRET,
      });
    expect(answer(' P A R I S ')).toEqual([]);
    expect(answer('ＰＡＲＩＳ')).toEqual([]); // full-width folded
    expect(answer('London')).toEqual([{ field: 'q', message: 'The answer to the quiz is incorrect.', idref: null }]);
    expect(
      validateFields(tags, Object.assign(Object.create(null), { q: 'Paris' }), { quizSecret: SECRET }),
    ).toHaveLength(1);
    expect(quizAnswerHash('Paris', 'another-secret')).not.toBe(hash);
    expect(refillQuiz(parseFormTags('[quiz q]'), SECRET)!.q).toEqual(['1+1=?', quizAnswerHash('2', SECRET)]);
    expect(refillQuiz(parseFormTags('[text a]'), SECRET)).toBeNull();
  });

  it('file: required, filetypes by extension or MIME family, limit on the total size', () => {
    const tags = parseFormTags('[file* f limit:1kb filetypes:txt|pdf] [file g] [file h filetypes:image/*]');
    const file = (field: string, filename: string, size: number): UploadedFile => ({
      field,
      filename,
      contentType: 'application/octet-stream',
      content: Buffer.alloc(size),
    });
    const run = (files: UploadedFile[]) =>
      validateUploads(tags, files, { quizSecret: SECRET }).map((f) => [f.field, f.message]);
    expect(run([])).toEqual([['f', 'Please fill out this field.']]);
    expect(run([file('f', '', 0)])).toEqual([['f', 'Please fill out this field.']]);
    expect(run([file('f', 'notes.TXT', 1024)])).toEqual([]);
    expect(run([file('f', 'notes.txt', 1025)])).toEqual([['f', 'The uploaded file is too large.']]);
    expect(run([file('f', 'evil.php', 10)])).toEqual([['f', 'You are not allowed to upload files of this type.']]);
    expect(run([file('f', 'noextension', 10)])).toEqual([['f', 'You are not allowed to upload files of this type.']]);
    expect(run([file('f', 'a.pdf', 1), file('g', 'photo.jpg', 10), file('h', 'x.png', 1)])).toEqual([]);
    expect(run([file('f', 'a.pdf', 1), file('g', 'doc.pdf', 10)])).toEqual([
      ['g', 'You are not allowed to upload files of this type.'],
    ]);
    expect(run([file('f', 'a.pdf', 1), file('g', 'big.jpg', 1024 * 1024 + 1)])).toEqual([
      ['g', 'The uploaded file is too large.'],
    ]);
    expect(run([file('f', 'a.pdf', 1), file('h', 'x.pdf', 1)])).toEqual([
      ['h', 'You are not allowed to upload files of this type.'],
    ]);
  });

  it('hidden, submit, count and response are never invalid', () => {
    expect(check('[hidden h "x"]', 'anything')).toEqual(OK);
    expect(
      validateFields(parseFormTags('[submit "Go"] [count a] [response]'), Object.create(null), { quizSecret: SECRET }),
    ).toEqual([]);
  });
});

describe('messages, idref and the answer shape', () => {
  it("the form's messages override the defaults", () => {
    expect(check('[email* a]', 'bad', {}, { messages: { invalid_email: 'Bitte E-Mail prüfen.' } })).toEqual([
      'Bitte E-Mail prüfen.',
    ]);
    expect(check('[email* a]', '', {}, { messages: { invalid_required: '' } })).toEqual([
      'Please fill out this field.',
    ]);
  });

  it('idref is the id: option (not wpcf7…, first owner only); dots in names become underscores', () => {
    const tags = parseFormTags('[text* a id:first] [text* b id:wpcf7-x] [text* c id:first] [text* d.e]');
    const invalid = validateFields(tags, Object.create(null), { quizSecret: SECRET });
    expect(invalid.map((f) => f.idref)).toEqual(['first', null, null, null]);
    expect(invalidFieldsForResponse(invalid, 'wpcf7-f5-o1').map((f) => [f.field, f.error_id])).toEqual([
      ['a', 'wpcf7-f5-o1-ve-a'],
      ['b', 'wpcf7-f5-o1-ve-b'],
      ['c', 'wpcf7-f5-o1-ve-c'],
      ['d_e', 'wpcf7-f5-o1-ve-d_e'],
    ]);
  });

  it('hostile posted names and values cannot reach prototypes or throw', () => {
    const posted = collectPosted([
      ['__proto__', 'x'],
      ['constructor[]', 'y'],
      ['a', '\u0000ok\ud800'],
    ]);
    expect(Object.getPrototypeOf(posted)).toBeNull();
    expect(posted.__proto__).toBe('x');
    expect(posted.a).toBe('ok');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(() =>
      validateSubmission(parseFormTags('[text* __proto__] [checkbox constructor "y"]'), posted, [], {
        quizSecret: SECRET,
      }),
    ).not.toThrow();
  });
});
