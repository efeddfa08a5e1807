/**
 * The form-tag scanner: Contact Form 7 5.9's grammar (form-tags-manager.php), written as a linear scan instead
 * of the plugin's backtracking regex so that no template, however large or broken, can stall or crash it.
 *
 *   [type name option key:value "value" 'value']        a form-tag (`type*`: required)
 *   [type name ...]content without brackets[/type]      an enclosing form-tag
 *   [[type name]]                                       escaped: text, not a tag
 */
import { phpTrim } from './text';
import type { FormTag } from './types';

/** The default form of a new contact form (Contact Form 7 5.9's template). */
export const DEFAULT_FORM_TEMPLATE =
  '<label> Your name\n    [text* your-name autocomplete:name] </label>\n\n<label> Your email\n    [email* your-email autocomplete:email] </label>\n\n<label> Subject\n    [text* your-subject] </label>\n\n<label> Your message (optional)\n    [textarea your-message] </label>\n\n[submit "Submit"]';

/** What a tag type supports (the plugin's `wpcf7_add_form_tag` features that change behaviour here). */
export interface TagFeatures {
  nameAttr?: boolean;
  selectableValues?: boolean;
  fileUploading?: boolean;
  notForMail?: boolean;
  zeroControls?: boolean;
  multipleControls?: boolean;
}

/** The tag types Contact Form 7 5.9 registers (without add-ons), in its registration order. */
const TAG_TYPES: [string[], TagFeatures][] = [
  [['acceptance'], { nameAttr: true, selectableValues: true }],
  [['checkbox', 'checkbox*', 'radio'], { nameAttr: true, selectableValues: true, multipleControls: true }],
  [['count'], { nameAttr: true, zeroControls: true, notForMail: true }],
  [['date', 'date*'], { nameAttr: true }],
  [['file', 'file*'], { nameAttr: true, fileUploading: true }],
  [['hidden'], { nameAttr: true }],
  [['number', 'number*', 'range', 'range*'], { nameAttr: true }],
  [['quiz'], { nameAttr: true, notForMail: true }],
  [['reflection'], { nameAttr: true, notForMail: true }],
  [['output'], { nameAttr: true, notForMail: true }],
  [['response'], {}],
  [['select', 'select*'], { nameAttr: true, selectableValues: true }],
  [['submit'], {}],
  [['text', 'text*', 'email', 'email*', 'url', 'url*', 'tel', 'tel*'], { nameAttr: true }],
  [['textarea', 'textarea*'], { nameAttr: true }],
];

const FEATURES = new Map<string, TagFeatures>();
for (const [types, features] of TAG_TYPES) for (const t of types) FEATURES.set(t, features);
const TYPE_NAMES = [...FEATURES.keys()];

/** The features of a tag type (an unknown type has none). */
export function tagFeatures(type: string): TagFeatures {
  return FEATURES.get(type) ?? {};
}

/** A scanned tag with the name as written (dots kept), which only the config validator needs. */
export interface ScannedTag extends FormTag {
  raw_name: string;
}

const NAME_RE = /^[A-Za-z][-A-Za-z0-9_:.]*$/;
/** wpcf7_is_name. */
export const isName = (text: string) => NAME_RE.test(text);

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** `indexOf` that stays linear over a left-to-right scan: remembers its last answer. */
function finder(text: string, ch: string) {
  let lastFrom = -1;
  let lastAt = -1;
  return (from: number): number => {
    if (lastFrom !== -1 && from >= lastFrom && (lastAt === -1 || from <= lastAt)) return lastAt;
    lastFrom = from;
    lastAt = text.indexOf(ch, from);
    return lastAt;
  };
}

interface RawMatch {
  type: string;
  attr: string;
  content: string;
  /** Index just after the match (before an optional trailing `]`). */
  end: number;
}

/** The plugin's tag regex anchored at `q` (text[q] === '['), or null. */
function matchAt(
  text: string,
  q: number,
  nextClose: (from: number) => number,
  nextOpen: (from: number) => number,
): RawMatch | null {
  for (const type of TYPE_NAMES) {
    if (!text.startsWith(type, q + 1)) continue;
    const after = q + 1 + type.length;
    const c = text[after];
    let close: number;
    let attr = '';
    if (c === ']') close = after;
    else if (isSpace(c)) {
      close = nextClose(after);
      if (close === -1) continue;
      attr = text.slice(after + 1, close);
      // `[type name /]`: the regex's optional `[ws]/` before `]` never reaches attr when attr is longer.
      if (attr.length >= 2 && attr.endsWith('/') && isSpace(attr[attr.length - 2])) attr = attr.slice(0, -2);
    } else continue;
    let end = close + 1;
    let content = '';
    const open = nextOpen(end);
    const closing = `[/${type}]`;
    if (open !== -1 && text.startsWith(closing, open)) {
      content = text.slice(end, open);
      end = open + closing.length;
    }
    return { type, attr, content, end };
  }
  return null;
}

interface Atts {
  options: string[];
  values: string[];
}

const OPTION_CHARS = /^[-+*=0-9a-zA-Z:.!?#$&@_/|%\r\n\t ]*$/;
const QUOTED_TAIL = /^(?:[\r\n\t ]*"[^"]*"|[\r\n\t ]*'[^']*')*$/;

function stripQuote(text: string): string {
  const t = phpTrim(text);
  if (t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

/** The plugin's parse_atts: options then quoted values, or null when the text does not follow the grammar. */
export function parseAtts(raw: string): Atts | null {
  const text = phpTrim(raw.replace(/[\u00a0\u200b]+/g, ' '));
  const dq = text.indexOf('"');
  const sq = text.indexOf("'");
  const firstQuote = dq === -1 ? sq : sq === -1 ? dq : Math.min(dq, sq);
  const head = firstQuote === -1 ? text : text.slice(0, firstQuote);
  const tail = firstQuote === -1 ? '' : text.slice(firstQuote);
  if (!OPTION_CHARS.test(head) || !QUOTED_TAIL.test(tail)) return null;
  // Lazy group 1 of the plugin's pattern leaves trailing whitespace to the values part; PHP's empty("0") skips "0".
  const optionText = head.replace(/[\r\n\t ]+$/, '');
  const options = optionText !== '' && optionText !== '0' ? phpTrim(optionText).split(/[\r\n\t ]+/) : [];
  const values = tail.match(/"[^"]*"|'[^']*'/g)?.map(stripQuote) ?? [];
  return { options, values };
}

function pipe(text: string): [string, string] {
  const at = text.indexOf('|');
  if (at === -1) {
    const t = phpTrim(text);
    return [t, t];
  }
  return [phpTrim(text.slice(0, at)), phpTrim(text.slice(at + 1))];
}

function buildTag(m: RawMatch): ScannedTag | null {
  const features = tagFeatures(m.type);
  const atts = parseAtts(m.attr);
  let rawName = '';
  if (features.nameAttr) {
    if (!atts) return null; // an invalid form-tag stays text
    rawName = atts.options.shift() ?? '';
    if (!isName(rawName)) return null;
  }
  const raw_values = atts ? atts.values : [];
  const pipes = raw_values.map(pipe);
  const befores = pipes.map(([before]) => before);
  const content = phpTrim(m.content).replace(/<br[\r\n\t ]*\/?>$/gm, '');
  return {
    type: m.type,
    basetype: m.type.replace(/^\*+|\*+$/g, ''),
    name: rawName.replace(/\./g, '_'),
    options: atts ? atts.options : [],
    raw_values,
    labels: [...befores],
    values: [...befores],
    pipes,
    content,
    raw_name: rawName,
  };
}

/** Every form-tag with its name as written (for the config validator). */
export function scanTags(form: string): ScannedTag[] {
  const text = typeof form === 'string' ? form : '';
  const nextClose = finder(text, ']');
  const nextOpen = finder(text, '[');
  const tags: ScannedTag[] = [];
  let p = nextOpen(0);
  while (p !== -1 && p < text.length) {
    let resume = p + 1;
    if (text[p + 1] === '[') {
      const m = matchAt(text, p + 1, nextClose, nextOpen);
      if (m) {
        if (text[m.end] === ']')
          resume = m.end + 1; // [[escaped]]
        else {
          const tag = buildTag(m);
          if (tag) tags.push(tag);
          resume = m.end;
        }
      }
    } else {
      const m = matchAt(text, p, nextClose, nextOpen);
      if (m) {
        const tag = buildTag(m);
        if (tag) tags.push(tag);
        resume = text[m.end] === ']' ? m.end + 1 : m.end;
      }
    }
    p = nextOpen(resume);
  }
  return tags;
}

/** Every form-tag of the template, in order. Unknown tag types are not form-tags (left as text). Never throws. */
export function parseFormTags(form: string): FormTag[] {
  return scanTags(form).map(({ raw_name: _raw, ...tag }) => tag);
}

/** `properties.form.fields` exactly as the plugin's REST answer shows them (same keys, same order). */
export function scanFields(form: string): FormTag[] {
  return parseFormTags(form);
}

const optionRe = (name: string, value = '.+') =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${value}$`, 'i');

/** True when the tag has the bare option `name` or a `name:value` option (case-insensitive, as the plugin). */
export function hasOption(tag: FormTag, name: string): boolean {
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:.+)?$`, 'i');
  return tag.options.some((o) => re.test(o));
}

/** The value of the first `name:value` option (whose value matches `pattern`, a regex source), or undefined. */
export function optionValue(tag: FormTag, name: string, pattern?: string): string | undefined {
  const re = optionRe(name, pattern);
  const found = tag.options.find((o) => re.test(o));
  return found === undefined ? undefined : found.slice(name.length + 1);
}

/** Every value of `name:value` options (e.g. several `class:`). */
export function optionValues(tag: FormTag, name: string, pattern?: string): string[] {
  const re = optionRe(name, pattern);
  return tag.options.filter((o) => re.test(o)).map((o) => o.slice(name.length + 1));
}

/** `type*`. */
export function isRequired(tag: FormTag): boolean {
  return tag.type.endsWith('*');
}
