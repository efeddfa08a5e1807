/** The plugin's default mail templates (contact-form-template.php). */
import type { MailTemplate } from './types';

/** `mail`: to the site administrator. `senderAddress` is `wordpress@<domain>` in the plugin. */
export function defaultMailTemplate(senderAddress: string): MailTemplate {
  return {
    active: true,
    subject: '[_site_title] "[your-subject]"',
    sender: `[_site_title] <${senderAddress}>`,
    body: 'From: [your-name] [your-email]\nSubject: [your-subject]\n\nMessage Body:\n[your-message]\n\n-- \nThis is a notification that a contact form was submitted on your website ([_site_title] [_site_url]).',
    recipient: '[_site_admin_email]',
    additional_headers: 'Reply-To: [your-email]',
    attachments: '',
    use_html: 0,
    exclude_blank: 0,
  };
}

/** `mail_2`: the autoresponder to the submitter, inactive by default. */
export function defaultMail2Template(senderAddress: string): MailTemplate {
  return {
    active: false,
    subject: '[_site_title] "[your-subject]"',
    sender: `[_site_title] <${senderAddress}>`,
    body: 'Message Body:\n[your-message]\n\n-- \nThis email is a receipt for your contact form submission on our website ([_site_title] [_site_url]) in which your email address was used. If that was not you, please ignore this message.',
    recipient: '[your-email]',
    additional_headers: 'Reply-To: [_site_admin_email]',
    attachments: '',
    use_html: 0,
    exclude_blank: 0,
  };
}
