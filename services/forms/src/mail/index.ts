/**
 * Contact Form 7's mail: templates with mail-tags composed into messages (compose.ts), sent over SMTP with
 * nodemailer (mailer.ts), through a durable outbox in the forms service's store (outbox.ts) that retries with
 * backoff, survives restarts and sends each message once. Other services' mail joins the same outbox (handoff.ts).
 */
export type { ComposedMail, MailSubmission, MailTemplate, SpecialTagValues } from './types';
export { MailComposeError } from './types';

/** Default `mail` / `mail_2` templates of a new form (the plugin's), for a site. */
export { defaultMailTemplate, defaultMail2Template } from './defaults';

/**
 * `composeMail(template, submission)` → the message, or throws MailComposeError where wp_mail would refuse it (no
 * valid sender or recipient, an empty body). `composeMessages({mail, mail_2}, submission)` → the messages to send
 * (mail, plus mail_2 when active and mail was not refused) and the refused ones. `replaceMailTags` is the
 * substitution alone; `displayMessage` is what the answer's `message` shows ("Thank you, [your-name]." with
 * tags replaced and HTML removed, as the plugin's filter_message). `safeFilename` is the plugin's antiscript name.
 */
export { composeMail, composeMessages, replaceMailTags, displayMessage, parseMailboxes, safeFilename } from './compose';

/** The SMTP side: `createMailer({smtpUrl})`, `loadMailSettings(env)` for the environment variables. */
export { createMailer, loadMailSettings, type Mailer } from './mailer';

/** Mail other services hand over (`POST /_loom/mail`), queued in the outbox. */
export { mountMailHandoff } from './handoff';

/** The durable outbox. */
export { Outbox, OUTBOX_COLLECTION, type OutboxOptions, type MailState } from './outbox';
