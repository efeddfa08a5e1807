/**
 * Validation of a submission, rule for rule and message for message as Contact Form 7 5.9: the SWV schema's
 * rules in order (the first failing rule of a field wins), then the tag filters (acceptance as validation, quiz).
 * Uploaded files are a later step in the plugin (after acceptance and spam): `validateUploads`.
 * Inputs are what the client posted (labels, not piped values), as the plugin reads `$_POST`.
 */
import { WP_ALLOWED_PROTOCOLS } from '@loom/contracts';
import { timingSafeEqual } from 'node:crypto';
import { settingFlag } from './additional-settings';
import { filenameAccepted } from './filetypes';
import { messageFor } from './messages';
import { hasOption, isName, optionValue } from './parser';
import { postedList } from './posted-data';
import { quizAnswerHash } from './quiz';
import { trimChars } from './text';
import { isDate, isNumber, swvRules, type SwvRule } from './swv';
import type { AdditionalSetting, FormTag, InvalidField, InvalidFieldJson, PostedData, UploadedFile } from './types';

export interface ValidationContext {
  /** The form's `messages` property (overrides of the defaults). */
  messages?: Record<string, unknown> | null;
  /** The form's parsed `additional_settings` (`acceptance_as_validation: on` moves acceptance into validation). */
  settings?: AdditionalSetting[];
  /** The secret quiz answers are hashed with (`quizAnswerHash`). */
  quizSecret: string;
  /** The site's current date (`YYYY-MM-DD`) for relative `min:`/`max:` dates (`today`, `+1_week`); default UTC today. */
  today?: string;
}

/** WordPress's is_email. */
export function isEmail(text: string): boolean {
  if (text.length < 6) return false;
  const at = text.indexOf('@', 1);
  if (at === -1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (trimChars(domain, ' \t\n\r\0\x0B.') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => trimChars(sub, ' \t\n\r\0\x0B-') === sub && /^[a-z0-9-]+$/i.test(sub));
}

const ALLOWED_PROTOCOLS = new Set(WP_ALLOWED_PROTOCOLS);

/** wpcf7_is_url: PHP's parse_url finds a scheme, and it is an allowed protocol (case-sensitive, as in_array). */
export function isUrl(text: string): boolean {
  const m = /^([a-zA-Z0-9+.-]+):(.*)$/s.exec(text);
  if (!m) return false;
  if (/^[0-9]+(\/|$)/.test(m[2])) return false; // host:port, not a scheme
  return ALLOWED_PROTOCOLS.has(m[1]);
}

/**
 * wpcf7_is_tel of 5.9.8 (the 6.x length and extension rules came later): the separators `( ) / . * # -` and
 * whitespace dropped, then an optional `+` and at least one digit. PCRE's `\s` without the u flag is ASCII
 * whitespace only (tab, LF, VT, FF, CR, space), so a no-break space is not a separator (JS's `\s` would take it).
 */
export function isTel(text: string): boolean {
  return /^[+]?[0-9]+$/.test(text.replace(/[()/.*#\t\n\v\f\r -]+/g, ''));
}

const FILE_RULES = new Set(['requiredfile', 'file', 'maxfilesize']);

/** One SWV rule against the posted values of its field (blank values excluded, as the plugin). */
function ruleFails(rule: SwvRule, input: string[]): boolean {
  switch (rule.rule) {
    case 'required':
      return input.length === 0;
    case 'email':
      return input.some((i) => !isEmail(i));
    case 'url':
      return input.some((i) => !isUrl(i));
    case 'tel':
      return input.some((i) => !isTel(i));
    case 'number':
      return input.some((i) => !isNumber(i));
    case 'date':
      return input.some((i) => !isDate(i));
    case 'minnumber':
      return input.some((i) => isNumber(i) && Number(i) < Number(rule.threshold));
    case 'maxnumber':
      return input.some((i) => isNumber(i) && Number(i) > Number(rule.threshold));
    case 'mindate':
      return isDate(String(rule.threshold)) && input.some((i) => isDate(i) && i < String(rule.threshold));
    case 'maxdate':
      return isDate(String(rule.threshold)) && input.some((i) => isDate(i) && i > String(rule.threshold));
    case 'minlength':
      // UTF-16 code units, as the plugin's wpcf7_count_code_units (and the browser's minlength).
      return input.length > 0 && input.reduce((n, i) => n + i.length, 0) < Number(rule.threshold);
    case 'maxlength':
      return input.length > 0 && input.reduce((n, i) => n + i.length, 0) > Number(rule.threshold);
    case 'maxitems':
      return input.length > Number(rule.threshold);
    case 'enum':
      return input.some((i) => !(rule.accept ?? []).includes(i));
    default:
      return false;
  }
}

/** Collects invalid fields the way WPCF7_Validation does: the first error of a field wins; idref from its tag. */
class Invalidity {
  readonly list: InvalidField[] = [];
  private readonly seen = new Set<string>();
  private readonly idrefs = new Map<string, string | null>();

  constructor(tags: FormTag[]) {
    const used = new Set<string>();
    for (const tag of tags) {
      if (!tag.name || this.idrefs.has(tag.name)) continue;
      const id = optionValue(tag, 'id', '[-0-9a-zA-Z_]+');
      const ok = id !== undefined && !id.startsWith('wpcf7') && !used.has(id) && isName(id);
      if (ok) used.add(id);
      this.idrefs.set(tag.name, ok ? id : null);
    }
  }

  isValid(field: string) {
    return !this.seen.has(field);
  }

  invalidate(field: string, message: string) {
    if (!field || !isName(field) || this.seen.has(field)) return;
    this.seen.add(field);
    this.list.push({ field, message, idref: this.idrefs.get(field) ?? null });
  }
}

const today = (ctx: ValidationContext) => ctx.today ?? new Date().toISOString().slice(0, 10);

/**
 * The fields step: every invalid field in the plugin's order, at most one per field. Uploaded files are not
 * looked at (see validateUploads). Never throws on client input.
 */
export function validateFields(tags: FormTag[], posted: PostedData, ctx: ValidationContext): InvalidField[] {
  const result = new Invalidity(tags);
  for (const rule of swvRules(tags, ctx.messages, today(ctx))) {
    if (FILE_RULES.has(rule.rule) || !result.isValid(rule.field)) continue;
    const input = postedList(posted, rule.field).filter((v) => v !== '');
    if (ruleFails(rule, input)) result.invalidate(rule.field, rule.error);
  }
  const acceptanceAsValidation = settingFlag(ctx.settings ?? [], 'acceptance_as_validation');
  for (const tag of tags) {
    if (tag.type === 'acceptance' && acceptanceAsValidation && !hasOption(tag, 'optional')) {
      if (!acceptanceGiven(tag, posted)) result.invalidate(tag.name, messageFor('accept_terms', ctx.messages));
    }
    if (tag.type === 'quiz' && tag.name) {
      const expected = postedList(posted, `_wpcf7_quiz_answer_${tag.name}`)[0] ?? '';
      const actual = quizAnswerHash(postedList(posted, tag.name)[0] ?? '', ctx.quizSecret);
      const a = Buffer.from(expected);
      const b = Buffer.from(actual);
      if (a.length !== b.length || !timingSafeEqual(a, b))
        result.invalidate(tag.name, messageFor('quiz_answer_not_correct', ctx.messages));
    }
  }
  return result.list;
}

/**
 * The uploads step (the plugin runs it after acceptance and spam): per file field, a required file present,
 * each filename's extension allowed by `filetypes:`, the total size within `limit:`. A file part with an empty
 * filename and no bytes counts as no file (what a browser sends for an empty file input).
 */
export function validateUploads(tags: FormTag[], files: UploadedFile[], ctx: ValidationContext): InvalidField[] {
  const result = new Invalidity(tags);
  const rules = swvRules(tags, ctx.messages, today(ctx)).filter((r) => FILE_RULES.has(r.rule));
  for (const tag of tags) {
    if (tag.basetype !== 'file' || !tag.name || !result.isValid(tag.name)) continue;
    const mine = files.filter((f) => f.field === tag.name && !(f.filename === '' && f.content.length === 0));
    for (const rule of rules.filter((r) => r.field === tag.name)) {
      const fails =
        rule.rule === 'requiredfile'
          ? mine.length === 0
          : rule.rule === 'file'
            ? mine.some((f) => !filenameAccepted(f.filename, rule.accept ?? []))
            : mine.length > 0 && mine.reduce((n, f) => n + f.content.length, 0) > Number(rule.threshold);
      if (fails) {
        result.invalidate(tag.name, rule.error);
        break;
      }
    }
  }
  return result.list;
}

/**
 * Both steps as one: the fields' errors, or when there are none, the uploads' errors. For the plugin's exact
 * status order (fields → acceptance → spam → uploads) call validateFields and validateUploads around those checks.
 */
export function validateSubmission(
  tags: FormTag[],
  posted: PostedData,
  files: UploadedFile[],
  ctx: ValidationContext,
): InvalidField[] {
  const fields = validateFields(tags, posted, ctx);
  return fields.length ? fields : validateUploads(tags, files, ctx);
}

/** PHP's `! empty($_POST[$name])`: missing, '', '0' and an empty list are not checked. */
function acceptanceGiven(tag: FormTag, posted: PostedData): boolean {
  const list = postedList(posted, tag.name);
  const value = Object.prototype.hasOwnProperty.call(posted, tag.name) ? posted[tag.name] : undefined;
  const checked = Array.isArray(value) ? list.length > 0 : list.length > 0 && list[0] !== '' && list[0] !== '0';
  return hasOption(tag, 'invert') ? !checked : checked;
}

/**
 * True when a required acceptance box was not checked (or an `invert` one was): the answer is then
 * `acceptance_missing` with `accept_terms` (checked only after validation passed). `optional` boxes never count.
 */
export function acceptanceMissing(tags: FormTag[], posted: PostedData, settings?: AdditionalSetting[]): boolean {
  void settings; // under acceptance_as_validation the fields step has already reported these
  return tags.some(
    (tag) => tag.type === 'acceptance' && tag.name && !hasOption(tag, 'optional') && !acceptanceGiven(tag, posted),
  );
}

/** The answer's `invalid_fields`: dots in names become underscores, `error_id` is `<unit tag>-ve-<field>`. */
export function invalidFieldsForResponse(invalid: InvalidField[], unitTag: string): InvalidFieldJson[] {
  return invalid
    .filter((f) => isName(f.field))
    .map((f) => {
      const field = f.field.replace(/\./g, '_');
      return { field, message: f.message, idref: f.idref, error_id: `${unitTag}-ve-${field}` };
    });
}
