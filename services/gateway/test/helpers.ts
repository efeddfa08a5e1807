/**
 * Real upstreams for the gateway tests: core-content on a fresh embedded store, small kit apps for other
 * namespaces, an echo service that reports exactly what reached it, and ports where nothing answers.
 */
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import pino from 'pino';
import request from 'supertest';
import { forms, routeEntries, routeEntry } from '@loom/contracts';
import { createLogger, keepConnections, requireInternal, TEST_SECRET, TEST_USER_IDS, testConfig, type Logger } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp as buildCore } from '@loom/core-content';
import { buildApp as buildEvents } from '@loom/events';
import { buildGateway, type Gateway, type GatewayDeps } from '../src';
import { ADMIN, createUser } from './accounts';

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 = ephemeral); close() also drops idle keep-alive connections. */
export async function listen(app: Express, port = 0): Promise<Running> {
  const server = keepConnections(createHttpServer(app));
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const p = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${p}`,
    port: p,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** A port nothing listens on (connection refused). */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const silent = (): Logger => createLogger('test', 'silent');

/** A listening app and its store, closed together. */
const withStore = (running: Running, store: Store): Running & { store: Store } => ({
  ...running,
  store,
  close: async () => {
    await running.close();
    await store.close();
  },
});

/** A response's status and WordPress error code, for comparing with what a test expects. */
export const err = (r: request.Response) => ({ status: r.status, code: (r.body as { code?: string }).code });

/** supertest requests to `app` under `prefix` with the caller's headers (the suites' clients). */
export function restClient(app: Express, headers: Record<string, string>, prefix = '/rest') {
  const url = (path: string) => `${prefix}${path}`;
  return {
    get: (path: string) => request(app).get(url(path)).set(headers),
    head: (path: string) => request(app).head(url(path)).set(headers),
    post: (path: string, body: object = {}) => request(app).post(url(path)).set(headers).send(body),
    put: (path: string, body: object = {}) => request(app).put(url(path)).set(headers).send(body),
    patch: (path: string, body: object = {}) => request(app).patch(url(path)).set(headers).send(body),
    delete: (path: string, body?: object) => (body ? request(app).delete(url(path)).set(headers).send(body) : request(app).delete(url(path)).set(headers)),
  };
}

/**
 * The real core-content app (core/v2) on a fresh embedded store, with real users: the administrator of the
 * first start (LOOM_ADMIN_*, id 1) and one user per other role created through its REST API, so that the ids
 * asRole() signs (TEST_USER_IDS) are users core-content knows (it treats an unknown user as anonymous).
 * `configEnv` is its environment: the kit's config (the site's clock: LOOM_TIMEZONE, LOOM_GMT_OFFSET) and
 * core-content's own settings (the theme: LOOM_THEME, LOOM_THEME_ROOT, LOOM_MENU_LOCATIONS).
 */
export async function startCore(configEnv: NodeJS.ProcessEnv = {}): Promise<Running & { store: Store }> {
  const config = testConfig('core-content', configEnv);
  const store = await openStore({ service: 'core-content', dataDir: config.dataDir });
  const app = await buildCore({ config, store, log: silent() }, { ...configEnv, LOOM_ADMIN_USER: ADMIN.login, LOOM_ADMIN_EMAIL: ADMIN.email, LOOM_ADMIN_PASSWORD: ADMIN.password });
  const running = await listen(app);
  for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
    const user = await createUser(running.url, role, role);
    if (user.id !== TEST_USER_IDS[role]) throw new Error(`${role} got id ${user.id}, expected ${TEST_USER_IDS[role]}`);
  }
  return withStore(running, store);
}

/**
 * The real events app (events/v1) on a fresh embedded store; `configEnv` also carries its core-content client's
 * settings (CORE_CONTENT_URL...).
 */
export async function startEvents(port = 0, configEnv: NodeJS.ProcessEnv = {}): Promise<Running & { store: Store }> {
  const config = testConfig('events', configEnv);
  const store = await openStore({ service: 'events', dataDir: config.dataDir });
  const app = await buildEvents({ config, store, log: silent(), env: configEnv });
  return withStore(await listen(app, port), store);
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
    if (req.query.context === 'help') routes['/formsA/v1'] = { ...routeEntry(forms.formsARoot, restUrl), schema: { type: 'object', title: 'echo' } };
    res.json({ service: 'forms', namespaces: [forms.FORMS_A, forms.FORMS_B], routes });
  });
  app.use('/rest', express.raw({ type: () => true }), (req, res) => {
    const echoed: Echoed = { method: req.method, url: req.originalUrl, headers: req.headers, body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '' };
    res.set('Vary', 'Accept-Encoding');
    res.json(echoed);
  });
  return listen(app);
}

/** Accepts connections and never answers (an upstream that hangs). */
export async function startHanging(): Promise<Running> {
  const sockets = new Set<Socket>();
  const server = createNetServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A pino logger whose JSON lines are kept for inspection. */
export function captureLog(): { log: Logger; lines: () => Array<Record<string, unknown>> } {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** The gateway with test config; every service not given is pointed at a port where nothing listens. */
export async function startGateway(deps: Partial<GatewayDeps> & { upstreams: GatewayDeps['upstreams'] }, env: NodeJS.ProcessEnv = {}): Promise<Gateway> {
  const closed = `http://127.0.0.1:${await freePort()}`;
  const gw = buildGateway({
    config: testConfig('gateway'),
    log: silent(),
    env,
    // Most suites leave some services unreachable on purpose: index requests do not wait for them.
    indexStartWaitMs: 0,
    ...deps,
    upstreams: { 'core-content': closed, events: closed, forms: closed, oembed: closed, ...deps.upstreams },
  });
  await gw.ready;
  return gw;
}

/** Polls `check` until it passes or `ms` elapse. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/** `Authorization: Basic` for a login (or email) and password. */
export function basic(login: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}` };
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
