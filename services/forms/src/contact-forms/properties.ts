/**
 * A contact form's `properties` as the plugin stores and answers them: the defaults of a new form
 * (contact-form-template.php), what a write sets (wpcf7_sanitize_mail...), and the answer's shape (`form` with its
 * parsed `fields`, messages filled in with the defaults, `additional_settings` with its parsed `settings`).
 */
import {
  DEFAULT_FORM_TEMPLATE,
  DEFAULT_MESSAGES,
  parseAdditionalSettings,
  scanFields,
  type AdditionalSetting,
  type FormTag,
} from '../form-tags';
import { defaultMail2Template, defaultMailTemplate, type MailTemplate } from '../mail';
import type { FormsSettings } from '../settings';

/** As stored: the raw texts and templates. */
export interface StoredProperties {
  form: string;
  mail: MailTemplate;
  mail_2: MailTemplate;
  /** Only the messages written (the answer fills in the rest). */
  messages: Record<string, string>;
  additional_settings: string;
}

export interface PropertiesJson {
  form: { content: string; fields: FormTag[] };
  mail: MailTemplate;
  mail_2: MailTemplate;
  messages: Record<string, string>;
  additional_settings: { content: string; settings: AdditionalSetting[] };
}

/** The plugin's sender for a new form: the admin's address on the site's own domain, else wordpress@<domain>. */
export function defaultSender(settings: FormsSettings): string {
  const admin = settings.site.adminEmail;
  const domain = admin.slice(admin.lastIndexOf('@') + 1).toLowerCase();
  return domain === settings.site.domain.toLowerCase() ||
    settings.site.domain === 'localhost' ||
    /^[\d.]+$/.test(settings.site.domain)
    ? admin
    : `wordpress@${settings.site.domain}`;
}

/** A new form's properties. The default `mail` carries no `active` key until it is written (as sample 190). */
export function defaultProperties(settings: FormsSettings): StoredProperties {
  const { active: _active, ...mail } = defaultMailTemplate(defaultSender(settings));
  void _active;
  return {
    form: DEFAULT_FORM_TEMPLATE,
    mail: mail as MailTemplate,
    mail_2: defaultMail2Template(defaultSender(settings)),
    messages: { ...DEFAULT_MESSAGES },
    additional_settings: '',
  };
}

type MailInput = Partial<Record<keyof MailTemplate, unknown>>;

/**
 * wpcf7_sanitize_mail: the keys in the plugin's order, flags as booleans. `mail` is always active; `mail_2` as
 * written. Keys a write leaves out keep the form's current value.
 */
export function writeMail(input: MailInput, current: MailTemplate, which: 'mail' | 'mail_2'): MailTemplate {
  const str = (k: keyof MailTemplate) =>
    typeof input[k] === 'string' ? (input[k] as string) : String(current[k] ?? '');
  const flag = (k: 'use_html' | 'exclude_blank') =>
    typeof input[k] === 'boolean' ? (input[k] as boolean) : Boolean(current[k]);
  return {
    active: which === 'mail' ? true : typeof input.active === 'boolean' ? input.active : Boolean(current.active),
    subject: str('subject'),
    sender: str('sender'),
    recipient: str('recipient'),
    body: str('body'),
    additional_headers: str('additional_headers'),
    attachments: str('attachments'),
    use_html: flag('use_html'),
    exclude_blank: flag('exclude_blank'),
  };
}

/** The answer's `properties`; `allMessages` false shows only the messages stored (the create answer, as sample 189). */
export function propertiesJson(
  p: StoredProperties,
  opts: { allMessages: boolean } = { allMessages: true },
): PropertiesJson {
  return {
    form: { content: p.form, fields: scanFields(p.form) },
    mail: p.mail,
    mail_2: p.mail_2,
    messages: opts.allMessages ? { ...DEFAULT_MESSAGES, ...p.messages } : { ...p.messages },
    additional_settings: { content: p.additional_settings, settings: parseAdditionalSettings(p.additional_settings) },
  };
}

/** The messages a form answers with: its own over the defaults. */
export const formMessages = (p: StoredProperties): Record<string, string> => ({ ...DEFAULT_MESSAGES, ...p.messages });
