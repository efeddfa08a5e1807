/**
 * A process's copy of the site's options (libs/contracts site-options.ts). It starts from the environment (the
 * initial values: LOOM_SITE_NAME, LOOM_TIMEZONE...) and then follows core-content's stored values (follow.ts).
 * Readers call current() at the moment they need a value, never keep one, so a change applies to the next request.
 */
import { SITE_OPTION_DEFAULTS, type SiteOptionsAnswer, type SiteOptionValues } from '@loom/contracts';

export class SiteOptions {
  private values: Readonly<SiteOptionValues>;
  /** -1: the environment's values, not yet confirmed by core-content. */
  private revision = -1;
  private readonly listeners: Array<(values: Readonly<SiteOptionValues>) => void> = [];

  constructor(initial: SiteOptionValues) {
    this.values = Object.freeze({ ...initial });
  }

  current(): Readonly<SiteOptionValues> {
    return this.values;
  }

  get rev(): number {
    return this.revision;
  }

  /**
   * Takes core-content's answer unless it is older than what this copy holds (two reads may cross). Revisions only
   * grow, so an equal one changes nothing either, except the first answer, which replaces the environment's guess.
   */
  apply(answer: SiteOptionsAnswer): boolean {
    if (answer.rev < this.revision || (answer.rev === this.revision && this.revision >= 0)) return false;
    this.revision = answer.rev;
    this.values = Object.freeze({ ...SITE_OPTION_DEFAULTS, ...answer.values });
    for (const l of this.listeners) l(this.values);
    return true;
  }

  onChange(listener: (values: Readonly<SiteOptionValues>) => void): void {
    this.listeners.push(listener);
  }
}

/** The environment's initial values (docs/configuration.md); the rest are WordPress's defaults. */
export function initialSiteOptions(
  env: NodeJS.ProcessEnv,
  clock: { gmtOffset: string; timezoneString: string },
): SiteOptionValues {
  return {
    ...SITE_OPTION_DEFAULTS,
    title: env.LOOM_SITE_NAME || SITE_OPTION_DEFAULTS.title,
    description: env.LOOM_SITE_DESCRIPTION ?? SITE_OPTION_DEFAULTS.description,
    email: env.LOOM_ADMIN_EMAIL || SITE_OPTION_DEFAULTS.email,
    timezone: clock.timezoneString,
    gmt_offset: clock.gmtOffset,
  };
}
