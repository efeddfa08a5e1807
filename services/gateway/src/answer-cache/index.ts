/**
 * The gateway's answer cache (answers.ts) with its coordination: over NATS when NATS_URL is set (cluster.ts),
 * otherwise for this replica alone. LOOM_GATEWAY_CACHE=off turns it off; several gateway replicas without NATS
 * need it off, as they could not tell each other of their writes.
 */
import type { Logger, Metrics } from '@loom/service-kit';
import { GatewayAnswerCache } from './answers';
import { ClusterCoordination, type ClusterTiming } from './cluster';
import { LocalCoordination, type Coordination } from './coordination';

export { GatewayAnswerCache, type Ticket } from './answers';
export { writeChanged, type Coordination } from './coordination';

export interface AnswerCacheSettings {
  mode: 'auto' | 'off';
  maxAgeMs: number;
  /** LOOM_ANSWER_CACHE_BYTES (default: the kit's). */
  maxBytes?: number;
}

export interface GatewayAnswers {
  cache: GatewayAnswerCache;
  coordination: Coordination;
  /** Resolves once the coordination runs (connected to NATS); the cache replays nothing before. */
  started: Promise<void>;
}

export function createGatewayAnswers(opts: {
  settings: AnswerCacheSettings;
  natsUrl?: string;
  log: Logger;
  timing?: ClusterTiming;
  metrics?: Metrics;
}): GatewayAnswers | undefined {
  const { settings, natsUrl, log } = opts;
  if (settings.mode === 'off') return undefined;
  let coordination: Coordination;
  let started: Promise<void>;
  if (natsUrl) {
    const cluster = new ClusterCoordination(natsUrl, log, opts.timing);
    coordination = cluster;
    started = cluster.start().then(
      () => log.info({ replica: cluster.id }, 'answer cache on, coordinated with the other gateway replicas over NATS'),
      (err: unknown) =>
        log.error(
          { err: err instanceof Error ? err.message : String(err) },
          'answer cache off: NATS unreachable at start',
        ),
    );
  } else {
    coordination = new LocalCoordination();
    started = Promise.resolve();
    log.info('answer cache on for this gateway alone (no NATS_URL): run one replica, or set LOOM_GATEWAY_CACHE=off');
  }
  return {
    cache: new GatewayAnswerCache({
      coordination,
      maxAgeMs: settings.maxAgeMs,
      maxBytes: settings.maxBytes,
      metrics: opts.metrics,
    }),
    coordination,
    started,
  };
}
