/**
 * The plugin's SWV (schema-woven validation) schema: the rules each module adds for its tags, in the plugin's
 * order (modules at priority 10 in load order: checkbox/radio, date, file, number, select, text, textarea; then
 * the enum rules of checkbox/radio and select at priority 20). `GET .../feedback/schema` answers it and
 * validation walks it, so the order of `invalid_fields` is the plugin's.
 */
import { messageFor } from './messages';
import { hasOption, optionValue, optionValues } from './parser';
import { decodeEntities } from './text';
import { acceptAttr } from './filetypes';
import type { FormTag } from './types';

export interface SwvRule {
  rule: string;
  field: string;
  threshold?: number | string;
  accept?: string[];
  error: string;
}

export interface SwvSchema {
  version: 'Contact Form 7 SWV Schema 2024-02';
  locale: string;
  rules: SwvRule[];
}

const SIGNED_NUM = '[-]?(?:[0-9]+|(?:[0-9]+)?[.][0-9]+)';
const NUMBER_RE = [/^[-]?[0-9]+(?:[eE][+-]?[0-9]+)?$/, /^[-]?(?:[0-9]+)?[.][0-9]+(?:[eE][+-]?[0-9]+)?$/];
/** wpcf7_is_number: the HTML number grammar. */
export const isNumber = (text: string) => NUMBER_RE.some((re) => re.test(text));

/** The `limit:` option in bytes (`limit:1kb`, `limit:2mb`, `limit:500`), default 1 MB. */
export function limitOption(tag: FormTag, dflt = 1024 * 1024): number {
  for (const o of tag.options) {
    const m = /^limit:([1-9][0-9]*)([kKmM]?[bB])?$/.exec(o);
    if (!m) continue;
    const unit = (m[2] ?? '').toLowerCase();
    return Number(m[1]) * (unit === 'kb' ? 1024 : unit === 'mb' ? 1024 * 1024 : 1);
  }
  return dflt;
}

/** get_maxlength_option: `maxlength:N`, or the N of `size/N` (also `cols x rows/N`), else the default. */
export function maxlengthOption(tag: FormTag, dflt?: string): string | undefined {
  const direct = optionValue(tag, 'maxlength', '[0-9]+');
  if (direct && direct !== '0') return direct;
  for (const o of tag.options) {
    const m = /^(?:[0-9]*x?[0-9]*)?\/([0-9]+)$/.exec(o);
    if (m) return m[1];
  }
  return dflt;
}

export function minlengthOption(tag: FormTag): string | undefined {
  const v = optionValue(tag, 'minlength', '[0-9]+');
  return v && v !== '0' ? v : undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** checkdate. */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

/** wpcf7_is_date: `YYYY-MM-DD` (4+ year digits) and a real calendar date. */
export function isDate(text: string): boolean {
  const m = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/.exec(text);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * get_date_option: `min:`/`max:` as a date. Besides `YYYY-MM-DD`, the relative words PHP's date parser reads
 * (`today`, `tomorrow`, `yesterday`, `+1_week`, `today_-2_years`; `_` is a space) against `today` (the site's
 * current date, `YYYY-MM-DD`). Anything else: no rule, as in the plugin when PHP cannot read it.
 */
export function dateOption(tag: FormTag, name: 'min' | 'max', today: string): string | undefined {
  const raw = optionValue(tag, name);
  if (!raw) return undefined;
  const text = raw.replace(/_+/g, ' ').trim().toLowerCase();
  const abs = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/.exec(text);
  if (abs)
    return isRealDate(Number(abs[1]), Number(abs[2]), Number(abs[3]))
      ? `${abs[1]}-${pad(Number(abs[2]))}-${pad(Number(abs[3]))}`
      : undefined;
  const t = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(today);
  if (!t) return undefined;
  const d = new Date(Date.UTC(Number(t[1]), Number(t[2]) - 1, Number(t[3])));
  let rest = text;
  const base = /^(today|now|tomorrow|yesterday|midnight)\b\s*/.exec(rest);
  if (base) {
    if (base[1] === 'tomorrow') d.setUTCDate(d.getUTCDate() + 1);
    if (base[1] === 'yesterday') d.setUTCDate(d.getUTCDate() - 1);
    rest = rest.slice(base[0].length);
  }
  const step = /^([+-]?)\s*([0-9]{1,6})\s*(day|week|fortnight|month|year)s?\s*/;
  let m: RegExpExecArray | null;
  let any = !!base;
  while (rest && (m = step.exec(rest))) {
    const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    if (m[3] === 'day') d.setUTCDate(d.getUTCDate() + n);
    else if (m[3] === 'week') d.setUTCDate(d.getUTCDate() + 7 * n);
    else if (m[3] === 'fortnight') d.setUTCDate(d.getUTCDate() + 14 * n);
    else if (m[3] === 'month') d.setUTCMonth(d.getUTCMonth() + n);
    else d.setUTCFullYear(d.getUTCFullYear() + n);
    rest = rest.slice(m[0].length);
    any = true;
  }
  return any && rest === '' && !Number.isNaN(d.getTime()) ? ymd(d) : undefined;
}

const byBasetype = (tags: FormTag[], ...types: string[]) => tags.filter((t) => types.includes(t.basetype) && t.name);
const numberOption = (tag: FormTag, name: string) => optionValue(tag, name, SIGNED_NUM);

/** The rules of a form, messages resolved against its `messages`. `today` anchors relative date options. */
export function swvRules(
  tags: FormTag[],
  messages: Record<string, unknown> | null | undefined,
  today: string,
): SwvRule[] {
  const msg = (key: Parameters<typeof messageFor>[0]) => messageFor(key, messages);
  const rules: SwvRule[] = [];
  const required = (field: string) => rules.push({ rule: 'required', field, error: msg('invalid_required') });

  for (const tag of byBasetype(tags, 'checkbox', 'radio')) {
    if (tag.type.endsWith('*') || tag.type === 'radio') required(tag.name);
    if (tag.type === 'radio' || hasOption(tag, 'exclusive'))
      rules.push({ rule: 'maxitems', field: tag.name, threshold: 1, error: 'Too many items are selected.' });
  }
  for (const tag of byBasetype(tags, 'date')) {
    if (tag.type.endsWith('*')) required(tag.name);
    rules.push({ rule: 'date', field: tag.name, error: msg('invalid_date') });
    const min = dateOption(tag, 'min', today);
    const max = dateOption(tag, 'max', today);
    if (min !== undefined)
      rules.push({ rule: 'mindate', field: tag.name, threshold: min, error: msg('date_too_early') });
    if (max !== undefined)
      rules.push({ rule: 'maxdate', field: tag.name, threshold: max, error: msg('date_too_late') });
  }
  for (const tag of byBasetype(tags, 'file')) {
    if (tag.type.endsWith('*')) rules.push({ rule: 'requiredfile', field: tag.name, error: msg('invalid_required') });
    rules.push({
      rule: 'file',
      field: tag.name,
      accept: acceptAttr(optionValues(tag, 'filetypes')),
      error: msg('upload_file_type_invalid'),
    });
    rules.push({
      rule: 'maxfilesize',
      field: tag.name,
      threshold: limitOption(tag),
      error: msg('upload_file_too_large'),
    });
  }
  for (const tag of byBasetype(tags, 'number', 'range')) {
    if (tag.type.endsWith('*')) required(tag.name);
    rules.push({ rule: 'number', field: tag.name, error: msg('invalid_number') });
    let min = numberOption(tag, 'min');
    let max = numberOption(tag, 'max');
    if (tag.basetype === 'range') {
      if (min === undefined || !isNumber(min)) min = '0';
      if (max === undefined || !isNumber(max)) max = '100';
    }
    if (min !== undefined && isNumber(min))
      rules.push({ rule: 'minnumber', field: tag.name, threshold: min, error: msg('number_too_small') });
    if (max !== undefined && isNumber(max))
      rules.push({ rule: 'maxnumber', field: tag.name, threshold: max, error: msg('number_too_large') });
  }
  for (const tag of tags.filter((t) => t.type === 'select*' && t.name)) required(tag.name);
  for (const tag of byBasetype(tags, 'text', 'email', 'url', 'tel')) {
    if (tag.type.endsWith('*')) required(tag.name);
    if (tag.basetype === 'email') rules.push({ rule: 'email', field: tag.name, error: msg('invalid_email') });
    if (tag.basetype === 'url') rules.push({ rule: 'url', field: tag.name, error: msg('invalid_url') });
    if (tag.basetype === 'tel') rules.push({ rule: 'tel', field: tag.name, error: msg('invalid_tel') });
    lengthRules(rules, tag, '400', msg);
  }
  for (const tag of byBasetype(tags, 'textarea')) {
    if (tag.type.endsWith('*')) required(tag.name);
    lengthRules(rules, tag, '2000', msg);
  }
  enumRules(rules, byBasetype(tags, 'checkbox', 'radio'), false);
  enumRules(rules, byBasetype(tags, 'select'), true);
  return rules;
}

function lengthRules(
  rules: SwvRule[],
  tag: FormTag,
  dflt: string,
  msg: (k: 'invalid_too_short' | 'invalid_too_long') => string,
) {
  const min = minlengthOption(tag);
  if (min) rules.push({ rule: 'minlength', field: tag.name, threshold: Number(min), error: msg('invalid_too_short') });
  const max = maxlengthOption(tag, dflt);
  if (max && max !== '0')
    rules.push({ rule: 'maxlength', field: tag.name, threshold: Number(max), error: msg('invalid_too_long') });
}

/** One enum rule per field name (tags of one name merged); checkbox/radio with free_text accept anything. */
function enumRules(rules: SwvRule[], tags: FormTag[], isSelect: boolean) {
  const values = new Map<string, string[] | 'free_text'>();
  for (const tag of tags) {
    if (!isSelect && hasOption(tag, 'free_text')) values.set(tag.name, 'free_text');
    const prev = values.get(tag.name);
    if (prev === 'free_text') continue;
    let own = [...tag.values];
    if (isSelect && hasOption(tag, 'first_as_label')) own = own.slice(1);
    values.set(tag.name, [...(prev ?? []), ...own]);
  }
  for (const [field, list] of values) {
    if (list === 'free_text') continue;
    const accept = [...new Set(list.map((v) => decodeEntities(v)))].filter((v) => v !== '');
    rules.push({ rule: 'enum', field, accept, error: 'Undefined value was submitted through this field.' });
  }
}

/** The schema of a form, as `GET .../feedback/schema` answers it. */
export function swvSchema(
  tags: FormTag[],
  messages: Record<string, unknown> | null | undefined,
  locale: string,
  today: string = new Date().toISOString().slice(0, 10),
): SwvSchema {
  return { version: 'Contact Form 7 SWV Schema 2024-02', locale, rules: swvRules(tags, messages, today) };
}
