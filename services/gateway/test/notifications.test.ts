/**
 * Change notifications end to end: the real core-content and gateway in-process, a real `nats-server -js` on a
 * free port. One notification per successful write (direct, `_envelope`, batch), none for failures or reads,
 * and nothing lost while NATS is down.
 */
import request from 'supertest';
import { connect, type NatsConnection } from 'nats';
import { CHANGES_STREAM, changeNotificationSchema, type ChangeNotification } from '@loom/contracts';
import type { Gateway } from '../src';
import {
  ADMIN,
  basic,
  basicFor,
  eventually,
  startCore,
  startGateway,
  startNats,
  testNotifier,
  watchChanges,
  type Changes,
  type NatsServer,
  type Running,
} from '@loom/testing';

let nats: NatsServer;
let core: Running;
let gw: Gateway;
let auth: Record<string, string>;
/** The connection the stream is read on (the subscriber's until NATS goes down, then a new one). */
let nc: NatsConnection;
let changes: Changes;
let live: Changes['live'];

beforeAll(async () => {
  nats = await startNats();
  core = await startCore();
  gw = await startGateway({ upstreams: { 'core-content': core.url }, notifier: testNotifier(nats.url) });
  auth = await basicFor(core.url, ADMIN);
  changes = await watchChanges(nats.url);
  ({ nc, live } = changes);
  await eventually(async () => gw.notifier.counters().pending === 0, 5000);
  // The notifier makes the stream once connected, on its own schedule: wait for it (on a loaded machine it came late).
  const jsm = await nc.jetstreamManager();
  await eventually(
    () =>
      jsm.streams.info(CHANGES_STREAM).then(
        () => true,
        () => false,
      ),
    10000,
  );
});

afterAll(async () => {
  await nc?.close();
  gw?.close();
  await gw?.notifier.close();
  await core?.close();
  await nats?.dispose();
});

const rest = () => ({
  post: (p: string, body: object = {}) => request(gw.app).post(`/rest${p}`).set(auth).send(body),
  put: (p: string, body: object = {}) => request(gw.app).put(`/rest${p}`).set(auth).send(body),
  patch: (p: string, body: object = {}) => request(gw.app).patch(`/rest${p}`).set(auth).send(body),
  del: (p: string) => request(gw.app).delete(`/rest${p}`).set(auth),
  get: (p: string) => request(gw.app).get(`/rest${p}`).set(auth),
});

/** Waits (bounded) for `count` more live notifications after `from`, then a little more to catch extras. */
async function next(from: number, count: number): Promise<Array<{ subject: string; n: ChangeNotification }>> {
  await eventually(async () => live.length >= from + count, 10000);
  await new Promise((r) => setTimeout(r, 150));
  return live.slice(from);
}

/** Every message in the stream, in stream order. */
async function streamed(): Promise<ChangeNotification[]> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(CHANGES_STREAM);
  const out: ChangeNotification[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const m = await jsm.streams.getMessage(CHANGES_STREAM, { seq });
    out.push(changeNotificationSchema.parse(JSON.parse(new TextDecoder().decode(m.data))));
  }
  return out;
}

let seq = 0;
const unique = (s: string) => `${s} ${++seq} ${Date.now()}`;

describe('one notification per successful write', () => {
  test('the stream exists with its subjects, file storage and a 2-minute duplicate window', async () => {
    const info = await (await nc.jetstreamManager()).streams.info(CHANGES_STREAM);
    expect(info.config.subjects).toEqual(['loom.changes.>']);
    expect(info.config.storage).toBe('file');
    expect(info.config.duplicate_window).toBe(120 * 1e9);
  });

  test('a category created, updated (PUT, PATCH, POST), deleted: subject, action, ids, user, request id, item', async () => {
    const from = live.length;
    const c = await rest().post('/core/v2/categories', { name: unique('Notified') });
    expect(c.status).toBe(201);
    const id = c.body.id as number;
    const u1 = await rest().put(`/core/v2/categories/${id}`, { description: 'put' });
    const u2 = await rest().patch(`/core/v2/categories/${id}`, { description: 'patch' });
    const u3 = await rest().post(`/core/v2/categories/${id}`, { description: 'post' });
    const d = await rest().del(`/core/v2/categories/${id}?force=true`);
    expect([u1.status, u2.status, u3.status, d.status]).toEqual([200, 200, 200, 200]);
    const got = await next(from, 5);
    expect(got).toHaveLength(5);
    expect(got.map((g) => g.subject)).toEqual(Array(5).fill('loom.changes.core_v2.categories'));
    expect(got.map((g) => [g.n.action, g.n.method, g.n.status, g.n.item_id])).toEqual([
      ['created', 'POST', 201, id],
      ['updated', 'PUT', 200, id],
      ['updated', 'PATCH', 200, id],
      ['updated', 'POST', 200, id],
      ['deleted', 'DELETE', 200, id],
    ]);
    for (const [i, r] of [c, u1, u2, u3, d].entries()) {
      const n = got[i].n;
      expect(n).toMatchObject({
        namespace: 'core/v2',
        resource: 'categories',
        user_id: ADMIN.id,
        request_id: r.headers['x-request-id'],
      });
      expect(n.item).toEqual(r.body);
      expect(Date.parse(n.time)).toBeGreaterThan(Date.now() - 60000);
    }
    expect(got[0].n.path).toBe('/core/v2/categories');
    expect(got[4].n.path).toBe(`/core/v2/categories/${id}`);
    expect(new Set(got.map((g) => g.n.event_id)).size).toBe(5);
  });

  test('a post created, trashed, then deleted', async () => {
    const from = live.length;
    const c = await rest().post('/core/v2/posts', { title: unique('Post'), status: 'publish' });
    expect(c.status).toBe(201);
    const id = c.body.id as number;
    expect((await rest().del(`/core/v2/posts/${id}`)).status).toBe(200);
    expect((await rest().del(`/core/v2/posts/${id}?force=true`)).status).toBe(200);
    const got = await next(from, 3);
    expect(got.map((g) => [g.subject, g.n.action, g.n.item_id])).toEqual([
      ['loom.changes.core_v2.posts', 'created', id],
      ['loom.changes.core_v2.posts', 'trashed', id],
      ['loom.changes.core_v2.posts', 'deleted', id],
    ]);
    expect((got[2].n.item as { deleted: boolean }).deleted).toBe(true);
  });

  test('a block created, updated and trashed; its pattern category created', async () => {
    const from = live.length;
    const cat = await rest().post('/core/v2/pattern_category', { name: unique('Patterns') });
    expect(cat.status).toBe(201);
    const c = await rest().post('/core/v2/blocks', {
      title: unique('Block'),
      status: 'publish',
      pattern_category: [cat.body.id],
    });
    expect(c.status).toBe(201);
    const id = c.body.id as number;
    expect((await rest().patch(`/core/v2/blocks/${id}`, { meta: { pattern_sync_status: 'unsynced' } })).status).toBe(
      200,
    );
    expect((await rest().del(`/core/v2/blocks/${id}`)).status).toBe(200);
    const got = await next(from, 4);
    expect(got.map((g) => [g.subject, g.n.action, g.n.resource, g.n.item_id])).toEqual([
      ['loom.changes.core_v2.pattern_category', 'created', 'pattern_category', cat.body.id],
      ['loom.changes.core_v2.blocks', 'created', 'blocks', id],
      ['loom.changes.core_v2.blocks', 'updated', 'blocks', id],
      ['loom.changes.core_v2.blocks', 'trashed', 'blocks', id],
    ]);
    expect(got[2].n.item).toMatchObject({ id, wp_pattern_sync_status: 'unsynced' });
  });

  test('a comment created, approved, held, spammed, edited, trashed, then deleted: its moderation named', async () => {
    const from = live.length;
    const post = await rest().post('/core/v2/posts', { title: unique('Commented'), status: 'publish' });
    const c = await rest().post('/core/v2/comments', {
      post: post.body.id,
      content: unique('Comment'),
      status: 'hold',
    });
    expect([c.status, c.body.status]).toEqual([201, 'hold']);
    const id = c.body.id as number;
    const steps = [
      await rest().patch(`/core/v2/comments/${id}`, { status: 'approved' }),
      await rest().put(`/core/v2/comments/${id}`, { status: 'hold' }),
      await rest().post(`/core/v2/comments/${id}`, { status: 'spam' }),
      await rest().post(`/core/v2/comments/${id}`, { content: 'edited' }),
      await rest().del(`/core/v2/comments/${id}`),
      await rest().del(`/core/v2/comments/${id}?force=true`),
    ];
    expect(steps.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Once it is gone, deleting it fails and publishes nothing.
    expect((await rest().del(`/core/v2/comments/${id}?force=true`)).status).toBe(404);
    const got = await next(from, 8);
    expect(got.map((g) => [g.subject, g.n.action, g.n.method, g.n.item_id])).toEqual([
      ['loom.changes.core_v2.posts', 'created', 'POST', post.body.id],
      ['loom.changes.core_v2.comments', 'created', 'POST', id],
      ['loom.changes.core_v2.comments', 'approved', 'PATCH', id],
      ['loom.changes.core_v2.comments', 'held', 'PUT', id],
      ['loom.changes.core_v2.comments', 'spammed', 'POST', id],
      ['loom.changes.core_v2.comments', 'updated', 'POST', id],
      ['loom.changes.core_v2.comments', 'trashed', 'DELETE', id],
      ['loom.changes.core_v2.comments', 'deleted', 'DELETE', id],
    ]);
    expect(got[2].n.item).toMatchObject({ id, status: 'approved' });
    expect(steps[0].headers['x-loom-change']).toBeUndefined();
  });

  test('failed writes (400, 401, 404) and reads publish nothing', async () => {
    const from = live.length;
    expect((await rest().post('/core/v2/categories', {})).status).toBe(400);
    expect(
      (
        await request(gw.app)
          .post('/rest/core/v2/categories')
          .set(basic(ADMIN.login, 'abcd abcd abcd abcd abcd abcd'))
          .send({ name: 'x' })
      ).status,
    ).toBe(401);
    expect((await rest().put('/core/v2/categories/987654', { name: 'x' })).status).toBe(404);
    expect((await rest().del('/core/v2/posts/987654')).status).toBe(404);
    expect((await rest().get('/core/v2/categories')).status).toBe(200);
    expect((await request(gw.app).post('/rest/core/v2/categories?_method=GET').set(auth).send({})).status).toBe(200);
    // A marker write: anything published for the requests above would arrive before it.
    const marker = await rest().post('/core/v2/tags', { name: unique('Marker') });
    expect(marker.status).toBe(201);
    const got = await next(from, 1);
    expect(got.map((g) => [g.n.resource, g.n.item_id])).toEqual([['tags', marker.body.id]]);
  });

  test('_envelope: the envelope status and body count; an enveloped failure publishes nothing', async () => {
    const from = live.length;
    const bad = await request(gw.app).post('/rest/core/v2/categories?_envelope').set(auth).send({});
    expect(bad.status).toBe(200);
    expect(bad.body.status).toBe(400);
    const ok = await request(gw.app)
      .post('/rest/core/v2/categories?_envelope=1')
      .set(auth)
      .send({ name: unique('Enveloped') });
    expect(ok.body.status).toBe(201);
    const got = await next(from, 1);
    expect(got).toHaveLength(1);
    expect(got[0].n).toMatchObject({
      action: 'created',
      status: 201,
      item_id: ok.body.body.id,
      path: '/core/v2/categories',
    });
    expect(got[0].n.item).toEqual(ok.body.body);
  });

  test('a method override (POST ?_method=DELETE) is notified as the DELETE it is', async () => {
    const from = live.length;
    const c = await rest().post('/core/v2/tags', { name: unique('Override') });
    const d = await request(gw.app)
      .post(`/rest/core/v2/tags/${c.body.id}?_method=DELETE&force=true`)
      .set(auth)
      .send({});
    expect(d.status).toBe(200);
    const got = await next(from, 2);
    expect(got.map((g) => [g.n.method, g.n.action, g.n.item_id])).toEqual([
      ['POST', 'created', c.body.id],
      ['DELETE', 'deleted', c.body.id],
    ]);
  });

  test('batch: one notification per successful item, none for the failed one', async () => {
    const from = live.length;
    const r = await request(gw.app)
      .post('/rest/batch/v1')
      .set(auth)
      .send({
        requests: [
          { method: 'POST', path: '/core/v2/categories', body: { name: unique('Batch A') } },
          { method: 'POST', path: '/core/v2/categories', body: {} },
          { method: 'POST', path: '/core/v2/tags', body: { name: unique('Batch B') } },
        ],
      });
    expect(r.status).toBe(207);
    const responses = r.body.responses as Array<{ status: number; body: { id: number } }>;
    expect(responses.map((x) => x.status)).toEqual([201, 400, 201]);
    const got = await next(from, 2);
    expect(got.map((g) => [g.subject, g.n.action, g.n.item_id, g.n.user_id])).toEqual([
      ['loom.changes.core_v2.categories', 'created', responses[0].body.id, ADMIN.id],
      ['loom.changes.core_v2.tags', 'created', responses[2].body.id, ADMIN.id],
    ]);
  });
});

describe('NATS down', () => {
  test('writes succeed at once; after NATS returns every notification arrives, in order, exactly once', async () => {
    await eventually(async () => gw.notifier.counters().pending === 0, 5000);
    const before = (await streamed()).length;
    await changes.close();
    await nats.stop();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = Date.now();
      const r = await rest().post('/core/v2/categories', { name: unique('Offline') });
      expect(r.status).toBe(201);
      expect(Date.now() - t).toBeLessThan(1000);
      ids.push(r.body.id as number);
    }
    const t = Date.now();
    expect((await rest().put(`/core/v2/categories/${ids[0]}`, { description: 'offline update' })).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(1000);
    expect(gw.notifier.counters().pending).toBe(7);
    const metrics = await request(gw.app).get('/metrics');
    expect(metrics.text).toContain('loom_notifications_pending{service="gateway"} 7');
    await new Promise((r) => setTimeout(r, 1200)); // some retries fail meanwhile
    await nats.start();
    nc = await connect({ servers: nats.url });
    await eventually(async () => gw.notifier.counters().pending === 0, 20000);
    const all = await streamed();
    const after = all.slice(before);
    expect(after.map((n) => [n.action, n.item_id])).toEqual([...ids.map((id) => ['created', id]), ['updated', ids[0]]]);
    expect(new Set(all.map((n) => n.event_id)).size).toBe(all.length);
  }, 40000);

  test('/metrics counts what was published', async () => {
    const m = (await request(gw.app).get('/metrics')).text;
    expect(m).toMatch(/^loom_notifications_published_total\{service="gateway"\} (\d+)$/m);
    expect(Number(/^loom_notifications_published_total\{service="gateway"\} (\d+)$/m.exec(m)![1])).toBe(
      gw.notifier.counters().published,
    );
    expect(m).toContain('loom_notifications_dropped_total{service="gateway"} 0');
    expect(m).toContain('loom_notifications_pending{service="gateway"} 0');
  });
});
