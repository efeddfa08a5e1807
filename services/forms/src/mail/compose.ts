/**
 * Composing a message from a mail template (Contact Form 7's mail.php, special-mail-tags.php): mail-tags
 * replaced by the submission's values, `exclude_blank`, `use_html` (values escaped, the body wrapped in an HTML
 * document), uploaded files attached.
 *
 * Header injection is impossible by construction: every header line comes from the administrator's template
 * (split into lines before substitution), substituted values lose CR, LF and other control characters, and
 * addresses are parsed and validated into mailboxes, never pasted into a header as text.
 */
import {
  escHtml,
  flatJoin,
  isEmail,
  phpTrim,
  preparePostedData,
  replaceMailTagsIn,
  stripAllTags,
  tagFeatures,
  decodeEntities,
  mimeTypeOf,
  type FormTag,
  type MailTagRef,
  type PostedData,
  type UploadedFile,
} from '../form-tags';
import { formatPhpDate } from '@loom/service-kit';
import {
  MailComposeError,
  type ComposedMail,
  type Mailbox,
  type MailSubmission,
  type MailTemplate,
  type SpecialTagValues,
} from './types';

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
/** Header values: no line breaks, no other control characters. */
const headerSafe = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\r\n]+/g, '').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u2028\u2029]/g, '');

interface Context {
  tags: FormTag[];
  posted: PostedData;
  prepared: PostedData;
  files: UploadedFile[];
  special: SpecialTagValues;
}

function contextOf(submission: MailSubmission): Context {
  const posted = submission.posted ?? (Object.create(null) as PostedData);
  return {
    tags: submission.tags,
    posted,
    prepared: preparePostedData(submission.tags, posted),
    files: submission.files ?? [],
    special: submission.special,
  };
}

/** `[_format_x "fmt"]`: dates (`YYYY-MM-DD`) formatted with PHP's date letters; other values as they are. */
function formatDates(value: string | string[], format: string): string | string[] {
  const one = (v: string) => {
    const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(v);
    if (!m) return v;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return Number.isNaN(d.getTime()) ? v : formatPhpDate(format, d, 'UTC');
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** A field's mail-tag value, or null when the submission has no such field (then special tags are tried). */
function fieldValue(ref: MailTagRef, html: boolean, ctx: Context): string | null {
  const name = ref.fieldName;
  let submitted: string | string[] | null = own(ctx.prepared, name) ? ctx.prepared[name] : null;
  if (ref.raw) submitted = own(ctx.posted, name) ? ctx.posted[name] : '';
  let replaced: string | null = null;
  if (submitted !== null) {
    const value = ref.format !== undefined ? formatDates(submitted, ref.format) : submitted;
    replaced = flatJoin(value, ', ');
    if (html) replaced = escHtml(replaced);
  }
  const formTag = ctx.tags.find((t) => t.name === name && !tagFeatures(t.type).zeroControls);
  if (formTag?.basetype === 'acceptance') {
    const checked = Array.isArray(submitted) ? submitted.length > 0 : !!submitted && submitted !== '0';
    const content = phpTrim(
      html ? formTag.content || formTag.values[0] || '' : stripAllTags(formTag.content || formTag.values[0] || ''),
    );
    replaced = `${checked ? 'Consented' : 'Not consented'}${content ? `: ${content}` : ''}`;
  } else if (formTag?.basetype === 'file') {
    const names = ctx.files
      .filter((f) => f.field === name && f.content.length > 0)
      .map((f) => safeFilename(f.filename));
    if (names.length) replaced = names.join(', ');
  }
  return replaced === null ? null : phpTrim(replaced);
}

/** The special mail-tags (`[_site_title]`, `[_remote_ip]`, ...); null for an unknown tag (left as written). */
function specialValue(tagName: string, html: boolean, s: SpecialTagValues): string | null {
  const esc = (t: string) => (html ? escHtml(t) : t);
  switch (tagName) {
    case '_remote_ip':
      return s.remoteIp ?? '';
    case '_user_agent':
      return esc((s.userAgent ?? '').slice(0, 254));
    case '_url':
      return s.url ?? '';
    case '_date':
      return formatPhpDate(s.dateFormat ?? 'F j, Y', s.submittedAt, s.timeZone ?? 'UTC');
    case '_time':
      return formatPhpDate(s.timeFormat ?? 'g:i a', s.submittedAt, s.timeZone ?? 'UTC');
    case '_invalid_fields':
      return String(s.invalidFields ?? 0);
    case '_contact_form_title':
      return s.contactFormTitle === undefined ? null : esc(s.contactFormTitle);
    case '_serial_number':
      return s.serialNumber === undefined ? null : String(s.serialNumber);
    case '_site_title':
      return html ? escHtml(s.site.title) : decodeEntities(s.site.title);
    case '_site_description':
      return html ? escHtml(s.site.description) : decodeEntities(s.site.description);
    case '_site_url':
      return s.site.url;
    case '_site_domain':
      return s.site.domain.replace(/^www\./, '');
    case '_site_admin_email':
      return s.site.adminEmail;
  }
  if (tagName.startsWith('_post_')) {
    const p = s.post;
    if (!p) return '';
    const post: Record<string, string> = {
      _post_id: String(p.id),
      _post_name: p.name,
      _post_title: esc(p.title),
      _post_url: p.url,
      _post_author: p.author,
      _post_author_email: p.authorEmail,
    };
    return own(post, tagName) ? post[tagName] : null;
  }
  if (tagName.startsWith('_user_')) {
    const u = s.user;
    if (!u) return '';
    const user: Record<string, string> = {
      _user_login: u.login,
      _user_email: u.email,
      _user_url: u.url,
      _user_first_name: u.firstName,
      _user_last_name: u.lastName,
      _user_nickname: u.nickname,
      _user_display_name: u.displayName,
    };
    return own(user, tagName) ? user[tagName] : '';
  }
  return null;
}

/** One line or text with its mail-tags replaced; `replaced` says which tags were substituted (for exclude_blank). */
function replaceLine(text: string, ctx: Context, html: boolean, header: boolean) {
  return replaceMailTagsIn(text, (ref) => {
    const value = fieldValue(ref, html, ctx) ?? specialValue(ref.tagName.replace(/^wpcf7\./, '_'), html, ctx.special);
    return value === null ? null : header ? headerSafe(value) : value;
  });
}

function replaceText(
  text: string,
  ctx: Context,
  opts: { html?: boolean; excludeBlank?: boolean; header?: boolean } = {},
): string {
  const lines: string[] = [];
  for (const line of String(text ?? '').split('\n')) {
    const { text: out, replaced } = replaceLine(line, ctx, !!opts.html, !!opts.header);
    if (opts.excludeBlank && replaced.size > 0 && [...replaced.values()].every((v) => v === '')) continue;
    lines.push(out);
  }
  return lines.join('\n');
}

/**
 * Replaces the mail-tags of `text` (field values, `[_raw_x]`, `[_format_x "fmt"]`, special tags); unknown tags
 * stay as written. `html` escapes values (use_html bodies).
 */
export function replaceMailTags(
  text: string,
  submission: MailSubmission,
  opts: { html?: boolean; excludeBlank?: boolean } = {},
): string {
  return replaceText(text, contextOf(submission), opts);
}

/** A message for the feedback answer (`mail_sent_ok` "Thank you, [your-name]."): tags replaced, HTML removed. */
export function displayMessage(message: string, submission: MailSubmission): string {
  return stripAllTags(replaceMailTags(message, submission));
}

/** Splits a mailbox list on commas outside quotes and angle brackets. */
function splitMailboxes(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = false;
  let angle = false;
  for (const c of text) {
    if (c === '"' && !angle) quote = !quote;
    else if (c === '<' && !quote) angle = true;
    else if (c === '>' && !quote) angle = false;
    if (c === ',' && !quote && !angle) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => phpTrim(s)).filter((s) => s !== '');
}

/** A mailbox list as text → valid mailboxes (invalid ones are dropped, as PHPMailer drops them). */
export function parseMailboxes(text: string): Mailbox[] {
  const out: Mailbox[] = [];
  for (const item of splitMailboxes(headerSafe(text))) {
    const m = /^(.*?)<([^<>]*)>$/s.exec(item);
    const address = phpTrim(m ? m[2] : item);
    if (!isEmail(address)) continue;
    const name = m
      ? phpTrim(m[1])
          .replace(/^"(.*)"$/s, '$1')
          .replace(/\\(["\\])/g, '$1')
      : '';
    out.push(name ? { name, address } : { address });
  }
  return out;
}

/**
 * wp_mail's reading of one `From:` header into the sender so far: text before the first `<` is the name (quotes
 * dropped; only when there is text before it), the rest without `>` the address; without `<`, the whole as the
 * address unless blank. A later From (in additional_headers) overrides what it sets.
 */
function readFromHeader(content: string, from: { name?: string; address?: string }): void {
  const bracket = content.indexOf('<');
  if (bracket !== -1) {
    if (bracket > 0) from.name = phpTrim(content.slice(0, bracket).replace(/"/g, ''));
    from.address = phpTrim(content.slice(bracket + 1).replace(/>/g, ''));
  } else if (phpTrim(content) !== '') from.address = phpTrim(content);
}

/** wpcf7_antiscript_file_name: a bare, harmless name (`a.php` → `a.php_.txt`). */
export function safeFilename(filename: string): string {
  let name =
    String(filename ?? '')
      .split(/[\\/]/)
      .pop() ?? '';
  name = name.normalize('NFKC');
  name = name.replace(/[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\0]/g, '');
  name = name.replace(/[\r\n\t -]+/g, '-');
  name = name.replace(/[\p{C}\p{Z}]+/gu, '');
  const parts = name.split('.');
  if (parts.length < 2) return name || 'file';
  const script = /^(php|phtml|pl|py|rb|cgi|asp|aspx)\d?$/i;
  let out = parts.shift()!;
  const ext = parts.pop()!;
  for (const part of parts) out += script.test(part) ? `.${part}_` : `.${part}`;
  out += script.test(ext) ? `.${ext}_.txt` : `.${ext}`;
  return out.slice(-200);
}

/** Headers the template may not set: the message's structure is ours. */
const RESERVED_HEADERS = new Set([
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'sender',
  'return-path',
  'received',
  'dkim-signature',
]);
const MAX_ATTACHMENTS_BYTES = 25 * 1024 * 1024;

/** wpcf7_autop, simplified: blank lines make paragraphs, single newlines line breaks; block elements kept. */
function autop(body: string): string {
  const blocks = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  return blocks
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .map((b) =>
      /^<(?:p|div|table|ul|ol|h[1-6]|blockquote|pre|hr)[\s>/]/i.test(b) ? b : `<p>${b.replace(/\n/g, '<br />\n')}</p>`,
    )
    .join('\n');
}

function htmlize(body: string, subject: string, locale?: string): string {
  const lang = locale
    ? ` dir="${/^(ar|he|fa|ur|ps|syr|dv|ug|ckb|yi|ku)(_|$)/.test(locale) ? 'rtl' : 'ltr'}" lang="${escHtml(locale.replace(/_/g, '-'))}"`
    : '';
  return `<!doctype html>\n<html xmlns="http://www.w3.org/1999/xhtml"${lang}>\n<head>\n<title>${escHtml(subject)}</title>\n</head>\n<body>\n${autop(body)}</body>\n</html>`;
}

const flag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * One template → one message, as wp_mail would build it from the plugin's components. Throws MailComposeError
 * where wp_mail refuses the message before it reaches any server, in its order: a sender that is no valid address
 * (an empty one is `WordPress <wordpress@<site domain>>`), no valid recipient in To, Cc and Bcc together, an
 * empty plain-text body (PHPMailer's "Message body empty"; '' and '0', PHP's empty()). An unknown mail-tag is
 * no such case: it stays in the text as written.
 */
export function composeMail(template: MailTemplate, submission: MailSubmission, name = 'mail'): ComposedMail {
  const ctx = contextOf(submission);
  const useHtml = flag(template.use_html);
  const subject = phpTrim(headerSafe(replaceText(str(template.subject), ctx, { header: true })));
  const senderText = phpTrim(headerSafe(replaceText(str(template.sender), ctx, { header: true })));
  const recipientText = headerSafe(replaceText(str(template.recipient), ctx, { header: true }));
  let body = replaceText(str(template.body), ctx, { html: useHtml, excludeBlank: flag(template.exclude_blank) });

  const sender: { name?: string; address?: string } = {};
  readFromHeader(senderText, sender);
  const to = parseMailboxes(recipientText);
  const cc: Mailbox[] = [];
  const bcc: Mailbox[] = [];
  const replyTo: Mailbox[] = [];
  const headers: [string, string][] = [];
  for (const line of str(template.additional_headers).split('\n')) {
    const text = phpTrim(headerSafe(replaceText(line, ctx, { header: true })));
    const m = /^([0-9A-Za-z-]{1,76}):(.*)$/.exec(text);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = phpTrim(m[2]);
    if (key === 'reply-to') replyTo.push(...parseMailboxes(value));
    else if (key === 'cc') cc.push(...parseMailboxes(value));
    else if (key === 'bcc') bcc.push(...parseMailboxes(value));
    else if (key === 'from') readFromHeader(value, sender);
    else if (!RESERVED_HEADERS.has(key) && value !== '') headers.push([m[1], value.slice(0, 900)]);
  }
  const from: Mailbox = {
    name: sender.name ?? 'WordPress',
    address: sender.address ?? `wordpress@${ctx.special.site.domain}`,
  };
  if (!from.name) delete from.name;

  if (useHtml) {
    body = body.replace(/<(.*?)>/g, (whole, inner: string) => (isEmail(inner) ? `&lt;${inner}&gt;` : whole));
    if (!/<html[>\s].*<\/html>/is.test(body)) body = htmlize(body, subject, ctx.special.locale);
  }

  const attachmentsTemplate = str(template.attachments);
  const attachments: ComposedMail['attachments'] = [];
  let total = 0;
  const attached = new Set<string>();
  for (const tag of ctx.tags) {
    if (
      tag.basetype !== 'file' ||
      !tag.name ||
      attached.has(tag.name) ||
      !attachmentsTemplate.includes(`[${tag.name}]`)
    )
      continue;
    attached.add(tag.name);
    for (const file of ctx.files.filter((f) => f.field === tag.name && f.content.length > 0)) {
      if (total + file.content.length > MAX_ATTACHMENTS_BYTES) continue;
      total += file.content.length;
      const filename = safeFilename(file.filename);
      attachments.push({ filename, contentType: mimeTypeOf(filename), contentBase64: file.content.toString('base64') });
    }
  }

  const mail: ComposedMail = {
    template: name,
    from,
    to,
    cc,
    bcc,
    replyTo,
    subject,
    ...(useHtml ? { html: body } : { text: body }),
    headers,
    attachments,
  };
  // PHPMailer's checks (setFrom, then preSend), in its words: retrying cannot change what they find.
  const refused = !isEmail(from.address)
    ? `Invalid address: (From): ${from.address}`
    : to.length + cc.length + bcc.length === 0
      ? 'You must provide at least one recipient email address.'
      : !useHtml && (body === '' || body === '0')
        ? 'Message body empty'
        : null;
  if (refused) throw new MailComposeError(name, refused, mail);
  return mail;
}

/**
 * `mail`, then `mail_2` when its `active` is true, as the plugin sends them: mail_2 only once mail was not refused
 * (WPCF7_Submission::mail()). A refused template is in `refused`, not thrown: `mail`'s answers mail_failed, and
 * mail_2's is the plugin's ignored result (the answer follows `mail`).
 */
export function composeMessages(
  props: { mail: MailTemplate; mail_2?: MailTemplate | null },
  submission: MailSubmission,
): { messages: ComposedMail[]; refused: MailComposeError[] } {
  const messages: ComposedMail[] = [];
  const refused: MailComposeError[] = [];
  const templates: [string, MailTemplate][] = [['mail', props.mail]];
  if (props.mail_2 && flag(props.mail_2.active)) templates.push(['mail_2', props.mail_2]);
  for (const [name, template] of templates) {
    try {
      messages.push(composeMail(template, submission, name));
    } catch (e) {
      if (!(e instanceof MailComposeError)) throw e;
      refused.push(e);
      if (name === 'mail') break;
    }
  }
  return { messages, refused };
}
