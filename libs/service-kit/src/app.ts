/**
 * The one Express app factory every service uses, and the process runner (listen, readiness, graceful
 * shutdown). A service supplies its route table, its bindings and its store; the kit does the rest.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  errorBody,
  REQUEST_ID_HEADER,
  routeEntries,
  routeEntry,
  SITE_REV_HEADER,
  type ErrorCode,
  type RouteDef,
} from '@loom/contracts';
import type { Store } from '@loom/store';
import { usesDevSecret, type KitConfig } from './config';
import { bind, Dispatcher, restHeaders, type Binding, type UserResolver } from './dispatch';
import type { Embedder } from './embedded';
import { noRoute, wpError } from './errors';
import { requireInternal } from './internal';
import type { Logger } from './logger';
import { metricsFor, routeLabel, tracingMiddleware } from './telemetry';
import { isMultipart } from './multipart';
import { closeSiteOptions } from './site-options/remote';

export interface ServiceDefinition {
  name: string;
  /** Namespaces this service owns (their roots are answered by the kit). */
  namespaces: string[];
  routes: RouteDef[];
  bindings: Binding[];
  /**
   * Service-to-service routes outside /rest (e.g. core-content's `/_loom/auth/*`); guard them with
   * `requireInternal(config.internalSecret)`.
   */
  extend?: (app: Express, deps: { config: KitConfig; store: Store; log: Logger }) => void;
  /** Maps each verified identity to the caller (or null: treated as anonymous); see UserResolver. */
  resolveUser?: UserResolver;
  /** Batch loaders for `_embed`, so embedding a page of items costs one query per relation. */
  embedders?: Embedder[];
  /** Runs before the dispatcher on every request under /rest (core-content's answer cache). */
  beforeDispatch?: RequestHandler;
}

const INTERNAL_PATHS = new Set(['/healthz', '/readyz', '/_loom/routes', '/metrics']);

/** A request id we accept from upstream (the gateway); anything else is replaced. */
const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Binds each namespace root route to the namespace index `{namespace, routes, _links.up}`. */
function namespaceRootBindings(def: ServiceDefinition, config: KitConfig): Binding[] {
  return def.namespaces.map((ns) => {
    const root = def.routes.find((r) => r.pattern === `/${ns}`);
    if (!root) throw new Error(`${def.name}: no root route for namespace ${ns}`);
    const own = def.routes.filter((r) => r.namespace === ns);
    return bind(root.endpoints.index!, null, () => ({
      body: {
        namespace: ns,
        routes: routeEntries(own, config.restUrl),
        _links: { up: [{ href: `${config.restUrl}/` }] },
      },
    }));
  });
}

export function createServiceApp(
  def: ServiceDefinition,
  deps: { config: KitConfig; store: Store; log: Logger },
): Express {
  const { config, store, log } = deps;
  const dispatcher = new Dispatcher({
    routes: def.routes,
    bindings: [...namespaceRootBindings(def, config), ...def.bindings],
    config,
    store,
    log,
    resolveUser: def.resolveUser,
    embedders: def.embedders,
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Metrics and the request's span first, so that they time everything that follows.
  const metrics = metricsFor(store, def.name);
  app.use(metrics.middleware(routeLabel));
  app.use(tracingMiddleware(def.name, routeLabel));

  // Request id and one log line per request (id, method, route pattern, status, ms; never headers or bodies).
  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.get(REQUEST_ID_HEADER);
    const id = given && SAFE_ID.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    // For the gateway's answer cache (SITE_REV_HEADER): which site options this answer was made with.
    res.set(SITE_REV_HEADER, String(config.site.rev));
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        reqId: id,
        method: req.method,
        route: res.locals.route ?? req.path.split('?')[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        user: res.locals.user?.id,
      };
      if (res.statusCode >= 500) log.error(line, 'request');
      // Probes and the gateway's index polling would drown the access log at info.
      else if (INTERNAL_PATHS.has(req.path)) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: def.name });
  });
  app.get('/readyz', (_req, res) => {
    const ready = store.isOpen() && !res.app.locals.shuttingDown;
    // The pid tells a launcher (scripts/start.js) that the answer is from the process it started, not another on the port.
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', service: def.name, store: store.kind, pid: process.pid });
  });
  /** Prometheus metrics; not under /rest, so never reachable through the gateway (see docs/operations.md, "Metrics and traces"). */
  app.get('/metrics', metrics.handler());
  /**
   * The service's own index, read by the gateway to build the merged route index. Not under /rest. Only for a
   * caller holding our secret, and signed back: a gateway of another stack (another secret) never takes our routes.
   */
  app.get('/_loom/routes', requireInternal(config.internalSecret), (req, res) => {
    const withSchema = req.query.context === 'help';
    // `docs=1`: the endpoints' docs too, for the gateway's API reference only (WordPress's index has none).
    const withDocs = withSchema && req.query.docs === '1';
    const routes = Object.fromEntries(
      def.routes.map((r) => [r.pattern, routeEntry(r, config.restUrl, { withSchema, withDocs })]),
    );
    res.json({ service: def.name, namespaces: def.namespaces, routes });
  });

  def.extend?.(app, deps);

  // Bodies are read as text and parsed by the dispatcher, which knows WordPress's rules (rest_invalid_json...).
  if (def.beforeDispatch) app.use('/rest', def.beforeDispatch);
  app.use(
    '/rest',
    // multipart/form-data is left unread: the route that takes it streams it (files must not become text); so is
    // the body of an endpoint that reads its own (Binding.readBody: uploads).
    express.text({
      type: (req) => !isMultipart(req.headers['content-type']) && !dispatcher.readsOwnBody(req as Request),
      limit: config.maxBodyBytes,
    }),
    (err: Error & { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
      if (!err) return next();
      const status = err.status ?? 400;
      const e = status === 413 ? wpError('rest_request_too_large') : wpError('rest_invalid_body', { status });
      res.set(restHeaders(config.restUrl)).status(e.status).json(e.toBody());
    },
    dispatcher.middleware,
  );
  app.use((_req: Request, res: Response) => {
    const e = noRoute();
    res.status(e.status).json(e.toBody());
  });
  if (usesDevSecret(config)) log.warn('LOOM_INTERNAL_SECRET is not set: using the local development secret');
  return app;
}

/**
 * Requests Node's HTTP parser refuses (an unknown method, headers over the limit, a malformed request line)
 * never reach Express: Node would answer an empty 400/431. The client gets WordPress's error shape instead,
 * with the status Node chose, and the connection is closed (the parser cannot resynchronise).
 */
export function answerClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'loom_headers_too_large'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'loom_request_timeout'
        : 'loom_bad_request';
  const answer = errorBody(code);
  const { status } = answer.data;
  const body = JSON.stringify(answer);
  // The answer to a HEAD request has no body (its client would read the body as the next response).
  const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${head ? '' : body}`,
  );
}

/**
 * How long an idle kept-alive connection stays open: past the clients' own idle limits (the gateway's agents drop a
 * connection idle for 30 s; ingress-nginx's upstream keep-alive is 60 s). Node's 5 s default raced those clients:
 * a connection reused just as the server closed it failed the request on it (issue 22's 503s in a burst).
 */
export const KEEP_ALIVE_MS = 65_000;

/** How long Loom's own HTTP agents keep an idle connection to a service: well inside KEEP_ALIVE_MS. */
export const AGENT_IDLE_MS = 30_000;

/** Applies KEEP_ALIVE_MS to a server (every Loom process, and the tests' servers, listen with it). */
export function keepConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive limit, as Node requires for a reused connection's next request headers.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

/** Starts listening; SIGTERM/SIGINT stop accepting, finish requests in flight, close the store, exit. */
export async function runService(
  app: Express,
  deps: { config: KitConfig; store?: Store; log: Logger; onClose?: () => Promise<void> },
): Promise<Server> {
  const { config, store, log } = deps;
  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 calls back with the listen error too (a port another process holds): that is no start.
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  keepConnections(server);
  server.on('clientError', answerClientError);
  log.info({ host: config.host, port: config.port, store: store?.kind }, `${config.service} listening`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.locals.shuttingDown = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.warn('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await deps.onClose?.();
    await closeSiteOptions(app);
    await store?.close();
    log.info('stopped');
    log.flush?.();
    process.exit(0);
  };
  // `on`, not `once`: under `npm start` Ctrl-C reaches a service twice (terminal and launcher), and a second
  // signal must not kill it mid-drain.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return server;
}
