/**
 * core-content's mail goes out through the forms service, which owns the site's mail (its outbox sends over
 * SMTP_URL, retried, once). Handing a message over is first a job in core-content's own store (`mail_handoff`), so
 * no request waits for forms and nothing is lost while forms is down or this process restarts: a worker (any
 * replica, under a lease) posts each job to forms' `/_loom/mail` until forms answers that it has stored it, then
 * drops the job. Forms keys the message by the job's id, so a job tried again after a lost answer is not a second
 * mail. Why HTTP and not a NATS subject: docs/api.md, "Comment notifications".
 */
import { INTERNAL_ANSWER_HEADER, INTERNAL_HEADER, MAIL_HANDOFF_PATH, type MailHandoff } from '@loom/contracts';
import { injectTraceHeaders, signInternal, verifyInternalAnswer, type KitConfig, type Logger } from '@loom/service-kit';
import { WorkQueue, type JobOutcome, type Store } from '@loom/store';
import type { MailHandoffSettings } from './settings';

export const MAIL_HANDOFF_COLLECTION = 'mail_handoff';
/** One hand-over: a small JSON body into forms' store. */
const TIMEOUT_MS = 10_000;

async function postToForms(formsUrl: string, secret: string, message: MailHandoff): Promise<JobOutcome> {
  const proof = signInternal(secret);
  const headers: Record<string, string> = { 'content-type': 'application/json', [INTERNAL_HEADER]: proof };
  injectTraceHeaders(headers);
  let res: Response;
  try {
    res = await fetch(`${formsUrl}${MAIL_HANDOFF_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { done: false, error: `forms unreachable: ${(err as Error).message}` };
  }
  await res.body?.cancel();
  // Only this stack's forms service can prove it holds the secret: another one at FORMS_URL would swallow the mail.
  if (!verifyInternalAnswer(res.headers.get(INTERNAL_ANSWER_HEADER), proof, secret))
    return { done: false, error: `FORMS_URL answered ${res.status} without this stack's proof` };
  if (res.status === 202 || res.status === 200) return { done: true };
  // Forms refuses this message as it is: sending it again cannot help.
  if (res.status === 400) return { done: false, error: 'forms refused the message (400)', permanent: true };
  return { done: false, error: `forms answered ${res.status}` };
}

const queues = new WeakMap<KitConfig, WorkQueue<MailHandoff>>();

/** Starts this app's hand-over worker (buildApp); its first pass hands over what an earlier process left. */
export async function startMailHandoff(
  deps: { config: KitConfig; store: Store; log: Logger },
  settings: MailHandoffSettings,
): Promise<void> {
  const queue = new WorkQueue<MailHandoff>({
    store: deps.store,
    collection: MAIL_HANDOFF_COLLECTION,
    handle: (message) => postToForms(settings.formsUrl, deps.config.internalSecret, message),
    log: deps.log,
    retryBaseMs: settings.retryBaseMs,
    retryMaxMs: settings.retryMaxMs,
    pollMs: settings.pollMs,
  });
  queues.set(deps.config, queue);
  await queue.start();
}

/** Stores `message` for the forms service: durable once this resolves; the worker hands it over. */
export async function handOffMail(config: KitConfig, message: MailHandoff): Promise<void> {
  const queue = queues.get(config);
  if (!queue) throw new Error('mail hand-off not started for this app');
  await queue.enqueue(message.key, message);
}
