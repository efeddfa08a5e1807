/**
 * The outbox: notifications made while NATS is unreachable survive a gateway restart and are published by the
 * next start; past LOOM_OUTBOX_MAX new ones are dropped, logged and counted; NATS_URL unset turns it all off.
 * Also the derivation of a notification from a write (unit).
 */
import { appendFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { connect } from 'nats';
import { CHANGES_STREAM, changeNotificationSchema, type ChangeNotification } from '@loom/contracts';
import { createLogger, testConfig } from '@loom/service-kit';
import type { Gateway } from '../src';
import { createNotifier, toNotification } from '../src/notifications';
import { DiskQueue } from '../src/notifications/outbox';
import {
  ADMIN,
  basicFor,
  captureLog,
  eventually,
  startCore,
  startGateway,
  startNats,
  type NatsServer,
  type Running,
} from '@loom/testing';

let nats: NatsServer;
let core: Running;
let auth: Record<string, string>;
const gateways: Gateway[] = [];

beforeAll(async () => {
  nats = await startNats();
  await nats.stop(); // each test starts it when it wants NATS back
  core = await startCore();
  auth = await basicFor(core.url, ADMIN);
});

afterAll(async () => {
  for (const gw of gateways) {
    gw.close();
    await gw.notifier.close();
  }
  await core?.close();
  await nats?.dispose();
});

async function gateway(dataDir: string, env: NodeJS.ProcessEnv = {}, log = captureLog()) {
  const gw = await startGateway(
    {
      upstreams: { 'core-content': core.url },
      config: testConfig('gateway', { NATS_URL: nats.url, DATA_DIR: dataDir }),
      log: log.log,
    },
    env,
  );
  gateways.push(gw);
  return gw;
}

async function streamed(): Promise<ChangeNotification[]> {
  const nc = await connect({ servers: nats.url });
  try {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(CHANGES_STREAM);
    const out: ChangeNotification[] = [];
    for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(CHANGES_STREAM, { seq });
      out.push(changeNotificationSchema.parse(JSON.parse(new TextDecoder().decode(m.data))));
    }
    return out;
  } finally {
    await nc.close();
  }
}

let seq = 0;
const create = async (gw: Gateway) => {
  const r = await request(gw.app)
    .post('/rest/core/v2/categories')
    .set(auth)
    .send({ name: `Outbox ${++seq} ${Date.now()}` });
  expect(r.status).toBe(201);
  return r.body.id as number;
};

test('pending notifications survive a gateway restart and are published, in order, by the next start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'loom-gw-'));
  const a = await gateway(dir);
  const ids = [await create(a), await create(a), await create(a)];
  expect(a.notifier.counters().pending).toBe(3);
  a.close();
  await a.notifier.close();
  expect(readdirSync(join(dir, 'gateway', 'outbox')).some((f) => f.endsWith('.jsonl'))).toBe(true);

  await nats.start();
  const b = await gateway(dir);
  expect(b.notifier.counters().pending).toBe(3);
  await eventually(async () => b.notifier.counters().pending === 0, 15000);
  const got = await streamed();
  expect(got.map((n) => [n.action, n.item_id])).toEqual(ids.map((id) => ['created', id]));
  expect(b.notifier.counters().published).toBe(3);
  b.close();
  await b.notifier.close();

  // Nothing is published twice by a third start.
  const c = await gateway(dir);
  expect(c.notifier.counters().pending).toBe(0);
  await nats.stop();
}, 40000);

test('past LOOM_OUTBOX_MAX new notifications are dropped, logged at error and counted; the kept ones are published', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'loom-gw-'));
  const captured = captureLog();
  const gw = await gateway(dir, { LOOM_OUTBOX_MAX: '2' }, captured);
  const before = nats.running() ? (await streamed()).length : 0;
  const ids = [await create(gw), await create(gw), await create(gw), await create(gw)];
  expect(gw.notifier.counters()).toMatchObject({ pending: 2, dropped: 2 });
  const m = (await request(gw.app).get('/metrics')).text;
  expect(m).toContain('loom_notifications_dropped_total{service="gateway"} 2');
  expect(m).toContain('loom_notifications_pending{service="gateway"} 2');
  expect(m).toContain('# TYPE loom_notifications_dropped_total counter');
  const errors = captured.lines().filter((l) => l.level === 50 && String(l.msg).includes('outbox is full'));
  expect(errors.map((l) => l.itemId)).toEqual([ids[2], ids[3]]);

  await nats.start();
  await eventually(async () => gw.notifier.counters().pending === 0, 20000);
  const got = (await streamed()).slice(before);
  const mine = got.filter((n) => ids.includes(n.item_id as number));
  expect(mine.map((n) => n.item_id)).toEqual([ids[0], ids[1]]);
  await nats.stop();
}, 40000);

test('NATS_URL unset: notifications are off, the start log says so, writes work', async () => {
  const captured = captureLog();
  const gw = await startGateway({ upstreams: { 'core-content': core.url }, log: captured.log });
  gateways.push(gw);
  expect(gw.notifier.enabled).toBe(false);
  expect(captured.lines().some((l) => l.msg === 'change notifications off (NATS_URL unset)')).toBe(true);
  await create(gw);
  expect(gw.notifier.counters()).toEqual({ published: 0, dropped: 0, pending: 0 });
  expect((await request(gw.app).get('/metrics')).text).toContain(
    'loom_notifications_published_total{service="gateway"} 0',
  );
});

describe('toNotification', () => {
  const w = { method: 'POST', path: '/core/v2/posts', status: 201, body: { id: 7 }, userId: 3, requestId: 'r1' };
  test.each([
    [{}, 'created', 7],
    [{ path: '/core/v2/posts/7', status: 200 }, 'updated', 7],
    [{ method: 'PATCH', path: '/core/v2/posts/7', status: 200 }, 'updated', 7],
    [{ method: 'DELETE', path: '/core/v2/posts/7', status: 200, body: { id: 7, status: 'trash' } }, 'trashed', 7],
    // Deleted for good, answered with the item as it was (the events plugin's terms do this).
    [{ method: 'DELETE', path: '/core/v2/posts/7', status: 200 }, 'deleted', 7],
    [
      { method: 'DELETE', path: '/core/v2/posts/7', status: 200, body: { deleted: true, previous: { id: 7 } } },
      'deleted',
      7,
    ],
    [{ method: 'DELETE', path: '/core/v2/posts/9', status: 200, body: null }, 'deleted', 9],
    [{ path: '/core/v2/posts?x=1' }, 'created', 7],
  ])('%j → %s', (over, action, id) => {
    const n = toNotification({ ...w, ...over });
    expect(changeNotificationSchema.parse(n)).toBeTruthy();
    expect([n!.action, n!.item_id, n!.namespace, n!.resource, n!.path]).toEqual([
      action,
      id,
      'core/v2',
      'posts',
      (over as { path?: string }).path?.split('?')[0] ?? '/core/v2/posts',
    ]);
  });

  test('longest namespace, subject-safe tokens; nothing for reads, failures, or paths outside a namespace', () => {
    expect(toNotification({ ...w, path: '/formsA/v1/forms/3/submissions' })).toMatchObject({
      namespace: 'formsA/v1',
      resource: 'forms',
      action: 'created',
    });
    // events/v1 by-slug routes name one item: an update there is not a creation.
    expect(
      toNotification({ ...w, path: '/events/v1/events/by-slug/harvest', status: 200, body: { id: 12 } }),
    ).toMatchObject({ namespace: 'events/v1', resource: 'events', action: 'updated', item_id: 12 });
    expect(
      toNotification({
        ...w,
        method: 'DELETE',
        path: '/events/v1/venues/by-slug/hall',
        status: 200,
        body: { id: 4, status: 'trash' },
      }),
    ).toMatchObject({ resource: 'venues', action: 'trashed', item_id: 4 });
    expect(toNotification({ ...w, method: 'GET' })).toBeNull();
    expect(toNotification({ ...w, status: 400 })).toBeNull();
    expect(toNotification({ ...w, path: '/nowhere/v1/things' })).toBeNull();
    expect(toNotification({ ...w, path: '/core/v2' })).toBeNull();
  });
});

describe('DiskQueue', () => {
  const log = createLogger('test', 'silent');
  const n = (i: number) =>
    toNotification({
      method: 'POST',
      path: '/core/v2/tags',
      status: 201,
      body: { id: i },
      userId: 1,
      requestId: `r${i}`,
    })!;

  test('reopened, it keeps what was not acknowledged, in order; a torn last line is dropped; drained, it starts a new segment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loom-outbox-'));
    const q = new DiskQueue(dir, log);
    for (const i of [1, 2, 3]) q.push(n(i));
    expect(q.peek()!.item_id).toBe(1);
    q.ack();
    q.close();
    const seg = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
    appendFileSync(join(dir, seg), '{"event_id":"torn');
    const r = new DiskQueue(dir, log);
    expect(r.pending).toBe(2);
    expect(r.peek()!.item_id).toBe(2);
    r.ack();
    expect(r.peek()!.item_id).toBe(3);
    r.ack();
    expect(r.pending).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).not.toContain(seg);
    r.push(n(4));
    r.close();
    const again = new DiskQueue(dir, log);
    expect(again.pending).toBe(1);
    expect(again.peek()!.item_id).toBe(4);
    again.close();
  });

  test('notifications on with an outbox that cannot be made: the start fails, saying why', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loom-gw-')), 'not-a-dir');
    writeFileSync(file, 'x');
    expect(() => createNotifier({ natsUrl: 'nats://127.0.0.1:1', dataDir: file, maxPending: 10, log })).toThrow(
      /cannot open the outbox .*DATA_DIR must be writable/,
    );
  });
});
