/**
 * The site options in force in this process, for code without a request at hand (a new post's defaults, the
 * comment rules): the kit config's live copy, which resources/settings keeps in step with the store.
 */
import { SITE_OPTION_DEFAULTS, type SiteOptionValues } from '@loom/contracts';
import type { SiteOptions } from '@loom/service-kit';

let active: SiteOptions | undefined;

/** buildApp, once per process (tests build one core-content app at a time). */
export function activateSiteOptions(site: SiteOptions): void {
  active = site;
}

/** WordPress's defaults until an app (or the CLI) has activated the store's: repositories used on their own. */
export function siteOptions(): Readonly<SiteOptionValues> {
  return active ? active.current() : SITE_OPTION_DEFAULTS;
}
