/** Mail shapes: the form's mail templates, the values of special mail-tags, and a composed message. */
import type { FormTag, PostedData, UploadedFile } from '../form-tags';

/** A form's `mail` or `mail_2` property as stored and answered. */
export interface MailTemplate {
  active?: boolean;
  subject: string;
  sender: string;
  body: string;
  recipient: string;
  additional_headers: string;
  attachments: string;
  /** The plugin stores 0/1 for new forms' defaults and booleans after an edit: both are read. */
  use_html: boolean | number;
  exclude_blank: boolean | number;
}

/** The values behind special mail-tags (`[_site_title]`, `[_remote_ip]`, ...), known at submission time. */
export interface SpecialTagValues {
  site: { title: string; description: string; url: string; domain: string; adminEmail: string };
  /** `[_remote_ip]`, `[_user_agent]`, `[_url]` (the page the form was on: the Referer). */
  remoteIp?: string;
  userAgent?: string;
  url?: string;
  /** When the submission was accepted; `[_date]` / `[_time]` in `timeZone` (IANA name or `+05:30`; default UTC). */
  submittedAt: Date;
  timeZone?: string;
  /** `[_serial_number]`: the submission's number for this form. */
  serialNumber?: number;
  /** `[_invalid_fields]`: how many fields were invalid (0 for a mailed submission). */
  invalidFields?: number;
  /** `[_post_*]`: the container post (`_wpcf7_container_post`), when there is one. */
  post?: { id: number; name: string; title: string; url: string; author: string; authorEmail: string };
  /**
   * `[_contact_form_title]` (Contact Form 7 6.x; 5.9.8 left the tag literal, sample 212): substituted when given.
   */
  contactFormTitle?: string;
  /** WordPress's date_format / time_format options for `[_date]` / `[_time]` (default `F j, Y` / `g:i a`). */
  dateFormat?: string;
  timeFormat?: string;
  /** The form's locale (`en_US`): the `lang` of HTML mail. */
  locale?: string;
  /** `[_user_*]`: the signed-in submitter, when there is one. */
  user?: {
    login: string;
    email: string;
    url: string;
    firstName: string;
    lastName: string;
    nickname: string;
    displayName: string;
  };
}

/** What composeMail needs of a submission. */
export interface MailSubmission {
  tags: FormTag[];
  /** As posted (not prepared): `[_raw_x]` shows the posted label, `[x]` the piped value. */
  posted: PostedData;
  files: UploadedFile[];
  special: SpecialTagValues;
}

export interface Mailbox {
  name?: string;
  address: string;
}

/** A message ready for SMTP, JSON-safe (it is stored in the outbox as is). */
export interface ComposedMail {
  /** Which template made it: `mail` or `mail_2`. */
  template: string;
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  /** The body: text/plain, or text/html with `use_html` (then `text` holds nothing). */
  text?: string;
  html?: string;
  /** Other headers from `additional_headers`, names validated, values single-line. */
  headers: [string, string][];
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/**
 * A message wp_mail would refuse before any server sees it (no valid sender, no recipient, an empty body): the
 * mail fails, and retrying cannot help. `mail` is the message as composed, for the record.
 */
export class MailComposeError extends Error {
  constructor(
    readonly template: string,
    message: string,
    readonly mail: ComposedMail,
  ) {
    super(message);
    this.name = 'MailComposeError';
  }
}
