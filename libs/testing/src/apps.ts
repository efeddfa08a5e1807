/**
 * The real service apps in this process, each on a fresh embedded store (a new temporary DATA_DIR, or the one
 * given), for supertest or for listen(). One place builds each service the way its main does, so no suite copies
 * the config, store and app steps. close() stops what the app runs in the background, then closes its store.
 */
import type { Express } from 'express';
import type { Dial, Lookup } from '@loom/safe-fetch';
import { closeSiteOptions, testConfig, type KitConfig, type Logger, type SiteOptionsFollower } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp as buildCore } from '@loom/core-content';
import { buildApp as buildEvents } from '@loom/events';
import { buildForms } from '@loom/forms';
import { buildApp as buildOembed } from '@loom/oembed';
import { closedAtEnd } from './cleanup';
import { eventually, silentLog } from './logs';

export interface InProcess {
  app: Express;
  store: Store;
  config: KitConfig;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The kit's config (LOOM_TIMEZONE, LOOM_BASE_URL...), over testConfig's; also the app's own settings unless `env` is given. */
  config?: NodeJS.ProcessEnv;
  /** The app's own settings (what its main reads from process.env); `config` when not given. */
  env?: NodeJS.ProcessEnv;
  /** The data directory (to start again on a store); a fresh temporary one by default. */
  dataDir?: string;
  log?: Logger;
  /** Opens the store instead of a fresh embedded one (a MongoDB database, for the suites that run on MONGO_URL). */
  openStore?: () => Promise<Store>;
  /** Wraps the opened store (an observed one, for metrics). */
  wrapStore?: (store: Store) => Store;
  /** Runs on the store before the app is built (fixtures the app must find at start). */
  beforeBuild?: (store: Store) => Promise<void>;
}

/** Stops what the app follows in the background (the site options), then closes its store. */
async function closeApp(app: Express, store: Store): Promise<void> {
  await closeSiteOptions(app);
  await store.close();
}

/**
 * Waits until a service other than core-content has read core-content's site options once. Its own start does not
 * wait (it serves the environment's values until then, and reads again every second while it cannot), but suites
 * assert what core-content holds, and on a loaded machine the first read can run past its timeout.
 */
export async function siteOptionsRead(built: InProcess, withinMs = 20000): Promise<void> {
  const follower = built.app.locals.siteOptions as SiteOptionsFollower | undefined;
  if (!follower) throw new Error('the app follows no site options');
  await eventually(async () => {
    if (built.config.site.rev < 0) await follower.refresh();
    return built.config.site.rev >= 0;
  }, withinMs).catch(() => {
    throw new Error(`the site options were not read from core-content within ${withinMs} ms`);
  });
}

async function prepared(service: 'core-content' | 'events' | 'forms' | 'oembed', opts: AppOptions) {
  const config = testConfig(service, { ...opts.config, ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}) });
  const opened = opts.openStore ? await opts.openStore() : await openStore({ service, dataDir: config.dataDir });
  const store = opts.wrapStore ? opts.wrapStore(opened) : opened;
  await opts.beforeBuild?.(store);
  const env = opts.env ?? opts.config ?? {};
  // A service whose suite names no core-content asks a closed port, never the default one, where a run of
  // `npm start` (the e2e suite's, a developer's) could answer with its own site options and content.
  const core = service === 'core-content' || env.CORE_CONTENT_URL ? {} : { CORE_CONTENT_URL: NOWHERE };
  return { config, store, log: opts.log ?? silentLog(service), env: { ...TEST_FOLLOW, ...core, ...env } };
}

/**
 * The site options' timer in test apps (LOOM_SITE_OPTIONS_POLL_MS): suites that change settings watch them arrive
 * through NATS or `eventually`, so the apps need not read every 500 ms in the background of every suite.
 */
export const TEST_FOLLOW: NodeJS.ProcessEnv = { LOOM_SITE_OPTIONS_POLL_MS: '5000' };

/**
 * A URL nothing can answer: port 0 is no port a server listens on, so a connection is refused at once. (A held
 * ephemeral port would not do: another suite's "free port, then listen on it" could be handed the same number.)
 */
const NOWHERE = 'http://127.0.0.1:0';

/** core-content (core/v2). Its first start makes the administrator from LOOM_ADMIN_* in `env`, if set. */
export async function coreApp(opts: AppOptions = {}): Promise<InProcess> {
  const { config, store, log, env } = await prepared('core-content', opts);
  const app = await buildCore({ config, store, log }, env);
  return { app, store, config, close: closedAtEnd(() => closeApp(app, store)) };
}

/** events (events/v1); `env` carries its core-content client's settings (CORE_CONTENT_URL...). */
export async function eventsApp(opts: AppOptions = {}): Promise<InProcess> {
  const { config, store, log, env } = await prepared('events', opts);
  const app = await buildEvents({ config, store, log, env });
  return { app, store, config, close: closedAtEnd(() => closeApp(app, store)) };
}

/** forms (formsA/v1, formsB/v1), its mail outbox running; close() stops the outbox. */
export async function formsApp(opts: AppOptions = {}): Promise<InProcess> {
  const { config, store, log, env } = await prepared('forms', opts);
  const { app, stop } = await buildForms({ config, store, log, env });
  return {
    app,
    store,
    config,
    close: closedAtEnd(async () => {
      await stop();
      await store.close();
    }),
  };
}

/** oembed (oembed/1.0); `fetch` gives its fetcher the test seams (a DNS stand-in, a dialer). */
export async function oembedApp(
  opts: AppOptions & { fetch?: { lookup?: Lookup; dial?: Dial } } = {},
): Promise<InProcess> {
  const { config, store, log, env } = await prepared('oembed', opts);
  const app = await buildOembed({ config, store, log, env, fetch: opts.fetch });
  return { app, store, config, close: closedAtEnd(() => closeApp(app, store)) };
}
