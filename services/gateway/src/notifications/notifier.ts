/**
 * Change notifications (docs/api.md, "Change notifications"): every successful write seen by the gateway, proxied
 * or inside a batch, becomes one notification, queued in the durable outbox and published to JetStream in order.
 * `notify` is synchronous and never waits for NATS: a write never fails or waits because NATS is down.
 */
import { join } from 'node:path';
import type { Logger } from '@loom/service-kit';
import { toNotification, type Write } from './derive';
import { DiskQueue, startPublisher, type Publisher } from './outbox';

export type { Write } from './derive';

export interface NotifierCounters {
  published: number;
  dropped: number;
  pending: number;
}

export interface Notifier {
  /** Whether notifications are on (NATS_URL set). */
  readonly enabled: boolean;
  /**
   * One write that succeeded or not (non-writes and non-2xx statuses are ignored). `path` is under /rest without
   * the query (`/core/v2/posts/5`), `body` the response body (an `_envelope`'s `body`), `userId` 0 when anonymous.
   * Never throws, never waits.
   */
  notify(write: Write): void;
  counters(): NotifierCounters;
  /** Prometheus text lines for /metrics. */
  metrics(): string;
  /** Stops publishing (what is pending stays on disk for the next start). */
  close(): Promise<void>;
}

export interface NotifierOptions {
  /** NATS_URL; unset → a no-op notifier. */
  natsUrl?: string;
  /** DATA_DIR: the outbox lives in DATA_DIR/gateway/outbox. */
  dataDir: string;
  /** LOOM_OUTBOX_MAX: most notifications held while unpublished; past it new ones are dropped. */
  maxPending: number;
  log: Logger;
  retry?: { minMs: number; maxMs: number };
  publishTimeoutMs?: number;
}

/** The label the gateway's registry gives every other series (the kit's Metrics: setDefaultLabels). */
const LABELS = '{service="gateway"}';

function metricsText(c: NotifierCounters): string {
  return [
    '# HELP loom_notifications_published_total Change notifications acknowledged by JetStream.',
    '# TYPE loom_notifications_published_total counter',
    `loom_notifications_published_total${LABELS} ${c.published}`,
    '# HELP loom_notifications_dropped_total Change notifications dropped because the outbox was full (LOOM_OUTBOX_MAX).',
    '# TYPE loom_notifications_dropped_total counter',
    `loom_notifications_dropped_total${LABELS} ${c.dropped}`,
    '# HELP loom_notifications_pending Change notifications in the outbox waiting for a JetStream acknowledgement.',
    '# TYPE loom_notifications_pending gauge',
    `loom_notifications_pending${LABELS} ${c.pending}`,
    '',
  ].join('\n');
}

export function createNotifier(opts: NotifierOptions): Notifier {
  const { log } = opts;
  if (!opts.natsUrl) {
    log.info('change notifications off (NATS_URL unset)');
    const counters = () => ({ published: 0, dropped: 0, pending: 0 });
    return {
      enabled: false,
      notify: () => undefined,
      counters,
      metrics: () => metricsText(counters()),
      close: async () => undefined,
    };
  }
  const dir = join(opts.dataDir, 'gateway', 'outbox');
  let queue: DiskQueue;
  try {
    queue = new DiskQueue(dir, log);
  } catch (err) {
    // Notifications on without a durable outbox would lose them: refuse to start, saying why.
    throw new Error(
      `change notifications: cannot open the outbox ${dir} (DATA_DIR must be writable when NATS_URL is set): ${(err as Error).message}`,
    );
  }
  let published = 0;
  let dropped = 0;
  let closed = false;
  const publisher: Publisher = startPublisher({
    url: opts.natsUrl,
    queue,
    log,
    onPublished: () => published++,
    retry: opts.retry,
    publishTimeoutMs: opts.publishTimeoutMs,
  });
  log.info({ outbox: dir, pending: queue.pending, max: opts.maxPending }, 'change notifications on');
  const counters = () => ({ published, dropped, pending: queue.pending });
  return {
    enabled: true,
    notify(write) {
      try {
        const n = toNotification(write);
        if (!n) return;
        if (closed || queue.pending >= opts.maxPending) {
          dropped++;
          log.error(
            {
              reqId: write.requestId,
              path: n.path,
              action: n.action,
              itemId: n.item_id,
              pending: queue.pending,
              max: opts.maxPending,
              dropped,
            },
            closed
              ? 'change notification dropped: notifier closed'
              : 'change notification dropped: the outbox is full (LOOM_OUTBOX_MAX)',
          );
          return;
        }
        queue.push(n);
        publisher.wake();
      } catch (err) {
        dropped++;
        log.error({ err, reqId: write.requestId }, 'change notification dropped: could not queue it');
      }
    },
    counters,
    metrics: () => metricsText(counters()),
    async close() {
      if (closed) return;
      closed = true;
      await publisher.close();
      queue.close();
    },
  };
}
