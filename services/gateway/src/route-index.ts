/**
 * The services' parts of the route index. Each service describes its own routes at `GET /_loom/routes`;
 * the gateway reads them at start and every refresh period. A service that does not answer keeps the
 * routes it last reported (clients keep discovering it while it restarts); one never reached adds nothing.
 */
import type { Namespace, RouteEntry, ServiceName } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';
import { SERVICES, type Upstreams } from './upstreams';

export type Routes = Record<string, RouteEntry>;
export type ServiceStatus = 'up' | 'down' | 'unknown';

export interface RouteIndexOptions {
  upstreams: Upstreams;
  refreshMs: number;
  timeoutMs: number;
  log: Logger;
}

interface ServiceState {
  routes: Routes | null;
  status: ServiceStatus;
}

/** Reads one service's `/_loom/routes`; throws when it does not answer in time or answers nonsense. */
async function fetchRoutes(baseUrl: string, query: string, timeoutMs: number): Promise<Routes> {
  const res = await fetch(`${baseUrl}/_loom/routes${query}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  const doc = (await res.json()) as { routes?: unknown };
  const routes = doc?.routes;
  if (!routes || typeof routes !== 'object' || Array.isArray(routes)) throw new Error('no routes object');
  const out: Routes = {};
  for (const [pattern, entry] of Object.entries(routes as Record<string, unknown>)) {
    const e = entry as Partial<RouteEntry> | null;
    // Keep only well-formed entries: one bad route must not hide a service's others.
    if (e && typeof e === 'object' && typeof e.namespace === 'string' && Array.isArray(e.methods)) out[pattern] = e as RouteEntry;
  }
  return out;
}

export class RouteIndex {
  private readonly state = new Map<ServiceName, ServiceState>(SERVICES.map((s) => [s, { routes: null, status: 'unknown' }]));
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> | undefined;
  private firstRound: Promise<void> | undefined;

  constructor(private readonly opts: RouteIndexOptions) {}

  /** Reads every service now, then every `refreshMs`. Resolves when the first round is done. */
  start(): Promise<void> {
    this.firstRound ??= this.refresh();
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.opts.refreshMs);
      this.timer.unref(); // never keeps the process (or a test run) alive
    }
    return this.firstRound;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
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

  private async refreshOne(service: ServiceName): Promise<void> {
    const st = this.state.get(service)!;
    try {
      st.routes = await fetchRoutes(this.opts.upstreams[service], '', this.opts.timeoutMs);
      if (st.status !== 'up') this.opts.log.info({ service, routes: Object.keys(st.routes).length }, 'service routes loaded');
      st.status = 'up';
    } catch (err) {
      // Logged on the transition only, so a service that stays down does not flood the log.
      if (st.status !== 'down') this.opts.log.warn({ service, err: reason(err), keptRoutes: st.routes ? Object.keys(st.routes).length : 0 }, 'service routes unavailable');
      st.status = 'down';
    }
  }

  /** The routes `service` last reported for `namespace`, in the service's order. */
  routesFor(service: ServiceName, namespace: Namespace): Routes {
    return pickNamespace(this.state.get(service)?.routes ?? null, namespace);
  }

  /**
   * The same, read now with `?context=help` so that services can include each route's schema
   * (WordPress's index in help context); a service that does not answer contributes its cached routes.
   */
  async helpRoutes(): Promise<(service: ServiceName, namespace: Namespace) => Routes> {
    const fresh = new Map<ServiceName, Routes | null>();
    await Promise.all(
      SERVICES.map(async (s) => {
        fresh.set(s, await fetchRoutes(this.opts.upstreams[s], '?context=help', this.opts.timeoutMs).catch(() => this.state.get(s)?.routes ?? null));
      }),
    );
    return (service, namespace) => pickNamespace(fresh.get(service) ?? null, namespace);
  }

  status(): Record<ServiceName, ServiceStatus> {
    return Object.fromEntries([...this.state].map(([s, st]) => [s, st.status])) as Record<ServiceName, ServiceStatus>;
  }
}

/** fetch() reports "fetch failed" with the useful part (ECONNREFUSED...) in its cause. */
function reason(err: unknown): string {
  const e = err as Error & { cause?: { code?: string } };
  return e.cause?.code ?? e.message ?? String(err);
}

function pickNamespace(routes: Routes | null, namespace: string): Routes {
  const out: Routes = {};
  for (const [pattern, entry] of Object.entries(routes ?? {})) if (entry.namespace === namespace) out[pattern] = entry;
  return out;
}
