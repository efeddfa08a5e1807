/**
 * Contact Form 7 5.9's configuration validator (includes/config-validator/*), as the REST `config_errors`.
 * Mail fields are checked the plugin's way: their mail-tags are replaced with the least a valid submission
 * could give (a required email field → example@example.com, a required text → example, an optional or unknown
 * field → nothing), then the result must be a mailbox list, non-empty, and so on. Reading uploaded files from a
 * server directory is not something Loom does: any attachment line that is not a file field's tag is reported
 * as not found.
 */
import { parseAdditionalSettings, settingFlag, settingValues } from './additional-settings';
import { hasOption, tagFeatures, scanTags } from './parser';
import { doPipe } from './posted-data';
import { replaceMailTagsIn, type MailTagRef } from './mail-tags';
import { swvRules, limitOption } from './swv';
import { phpTrim, stripAllTags, stripNewline } from './text';
import { isEmail } from './validation';
import type { FormTag } from './types';

/** One error, exactly as the REST answer shows it (the plugin's codes stay internal, as in its answers). */
export interface ConfigError {
  message: string;
  /** The plugin's help page for this kind of error. */
  link?: string;
}

/** Keyed by section (`form.body`, `mail.sender`, `mail_2.recipient`, `messages.invalid_email`, ...). */
export type ConfigErrors = Record<string, ConfigError[]>;

/** The properties the validator reads (a stored contact form's `properties`, raw). */
export interface ConfigProperties {
  form: string;
  mail: Record<string, unknown>;
  mail_2: Record<string, unknown>;
  messages: Record<string, unknown>;
  additional_settings: string;
}

/** What the validator needs of the site. */
export interface ConfigSite {
  /** The host of the site's home URL (`example.com`); a sender must be in it (unless localhost or an IP). */
  domain: string;
  /** `[_site_admin_email]`. */
  adminEmail?: string;
  /** The largest upload the service takes (bytes): a `limit:` above it is reported. */
  maxUploadBytes?: number;
}

const LINK = 'https://contactform7.com/configuration-errors/';
const EXAMPLE_EMAIL = 'example@example.com';
const UNSAFE_EMAIL = 'user-specified@example.com';

/** wpcf7_is_mailbox_list: the addresses, or null when any item is malformed (an empty list is malformed too). */
export function mailboxList(text: string): string[] | null {
  const masked = text.replace(/\\(?:"|')/g, 'esc-quote').replace(/(?:".*?"|'.*?')/g, 'quoted-string');
  const out: string[] = [];
  for (const item of masked.split(',')) {
    const mailbox = phpTrim(item);
    if (mailbox === '') continue;
    const m = /<(.+)>$/.exec(mailbox);
    const addr = m ? m[1] : mailbox;
    if (!isEmail(addr)) return null;
    out.push(addr);
  }
  return out.length ? out : null;
}

function isIp(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/** wpcf7_is_email_in_site_domain. */
function emailInSiteDomain(text: string, domain: string): boolean {
  const host = domain.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '127.0.0.1' || isIp(host)) return true;
  const list = mailboxList(text);
  if (!list) return false;
  return list.every((email) => {
    const emailDomain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const parts = host.split('.');
    while (parts.length) {
      if (parts.join('.') === emailDomain) return true;
      parts.shift();
    }
    return false;
  });
}

export function configErrors(props: ConfigProperties, site: ConfigSite): ConfigErrors {
  const errors = Object.create(null) as ConfigErrors;
  const add = (section: string, code: string, message: string) => {
    (errors[section] ??= []).push({ message, link: `${LINK}${code.replace(/_/g, '-')}` });
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const formText = str(props.form);
  const scanned = scanTags(formText);
  const tags: FormTag[] = scanned;
  const settings = parseAdditionalSettings(str(props.additional_settings));

  // form.body
  if (multipleControlsInLabel(formText))
    add('form.body', 'multiple_controls_in_label', 'Multiple form controls are in a single label element.');
  const ng = [...new Set(scanned.filter((t) => t.name && UNAVAILABLE_NAMES.has(t.name)).map((t) => `"${t.name}"`))];
  if (ng.length)
    add('form.body', 'unavailable_names', `Unavailable names (${ng.join(', ')}) are used for form controls.`);
  if (/(?:<form[\s\t>]|<\/form>)/i.test(formText))
    add('form.body', 'unavailable_html_elements', 'Unavailable HTML elements are used in the form template.');
  const named = scanned.filter((t) => tagFeatures(t.type).nameAttr);
  if (named.some((t) => t.raw_name.includes('.')))
    add('form.body', 'dots_in_names', 'Dots are used in form-tag names.');
  if (named.some((t) => t.raw_name.includes(':')))
    add('form.body', 'colons_in_names', 'Colons are used in form-tag names.');
  if (
    site.maxUploadBytes !== undefined &&
    scanned.some((t) => t.basetype === 'file' && limitOption(t) > site.maxUploadBytes!)
  )
    add('form.body', 'upload_filesize_overlimit', 'Uploadable file size exceeds PHP’s maximum acceptable size.');

  // mail, mail_2
  const ctx = { tags, site, subscribersOnly: settingFlag(settings, 'subscribers_only') };
  if (!settingFlag(settings, 'demo_mode') && !settingFlag(settings, 'skip_mail')) {
    for (const name of ['mail', 'mail_2'] as const) {
      const t = props[name];
      if (!t || typeof t !== 'object') continue;
      if (name !== 'mail' && !t.active) continue;
      validateMail(name, t, ctx, add);
    }
  }

  // messages
  if (props.messages && typeof props.messages === 'object') {
    for (const key of Object.keys(props.messages)) {
      if (key === 'captcha_not_match') continue; // Really Simple CAPTCHA is not part of Loom
      const message = str(props.messages[key]);
      if (stripAllTags(message) !== message)
        add(`messages.${key}`, 'html_in_message', 'HTML tags are used in a message.');
    }
  }

  // additional_settings
  if (settingValues(settings, 'on_sent_ok').length || settingValues(settings, 'on_submit').length)
    add('additional_settings.body', 'deprecated_settings', 'Deprecated settings are used.');

  return errors;
}

/** WordPress's public query vars: a field of that name would clash with them. */
const UNAVAILABLE_NAMES = new Set([
  'm',
  'p',
  'posts',
  'w',
  'cat',
  'withcomments',
  'withoutcomments',
  's',
  'search',
  'exact',
  'sentence',
  'calendar',
  'page',
  'paged',
  'more',
  'tb',
  'pb',
  'author',
  'order',
  'orderby',
  'year',
  'monthnum',
  'day',
  'hour',
  'minute',
  'second',
  'name',
  'category_name',
  'tag',
  'feed',
  'author_name',
  'static',
  'pagename',
  'page_id',
  'error',
  'attachment',
  'attachment_id',
  'subpost',
  'subpost_id',
  'preview',
  'robots',
  'taxonomy',
  'term',
  'cpage',
  'post_type',
  'embed',
]);

function multipleControlsInLabel(form: string): boolean {
  for (const m of form.matchAll(/<label(?:[ \t\n]+[^>]*?)?>([\s\S]+?)<\/label>/g)) {
    let count = 0;
    for (const tag of scanTags(m[1])) {
      const f = tagFeatures(tag.type);
      if (f.multipleControls) count += tag.values.length + (hasOption(tag, 'free_text') ? 1 : 0);
      else if (f.zeroControls) count += 0;
      else if (tag.name) count += 1;
      if (count > 1) return true;
    }
  }
  return false;
}

interface MailCtx {
  tags: FormTag[];
  site: ConfigSite;
  subscribersOnly: boolean;
}

const EMAIL = 0b100;
const TEXT = 0b010;
const BLANK = 0b001;

/** WPCF7_MailTag_OutputCalculator: what a field can produce, from its schema rules. */
function outputOf(ref: MailTagRef, ctx: MailCtx): number {
  let result = EMAIL | TEXT | BLANK;
  for (const rule of swvRules(ctx.tags, null, '2000-01-01')) {
    if (rule.field !== ref.fieldName) continue;
    if (rule.rule === 'required') result &= ~BLANK;
    else if (rule.rule === 'email') result &= EMAIL | BLANK;
    else if (rule.rule === 'enum') {
      let accept = [...new Set((rule.accept ?? []).filter((v) => v !== ''))];
      if (!ref.raw) accept = accept.map((v) => doPipe(ctx.tags, ref.fieldName, v));
      result &= accept.every((v) => mailboxList(v) !== null) ? EMAIL | BLANK : EMAIL | TEXT | BLANK;
    }
  }
  return result;
}

/** The least a valid submission could put in place of a mail-tag (replace_mail_tags_with_minimum_input_callback). */
function minimumInput(ref: MailTagRef, ctx: MailCtx): string {
  const name = ref.fieldName.replace(/^wpcf7\./, '_');
  if (name === '_site_admin_email') return ctx.site.adminEmail ?? '';
  if (name === '_user_agent') return 'example';
  if (name === '_user_email') return ctx.subscribersOnly ? EXAMPLE_EMAIL : '';
  if (name.startsWith('_user_')) return ctx.subscribersOnly ? 'example' : '';
  if (name.startsWith('_')) return name.endsWith('_email') ? EXAMPLE_EMAIL : 'example';
  const op = outputOf(ref, ctx);
  if (op === EMAIL) return EXAMPLE_EMAIL;
  if (!(op & BLANK)) return 'example';
  return '';
}

const minimal = (text: string, ctx: MailCtx) => replaceMailTagsIn(text, (ref) => minimumInput(ref, ctx)).text;

function unsafeWithoutProtection(text: string, ctx: MailCtx): boolean {
  const first = replaceMailTagsIn(text, (ref) =>
    ctx.tags.find((t) => t.name === ref.fieldName)?.basetype === 'email' ? UNSAFE_EMAIL : null,
  ).text;
  return stripNewline(minimal(first, ctx)).includes(UNSAFE_EMAIL);
}

function validateMail(
  name: string,
  t: Record<string, unknown>,
  ctx: MailCtx,
  add: (section: string, code: string, message: string) => void,
) {
  const get = (k: string) => (typeof t[k] === 'string' ? (t[k] as string) : '');
  const invalidMailbox = (text: string) => mailboxList(stripNewline(minimal(text, ctx))) === null;
  const maybeEmpty = (text: string) => stripNewline(minimal(text, ctx)) === '';

  if (maybeEmpty(get('subject'))) add(`${name}.subject`, 'maybe_empty', 'There is a possible empty field.');

  const sender = get('sender');
  if (invalidMailbox(sender)) add(`${name}.sender`, 'invalid_mailbox_syntax', 'Invalid mailbox syntax is used.');
  else if (!emailInSiteDomain(stripNewline(minimal(sender, ctx)), ctx.site.domain))
    add(`${name}.sender`, 'email_not_in_site_domain', 'Sender email address does not belong to the site domain.');

  const recipient = get('recipient');
  if (invalidMailbox(recipient)) add(`${name}.recipient`, 'invalid_mailbox_syntax', 'Invalid mailbox syntax is used.');
  else if (unsafeWithoutProtection(recipient, ctx))
    add(
      `${name}.recipient`,
      'unsafe_email_without_protection',
      'Unsafe email config is used without sufficient protection.',
    );

  const headersSection = `${name}.additional_headers`;
  const invalidHeaders: string[] = [];
  const invalidMailboxFields: string[] = [];
  let unsafe = false;
  for (const raw of get('additional_headers').split('\n')) {
    const header = phpTrim(raw);
    if (header === '') continue;
    const m = /^([0-9A-Za-z-]+):(.*)$/s.exec(header);
    if (!m) {
      invalidHeaders.push(header);
      continue;
    }
    const field = m[1].toLowerCase();
    const value = phpTrim(m[2]);
    if (['reply-to', 'cc', 'bcc'].includes(field) && value !== '' && invalidMailbox(value)) {
      invalidMailboxFields.push(m[1]);
      continue;
    }
    if ((field === 'cc' || field === 'bcc') && unsafeWithoutProtection(value, ctx)) unsafe = true;
  }
  if (invalidHeaders.length) add(headersSection, 'invalid_mail_header', 'There are invalid mail header fields.');
  for (const field of invalidMailboxFields)
    add(headersSection, 'invalid_mailbox_syntax', `Invalid mailbox syntax is used in the ${field} field.`);
  if (unsafe)
    add(
      headersSection,
      'unsafe_email_without_protection',
      'Unsafe email config is used without sufficient protection.',
    );

  if (maybeEmpty(get('body'))) add(`${name}.body`, 'maybe_empty', 'There is a possible empty field.');

  const attachments = get('attachments');
  if (attachments !== '') {
    const limits = new Map<string, number>();
    for (const tag of ctx.tags) {
      if (tag.basetype !== 'file' || !attachments.includes(`[${tag.name}]`)) continue;
      limits.set(tag.name, Math.max(limits.get(tag.name) ?? 0, limitOption(tag)));
    }
    for (const line of attachments.split('\n').map(phpTrim)) {
      if (line === '' || line.startsWith('[')) continue;
      add(`${name}.attachments`, 'file_not_found', `Attachment file does not exist at ${line}.`);
    }
    if ([...limits.values()].reduce((a, b) => a + b, 0) > 25 * 1024 * 1024)
      add(`${name}.attachments`, 'attachments_overweight', 'The total size of attachment files is too large.');
  }
}
