/**
 * The services' parts of the route index. Each service describes its own routes at `GET /_loom/routes`;
 * the gateway reads them at start and every refresh period. A service that does not answer keeps the
 * routes it last reported (clients keep discovering it while it restarts); one never reached adds nothing.
 *
 * The index is complete once every service has answered once. Until then the services still missing are
 * asked again quickly (100 ms, doubling up to 2 s or the refresh period): under `npm start` or a fresh deployment
 * the gateway usually listens before the services do, and a client that discovers routes at start
 * (node-wpapi's discover()) must not see an empty site for a whole refresh period.
 *
 * Each read is signed with LOOM_INTERNAL_SECRET and its answer must be signed back with it (the kit's
 * requireInternal): a service that refuses our signature or answers unsigned belongs to another stack (another
 * Loom on the ports we were given). It is `foreign`: logged as an error naming it, its routes never loaded, and
 * nothing is sent to it (usable()) until our own service answers there.
 */
import {
  compilePattern,
  INTERNAL_ANSWER_HEADER,
  INTERNAL_HEADER,
  type Namespace,
  type RouteEntry,
  type ServiceName,
} from '@loom/contracts';
import { signInternal, urlVar, verifyInternalAnswer, type Logger } from '@loom/service-kit';
import { SERVICES, type Upstreams } from './upstreams';

export type Routes = Record<string, RouteEntry>;
export type ServiceStatus = 'up' | 'down' | 'unknown' | 'foreign';

export interface RouteIndexOptions {
  upstreams: Upstreams;
  refreshMs: number;
  timeoutMs: number;
  log: Logger;
  /** LOOM_INTERNAL_SECRET: signs each read, and each service's answer must be signed with it. */
  secret: string;
  /** First delay before asking again the services that have not answered yet (doubles up to RETRY_MAX_MS). */
  retryBaseMs?: number;
  /** Least time between two refreshes asked for by requests for routes the index does not know. */
  missRefreshMs?: number;
}

/** The defaults of the retry and of the refresh on an unknown route. */
export const RETRY_BASE_MS = 100;
export const RETRY_MAX_MS = 2000;
export const MISS_REFRESH_MS = 1000;

interface ServiceState {
  routes: Routes | null;
  status: ServiceStatus;
}

/** What `/readyz` reports: complete once every service has answered once since the gateway started. */
export interface IndexCompleteness {
  complete: boolean;
  /** The services that have never answered. */
  missing: ServiceName[];
}

/** What answered does not hold our secret: another stack's service. */
class ForeignService extends Error {}

/**
 * Reads one service's `/_loom/routes`; throws when it does not answer in time or answers nonsense, and
 * ForeignService when it refuses our signature or does not sign its answer with our secret.
 */
async function fetchRoutes(baseUrl: string, query: string, timeoutMs: number, secret: string): Promise<Routes> {
  const proof = signInternal(secret);
  const res = await fetch(`${baseUrl}/_loom/routes${query}`, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json', [INTERNAL_HEADER]: proof },
  });
  if (res.status === 403) {
    await res.body?.cancel();
    throw new ForeignService('it refused our LOOM_INTERNAL_SECRET (403)');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  if (!verifyInternalAnswer(res.headers.get(INTERNAL_ANSWER_HEADER), proof, secret)) {
    await res.body?.cancel();
    throw new ForeignService('its answer is not signed with our LOOM_INTERNAL_SECRET');
  }
  const doc = (await res.json()) as { routes?: unknown };
  const routes = doc?.routes;
  if (!routes || typeof routes !== 'object' || Array.isArray(routes)) throw new Error('no routes object');
  const out: Routes = {};
  for (const [pattern, entry] of Object.entries(routes as Record<string, unknown>)) {
    const e = entry as Partial<RouteEntry> | null;
    // Keep only well-formed entries: one bad route must not hide a service's others.
    if (e && typeof e === 'object' && typeof e.namespace === 'string' && Array.isArray(e.methods))
      out[pattern] = e as RouteEntry;
  }
  return out;
}

export class RouteIndex {
  private readonly state = new Map<ServiceName, ServiceState>(
    SERVICES.map((s) => [s, { routes: null, status: 'unknown' }]),
  );
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> | undefined;
  private firstRound: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastMissRefresh = -Infinity;
  private wasComplete = false;
  private readonly completeWaiters = new Set<() => void>();

  constructor(private readonly opts: RouteIndexOptions) {}

  /**
   * Reads every service now, then every `refreshMs`, and the services still missing sooner until each has
   * answered once. Resolves when the first round is done.
   */
  start(): Promise<void> {
    if (!this.firstRound) {
      this.stopped = false;
      this.firstRound = this.refresh().then(() => this.scheduleRetry(this.opts.retryBaseMs ?? RETRY_BASE_MS));
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.opts.refreshMs);
      this.timer.unref(); // never keeps the process (or a test run) alive
    }
    return this.firstRound;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = undefined;
    this.retryTimer = undefined;
  }

  /** Asks the missing services again after `delayMs`, doubling the delay each time, until none is missing. */
  private scheduleRetry(delayMs: number): void {
    if (this.stopped || this.completeness().complete) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.refreshMissing().then(() =>
        this.scheduleRetry(Math.min(delayMs * 2, RETRY_MAX_MS, this.opts.refreshMs)),
      );
    }, delayMs);
    this.retryTimer.unref();
  }

  /** Reads only the services that have never answered (the retry's round: the others are read on the timer). */
  private async refreshMissing(): Promise<void> {
    await Promise.all(this.completeness().missing.map((s) => this.refreshOne(s)));
  }

  /** Whether every service has answered once, and which have not. */
  completeness(): IndexCompleteness {
    const missing = SERVICES.filter((s) => this.state.get(s)!.routes === null);
    return { complete: missing.length === 0, missing };
  }

  /**
   * Resolves when the index is complete or after `maxMs`, whichever comes first (an index request at start
   * waits this long for services that are still starting rather than list none of their routes).
   */
  whenComplete(maxMs: number): Promise<void> {
    if (this.completeness().complete || maxMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.completeWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      timer.unref();
      this.completeWaiters.add(done);
    });
  }

  /**
   * A request named a route of `service` the index does not list (a service started late, or with new
   * routes): read that service again, at most once per `missRefreshMs` so that a client probing unknown
   * paths cannot turn every request into a read of the services.
   */
  refreshOnMiss(service: ServiceName): void {
    const now = Date.now();
    if (now - this.lastMissRefresh < (this.opts.missRefreshMs ?? MISS_REFRESH_MS)) return;
    this.lastMissRefresh = now;
    void this.refreshOne(service);
  }

  /** The pattern of the route of `service` in `namespace` that `restPath` (e.g. `/core/v2/posts/5`) matches, if the index lists one. */
  routeOf(service: ServiceName, namespace: Namespace, restPath: string): string | undefined {
    for (const pattern of Object.keys(this.routesFor(service, namespace)))
      if (regexOf(pattern).test(restPath)) return pattern;
    return undefined;
  }

  /** Resolves once the first round of reads is over (immediately if the index was never started). */
  whenStarted(): Promise<void> {
    return this.firstRound ?? Promise.resolve();
  }

  /** One round of reads; concurrent callers share the round in flight. Never rejects. */
  refresh(): Promise<void> {
    this.inflight ??= Promise.all(SERVICES.map((s) => this.refreshOne(s))).then(
      () => {
        this.inflight = undefined;
      },
      () => {
        this.inflight = undefined;
      },
    );
    return this.inflight;
  }

  /** Whether requests may go to `service`: not while what answers at its URL is another stack's. */
  usable(service: ServiceName): boolean {
    return this.state.get(service)?.status !== 'foreign';
  }

  private async refreshOne(service: ServiceName): Promise<void> {
    const st = this.state.get(service)!;
    try {
      st.routes = await fetchRoutes(this.opts.upstreams[service], '', this.opts.timeoutMs, this.opts.secret);
      if (st.status !== 'up')
        this.opts.log.info({ service, routes: Object.keys(st.routes).length }, 'service routes loaded');
      st.status = 'up';
      if (!this.wasComplete && this.completeness().complete) {
        this.wasComplete = true;
        this.opts.log.info('route index complete: every service has answered');
        for (const done of [...this.completeWaiters]) done();
      }
    } catch (err) {
      if (err instanceof ForeignService) {
        // Never ours: what it reported before goes too (our service was replaced by another stack's).
        if (st.status !== 'foreign') {
          const url = this.opts.upstreams[service];
          this.opts.log.error(
            { service, url, err: err.message },
            `${service} at ${url} is not this Loom's (${err.message}): its routes are not loaded and no request goes there; check ${urlVar(service)} or its port, and LOOM_INTERNAL_SECRET`,
          );
        }
        st.routes = null;
        st.status = 'foreign';
        return;
      }
      // Logged on the transition only, so a service that stays down does not flood the log. At start, services
      // usually listen after the gateway: not a warning until one that had answered stops answering.
      if (st.status === 'unknown')
        this.opts.log.info({ service, err: reason(err) }, 'service not answering yet; asking again shortly');
      else if (st.status !== 'down')
        this.opts.log.warn(
          { service, err: reason(err), keptRoutes: st.routes ? Object.keys(st.routes).length : 0 },
          'service routes unavailable',
        );
      st.status = 'down';
    }
  }

  /** The routes `service` last reported for `namespace`, in the service's order. */
  routesFor(service: ServiceName, namespace: Namespace): Routes {
    return pickNamespace(this.state.get(service)?.routes ?? null, namespace);
  }

  /**
   * The same, read now with `?context=help` so that services can include each route's schema
   * (WordPress's index in help context); a service that does not answer contributes its cached routes. `docs`: and
   * each endpoint's docs (summary, answer, bodies), which only the API reference shows.
   */
  async helpRoutes(docs = false): Promise<(service: ServiceName, namespace: Namespace) => Routes> {
    const fresh = new Map<ServiceName, Routes | null>();
    await Promise.all(
      SERVICES.map(async (s) => {
        fresh.set(
          s,
          await fetchRoutes(
            this.opts.upstreams[s],
            docs ? '?context=help&docs=1' : '?context=help',
            this.opts.timeoutMs,
            this.opts.secret,
          ).catch(() => this.state.get(s)?.routes ?? null),
        );
      }),
    );
    return (service, namespace) => pickNamespace(fresh.get(service) ?? null, namespace);
  }

  status(): Record<ServiceName, ServiceStatus> {
    return Object.fromEntries([...this.state].map(([s, st]) => [s, st.status])) as Record<ServiceName, ServiceStatus>;
  }
}

// Route patterns come from the services' route tables: a bounded set, each compiled once.
const compiled = new Map<string, RegExp>();
function regexOf(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    try {
      re = compilePattern(pattern);
    } catch {
      re = /(?!)/; // a pattern JavaScript cannot compile matches nothing rather than failing the request
    }
    compiled.set(pattern, re);
  }
  return re;
}

/** fetch() reports "fetch failed" with the useful part (ECONNREFUSED...) in its cause. */
function reason(err: unknown): string {
  const e = err as Error & { cause?: { code?: string } };
  return e.cause?.code ?? e.message ?? String(err);
}

/** Each report's routes by namespace, picked once (routeOf() asks on every proxied request); a new report is a new object. */
const picked = new WeakMap<Routes, Map<string, Routes>>();

function pickNamespace(routes: Routes | null, namespace: string): Routes {
  if (!routes) return {};
  let byNs = picked.get(routes);
  if (!byNs) picked.set(routes, (byNs = new Map()));
  let out = byNs.get(namespace);
  if (!out) byNs.set(namespace, (out = pickFrom(routes, namespace)));
  return out;
}

function pickFrom(routes: Routes, namespace: string): Routes {
  const out: Routes = {};
  for (const [pattern, entry] of Object.entries(routes)) if (entry.namespace === namespace) out[pattern] = entry;
  return out;
}
