/**
 * Real upstreams for suites that go through the gateway: core-content on a fresh embedded store with a user per
 * role, the other services, small kit apps for other namespaces, an echo service that reports exactly what reached
 * it, a counting pass-through, and the gateway itself with every service it is not given pointed at a closed port.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Dial, Lookup } from '@loom/safe-fetch';
import { routeEntries, routeEntry } from '@loom/contracts';
import { forms } from '@loom/forms';
import { requireInternal, TEST_SECRET, TEST_USER_IDS, testConfig, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { buildGateway, type Gateway, type GatewayDeps } from '@loom/gateway';
import { ADMIN, createUser } from './accounts';
import { coreApp, eventsApp, formsApp, oembedApp, siteOptionsRead, TEST_FOLLOW, type InProcess } from './apps';
import { closedAtEnd } from './cleanup';
import { silentLog } from './logs';
import { freePort, listen, type Running } from './net';

/** A listening service and its store, closed together. */
export type RunningService = Running & { store: Store };

/** An in-process app (apps.ts) listening on 127.0.0.1; close() closes the server, then the app and its store. */
export async function listenApp(built: InProcess, port = 0): Promise<RunningService> {
  const running = await listen(built.app, port);
  return {
    ...running,
    store: built.store,
    close: async () => {
      await running.close();
      await built.close();
    },
  };
}

/**
 * The real core-content app (core/v2) on a fresh embedded store, with real users: the administrator of the
 * first start (LOOM_ADMIN_*, id 1) and one user per other role created through its REST API, so that the ids
 * asRole() signs (TEST_USER_IDS) are users core-content knows (it treats an unknown user as anonymous).
 * `configEnv` is its environment: the kit's config (the site's clock: LOOM_TIMEZONE, LOOM_GMT_OFFSET) and
 * core-content's own settings (the theme: LOOM_THEME, LOOM_THEME_ROOT, LOOM_MENU_LOCATIONS).
 */
export async function startCore(configEnv: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  const env = {
    ...configEnv,
    LOOM_ADMIN_USER: ADMIN.login,
    LOOM_ADMIN_EMAIL: ADMIN.email,
    LOOM_ADMIN_PASSWORD: ADMIN.password,
  };
  const running = await listenApp(await coreApp({ config: configEnv, env }));
  for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
    const user = await createUser(running.url, role, role);
    if (user.id !== TEST_USER_IDS[role]) throw new Error(`${role} got id ${user.id}, expected ${TEST_USER_IDS[role]}`);
  }
  return running;
}

/** A service started against a real core-content (CORE_CONTENT_URL given) once it has read the site options. */
async function readingCore(starting: Promise<InProcess>, env: NodeJS.ProcessEnv): Promise<InProcess> {
  const built = await starting;
  if (env.CORE_CONTENT_URL) await siteOptionsRead(built);
  return built;
}

/**
 * The real events app (events/v1) on a fresh embedded store; `configEnv` also carries its core-content client's
 * settings (CORE_CONTENT_URL...).
 */
export async function startEvents(port = 0, configEnv: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  return listenApp(await readingCore(eventsApp({ config: configEnv }), configEnv), port);
}

/** The real forms app on a fresh embedded store (or `dataDir`, on `port`: a restart), with its mail outbox. */
export async function startForms(
  env: NodeJS.ProcessEnv = {},
  at: { dataDir?: string; port?: number } = {},
): Promise<RunningService> {
  return listenApp(await readingCore(formsApp({ config: env, dataDir: at.dataDir }), env), at.port);
}

/** The real oembed app on a fresh embedded store; `opts.fetch` gives its fetcher the test seams. */
export async function startOembed(
  env: NodeJS.ProcessEnv = {},
  opts: { log?: Logger; fetch?: { lookup?: Lookup; dial?: Dial } } = {},
): Promise<RunningService> {
  return listenApp(await readingCore(oembedApp({ config: env, log: opts.log, fetch: opts.fetch }), env));
}

export interface Echoed {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Stands in for the forms service: `/_loom/routes` like a kit app (plus a schema under `?context=help`),
 * and every request under /rest answered with what arrived (method, url, headers, raw body), without
 * the REST headers, so tests see what the gateway forwards and what it adds.
 */
export async function startEcho(): Promise<Running> {
  const restUrl = 'http://loom.test/rest';
  const app = express();
  app.get('/_loom/routes', requireInternal(TEST_SECRET), (req, res) => {
    const routes = routeEntries([...forms.formsARoutes, ...forms.formsBRoutes], restUrl);
    if (req.query.context === 'help')
      routes['/formsA/v1'] = { ...routeEntry(forms.formsARoot, restUrl), schema: { type: 'object', title: 'echo' } };
    res.json({ service: 'forms', namespaces: [forms.FORMS_A, forms.FORMS_B], routes });
  });
  app.use('/rest', express.raw({ type: () => true }), (req, res) => {
    const echoed: Echoed = {
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
    };
    res.set('Vary', 'Accept-Encoding');
    res.json(echoed);
  });
  return listen(app);
}

/**
 * A pass-through in front of a service that counts the requests per path, so tests can tell whether the
 * gateway asked core-content (the cache) or not (the throttle).
 */
export async function startCounter(target: string): Promise<Running & { count(path: string): number; reset(): void }> {
  const counts = new Map<string, number>();
  const app = express();
  app.disable('x-powered-by'); // the answers passing through stay the service's own
  app.use((req, _res, next) => {
    counts.set(req.path, (counts.get(req.path) ?? 0) + 1);
    next();
  });
  app.use(createProxyMiddleware({ target, changeOrigin: true }));
  const running = await listen(app);
  return { ...running, count: (path) => counts.get(path) ?? 0, reset: () => counts.clear() };
}

/** The gateway with test config; every service not given is pointed at a port where nothing listens. */
export async function startGateway(
  deps: Partial<GatewayDeps> & { upstreams: GatewayDeps['upstreams'] },
  env: NodeJS.ProcessEnv = {},
): Promise<Gateway> {
  const closed = `http://127.0.0.1:${await freePort()}`;
  const gw = buildGateway({
    config: testConfig('gateway'),
    log: silentLog(),
    env: { ...TEST_FOLLOW, ...env },
    // Most suites leave some services unreachable on purpose: index requests do not wait for them.
    indexStartWaitMs: 0,
    ...deps,
    upstreams: { 'core-content': closed, events: closed, forms: closed, oembed: closed, ...deps.upstreams },
  });
  // Closed at the file's end if the suite does not close it.
  const close = closedAtEnd(gw.close);
  gw.close = () => void close();
  await gw.ready;
  return gw;
}

/** A server listening on an ephemeral 127.0.0.1 port and its URL: the site's address, known before its gateway is built. */
export interface Address {
  server: Server;
  url: string;
}

export async function ownAddress(): Promise<Address> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The real gateway on an ephemeral 127.0.0.1 port whose base URL is that very address (forms post there), or on
 * `address` (taken before the services were started with that base URL).
 */
export async function gatewayOnOwnAddress(
  upstreams: GatewayDeps['upstreams'],
  deps: Partial<GatewayDeps> = {},
  address?: Address,
): Promise<{ url: string; gateway: Gateway; close(): Promise<void> }> {
  const { server, url } = address ?? (await ownAddress());
  const gateway = buildGateway({
    config: testConfig('gateway', { LOOM_BASE_URL: url }),
    log: silentLog('gateway'),
    env: TEST_FOLLOW,
    ...deps,
    upstreams,
  });
  server.on('request', gateway.app);
  await gateway.ready;
  // The site's name and the rest of its options, as core-content has them (the index shows them).
  await gateway.siteOptionsRead;
  return {
    url,
    gateway,
    close: closedAtEnd(async () => {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }),
  };
}
