/**
 * `POST /_loom/mail` (MAIL_HANDOFF_PATH, internal only): mail other services hand over (core-content's comment
 * notifications) joins the outbox as a message of its own, then goes out as contact forms' mail does: SMTP_URL,
 * backoff, once. The row is `handoff:<key>`, so the sender's retry of a message already stored stores nothing new.
 */
import type { Express } from 'express';
import { errorBody, MAIL_HANDOFF_PATH, mailHandoffSchema, type MailHandoff } from '@loom/contracts';
import { internalJsonBody, requireInternal, type KitConfig, type Logger } from '@loom/service-kit';
import type { Outbox } from './outbox';
import type { ComposedMail } from './types';

/** The outbox's name for a handed-over message (never a number, so never taken for a submission's id). */
export const handoffRowKey = (key: string): string => `handoff:${key}`;

const composed = (m: MailHandoff): ComposedMail => ({
  template: m.template,
  from: m.from,
  to: m.to,
  cc: [],
  bcc: [],
  replyTo: m.reply_to,
  subject: m.subject,
  text: m.text,
  headers: [],
  attachments: [],
});

export function mountMailHandoff(app: Express, deps: { config: KitConfig; log: Logger; outbox: () => Outbox }): void {
  app.post(
    MAIL_HANDOFF_PATH,
    requireInternal(deps.config.internalSecret),
    internalJsonBody('2mb'),
    async (req, res) => {
      const parsed = mailHandoffSchema.safeParse(req.body);
      if (!parsed.success) {
        const body = errorBody('loom_bad_request');
        return void res.status(body.data.status).json(body);
      }
      const outbox = deps.outbox();
      const key = handoffRowKey(parsed.data.key);
      try {
        await outbox.enqueue(key, [composed(parsed.data)]);
      } catch (err) {
        deps.log.error({ err, key }, 'could not queue handed-over mail');
        const body = errorBody('internal_server_error');
        return void res.status(body.data.status).json(body);
      }
      res.status(202).json({ queued: true });
      // The first attempt now rather than at the worker's next pass; what fails stays queued.
      void outbox.trySendNow(key).catch(() => undefined);
    },
  );
}
