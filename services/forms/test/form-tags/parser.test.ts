/** The form-tag parser against Contact Form 7 5.9.8's answers (samples 190, 192) and every tag type and option. */
import {
  DEFAULT_FORM_TEMPLATE,
  hasOption,
  isRequired,
  optionValue,
  optionValues,
  parseFormTags,
  scanFields,
} from '../../src/form-tags';
import { sampleJson } from '../samples';

describe('scanFields reproduces the plugin', () => {
  it('sample 192: every field of the event registration form, key for key', () => {
    const form = sampleJson('192-cf7-contact-forms-get.txt');
    expect(JSON.stringify(scanFields(form.properties.form.content))).toBe(JSON.stringify(form.properties.form.fields));
  });
  it('sample 190: the default template', () => {
    const form = sampleJson('190-cf7-contact-forms-create-without-context-not-saved.txt');
    expect(form.properties.form.content).toBe(DEFAULT_FORM_TEMPLATE);
    expect(JSON.stringify(scanFields(DEFAULT_FORM_TEMPLATE))).toBe(JSON.stringify(form.properties.form.fields));
  });
});

describe('parseFormTags: the grammar', () => {
  const one = (src: string) => {
    const tags = parseFormTags(src);
    expect(tags).toHaveLength(1);
    return tags[0];
  };

  it.each([
    'text',
    'text*',
    'email',
    'email*',
    'url',
    'url*',
    'tel',
    'tel*',
    'number',
    'number*',
    'range',
    'range*',
    'date',
    'date*',
    'textarea',
    'textarea*',
    'select',
    'select*',
    'checkbox',
    'checkbox*',
    'radio',
    'acceptance',
    'quiz',
    'file',
    'file*',
    'hidden',
    'count',
  ])('named type %s: type, basetype, name', (type) => {
    const tag = one(`<p>[${type} field-1]</p>`);
    expect(tag.type).toBe(type);
    expect(tag.basetype).toBe(type.replace('*', ''));
    expect(tag.name).toBe('field-1');
    expect(isRequired(tag)).toBe(type.endsWith('*'));
  });

  it('submit and response have no name; their words are options', () => {
    expect(one('[submit "Send now"]')).toEqual({
      type: 'submit',
      basetype: 'submit',
      name: '',
      options: [],
      raw_values: ['Send now'],
      labels: ['Send now'],
      values: ['Send now'],
      pipes: [['Send now', 'Send now']],
      content: '',
    });
    expect(one('[submit class:btn]').options).toEqual(['class:btn']);
    expect(one('[response]').name).toBe('');
  });

  it('options: bare words, key:value, size/maxlength and cols x rows forms, in order', () => {
    const tag = one(
      '[text* your-name id:name class:a class:b minlength:3 maxlength:100 40/100 placeholder akismet:author default:user_email "Your name"]',
    );
    expect(tag.options).toEqual([
      'id:name',
      'class:a',
      'class:b',
      'minlength:3',
      'maxlength:100',
      '40/100',
      'placeholder',
      'akismet:author',
      'default:user_email',
    ]);
    expect(tag.raw_values).toEqual(['Your name']);
    expect(hasOption(tag, 'placeholder')).toBe(true);
    expect(hasOption(tag, 'class')).toBe(true);
    expect(hasOption(tag, 'readonly')).toBe(false);
    expect(optionValue(tag, 'id')).toBe('name');
    expect(optionValues(tag, 'class')).toEqual(['a', 'b']);
    expect(optionValue(tag, 'minlength', '[0-9]+')).toBe('3');
    expect(one('[textarea msg 40x10 /2000]').options).toEqual(['40x10', '/2000']);
    expect(one('[number n min:1 max:10 step:0.5]').options).toEqual(['min:1', 'max:10', 'step:0.5']);
    expect(one('[date d min:2020-01-01 max:today default:get]').options).toEqual([
      'min:2020-01-01',
      'max:today',
      'default:get',
    ]);
    expect(one('[file f limit:1mb filetypes:jpg|png|pdf]').options).toEqual(['limit:1mb', 'filetypes:jpg|png|pdf']);
    expect(one('[checkbox c use_label_element label_first exclusive free_text "A" "B"]').options).toEqual([
      'use_label_element',
      'label_first',
      'exclusive',
      'free_text',
    ]);
    expect(one('[select s multiple include_blank "A"]').options).toEqual(['multiple', 'include_blank']);
    expect(one('[acceptance a optional invert]').options).toEqual(['optional', 'invert']);
    expect(one('[text t readonly default:post_meta]').options).toEqual(['readonly', 'default:post_meta']);
  });

  it('values: double and single quotes, pipes split label|value, trimmed', () => {
    const tag = one(`[select* topic "Sales|sales@example.com" 'Support | help@example.com' "Other"]`);
    expect(tag.raw_values).toEqual(['Sales|sales@example.com', 'Support | help@example.com', 'Other']);
    expect(tag.labels).toEqual(['Sales', 'Support', 'Other']);
    expect(tag.values).toEqual(['Sales', 'Support', 'Other']);
    expect(tag.pipes).toEqual([
      ['Sales', 'sales@example.com'],
      ['Support', 'help@example.com'],
      ['Other', 'Other'],
    ]);
    expect(one('[radio r "a|b|c"]').pipes).toEqual([['a', 'b|c']]);
    expect(one('[quiz q "What is 2+3?|5" "Capital of France?|Paris"]').pipes).toEqual([
      ['What is 2+3?', '5'],
      ['Capital of France?', 'Paris'],
    ]);
  });

  it('enclosing tags: content trimmed, a <br> at line ends removed; closing must repeat the type', () => {
    expect(one('[acceptance consent]  I agree <br />\nto it. [/acceptance]').content).toBe('I agree \nto it.');
    expect(one('[textarea msg]Default text[/textarea]').content).toBe('Default text');
    const open = parseFormTags('[acceptance a]text[/acceptance*]');
    expect(open).toHaveLength(1);
    expect(open[0].content).toBe('');
    // content cannot hold a bracket: the closing tag is then plain text
    expect(parseFormTags('[acceptance a]see [b] here[/acceptance]')[0].content).toBe('');
  });

  it('names: letters, digits, - _ : . starting with a letter; dots become underscores', () => {
    expect(one('[text a.b:c_d-e]').name).toBe('a_b:c_d-e');
    expect(parseFormTags('[text 1abc] [text -x] [text] [text "only value"]')).toEqual([]);
  });

  it('whitespace: tabs and newlines separate words; no-break spaces are spaces', () => {
    const tag = one('[text\tname\n  option\u00a0other "v"]');
    expect(tag.name).toBe('name');
    expect(tag.options).toEqual(['option', 'other']);
  });

  it('escaped [[tags]] and unknown types are text', () => {
    expect(parseFormTags('[[text a]] [foo b] [texty c] [email]')).toEqual([]);
    expect(parseFormTags('[[text a] b')).toHaveLength(1); // only a leading bracket: still a tag, as the plugin reads it
  });

  it('broken input never throws and yields only well-formed tags', () => {
    const broken = [
      '[text a "unclosed]',
      '[text a b"c"]',
      '[text a <b>]',
      '[',
      ']',
      '[[[',
      '[text',
      '[text ',
      '[/text]',
      '[select s "a" x]',
      '\u0000[text a]',
      '[text a \'x"]',
    ];
    for (const src of broken) expect(() => parseFormTags(src)).not.toThrow();
    expect(parseFormTags('[text a "unclosed]')).toEqual([]);
    expect(parseFormTags('[select s "a" x]')).toEqual([]); // options after values break the grammar
    expect(parseFormTags('\u0000[text a]')).toHaveLength(1);
    expect(parseFormTags(undefined as unknown as string)).toEqual([]);
  });

  it('a rejected tag still consumes its text, as the regex does', () => {
    expect(parseFormTags('[text a "x] [text b]"]').map((t) => t.name)).toEqual(['b']);
    expect(parseFormTags('[text a "x [text b] y"]').map((t) => t.name)).toEqual([]);
    expect(parseFormTags('[text a <] [text b]').map((t) => t.name)).toEqual(['b']);
  });

  it('large and hostile templates stay linear', () => {
    const started = Date.now();
    parseFormTags('[text '.repeat(200_000));
    parseFormTags('[text a '.repeat(100_000) + ']');
    expect(parseFormTags('[text a]x'.repeat(50_000))).toHaveLength(50_000);
    parseFormTags('[acceptance a]' + 'x'.repeat(1_000_000));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
