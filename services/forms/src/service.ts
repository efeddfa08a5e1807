/**
 * forms: formsA/v1 (Contact Form 7's contact forms, feedback, refill; Loom's own stored submissions) and formsB/v1
 * (WPForms Lite's form list; Loom's own import). Mail goes out through the durable outbox (mail/), started here:
 * the forms' own and what other services hand over on `/_loom/mail`.
 */
import * as forms from './contracts';
import {
  createServiceApp,
  followCoreSiteOptions,
  type KitConfig,
  type Logger,
  type ServiceDefinition,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { contactFormBindings } from './contact-forms/handlers';
import { ensureContactFormIndexes } from './contact-forms/repository';
import { formsOf, registerForms } from './context';
import { feedbackBindings } from './feedback/handler';
import { refillBindings } from './feedback/refill';
import { ensureAttemptIndexes } from './feedback/spam';
import { formsListBindings } from './forms-list/handlers';
import { ensureWpFormIndexes } from './forms-list/repository';
import { createMailer, loadMailSettings, mountMailHandoff, Outbox } from './mail';
import { loadFormsSettings } from './settings';
import { submissionBindings } from './submissions/handlers';
import { ensureSubmissionIndexes, Submissions } from './submissions/repository';

export const formsService: ServiceDefinition = {
  name: 'forms',
  namespaces: [forms.FORMS_A, forms.FORMS_B],
  routes: [...forms.formsARoutes, ...forms.formsBRoutes],
  bindings: [
    ...contactFormBindings(),
    ...feedbackBindings(),
    ...refillBindings(),
    ...submissionBindings(),
    ...formsListBindings(),
  ],
  // Mail other services hand over (core-content's comment notifications) joins this service's outbox.
  extend: (app, deps) => mountMailHandoff(app, { ...deps, outbox: () => formsOf(deps.config).outbox }),
};

export async function prepareStore(store: Store): Promise<void> {
  await ensureContactFormIndexes(store);
  await ensureSubmissionIndexes(store);
  await ensureAttemptIndexes(store);
  await ensureWpFormIndexes(store);
}

/**
 * `env` holds the spam rules (LOOM_FORMS_*) and
 * the mail settings (SMTP_URL...). The outbox starts with the app (sending what an earlier process left pending);
 * `stop()` ends it.
 */
export async function buildForms(deps: { config: KitConfig; store: Store; log: Logger; env?: NodeJS.ProcessEnv }) {
  const env = deps.env ?? process.env;
  await prepareStore(deps.store);
  const settings = loadFormsSettings(deps.config, env);
  const mail = loadMailSettings(env, settings.secret);
  const mailer = createMailer({
    smtpUrl: mail.smtpUrl,
    rejectUnauthorized: mail.rejectUnauthorized,
    timeoutMs: mail.timeoutMs,
  });
  const outbox = new Outbox({
    store: deps.store,
    mailer,
    log: deps.log,
    retryBaseMs: mail.retryBaseMs,
    retryMaxMs: mail.retryMaxMs,
    maxAttempts: mail.maxAttempts,
    leaseMs: mail.leaseMs,
    pollMs: mail.pollMs,
  });
  // Mail a stopped process stored with its submission but never queued goes to the outbox before it starts.
  const leftovers = await new Submissions(deps.store).queueLeftovers(outbox);
  if (leftovers)
    deps.log.warn(
      { submissions: leftovers },
      'queued the mail of submissions an earlier process stored but did not queue',
    );
  await outbox.start();
  registerForms(deps.config, { settings, outbox });
  const app = createServiceApp(formsService, deps);
  // The site's options (mail's [_site_title], From and admin address) follow core-content's settings.
  const siteOptions = followCoreSiteOptions(app, deps, env);
  const stop = async () => {
    await siteOptions.close();
    await outbox.stop();
    mailer.close();
  };
  return { app, outbox, stop };
}

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger; env?: NodeJS.ProcessEnv }) {
  return (await buildForms(deps)).app;
}
