/**
 * oembed: the oembed/1.0 namespace. `/embed` answers for this site's own items (asked of core-content through its
 * typed client), `/proxy` for any URL (sanctioned providers and discovery, fetched only through @loom/safe-fetch,
 * cached in this service's own store), and the embed pages (`<permalink>embed/`) the gateway forwards here are the
 * cards those embeds show.
 */
import * as oembed from './contracts';
import { SafeFetcher, type Dial, type Lookup } from '@loom/safe-fetch';
import {
  createServiceApp,
  followCoreSiteOptions,
  type KitConfig,
  type Logger,
  type ServiceDefinition,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { ProxyCache } from './cache';
import type { OembedContext } from './context';
import { createCoreClient } from './core-client';
import { embedBindings } from './embed';
import { mountEmbedPages } from './embed-page';
import { proxyBindings } from './proxy';
import { prepareProxyRate } from './rate';
import { WORDPRESS_PROVIDERS } from './providers';
import { loadOembedSettings } from './settings';

export interface OembedDeps {
  config: KitConfig;
  store: Store;
  log: Logger;
  /** Where the settings and core-content's URL come from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Tests only: the fetcher's resolver and connection seam (see @loom/safe-fetch). */
  fetch?: { lookup?: Lookup; dial?: Dial };
}

export function oembedService(ctx: OembedContext): ServiceDefinition {
  return {
    name: 'oembed',
    namespaces: [oembed.OEMBED],
    routes: oembed.oembedRoutes,
    bindings: [...embedBindings(ctx), ...proxyBindings(ctx)],
    extend: (app) => mountEmbedPages(app, ctx),
  };
}

export async function buildApp(deps: OembedDeps) {
  const { config, store, log } = deps;
  const env = deps.env ?? process.env;
  const settings = loadOembedSettings(env);
  await ProxyCache.prepare(store);
  await prepareProxyRate(store);
  const core = createCoreClient(config, log, env);
  const fetcher = new SafeFetcher({
    allowHosts: settings.allowHosts,
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: settings.fetchMaxBytes,
    userAgent: `Loom oEmbed; ${config.homeUrl}`,
    ...deps.fetch,
  });
  if (settings.allowHosts.length)
    log.warn(
      { hosts: settings.allowHosts.map((a) => (a.port ? `${a.host}:${a.port}` : a.host)) },
      'LOOM_OEMBED_ALLOW_HOSTS: these hosts may be fetched at private addresses',
    );
  const ctx: OembedContext = {
    config,
    settings,
    core,
    fetcher,
    cache: new ProxyCache(store, settings.cacheMaxEntries),
    store,
    local: {
      core,
      // The site's title now: provider_name follows core-content's settings.
      get siteName() {
        return config.site.current().title;
      },
      homeUrl: config.homeUrl,
    },
    remote: { fetcher, providers: [...WORDPRESS_PROVIDERS, ...settings.extraProviders], homeUrl: config.homeUrl, log },
    log,
  };
  const app = createServiceApp(oembedService(ctx), deps);
  followCoreSiteOptions(app, deps, env);
  return app;
}
