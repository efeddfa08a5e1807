/**
 * Feedback through the gateway (reference B.2–B.4; samples 203–212): every status, every field type with the
 * plugin's messages, the mail as a real SMTP listener receives it (mail, autoresponder, attachment), header
 * injection, the spam rules, subscribers_only, demo_mode, refill, the SWV schema, and Loom's submissions route.
 */
import request from 'supertest';
import { err, eventually, formsClient, hiddenFields, startFormsWorld, type FormsWorld } from '@loom/testing';
import { createEventForm, createForm, NOTES, quizHash, validFields } from './event-form';
import { TEL_ACCEPTED, TEL_REFUSED } from './form-tags/tel-cases';

let world: FormsWorld;
let formId: number;
let hash: string;
beforeAll(async () => {
  world = await startFormsWorld({ LOOM_FORMS_DISALLOWED_KEYS: 'cheap pills, casino bonus' });
  formId = await createEventForm(world);
  hash = await quizHash(world, formId);
}, 60000);
afterAll(async () => world?.close());

const anon = () => formsClient(world, 'anonymous');
const admin = () => formsClient(world, 'administrator');
const submissions = async () =>
  (await admin().get('/submissions?per_page=100')).body as Array<{
    id: number;
    status: string;
    contact_form_id: number;
    posted_data: Record<string, unknown>;
    mail: Array<{ state: string; template: string }>;
  }>;
/** Waits until the SMTP listener has `n` messages in all, then a moment more to catch any extra. */
async function mailCount(n: number) {
  await eventually(async () => world.smtp.messages.length >= n, 10000);
  await new Promise((r) => setTimeout(r, 300));
  return world.smtp.messages.length;
}

describe('the request', () => {
  test('anything but multipart/form-data is 415 wpcf7_unsupported_media_type (checked before the form)', async () => {
    const json = await anon().post(`/contact-forms/${formId}/feedback`, {
      _wpcf7_unit_tag: `wpcf7-f${formId}-o1`,
      'your-name': 'Ada',
    });
    expect(err(json)).toEqual({ status: 415, code: 'wpcf7_unsupported_media_type' });
    expect(json.body.message).toBe('The request payload format is not supported.');
    const form = await request(world.gw.app)
      .post(`/rest/formsA/v1/contact-forms/${formId}/feedback`)
      .type('form')
      .send(`_wpcf7_unit_tag=wpcf7-f${formId}-o1`);
    expect(err(form)).toEqual({ status: 415, code: 'wpcf7_unsupported_media_type' });
    expect(err(await anon().post('/contact-forms/999999/feedback', {}))).toEqual({
      status: 415,
      code: 'wpcf7_unsupported_media_type',
    });
  });

  test('an unknown form is 404 wpcf7_not_found; a missing or unusable unit tag 400 wpcf7_unit_tag_not_found', async () => {
    expect(err(await anon().feedback(999999, hiddenFields(999999)))).toEqual({ status: 404, code: 'wpcf7_not_found' });
    const noTag = validFields(formId, hash).filter(([k]) => k !== '_wpcf7_unit_tag');
    const r = await anon().feedback(formId, noTag);
    expect(err(r)).toEqual({ status: 400, code: 'wpcf7_unit_tag_not_found' });
    expect(r.body.message).toBe('There is no valid unit tag.');
    const junk = noTag.concat([['_wpcf7_unit_tag', '<>"\' ']]);
    expect(err(await anon().feedback(formId, junk))).toEqual({ status: 400, code: 'wpcf7_unit_tag_not_found' });
  });

  test('field names are data: __proto__, constructor and friends change no object', async () => {
    const r = await anon().feedback(formId, [
      ...validFields(formId, hash),
      ['__proto__', 'x'],
      ['__proto__[]', 'y'],
      ['constructor', 'z'],
      ['toString', 'w'],
      ['__proto__[polluted]', '1'],
    ]);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('mail_sent');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof ({} as object).toString).toBe('function');
    const [latest] = await submissions();
    expect(latest.posted_data.constructor).toBe('z');
  });

  test('malformed multipart is a 400, an oversize part a 413; the service keeps answering', async () => {
    const broken = await request(world.gw.app)
      .post(`/rest/formsA/v1/contact-forms/${formId}/feedback`)
      .set('Content-Type', 'multipart/form-data')
      .send('garbage');
    expect(broken.status).toBe(400);
    const many = Array.from({ length: 300 }, (_, i) => [`f${i}`, 'x'] as [string, string]);
    expect((await anon().feedback(formId, [...hiddenFields(formId), ...many])).status).toBe(413);
    expect((await anon().get(`/contact-forms/${formId}/refill`)).status).toBe(200);
  });
});

describe('statuses', () => {
  test('validation_failed: every invalid field with the plugin message, in its order; nothing stored or mailed (sample 208)', async () => {
    const before = world.smtp.messages.length;
    const stored = (await submissions()).length;
    const r = await anon().feedback(
      formId,
      validFields(formId, hash, {
        'your-name': '',
        'your-email': 'not-an-email',
        'your-website': 'example com',
        'your-phone': 'call me',
        'your-guests': '11',
        'your-date': '2019-12-31',
        'your-topic': 'Purple',
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      contact_form_id: formId,
      status: 'validation_failed',
      message: 'One or more fields have an error. Please check and try again.',
      posted_data_hash: '',
      into: `#wpcf7-f${formId}-o1`,
    });
    expect(Object.keys(r.body)).toEqual([
      'contact_form_id',
      'status',
      'message',
      'invalid_fields',
      'posted_data_hash',
      'into',
      'quiz',
    ]);
    const tag = `wpcf7-f${formId}-o1`;
    expect(r.body.invalid_fields).toEqual([
      { field: 'your-date', message: 'This field has a too early date.', idref: null, error_id: `${tag}-ve-your-date` },
      {
        field: 'your-guests',
        message: 'This field has a too large number.',
        idref: null,
        error_id: `${tag}-ve-your-guests`,
      },
      { field: 'your-name', message: 'Please fill out this field.', idref: null, error_id: `${tag}-ve-your-name` },
      { field: 'your-email', message: 'Please enter an email address.', idref: null, error_id: `${tag}-ve-your-email` },
      { field: 'your-website', message: 'Please enter a URL.', idref: null, error_id: `${tag}-ve-your-website` },
      {
        field: 'your-phone',
        message: 'Please enter a telephone number.',
        idref: null,
        error_id: `${tag}-ve-your-phone`,
      },
      {
        field: 'your-topic',
        message: 'Undefined value was submitted through this field.',
        idref: null,
        error_id: `${tag}-ve-your-topic`,
      },
    ]);
    expect(r.body.quiz['your-quiz'][0]).toBe('What is 2+3?');
    expect((await submissions()).length).toBe(stored);
    await new Promise((res) => setTimeout(res, 200));
    expect(world.smtp.messages.length).toBe(before);
  });

  test('each field type refuses what the plugin refuses', async () => {
    const cases: Array<[Record<string, string | string[] | null>, string, string]> = [
      [{ 'your-email': 'ada@' }, 'your-email', 'Please enter an email address.'],
      [{ 'your-website': 'javascript:alert(1)' }, 'your-website', 'Please enter a URL.'],
      [{ 'your-phone': '1+2' }, 'your-phone', 'Please enter a telephone number.'],
      [{ 'your-guests': 'two' }, 'your-guests', 'Please enter a number.'],
      [{ 'your-guests': '0' }, 'your-guests', 'This field has a too small number.'],
      [{ 'your-date': '2027-02-30' }, 'your-date', 'Please enter a date in YYYY-MM-DD format.'],
      [{ 'your-date': '2031-01-01' }, 'your-date', 'This field has a too late date.'],
      [{ 'your-message': 'x'.repeat(501) }, 'your-message', 'This field has a too long input.'],
      [{ 'your-interests[]': ['News', 'Spam'] }, 'your-interests', 'Undefined value was submitted through this field.'],
      [{ 'your-contact-by': null }, 'your-contact-by', 'Please fill out this field.'],
      [{ 'your-contact-by': 'Pigeon' }, 'your-contact-by', 'Undefined value was submitted through this field.'],
      [{ 'your-quiz': '4' }, 'your-quiz', 'The answer to the quiz is incorrect.'],
      [{ '_wpcf7_quiz_answer_your-quiz': 'forged' }, 'your-quiz', 'The answer to the quiz is incorrect.'],
      [{ 'your-name': null }, 'your-name', 'Please fill out this field.'],
    ];
    for (const [over, field, message] of cases) {
      const r = await anon().feedback(formId, validFields(formId, hash, over));
      expect({
        over,
        status: r.body.status,
        invalid: r.body.invalid_fields.map((f: { field: string; message: string }) => [f.field, f.message]),
      }).toEqual({ over, status: 'validation_failed', invalid: [[field, message]] });
    }
  });

  test("tel: 5.9.8 takes '12' (mail_sent, the mail says so); the rule's table, value by value", async () => {
    const before = world.smtp.messages.length;
    const r = await anon().feedback(formId, validFields(formId, hash, { 'your-phone': '12' }));
    expect(r.body).toMatchObject({ status: 'mail_sent', invalid_fields: [] });
    await mailCount(before + 2);
    expect(world.smtp.messages[before].parsed.text).toContain('\nPhone: 12\n');
    // skip_mail: the plugin's answer without mail, so each value costs one request
    const id = await createForm(world, {
      title: 'Phone',
      form: '[tel phone] [submit]',
      additional_settings: 'skip_mail: on',
    });
    const statusOf = async (value: string) => {
      const res = await anon().feedback(id, [...hiddenFields(id), ['phone', value]]);
      return [res.body.status, res.body.invalid_fields.map((f: { message: string }) => f.message)];
    };
    for (const good of TEL_ACCEPTED)
      expect({ good, answer: await statusOf(good) }).toEqual({ good, answer: ['mail_sent', []] });
    for (const bad of TEL_REFUSED)
      expect({ bad, answer: await statusOf(bad) }).toEqual({
        bad,
        answer: ['validation_failed', ['Please enter a telephone number.']],
      });
  });

  test('files: too large for limit:, a type outside filetypes:', async () => {
    const big = await anon().feedback(formId, validFields(formId, hash), [
      { ...NOTES, name: 'big-notes.txt', content: Buffer.alloc(2048, 'a') },
    ]);
    expect(big.body.status).toBe('validation_failed');
    expect(big.body.invalid_fields).toEqual([
      expect.objectContaining({ field: 'your-file', message: 'The uploaded file is too large.' }),
    ]);
    const exe = await anon().feedback(formId, validFields(formId, hash), [
      { ...NOTES, name: 'notes.exe', type: 'application/octet-stream' },
    ]);
    expect(exe.body.invalid_fields).toEqual([
      expect.objectContaining({ field: 'your-file', message: 'You are not allowed to upload files of this type.' }),
    ]);
  });

  test('uploads are checked after acceptance and spam, as the plugin does', async () => {
    const big = { ...NOTES, content: Buffer.alloc(2048, 'a') };
    expect(
      (await anon().feedback(formId, validFields(formId, hash, { 'your-consent': null }), [big])).body.status,
    ).toBe('acceptance_missing');
    expect((await anon().feedback(formId, validFields(formId, hash, { _loom_hp: 'bot' }), [big])).body.status).toBe(
      'spam',
    );
    expect(
      (await anon().feedback(formId, validFields(formId, hash, { 'your-name': '' }), [big])).body.invalid_fields.map(
        (f: { field: string }) => f.field,
      ),
    ).toEqual(['your-name']);
  });

  test('acceptance_missing when the box is not checked (sample 209)', async () => {
    const r = await anon().feedback(formId, validFields(formId, hash, { 'your-consent': null }));
    expect(r.body).toMatchObject({
      status: 'acceptance_missing',
      message: 'You must accept the terms and conditions before sending your message.',
      posted_data_hash: '',
      invalid_fields: [],
    });
    expect(Object.keys(r.body)).toEqual([
      'contact_form_id',
      'status',
      'message',
      'posted_data_hash',
      'into',
      'invalid_fields',
      'quiz',
    ]);
  });

  test("the answer's message is plain text as filter_message() gives it: values unescaped, tags stripped", async () => {
    const r = await anon().feedback(formId, validFields(formId, hash, { 'your-name': "Ada O'Brien <b>&</b>" }));
    expect(r.body.status).toBe('mail_sent');
    expect(r.body.message).toBe("Thank you, Ada O'Brien &. Your registration has been sent.");
  });

  test('mail_sent: stored, then mail and mail_2 as received by SMTP, with the attachment (sample 212)', async () => {
    const before = world.smtp.messages.length;
    const r = await anon().feedback(formId, validFields(formId, hash), [NOTES], {
      'User-Agent': 'jest-browser/1.0',
      Referer: 'http://loom.test/register/',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      contact_form_id: formId,
      status: 'mail_sent',
      message: 'Thank you, Ada Lovelace. Your registration has been sent.',
      into: `#wpcf7-f${formId}-o1`,
      invalid_fields: [],
    });
    expect(r.body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(await mailCount(before + 2)).toBe(before + 2);
    const [mail, mail2] = world.smtp.messages.slice(before);
    expect(mail.from).toBe('admin@example.com');
    expect(mail.to).toEqual(['admin@example.com']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'Loom Reference', address: 'admin@example.com' }]);
    expect(mail.parsed.subject).toBe('Loom Reference "Support" from Ada Lovelace');
    expect(mail.parsed.replyTo?.value[0].address).toBe('ada@example.com');
    expect(mail.parsed.text).toContain(
      'From: Ada Lovelace <ada@example.com>\nWebsite: https://ada.example.com\nPhone: +44 20 7946 0958\nGuests: 2\nDate: 2027-01-16\nTopic: Support\nInterests: News, Events\nContact by: Email\n\nMessage:\nLooking forward to the book fair.',
    );
    expect(mail.parsed.text).toContain(
      'Sent from Loom Reference (http://loom.test) by the form "[_contact_form_title]"',
    );
    expect(mail.parsed.attachments.map((a) => [a.filename, a.content.toString('utf8')])).toEqual([
      ['notes.txt', 'Dietary needs: vegetarian.\n'],
    ]);
    expect(mail2.to).toEqual(['ada@example.com']);
    expect(mail2.parsed.subject).toBe('Your registration for Loom Reference');
    expect(mail2.parsed.replyTo?.value[0].address).toBe('admin@example.com');
    expect(mail2.parsed.text?.trim()).toBe(
      'Hello Ada Lovelace,\n\nwe received your registration for 2 guest(s) on 2027-01-16.\n\n-- \nLoom Reference',
    );
    expect(mail2.parsed.attachments).toEqual([]);
    const [latest] = await submissions();
    expect(latest).toMatchObject({
      contact_form_id: formId,
      status: 'mail_sent',
      user_agent: 'jest-browser/1.0',
      url: 'http://loom.test/register/',
    });
    expect(latest.posted_data['your-interests']).toEqual(['News', 'Events']);
    expect(latest.mail.map((m) => [m.template, m.state])).toEqual([
      ['mail', 'sent'],
      ['mail_2', 'sent'],
    ]);
  });

  test("[_url]: a Referer from another site is not believed; the feedback URL stands in (the plugin's rule)", async () => {
    const r = await anon().feedback(formId, validFields(formId, hash), [], { Referer: 'https://evil.example/' });
    expect(r.body.status).toBe('mail_sent');
    const [latest] = await submissions();
    expect(latest).toMatchObject({ url: `http://loom.test/rest/formsA/v1/contact-forms/${formId}/feedback` });
  });

  test('pipes give the mail their value; the answer and [_raw_] the label; exclude_blank drops empty lines', async () => {
    const id = await createForm(world, {
      title: 'Pipes',
      form: '[select* dept "Sales|sales@example.com" "Support|help@example.com"] [email* your-email] [text note] [submit]',
      mail: {
        subject: 'To [_raw_dept]',
        sender: 'Site <admin@example.com>',
        recipient: '[dept]',
        body: 'Dept: [_raw_dept] ([dept])\nNote: [note]\nEnd',
        additional_headers: '',
        attachments: '',
        use_html: false,
        exclude_blank: true,
      },
    });
    const before = world.smtp.messages.length;
    const r = await anon().feedback(id, [
      ...hiddenFields(id),
      ['dept', 'Support'],
      ['your-email', 'bob@example.com'],
      ['note', ''],
    ]);
    expect(r.body.status).toBe('mail_sent');
    await mailCount(before + 1);
    const m = world.smtp.messages[before];
    expect(m.to).toEqual(['help@example.com']);
    expect(m.parsed.subject).toBe('To Support');
    expect(m.parsed.text?.trim()).toBe('Dept: Support (help@example.com)\nEnd');
  });

  test('the other field types end to end: range, hidden, select multiple, checkbox and radio free_text, minlength, special tags', async () => {
    const id = await createForm(world, {
      title: 'More types',
      form: '[text* nick minlength:3] [range* level min:1 max:5] [hidden source "flyer"] [select* sizes multiple "S" "M" "L"] [checkbox* colour free_text "Red" "Other"] [radio fit free_text "Slim" "Other"] [textarea* msg] [submit]',
      mail: {
        subject: 'Order #[_serial_number]',
        sender: 'Site <admin@example.com>',
        recipient: 'admin@example.com',
        body: 'Nick: [nick]\nLevel: [level]\nSource: [source]\nSizes: [sizes]\nColour: [colour]\nFit: [fit]\nMsg: [msg]\nIP: [_remote_ip]\nUA: [_user_agent]\nSite: [_site_title] [_site_url]',
        additional_headers: '',
        attachments: '',
      },
    });
    const good: Array<[string, string]> = [
      ...hiddenFields(id),
      ['nick', 'Bea'],
      ['level', '3'],
      ['source', 'flyer'],
      ['sizes[]', 'S'],
      ['sizes[]', 'L'],
      ['colour[]', 'Other'],
      ['_wpcf7_free_text_colour', 'teal'],
      ['fit', 'Slim'],
      ['msg', 'Two shirts'],
    ];
    const bad = await anon().feedback(
      id,
      good.map(([k, v]): [string, string] =>
        k === 'nick' ? [k, 'Bo'] : k === 'level' ? [k, '9'] : k === 'msg' ? [k, ''] : [k, v],
      ),
    );
    expect(bad.body.invalid_fields.map((f: { field: string; message: string }) => [f.field, f.message]).sort()).toEqual(
      [
        ['level', 'This field has a too large number.'],
        ['msg', 'Please fill out this field.'],
        ['nick', 'This field has a too short input.'],
      ].sort(),
    );
    const before = world.smtp.messages.length;
    const r = await anon().feedback(id, good, [], { 'User-Agent': 'types-test/2' });
    expect(r.body.status).toBe('mail_sent');
    await mailCount(before + 1);
    const m = world.smtp.messages[before];
    expect(m.parsed.subject).toBe('Order #1');
    expect(m.parsed.text).toContain(
      'Nick: Bea\nLevel: 3\nSource: flyer\nSizes: S, L\nColour: Other teal\nFit: Slim\nMsg: Two shirts\nIP: 127.0.0.1\nUA: types-test/2\nSite: Loom Reference http://loom.test',
    );
  });

  test('use_html escapes submitted values', async () => {
    const id = await createForm(world, {
      title: 'HTML mail',
      form: '[text* your-name] [submit]',
      mail: {
        subject: 'Hi',
        sender: 'Site <admin@example.com>',
        recipient: 'admin@example.com',
        body: '<p>From [your-name]</p>',
        additional_headers: '',
        attachments: '',
        use_html: true,
        exclude_blank: false,
      },
    });
    const before = world.smtp.messages.length;
    expect(
      (await anon().feedback(id, [...hiddenFields(id), ['your-name', '<script>alert(1)</script>']])).body.status,
    ).toBe('mail_sent');
    await mailCount(before + 1);
    const html = String(world.smtp.messages[before].parsed.html);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  test('header injection through submitted values reaches no header and no recipient', async () => {
    const id = await createForm(world, {
      title: 'Injection',
      form: '[text* your-name] [text your-subject] [email* your-email] [submit]',
      mail: {
        subject: 'About [your-subject]',
        sender: '[your-name] <admin@example.com>',
        recipient: 'admin@example.com',
        body: 'From [your-name]',
        additional_headers: 'Reply-To: [your-email]\nX-Name: [your-name]',
        attachments: '',
        use_html: false,
        exclude_blank: false,
      },
    });
    const before = world.smtp.messages.length;
    const evil = 'Eve\r\nBcc: victim@evil.test\r\nX-Injected: 1';
    const r = await anon().feedback(id, [
      ...hiddenFields(id),
      ['your-name', evil],
      ['your-subject', 'hello\nBcc: victim2@evil.test'],
      ['your-email', 'eve@example.com'],
    ]);
    expect(r.body.status).toBe('mail_sent');
    await mailCount(before + 1);
    const m = world.smtp.messages[before];
    expect(m.to).toEqual(['admin@example.com']);
    expect(m.parsed.headers.has('bcc')).toBe(false);
    expect(m.parsed.headers.has('x-injected')).toBe(false);
    const head = m.raw.slice(0, m.raw.search(/\r?\n\r?\n/));
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(head).toMatch(/^X-Name: EveBcc: victim@evil.testX-Injected: 1$/m);
    expect(m.parsed.subject).not.toMatch(/[\r\n]/);
    // A mailbox with a line break in it is refused by email validation, before any mail.
    const bad = await anon().feedback(id, [
      ...hiddenFields(id),
      ['your-name', 'Eve'],
      ['your-email', 'eve@example.com\r\nBcc: victim@evil.test'],
    ]);
    expect(bad.body.status).toBe('validation_failed');
  });

  describe("a mail wp_mail refuses: mail_failed with the form's message, stored, recorded as failed, never retried", () => {
    const broken = (mail: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      createForm(world, {
        title: 'Broken mail',
        form: '[text* who] [submit]',
        mail: {
          subject: 'Hi',
          sender: 'Site <admin@example.com>',
          recipient: 'admin@example.com',
          body: 'From [who]',
          additional_headers: '',
          attachments: '',
          use_html: false,
          exclude_blank: false,
          ...mail,
        },
        ...extra,
      });
    /** Submits, then checks the answer, the stored submission and its mail after a few worker passes. */
    async function refused(id: number, who: string, reason: string, message: string) {
      const before = world.smtp.messages.length;
      const r = await anon().feedback(id, [...hiddenFields(id), ['who', who]]);
      expect(r.body).toMatchObject({ contact_form_id: id, status: 'mail_failed', message, invalid_fields: [] });
      expect(r.body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
      await new Promise((res) => setTimeout(res, 600)); // the worker polls every 100 ms here
      const [stored] = (await admin().get(`/submissions?contact_form=${id}`)).body;
      expect(stored).toMatchObject({ status: 'mail_failed', posted_data: { who } });
      expect(stored.mail).toEqual([
        expect.objectContaining({
          template: 'mail',
          state: 'failed',
          attempts: 0,
          last_error: reason,
          next_attempt_at: null,
        }),
      ]);
      expect(world.smtp.messages.length).toBe(before);
      const failed = (await admin().get(`/submissions?mail_state=failed&contact_form=${id}`)).body;
      expect(failed.map((f: { id: number }) => f.id)).toEqual([stored.id]);
    }
    const NG = 'There was an error trying to send your message. Please try again later.';

    test('a sender that is no address', async () => {
      await refused(await broken({ sender: 'not an address' }), 'Ann', 'Invalid address: (From): not an address', NG);
    });

    test("an empty recipient, or one the submission makes no address; the form's own mail_sent_ng, tags replaced", async () => {
      const noAddress = 'You must provide at least one recipient email address.';
      await refused(await broken({ recipient: '' }), 'Ann', noAddress, NG);
      const id = await broken(
        { recipient: '[who]' },
        { messages: { mail_sent_ng: 'Sorry [who], your message could not be sent.' } },
      );
      await refused(id, 'nobody at all', noAddress, 'Sorry nobody at all, your message could not be sent.');
    });

    test('an empty plain-text body (PHPMailer refuses it)', async () => {
      await refused(await broken({ body: '' }), 'Ann', 'Message body empty', NG);
    });

    test('an unknown tag in the subject is no fault: it stays as written and the mail goes', async () => {
      const id = await broken({ subject: '[no-such-tag] from [who]' });
      const before = world.smtp.messages.length;
      const r = await anon().feedback(id, [...hiddenFields(id), ['who', 'Ann']]);
      expect(r.body.status).toBe('mail_sent');
      await mailCount(before + 1);
      expect(world.smtp.messages[before].parsed.subject).toBe('[no-such-tag] from Ann');
    });

    test('a refused mail_2 leaves the answer to mail (the plugin ignores its result), and is recorded', async () => {
      const id = await broken(
        {},
        {
          mail_2: {
            active: true,
            subject: 'Thanks',
            sender: 'Site <admin@example.com>',
            recipient: '[who]',
            body: 'Thanks',
            additional_headers: '',
            attachments: '',
          },
        },
      );
      const before = world.smtp.messages.length;
      const r = await anon().feedback(id, [...hiddenFields(id), ['who', 'Ann']]);
      expect(r.body.status).toBe('mail_sent');
      expect(await mailCount(before + 1)).toBe(before + 1);
      const [stored] = (await admin().get(`/submissions?contact_form=${id}`)).body;
      expect(stored.status).toBe('mail_sent');
      expect(
        stored.mail.map((m: { template: string; state: string; last_error: string | null }) => [
          m.template,
          m.state,
          m.last_error,
        ]),
      ).toEqual([
        ['mail', 'sent', null],
        ['mail_2', 'failed', 'You must provide at least one recipient email address.'],
      ]);
    });
  });
});

describe('spam', () => {
  test(`the honeypot field (LOOM_FORMS_HONEYPOT_FIELD, default _loom_hp) filled in is spam: not stored, not mailed`, async () => {
    const stored = (await submissions()).length;
    const before = world.smtp.messages.length;
    const r = await anon().feedback(formId, validFields(formId, hash, { _loom_hp: 'http://spam.example' }));
    expect(r.body).toMatchObject({
      status: 'spam',
      message: 'There was an error trying to send your message. Please try again later.',
      posted_data_hash: '',
      invalid_fields: [],
    });
    expect((await anon().feedback(formId, validFields(formId, hash, { _loom_hp: '' }))).body.status).toBe('mail_sent');
    expect((await submissions()).length).toBe(stored + 1);
    expect(await mailCount(before + 2)).toBe(before + 2);
  });

  test('disallowed words (LOOM_FORMS_DISALLOWED_KEYS) anywhere in the values, in any case, or in the user agent', async () => {
    expect(
      (await anon().feedback(formId, validFields(formId, hash, { 'your-message': 'Get CHEAP PILLS now' }))).body.status,
    ).toBe('spam');
    expect(
      (await anon().feedback(formId, validFields(formId, hash), [], { 'User-Agent': 'casino bonus bot' })).body.status,
    ).toBe('spam');
  });

  test('validation comes first: an invalid spam submission is validation_failed', async () => {
    expect(
      (await anon().feedback(formId, validFields(formId, hash, { 'your-name': '', 'your-message': 'cheap pills' })))
        .body.status,
    ).toBe('validation_failed');
  });
});

describe('subscribers_only and demo_mode', () => {
  test('subscribers_only: true refuses anonymous submissions (status error), accepts a signed-in subscriber', async () => {
    const id = await createForm(world, {
      title: 'Members',
      form: '[text* your-name] [submit]',
      additional_settings: 'subscribers_only: true',
      mail: {
        subject: 'Hi',
        sender: 'Site <admin@example.com>',
        recipient: 'admin@example.com',
        body: '[your-name]',
        additional_headers: '',
        attachments: '',
      },
    });
    const r = await anon().feedback(id, [...hiddenFields(id), ['your-name', 'Ann']]);
    expect(r.body).toMatchObject({
      status: 'error',
      message: 'This contact form is available only for logged in users.',
    });
    expect(Object.keys(r.body)).toEqual(['contact_form_id', 'status', 'message', 'into', 'invalid_fields']);
    expect(
      (await formsClient(world, 'subscriber').feedback(id, [...hiddenFields(id), ['your-name', 'Sue']])).body.status,
    ).toBe('mail_sent');
  });

  test('demo_mode: on puts demo_mode: true in every answer after the hash, valid or not; mail_sent sends nothing', async () => {
    const id = await createForm(world, {
      title: 'Demo',
      form: '[text* your-name] [acceptance ok] Yes [/acceptance] [submit]',
      additional_settings: 'demo_mode: on',
    });
    const before = world.smtp.messages.length;
    const stored = (await submissions()).length;
    const send = (over: Array<[string, string]>) => anon().feedback(id, [...hiddenFields(id), ...over]);

    const sent = await send([
      ['your-name', 'Dee'],
      ['ok', '1'],
    ]);
    expect(sent.body).toMatchObject({
      status: 'mail_sent',
      message: 'Thank you for your message. It has been sent.',
      demo_mode: true,
    });
    expect(Object.keys(sent.body)).toEqual([
      'contact_form_id',
      'status',
      'message',
      'posted_data_hash',
      'demo_mode',
      'into',
      'invalid_fields',
    ]);
    const invalid = await send([['ok', '1']]);
    expect(invalid.body).toMatchObject({ status: 'validation_failed', demo_mode: true, posted_data_hash: '' });
    expect(Object.keys(invalid.body)).toEqual([
      'contact_form_id',
      'status',
      'message',
      'invalid_fields',
      'posted_data_hash',
      'demo_mode',
      'into',
    ]);
    expect((await send([['your-name', 'Dee']])).body).toMatchObject({ status: 'acceptance_missing', demo_mode: true });
    expect(
      (
        await send([
          ['your-name', 'Dee'],
          ['ok', '1'],
          ['_loom_hp', 'bot'],
        ])
      ).body,
    ).toMatchObject({
      status: 'spam',
      demo_mode: true,
    });
    // Only the accepted one is kept (marked as a demo); no mail at all.
    expect((await submissions()).length).toBe(stored + 1);
    expect((await submissions())[0]).toMatchObject({ contact_form_id: id, status: 'mail_sent', mail: [] });
    await new Promise((res) => setTimeout(res, 300));
    expect(world.smtp.messages.length).toBe(before);
  });

  test('demo_mode in CRLF settings counts (the plugin reads a line up to LF); subscribers_only refuses before it', async () => {
    const id = await createForm(world, {
      title: 'Demo, CRLF',
      form: '[text* your-name] [submit]',
      additional_settings: 'subscribers_only: true\r\ndemo_mode: on\r\nskip_mail: off',
    });
    expect((await admin().get(`/contact-forms/${id}`)).body.properties.additional_settings.settings).toEqual([
      ['subscribers_only', true],
      ['demo_mode', true],
      ['skip_mail', false],
    ]);
    const refused = await anon().feedback(id, [...hiddenFields(id), ['your-name', 'Ann']]);
    expect(refused.body.status).toBe('error');
    expect(Object.keys(refused.body)).toEqual(['contact_form_id', 'status', 'message', 'into', 'invalid_fields']);
    const before = world.smtp.messages.length;
    const r = await formsClient(world, 'subscriber').feedback(id, [...hiddenFields(id), ['your-name', 'Sue']]);
    expect(r.body).toMatchObject({ status: 'mail_sent', demo_mode: true });
    await new Promise((res) => setTimeout(res, 300));
    expect(world.smtp.messages.length).toBe(before);
  });
});

describe('refill and schema', () => {
  test('refill: [] without quiz; the quiz question and an answer hash that validates (samples 203, 204)', async () => {
    const plain = await createForm(world, { title: 'Plain' });
    const none = await anon().get(`/contact-forms/${plain}/refill`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const r = await anon().get(`/contact-forms/${formId}/refill`);
    expect(r.body).toEqual({ quiz: { 'your-quiz': ['What is 2+3?', expect.stringMatching(/^[0-9a-f]{32}$/)] } });
    expect(err(await anon().get('/contact-forms/999999/refill'))).toEqual({ status: 404, code: 'wpcf7_not_found' });
  });

  test('feedback/schema: the SWV schema (sample 205)', async () => {
    const r = await anon().get(`/contact-forms/${formId}/feedback/schema`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ version: 'Contact Form 7 SWV Schema 2024-02', locale: 'en_US' });
    expect(r.body.rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'required', field: 'your-name' }),
        expect.objectContaining({ rule: 'email', field: 'your-email' }),
      ]),
    );
  });
});

describe("Loom's submissions route", () => {
  test('administrators only: 401 anonymous, 403 editors; newest first, paginated, filtered', async () => {
    expect(err(await anon().get('/submissions'))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect(err(await formsClient(world, 'editor').get('/submissions'))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    const r = await admin().get('/submissions?per_page=2');
    expect(r.status).toBe(200);
    expect(Number(r.headers['x-wp-total'])).toBeGreaterThan(2);
    const ids = r.body.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // A page past any real collection (as the fuzzer sent it) is an empty last page, not a failure.
    const far = await admin().get('/submissions?page=1e%2B308');
    expect(far.status).toBe(200);
    expect(far.body).toEqual([]);
    const one = await admin().get(`/submissions/${ids[0]}`);
    expect(one.body.id).toBe(ids[0]);
    expect(err(await admin().get('/submissions/999999'))).toEqual({ status: 404, code: 'loom_submission_not_found' });
    const sent = (await admin().get('/submissions?mail_state=sent&per_page=100')).body;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((s: { mail: Array<{ state: string }> }) => s.mail.some((m) => m.state === 'sent'))).toBe(true);
  });
});
