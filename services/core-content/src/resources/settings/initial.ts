/**
 * The values a setting has until one is stored (and again after a reset to null): the environment's at start
 * (LOOM_SITE_NAME, LOOM_TIMEZONE... as the kit's config read them; the discussion options' LOOM_COMMENT_*), else
 * WordPress's defaults. Fixed when the app is built.
 */
import { SITE_OPTION_DEFAULTS, type SiteOptionValues } from '@loom/contracts';
import { initialSiteOptions, type KitConfig, type SiteOptions } from '@loom/service-kit';
import { themeOf } from '../../site/theme';
import { initialDiscussionOptions } from '../comments/discussion';

/** Each app's, by its config's live copy of the options: two apps in one process (a test) keep their own. */
const initials = new WeakMap<SiteOptions, SiteOptionValues>();

/** buildApp, before the options are first followed (the config's copy is still the environment's then). */
export function setInitialOptions(config: KitConfig, env: NodeJS.ProcessEnv): SiteOptionValues {
  // The app's environment (process.env in production, the kit config's too) names the site where it says.
  const named = initialSiteOptions(env, { gmtOffset: config.gmtOffset, timezoneString: config.timezoneString });
  const initial = {
    ...config.site.current(),
    ...(env.LOOM_SITE_NAME ? { title: named.title } : {}),
    ...(env.LOOM_SITE_DESCRIPTION !== undefined ? { description: named.description } : {}),
    ...(env.LOOM_ADMIN_EMAIL ? { email: named.email } : {}),
    ...initialDiscussionOptions(env),
    stylesheet: themeOf({ config }).name,
  };
  initials.set(config.site, initial);
  return initial;
}

/** The app's initial values; WordPress's defaults for a config no app was built with. */
export const initialOptions = (config: KitConfig): SiteOptionValues =>
  initials.get(config.site) ?? SITE_OPTION_DEFAULTS;
