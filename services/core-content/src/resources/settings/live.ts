/**
 * core-content's own copy of the site options follows its store (the other services follow its internal
 * endpoint): read at start, again when a settings notification arrives or the timer fires (site/site-options.ts
 * hands it to code without a request at hand).
 */
import type { Express, RequestHandler } from 'express';
import { SITE_OPTIONS_PATH } from '@loom/contracts';
import {
  followSiteOptions,
  requireInternal,
  siteOptionsPollMs,
  type KitConfig,
  type Logger,
  type SiteOptionsFollower,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { activateSiteOptions } from '../../site/site-options';
import { initialOptions, setInitialOptions } from './initial';
import { readSiteOptions, siteOptionsRev } from './repository';

/** Follows the store (initial.ts gives the values nothing has been stored for). */
export function followStoredOptions(deps: {
  config: KitConfig;
  store: Store;
  log: Logger;
  env: NodeJS.ProcessEnv;
}): SiteOptionsFollower {
  const { config, store, log } = deps;
  setInitialOptions(config, deps.env);
  activateSiteOptions(config.site);
  return followSiteOptions({
    site: config.site,
    load: async (rev) =>
      rev >= 0 && (await siteOptionsRev(store)) === rev
        ? 'unchanged'
        : readSiteOptions(store, initialOptions(config), config.baseUrl),
    natsUrl: config.natsUrl,
    pollMs: siteOptionsPollMs(config, deps.env),
    log,
  });
}

/** `GET /_loom/site-options?rev=`: the other services' source (304 while `rev` is current). */
export function mountSiteOptionsEndpoint(app: Express, deps: { config: KitConfig; store: Store }): void {
  const handler: RequestHandler = async (req, res, next) => {
    try {
      res.set('Cache-Control', 'no-store');
      const rev = Number(req.query.rev);
      if (Number.isInteger(rev) && rev >= 0 && (await siteOptionsRev(deps.store)) === rev) {
        res.status(304).end();
        return;
      }
      res.json(await readSiteOptions(deps.store, initialOptions(deps.config), deps.config.baseUrl));
    } catch (e) {
      next(e);
    }
  };
  app.get(SITE_OPTIONS_PATH, requireInternal(deps.config.internalSecret), handler);
}

/** For a process that does not follow (the CLI's commands on the store): the stored options, read once. */
export async function readStoredOptionsOnce(config: KitConfig, store: Store, env: NodeJS.ProcessEnv): Promise<void> {
  setInitialOptions(config, env);
  config.site.apply(await readSiteOptions(store, initialOptions(config), config.baseUrl));
  activateSiteOptions(config.site);
}
