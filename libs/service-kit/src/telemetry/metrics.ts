/**
 * Prometheus metrics of one process (prom-client), in a registry of its own so that several apps in one
 * process (tests) never share series. Requests are labelled by route pattern, never by raw path: the label's
 * values are bounded by the routes the code defines, whatever clients ask for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a cached read (~1 ms) to the gateway's upstream timeout (30 s). */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request no route answered (an unknown path must not become a label value). */
export const UNMATCHED_ROUTE = 'unmatched';

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly inFlight: Gauge;
  readonly storeSeconds: Histogram<'collection' | 'operation' | 'outcome'>;
  readonly upstreamSeconds: Histogram<'upstream' | 'status'>;
  /** The answer cache's (CachedAnswers): hit, kept, refused (used less often than what it would displace), too_large, evicted. */
  readonly answerCache: Counter<'event'>;
  readonly answerCacheBytes: Gauge;

  constructor(service: string, opts: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service });
    this.requests = new Counter({
      name: 'loom_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'loom_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers,
    });
    this.inFlight = new Gauge({
      name: 'loom_http_requests_in_flight',
      help: 'HTTP requests being answered now.',
      registers,
    });
    this.storeSeconds = new Histogram({
      name: 'loom_store_operation_duration_seconds',
      help: 'Store operations, by collection, operation and outcome (ok, error).',
      labelNames: ['collection', 'operation', 'outcome'],
      buckets: BUCKETS,
      registers,
    });
    this.upstreamSeconds = new Histogram({
      name: 'loom_upstream_request_duration_seconds',
      help: 'Gateway to service requests, to the answer headers, by service and status (error: no answer).',
      labelNames: ['upstream', 'status'],
      buckets: BUCKETS,
      registers,
    });
    this.answerCache = new Counter({
      name: 'loom_answer_cache_events_total',
      help: 'Answer cache: replays (hit), answers kept, refused (used less often than those they would displace), too_large, and evicted.',
      labelNames: ['event'],
      registers,
    });
    this.answerCacheBytes = new Gauge({
      name: 'loom_answer_cache_bytes',
      help: 'Bytes held by the cached answers (keys, headers and bodies), within LOOM_ANSWER_CACHE_BYTES.',
      registers,
    });
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts and times every request; `routeOf` names its route once it is answered (the pattern the
   * dispatcher matched, an Express route's path, or UNMATCHED_ROUTE).
   */
  middleware(routeOf: (req: Request, res: Response) => string) {
    return (req: Request, res: Response, next: NextFunction): void => {
      this.track(req, res, () => routeOf(req, res));
      next();
    };
  }

  /** Counts and times one request from now to its answer's end; `route` names it then. */
  track(req: IncomingMessage, res: ServerResponse, route: () => string): void {
    const start = process.hrtime.bigint();
    this.inFlight.inc();
    // 'close' comes for every response, also when the client went away before the end.
    res.once('close', () => {
      this.inFlight.dec();
      const labels = { method: req.method ?? '', route: route(), status: String(res.statusCode) };
      this.requests.inc(labels);
      this.requestSeconds.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
  }

  /** GET /metrics: the exposition text (plus `extra` lines in the same format, e.g. the gateway's outbox). */
  handler(extra?: () => string) {
    return async (_req: Request, res: Response): Promise<void> => {
      const text = await this.registry.metrics();
      res.type(this.registry.contentType).send(extra ? `${text}\n${extra()}` : text);
    };
  }
}

/** The route label of a kit or gateway request: the matched pattern, an Express route's path, or unmatched. */
export function routeLabel(req: Request, res: Response): string {
  const route = res.locals.route as string | undefined;
  if (route) return route;
  const expressRoute = (req as Request & { route?: { path?: unknown } }).route?.path;
  return typeof expressRoute === 'string' ? expressRoute : UNMATCHED_ROUTE;
}
