/**
 * The gateway app: the merged route index at /rest, the advertised-only namespace roots, and everything
 * else under /rest proxied by namespace to the service that owns it, each request first authenticated
 * (application passwords over Basic auth, or a signed-in browser's cookie with its nonce, see auth/); the
 * authorize-application page that hands out those passwords; and wp-login.php and admin-ajax.php's rest-nonce, where a
 * browser signs in and gets its nonces (login/). POST /rest/batch/v1 is answered by the gateway itself (batch/).
 * The same API answers under /wp-json in WordPress's names too (wp-face/), mapped to /rest as requests come in.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { routeEntry, type Identity, type Namespace, type RouteDef, type RouteEntry } from '@loom/contracts';
import {
  coreSiteOptionsLoader,
  followSiteOptions,
  Metrics,
  noRoute,
  siteOptionsPollMs,
  plainGet,
  signIdentity,
  tracingMiddleware,
  usesDevSecret,
  WpError,
  wpError,
  type KitConfig,
  type Logger,
} from '@loom/service-kit';
import type { ServiceName } from '@loom/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGatewayAnswers, writeChanged, type GatewayAnswers } from './answer-cache';
import { answerKey, writeAnswer } from './answer-cache/answers';
import { clientIpOf } from './client-address';
import { apiDocs } from './api-docs';
import { createAuthenticator, type AuthOutcome } from './auth/authenticate';
import { parseAuthorization } from './auth/basic';
import { AuthCache } from './auth/cache';
import { CookieAuth } from './auth/cookie';
import { createCoreClient } from './auth/core-client';
import { Nonces } from './auth/nonce';
import { SessionCookies } from './auth/session-cookie';
import { authorizePage } from './authorize/page';
import { adminAjax } from './login/ajax';
import { loginPages } from './login/page';
import { createSignIn } from './login/sign-in';
import { createBatch } from './batch';
import { ADVERTISED_ROOTS, GATEWAY_ROUTES, advertisedRootDocument, indexDocument } from './index-document';
import { embedPages } from './embed-pages';
import { homePage } from './home';
import { uploads } from './uploads';
import { createNotifier, type Notifier } from './notifications';
import { WRITE_METHODS } from './notifications/derive';
import { createProxies } from './proxy';
import { requestContext } from './request-log';
import { pathOf } from './headers';
import { localsOf, pipeline, type Step } from './pipeline';
import {
  methodOf,
  queryOf,
  sendError,
  sendNoRoute,
  sendRest,
  serviceUnavailable,
  setCors,
  type GatewayResult,
} from './respond';
import { settleRequestTarget } from './request-target';
import { restRouteRewrite } from './rest-route';
import { gatewayRouteLabel } from './telemetry';
import { RouteIndex } from './route-index';
import { AUTH_CACHE_MAX_MS, loadGatewaySettings, type GatewaySettings } from './settings';
import { Throttle } from './throttle';
import { matchNamespace, resolveUpstreams, SERVICES, type Upstreams } from './upstreams';
import { createWpFace, faceOf } from './wp-face';

export interface GatewayDeps {
  config: KitConfig;
  log: Logger;
  /** Where the gateway's own settings and the service URLs are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Service URLs overriding the environment (tests point these at in-process services). */
  upstreams?: Partial<Upstreams>;
  /** Overrides LOOM_INDEX_REFRESH_MS. */
  refreshMs?: number;
  /** Overrides LOOM_INDEX_TIMEOUT_MS. */
  indexTimeoutMs?: number;
  /** Overrides LOOM_UPSTREAM_TIMEOUT_MS. */
  upstreamTimeoutMs?: number;
  /** Change notifications; by default made from NATS_URL (config.natsUrl), DATA_DIR and LOOM_OUTBOX_MAX. */
  notifier?: Notifier;
  /** This process's Prometheus metrics (default: a registry of its own). */
  metrics?: Metrics;
  /**
   * How long after start an index request waits for services that have not answered yet (default
   * INDEX_START_WAIT_MS); past it the index lists what it has and `/readyz` says what is missing.
   */
  indexStartWaitMs?: number;
  /** The answer cache and its coordination (default: from LOOM_GATEWAY_CACHE and NATS_URL); null turns it off. */
  answers?: GatewayAnswers | null;
  /** The clock of site sessions and nonces, ms since the epoch (default Date.now; tests move it). */
  now?: () => number;
}

export const INDEX_START_WAIT_MS = 5000;

export interface Gateway {
  app: Express;
  settings: GatewaySettings;
  upstreams: Upstreams;
  routeIndex: RouteIndex;
  /**
   * Change notifications: call `notifier.notify(...)` once per successful write the gateway answers itself
   * (batch items); proxied writes are notified by the proxy. A no-op when NATS_URL is unset.
   */
  notifier: Notifier;
  metrics: Metrics;
  /** The answer cache (undefined when off). */
  answers?: GatewayAnswers;
  /** Resolves when the first read of every service's routes is over (reached or not). */
  ready: Promise<void>;
  /** Resolves when the site options were first read (reached or not); until then the environment's apply. */
  siteOptionsRead: Promise<void>;
  /** Re-reads every service's routes now. */
  refresh(): Promise<void>;
  /**
   * Stops the refresh timer, drops pooled upstream connections and starts closing the notifier (await
   * `notifier.close()` to wait for it; what is unpublished stays in the outbox). Idempotent.
   */
  close(): void;
}

/**
 * The path under /rest (`/rest/core/v2/` → `/core/v2`), decoded; undefined outside /rest, null when it
 * cannot be a route: undecodable, or with `.`/`..` segments (no route has them, and an upstream that
 * normalised them could be steered outside the namespace the gateway chose).
 */
function restPathOf(path: string): string | null | undefined {
  if (path !== '/rest' && !path.startsWith('/rest/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.slice(5));
  } catch {
    return null;
  }
  if (/(^|\/)\.\.?(\/|$)/.test(decoded)) return null;
  return decoded.replace(/\/+$/, '') || '/';
}

export function buildGateway(deps: GatewayDeps): Gateway {
  const { config, log } = deps;
  const env = deps.env ?? process.env;
  const loaded = loadGatewaySettings(env);
  const settings: GatewaySettings = {
    ...loaded,
    indexRefreshMs: deps.refreshMs ?? loaded.indexRefreshMs,
    indexTimeoutMs: deps.indexTimeoutMs ?? loaded.indexTimeoutMs,
    upstreamTimeoutMs: deps.upstreamTimeoutMs ?? loaded.upstreamTimeoutMs,
    // The site's title and tagline now: site options, which the config's copy follows (siteOptions below).
    get siteName() {
      return config.site.current().title;
    },
    get siteDescription() {
      return config.site.current().description;
    },
  };
  const upstreams = resolveUpstreams(env, deps.upstreams);
  const { restUrl } = config;
  const routeIndex = new RouteIndex({
    upstreams,
    refreshMs: settings.indexRefreshMs,
    timeoutMs: settings.indexTimeoutMs,
    log,
    secret: config.internalSecret,
  });
  // The site's options (the index's name, logo, front page...) follow core-content's settings. Every cached answer
  // may show one of them (a title, a date in the site's zone), so a change empties the whole cache.
  const siteOptions = followSiteOptions({
    site: config.site,
    load: coreSiteOptionsLoader(config, env, upstreams['core-content']),
    natsUrl: config.natsUrl,
    pollMs: siteOptionsPollMs(config, env),
    log,
  });
  const notifier =
    deps.notifier ??
    createNotifier({ natsUrl: config.natsUrl, dataDir: config.dataDir, maxPending: settings.outboxMax, log });
  const metrics = deps.metrics ?? new Metrics('gateway');
  const answers =
    deps.answers !== undefined
      ? (deps.answers ?? undefined)
      : createGatewayAnswers({ settings: settings.answerCache, natsUrl: config.natsUrl, log, metrics });
  config.site.onChange(() => {
    for (const service of SERVICES) answers?.cache.purge(service);
  });
  // Every replica's cached answers of a service go once a write to it has been made, before its client is answered.
  const flush = async (service: ServiceName): Promise<void> => answers?.coordination.flush(service);
  const proxies = createProxies({
    upstreams,
    timeoutMs: settings.upstreamTimeoutMs,
    restUrl,
    log,
    notifier,
    metrics,
    internalSecret: config.internalSecret,
    answers: answers?.cache,
    siteRev: () => config.site.rev,
    flush,
  });
  const core = createCoreClient({
    baseUrl: upstreams['core-content'],
    secret: config.internalSecret,
    timeoutMs: settings.authTimeoutMs,
    log,
    metrics,
  });
  // One pair of throttles for Basic auth and the authorize page's sign-in: one budget per address and login.
  const throttles = {
    byAddress: new Throttle({ maxFailures: settings.authMaxFailures, windowMs: settings.authWindowMs }),
    byLogin: new Throttle({ maxFailures: settings.authMaxUserFailures, windowMs: settings.authWindowMs }),
  };
  const batch = createBatch({
    upstreams,
    routeIndex,
    internalSecret: config.internalSecret,
    timeoutMs: settings.upstreamTimeoutMs,
    log,
    // Change notifications for each successful batch item (the proxy notifies the other writes).
    notify: (n) => notifier.notify({ ...n, userId: n.userId ?? 0 }),
    metrics,
  });
  // Writes core-content takes from the gateway itself rather than through the proxy flush its answers too: a
  // credential check that recorded a password's use, and the authorize page creating a password.
  const authenticate = createAuthenticator({
    core,
    cache: new AuthCache({ ttlMs: settings.authCacheMs }),
    throttles,
    realm: settings.siteName,
    log,
    onRecorded: () => flush('core-content'),
  });
  // Signed-in browsers: the site session cookie, checked with its nonce on REST requests (auth/cookie.ts).
  const now = deps.now ?? Date.now;
  const siteOrigin = new URL(config.baseUrl).origin;
  const sessionCookies = new SessionCookies(config.internalSecret, config.baseUrl);
  const cookieAuth = new CookieAuth({
    core,
    cache: new AuthCache({ ttlMs: settings.authCacheMs }),
    nonces: new Nonces(config.internalSecret, now),
    cookies: sessionCookies,
    siteOrigin,
    log,
    now,
  });
  const signIn = createSignIn({
    core,
    throttles,
    cookies: sessionCookies,
    sessionTtlMs: settings.sessionTtlMs,
    log,
    now,
  });
  // The /wp-json face (LOOM_WP_FACE), or undefined: /wp-json is then no path of the site.
  const face = settings.wpFace ? createWpFace({ config, log }) : undefined;
  const pageCore: typeof core = {
    ...core,
    createAppPassword: async (...args) => {
      const created = await core.createAppPassword(...args);
      await flush('core-content');
      return created;
    },
  };

  /** A route the gateway answers itself: GET (and HEAD) via `get`, POST via `post`, OPTIONS from the route. */
  const serveOwn = async (
    req: Request,
    res: Response,
    r: RouteDef,
    handlers: {
      get?: (help: boolean) => Promise<unknown> | unknown;
      post?: () => GatewayResult | Promise<GatewayResult>;
    },
  ) => {
    res.locals.route = r.pattern;
    const query = queryOf(req);
    const method = methodOf(req, query);
    const entry = routeEntry(r, restUrl, { withSchema: true });
    const allow = entry.methods.join(', ');
    const answer = async (result: () => Promise<GatewayResult>) => {
      let r: GatewayResult;
      try {
        r = await result();
      } catch (err) {
        // The route matched, so its errors say what the caller may do too (rest_send_allow_header).
        if (!(err instanceof WpError)) throw err;
        r = { status: err.status, body: err.toBody() };
      }
      sendRest(req, res, restUrl, { ...r, headers: { Allow: allow } });
    };
    const { get, post } = handlers;
    if (method === 'OPTIONS') return sendRest(req, res, restUrl, { body: entry, headers: { Allow: allow } });
    if (method === 'GET' && get) return answer(async () => ({ body: await get(query.context === 'help') }));
    if (method === 'POST' && post) return answer(async () => post());
    return sendNoRoute(req, res, restUrl);
  };

  const startedAt = Date.now();
  const startWaitMs = deps.indexStartWaitMs ?? INDEX_START_WAIT_MS;
  // `docs`: the API reference's index, each endpoint with its docs (never the public index's).
  const index = async (help: boolean, docs = false, user: Omit<Identity, 'iat'> | null = null) => {
    await routeIndex.whenStarted(); // the very first requests wait for the first read, not an empty index
    // Just after start, services that are still starting are waited for (bounded), not left out.
    await routeIndex.whenComplete(startedAt + startWaitMs - Date.now());
    const routes = help ? await routeIndex.helpRoutes(docs) : routeIndex.routesFor.bind(routeIndex);
    return indexDocument({ config, settings, routes, help, docs, user });
  };

  const rest = async (req: Request, res: Response, restPath: string | null): Promise<void> => {
    // Every REST request was authenticated first (the pipeline's authentication step), as WordPress's
    // check_authentication does before routing: wrong credentials are a 401 even on the index or a path without a route.
    const auth = res.locals.auth as AuthOutcome | undefined;
    if (!auth) throw new Error('a REST request reached routing unauthenticated');
    if (auth.kind === 'error')
      return sendRest(req, res, restUrl, {
        status: auth.error.status,
        body: auth.error.toBody(),
        headers: auth.headers,
      });
    const user = auth.kind === 'user' ? auth.user : null;
    res.locals.user = user;
    // Signed per request (not cached) so that its issued-at is fresh for the services' age check.
    const identity = () =>
      user
        ? signIdentity(
            { id: user.id, login: user.login, name: user.name, roles: user.roles, app_password: user.app_password },
            config.internalSecret,
          )
        : undefined;
    if (restPath === null) return sendNoRoute(req, res, restUrl);
    if (restPath === '/')
      return serveOwn(req, res, GATEWAY_ROUTES.get('/')!, { get: (help) => index(help, false, user) });
    if (restPath === '/batch/v1') {
      return serveOwn(req, res, GATEWAY_ROUTES.get('/batch/v1')!, {
        // Every batch item runs as this caller (each item signs a fresh identity).
        post: async () => {
          await routeIndex.whenStarted();
          // The cached answers of every service an item changed go before the batch is answered.
          const changed = new Set<ServiceName>();
          const result = await batch.serve({
            req,
            identity,
            userId: user?.id ?? null,
            requestId: String(res.locals.requestId ?? ''),
            changed: (service, status) => writeChanged(status) && changed.add(service),
            itemPath: faceOf(res) && face?.itemPath,
          });
          await Promise.all([...changed].map(flush));
          return result;
        },
      });
    }
    const match = matchNamespace(restPath);
    if (match?.service) {
      // The service's route pattern labels the request (telemetry.ts). A route the index does not list: the service
      // may have started late or changed; read it again (rate-limited).
      const route = routeIndex.routeOf(match.service, match.namespace, restPath);
      if (route === undefined) routeIndex.refreshOnMiss(match.service);
      else res.locals.upstreamRoute = route;
      setCors(req, res, restUrl); // for the 503 and any early answer; the proxy re-applies them on the service's response
      // Another stack's service at its URL (route-index.ts) is never sent a request.
      if (!routeIndex.usable(match.service)) return sendError(req, res, restUrl, serviceUnavailable(match.namespace));
      const query = queryOf(req);
      const method = methodOf(req, query);
      // A write (by the method its service will read) flushes the answer cache and is notified once its service has
      // answered that it changed something (proxy.ts).
      if (WRITE_METHODS.has(method)) {
        return proxies.forward(match.service, match.namespace, req, res, identity(), {
          write: { method, path: restPath, userId: user?.id ?? 0, envelope: Object.hasOwn(query, '_envelope') },
        });
      }
      // A plain GET the replay step did not answer may fill the answer cache, per caller (answer-cache/), and per face:
      // a face's answer is kept under its own URL, in its terms.
      const asFace = faceOf(res);
      const ticket =
        answers && method === 'GET' && plainGet(req.method, req.headers)
          ? answers.cache.ticket(
              answerKey(asFace?.url ?? req.url, user),
              match.service,
              res.locals.upstreamRoute,
              asFace && face?.kept,
            )
          : undefined;
      return proxies.forward(match.service, match.namespace, req, res, identity(), { ticket });
    }
    if (match && restPath === `/${match.namespace}`) {
      const ns: Namespace = match.namespace;
      return serveOwn(req, res, ADVERTISED_ROOTS.get(ns)!, { get: (help) => advertisedRootDocument(ns, config, help) });
    }
    // WordPress answers OPTIONS on a path without a route with 200 and an empty body (reference §6.4).
    if (methodOf(req, queryOf(req)) === 'OPTIONS') return sendRest(req, res, restUrl, { body: [] });
    return sendNoRoute(req, res, restUrl);
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The client address (throttling, last_ip) comes from X-Forwarded-For only through this many proxies.
  if (settings.trustProxy > 0) app.set('trust proxy', settings.trustProxy);
  // A request target the pipeline refused (request-target.ts) is answered before anything else routes it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const refused = res.locals.refused as WpError | undefined;
    if (refused) return sendError(req, res, restUrl, refused);
    next();
  });
  app.use(
    authorizePage({
      config,
      get siteName() {
        return settings.siteName;
      },
      core: pageCore,
      signIn,
    }),
  );
  // wp-login.php (sign in, sign out) and admin-ajax.php's rest-nonce, for browsers (login/).
  app.use(
    loginPages({
      config,
      get siteName() {
        return settings.siteName;
      },
      signIn,
      core,
      cookies: sessionCookies,
      auth: cookieAuth,
      now,
    }),
  );
  app.use(adminAjax({ auth: cookieAuth }));
  // `<permalink>embed/`: the pages oEmbed iframes show, served by the oembed service (embed-pages.ts).
  app.use(
    embedPages({
      target: upstreams.oembed,
      timeoutMs: settings.upstreamTimeoutMs,
      log,
      usable: () => routeIndex.usable('oembed'),
    }),
  );
  // `/uploads/...`: media files, served by core-content (uploads.ts).
  app.use(
    uploads({
      target: upstreams['core-content'],
      timeoutMs: settings.upstreamTimeoutMs,
      log,
      usable: () => routeIndex.usable('core-content'),
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  app.get('/readyz', (_req, res) => {
    // Ready once the route index is complete (every service has answered once) and until draining. A service
    // going down later is a 503 for its namespace, not for the gateway: its last routes stay in the index.
    // Past LOOM_READY_INCOMPLETE_AFTER_MS a service that never answered no longer holds the gateway back: it is
    // ready for the other namespaces ('degraded'), and the body still says what the index misses.
    const { complete, missing } = routeIndex.completeness();
    const waited = Date.now() - startedAt >= settings.readyIncompleteAfterMs;
    const status = app.locals.shuttingDown ? 'unavailable' : complete ? 'ready' : waited ? 'degraded' : 'starting';
    res.status(status === 'ready' || status === 'degraded' ? 200 : 503).json({
      status,
      service: 'gateway',
      pid: process.pid,
      index: complete ? 'complete' : 'incomplete',
      missing,
      upstreams: routeIndex.status(),
    });
  });

  // Prometheus metrics. Outside /rest and not forwarded by the Ingress (only `/`, /rest, /admin, /api-docs, /uploads and
  // embed pages are): a cluster's Prometheus scrapes the pod directly (deploy/k8s/README.md, "Metrics").
  app.get(
    '/metrics',
    metrics.handler(() => notifier.metrics()),
  );
  // The API reference page and the OpenAPI document of the whole API (api-docs.ts).
  app.use(
    apiDocs({
      config,
      get siteName() {
        return settings.siteName;
      },
      routes: async () => (await index(true, true)).routes as Record<string, RouteEntry>,
    }),
  );

  // `/`: a small page linking to the REST root, the API reference and the sign-in page (JSON when asked for).
  app.use(
    homePage({
      config,
      get siteName() {
        return settings.siteName;
      },
      get siteDescription() {
        return settings.siteDescription;
      },
      wpJsonUrl: face?.rootUrl,
    }),
  );

  app.use((req: Request, res: Response, next: NextFunction) => {
    const restPath = restPathOf(req.path);
    if (restPath === undefined) return next();
    rest(req, res, restPath).catch(next);
  });

  app.use((_req: Request, res: Response) => {
    const e = noRoute();
    res.status(e.status).json(e.toBody());
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return void res.destroy();
    if (err instanceof WpError) return sendError(req, res, restUrl, err);
    log.error({ err, reqId: res.locals.requestId }, 'unhandled error');
    sendError(req, res, restUrl, wpError('internal_server_error'));
  });

  const rewriteRestRoute = restRouteRewrite(face?.restRouteRoot);
  // Every request's one path (pipeline.ts): what the fast replay of a cached answer and Express's routing share.
  const steps: Step[] = [
    (_req, res, next) => {
      localsOf(res);
      next();
    },
    (req, res, next) => {
      metrics.track(req, res, () => gatewayRouteLabel(req as Request, res as Response));
      next();
    },
    tracingMiddleware('gateway', gatewayRouteLabel) as unknown as Step,
    requestContext(log),
    // One reading of the request target for every decision after this (request-target.ts); a refusal skips to Express.
    (req, res, next) => {
      const refused = settleRequestTarget(req);
      if (refused) localsOf(res).refused = refused;
      next();
    },
    (req, res, next) => (localsOf(res).refused ? next() : rewriteRestRoute(req, res, next)),
    // A request under /wp-json becomes the /rest one, its answer translated back (wp-face/); before anything reads it.
    (req, res, next) => (face ? face.step(req, res, next) : next()),
    // Every REST request is authenticated before anything answers it, the replay below included: by its Basic
    // credentials when it has them (and then by them alone), else by a signed-in browser's cookie and nonce.
    (req, res, next) => {
      const locals = localsOf(res);
      if (locals.refused || restPathOf(pathOf(req.url ?? '')) === undefined) return next();
      const reqId = locals.requestId as string;
      const outcome =
        parseAuthorization(req.headers.authorization).kind === 'none'
          ? cookieAuth.authenticate(req, reqId)
          : authenticate(req.headers.authorization, clientIpOf(req, settings.trustProxy), reqId);
      const settle = (auth: AuthOutcome) => {
        locals.auth = auth;
        // rest_cookie_check_errors sends the browser a fresh nonce with every answer it authenticated.
        if (auth.kind === 'user' && auth.nonce) res.setHeader('X-WP-Nonce', auth.nonce);
        next();
      };
      if (!(outcome instanceof Promise)) return settle(outcome);
      outcome.then(settle, (err: unknown) => failed(err, req, res));
    },
    // A cached answer for a plain GET, by URL and caller (answer-cache/).
    (req, res, next) => {
      const locals = localsOf(res);
      const auth = locals.auth as AuthOutcome | undefined;
      if (!answers || !auth || auth.kind === 'error' || !plainGet(req.method, req.headers)) return next();
      const asFace = faceOf(res);
      const kept = answers.cache.lookup(
        answerKey(asFace?.url ?? req.url ?? '', auth.kind === 'user' ? auth.user : null),
      );
      if (!kept) return next();
      asFace?.answer.asIs(); // kept in the face's terms
      locals.upstreamRoute = kept.route;
      writeAnswer(req, res, kept, locals.requestId as string, siteOrigin);
    },
  ];
  const failed = (err: unknown, _req: IncomingMessage, res: ServerResponse) => {
    log.error({ err, reqId: localsOf(res).requestId }, 'unhandled error');
    if (res.headersSent) return void res.destroy();
    const e = wpError('internal_server_error');
    res.writeHead(e.status, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(e.toBody()));
  };
  // Express's app function hands every request to app.handle (untyped in @types/express 5).
  const inner = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void };
  const handle = inner.handle.bind(app);
  const run = pipeline(steps, (req, res) => handle(req, res), failed);
  inner.handle = (req, res, next) => (next === undefined ? run(req, res) : handle(req, res, next));

  if (usesDevSecret(config)) log.warn('LOOM_INTERNAL_SECRET is not set: using the local development secret');
  if (Number(env.LOOM_AUTH_CACHE_MS) > AUTH_CACHE_MAX_MS)
    log.warn({ authCacheMs: settings.authCacheMs }, `LOOM_AUTH_CACHE_MS is capped at ${AUTH_CACHE_MAX_MS}`);
  const ready = routeIndex.start();
  let closed = false;
  return {
    app,
    settings,
    upstreams,
    routeIndex,
    notifier,
    metrics,
    answers,
    ready,
    siteOptionsRead: siteOptions.ready,
    refresh: () => routeIndex.refresh(),
    close() {
      if (closed) return;
      closed = true;
      routeIndex.stop();
      proxies.close();
      void answers?.coordination.close();
      void siteOptions.close();
      batch.close();
      void notifier.close();
    },
  };
}
