/**
 * The values a setting has until one is stored (and again after a reset to null): the environment's at start
 * (LOOM_SITE_NAME, LOOM_TIMEZONE... as the kit's config read them; the discussion options' LOOM_COMMENT_*), else
 * WordPress's defaults. Fixed when the app is built.
 */
import { SITE_OPTION_DEFAULTS, type SiteOptionValues } from '@loom/contracts';
import type { KitConfig } from '@loom/service-kit';
import { themeOf } from '../../site/theme';
import { initialDiscussionOptions } from '../comments/discussion';

let initial: SiteOptionValues = SITE_OPTION_DEFAULTS;

/** buildApp, before the options are first followed (the config's copy is still the environment's then). */
export function activateInitialOptions(config: KitConfig, env: NodeJS.ProcessEnv): SiteOptionValues {
  initial = { ...config.site.current(), ...initialDiscussionOptions(env), stylesheet: themeOf({ config }).name };
  return initial;
}

export const initialOptions = (): SiteOptionValues => initial;
