/**
 * The forms service's settings, from the environment (docs/configuration.md): the spam rules and the secret quiz
 * answers and posted-data hashes are keyed with; and the site values mail-tags show, from the site options.
 */
import { createHash } from 'node:crypto';
import { envInt, type KitConfig } from '@loom/service-kit';

export interface FormsSettings {
  site: { title: string; description: string; url: string; domain: string; adminEmail: string };
  /** WordPress's locale (`en_US`): new forms' `locale`. */
  locale: string;
  /** Submissions accepted per client address within `rateWindowMs` (0: no limit); past it the answer is `spam`. */
  rateMax: number;
  rateWindowMs: number;
  /** The honeypot field: a submission that fills it is `spam` (empty: no honeypot). */
  honeypotField: string;
  /** WordPress's `disallowed_keys`: one word or phrase per entry; a submission containing one is `spam`. */
  disallowedKeys: string[];
  /** Keys quiz answer hashes and posted_data_hash (derived from LOOM_INTERNAL_SECRET unless set). */
  secret: string;
  /** Largest uploaded file accepted by the parser at all (a form's `limit:` is checked below it). */
  maxFileBytes: number;
  /** Most files and fields in one submission. */
  maxFiles: number;
  maxFields: number;
}

/** `LOOM_FORMS_DISALLOWED_KEYS`: entries separated by newlines or commas, trimmed, empties dropped. */
export function parseDisallowedKeys(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[\n,]/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

export function loadFormsSettings(config: KitConfig, env: NodeJS.ProcessEnv = process.env): FormsSettings {
  const home = new URL(config.homeUrl);
  const honeypot = env.LOOM_FORMS_HONEYPOT_FIELD ?? '_loom_hp';
  if (honeypot !== '' && !/^[A-Za-z_][\w:.-]{0,63}$/.test(honeypot))
    throw new Error(`LOOM_FORMS_HONEYPOT_FIELD must be a field name, got "${honeypot}"`);
  const domain = home.hostname.replace(/^www\./i, '');
  return {
    // Read at each use: the site's title, tagline and admin address are site options (core/v2 settings), which
    // the config's copy follows (LOOM_SITE_NAME... are their initial values).
    get site() {
      const o = config.site.current();
      return { title: o.title, description: o.description, url: config.homeUrl, domain, adminEmail: o.email };
    },
    locale: env.LOOM_LOCALE || 'en_US',
    rateMax: envInt(env, 'LOOM_FORMS_RATE_MAX', 5),
    rateWindowMs: envInt(env, 'LOOM_FORMS_RATE_WINDOW_MS', 60000, 1),
    honeypotField: honeypot,
    disallowedKeys: parseDisallowedKeys(env.LOOM_FORMS_DISALLOWED_KEYS),
    secret: env.LOOM_FORMS_SECRET || createHash('sha256').update(`loom-forms|${config.internalSecret}`).digest('hex'),
    maxFileBytes: envInt(env, 'LOOM_FORMS_MAX_FILE_BYTES', 10 * 1024 * 1024, 1),
    maxFiles: 10,
    maxFields: 200,
  };
}
