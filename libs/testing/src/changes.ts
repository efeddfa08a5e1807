/**
 * Change notifications in tests: the gateway's notifier publishing to a test nats-server (nats-server.ts) with quick
 * retries and its outbox in a fresh directory, and a subscriber that keeps every notification as it arrives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { changeNotificationSchema, type ChangeNotification } from '@loom/contracts';
import type { GatewayDeps } from '@loom/gateway';
// The gateway's index does not export its notifier factory; tests give the gateway one of their own.
import { createNotifier } from '../../../services/gateway/src/notifications';
import { silentLog } from './logs';

export type Notifier = NonNullable<GatewayDeps['notifier']>;

/** A notifier for startGateway({ notifier }): publishes to `natsUrl`, retries every 50–400 ms, 1 s per publish. */
export function testNotifier(natsUrl: string, maxPending = 1000): Notifier {
  return createNotifier({
    natsUrl,
    dataDir: mkdtempSync(join(tmpdir(), 'loom-gw-')),
    maxPending,
    log: silentLog(),
    retry: { minMs: 50, maxMs: 400 },
    publishTimeoutMs: 1000,
  });
}

export interface Changes {
  /** Every notification received so far, in order, with its subject. */
  live: Array<{ subject: string; n: ChangeNotification }>;
  nc: NatsConnection;
  close(): Promise<void>;
}

/** Subscribes to `loom.changes.>` on `natsUrl` (core NATS: only what is published from now on). */
export async function watchChanges(natsUrl: string): Promise<Changes> {
  const nc = await connect({ servers: natsUrl });
  const live: Changes['live'] = [];
  const sub = nc.subscribe('loom.changes.>');
  void (async () => {
    for await (const m of sub)
      live.push({
        subject: m.subject,
        n: changeNotificationSchema.parse(JSON.parse(new TextDecoder().decode(m.data))),
      });
  })();
  await nc.flush();
  return { live, nc, close: () => nc.close() };
}
