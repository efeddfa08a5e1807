/** Where core-content hands its mail over (the forms service) and how it retries (docs/configuration.md). */
import { envInt, serviceUrl } from '@loom/service-kit';

export interface MailHandoffSettings {
  /** FORMS_URL, else the forms service of this machine (FORMS_PORT). */
  formsUrl: string;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
}

export function loadMailHandoffSettings(env: NodeJS.ProcessEnv = process.env): MailHandoffSettings {
  return {
    formsUrl: serviceUrl('forms', env),
    retryBaseMs: envInt(env, 'LOOM_MAIL_HANDOFF_RETRY_BASE_MS', 1000, 1),
    retryMaxMs: envInt(env, 'LOOM_MAIL_HANDOFF_RETRY_MAX_MS', 300_000, 1),
    pollMs: envInt(env, 'LOOM_MAIL_HANDOFF_POLL_MS', 5000, 10),
  };
}
