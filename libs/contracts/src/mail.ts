/**
 * Mail another service hands to the forms service, which owns the site's mail: its durable outbox sends it over
 * SMTP (SMTP_URL), retried with backoff, once. core-content hands over its comment notifications this way.
 *
 * `POST /_loom/mail` (internal only) with one message; 202 `{ queued: true }` once forms has stored it. The `key` names
 * the message for good: a message handed over again with the same key (the sender's retry after a lost answer) is
 * the one already stored, never a second mail.
 */
import { z } from 'zod';

export const MAIL_HANDOFF_PATH = '/_loom/mail';

/** One line: a name or subject never carries a header break (header injection). */
const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !/[\r\n]/.test(s), 'must be one line');

const mailboxSchema = z.object({
  name: oneLine(500).optional(),
  /** What wp_mail's is_email() would take at the least: local@domain, no spaces, brackets, quotes or commas. */
  address: z
    .string()
    .max(254)
    .regex(/^[^\s@<>",;]+@[^\s@<>",;]+$/),
});

export const mailHandoffSchema = z.object({
  /** Unique per message, chosen by the sender once and kept across its retries. */
  key: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/),
  /** What made it (`comment_notify`, `comment_moderation`): shown with the message's state, and in logs. */
  template: z.string().regex(/^[a-z0-9_]{1,64}$/),
  from: mailboxSchema,
  to: z.array(mailboxSchema).min(1).max(50),
  reply_to: z.array(mailboxSchema).max(10),
  subject: oneLine(2000),
  /** The text/plain body, as wp_mail is given it (WordPress's notifications end their lines with CRLF). */
  text: z.string().max(1_000_000),
});
export type MailHandoff = z.infer<typeof mailHandoffSchema>;
