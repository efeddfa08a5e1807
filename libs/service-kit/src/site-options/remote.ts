/** How the services other than core-content follow its options: its internal endpoint, signed, with a timeout. */
import { INTERNAL_HEADER, SITE_OPTIONS_PATH, type SiteOptionsAnswer } from '@loom/contracts';
import { envInt, serviceUrl, type KitConfig } from '../config';
import { signInternal } from '../internal';
import type { Express } from 'express';
import type { Logger } from '../logger';
import { followSiteOptions, type SiteOptionsFollower, type SiteOptionsLoader } from './follow';

export function coreSiteOptionsLoader(
  config: KitConfig,
  env: NodeJS.ProcessEnv = process.env,
  coreUrl: string = serviceUrl('core-content', env),
): SiteOptionsLoader {
  const base = coreUrl.replace(/\/+$/, '');
  const timeoutMs = envInt(env, 'LOOM_CORE_TIMEOUT_MS', 1500, 1);
  return async (rev) => {
    const res = await fetch(`${base}${SITE_OPTIONS_PATH}?rev=${rev}`, {
      headers: { accept: 'application/json', [INTERNAL_HEADER]: signInternal(config.internalSecret) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 304) return 'unchanged';
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`core-content answered ${res.status}`);
    }
    return (await res.json()) as SiteOptionsAnswer;
  };
}

/** LOOM_SITE_OPTIONS_POLL_MS: the follower's timer; by default 30 s with NATS (a safety net), 500 ms without. */
export const siteOptionsPollMs = (config: KitConfig, env: NodeJS.ProcessEnv = process.env): number =>
  envInt(env, 'LOOM_SITE_OPTIONS_POLL_MS', config.natsUrl ? 30000 : 500, 50);

/** A service other than core-content follows core-content's options; the app keeps the follower (closeSiteOptions). */
export function followCoreSiteOptions(
  app: Express,
  deps: { config: KitConfig; log: Logger },
  env: NodeJS.ProcessEnv = process.env,
): SiteOptionsFollower {
  const follower = followSiteOptions({
    site: deps.config.site,
    load: coreSiteOptionsLoader(deps.config, env),
    natsUrl: deps.config.natsUrl,
    pollMs: siteOptionsPollMs(deps.config, env),
    log: deps.log,
  });
  keepSiteOptionsFollower(app, follower);
  return follower;
}

export function keepSiteOptionsFollower(app: Express, follower: SiteOptionsFollower): void {
  app.locals.siteOptions = follower;
}

/** Stops the app's follower (its timer and NATS connection), if it has one. */
export async function closeSiteOptions(app: Express): Promise<void> {
  await (app.locals.siteOptions as SiteOptionsFollower | undefined)?.close();
}
