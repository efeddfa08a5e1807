/**
 * Issue 22, classes 1, 3 and 5 and the clock: no request makes the answer cache serve an old answer or switches it
 * off, on one gateway replica and on two over a real nats-server, against the real core-content.
 * - A request target is read once, as its service will read it: a fragment or a method override that could be read
 *   two ways is refused with a 400 and changes nothing; every real override spelling flushes and notifies exactly
 *   as the plain method does, on every replica.
 * - Only a write that changed something flushes, and only its service's answers: a refused write, a write to
 *   another service and a write whose body never comes leave the cache serving.
 * - Replayed and routed requests go through the same steps (the target check, authentication).
 * - A cached answer's lifetime is relative: a gateway whose clock is off by an hour still publishes on time.
 * Reads reaching core-content are counted by a pass-through, so "served from the cache" is what a client could see.
 */
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { createLogger } from '@loom/service-kit';
import type { Gateway } from '../src';
import { createGatewayAnswers, GatewayAnswerCache } from '../src/answer-cache';
import { LocalCoordination } from '../src/answer-cache/coordination';
import type { Notifier } from '../src/notifications';
import type { Write } from '../src/notifications/derive';
import {
  eventually,
  listen,
  startCounter,
  startGateway,
  startNats,
  startWorld,
  type NatsServer,
  type Running,
  type World,
} from '@loom/testing';

jest.setTimeout(60_000);

const LIST = '/rest/core/v2/posts?_fields=id,status';
const TIMING = { heartbeatMs: 50, leaseMs: 200, forgetMs: 1500 };

let w: World;
let nats: NatsServer;
let counter: Running & { count(path: string): number; reset(): void };
/** A gateway without an answer cache: what is stored, read past every cache. */
let plain: Gateway;

beforeAll(async () => {
  [w, nats] = await Promise.all([startWorld(), startNats()]);
  counter = await startCounter(w.core.url);
  plain = await startGateway(
    { upstreams: { 'core-content': w.core.url }, answers: null },
    { LOOM_AUTH_TIMEOUT_MS: '30000' },
  );
});
afterAll(async () => {
  plain.close();
  await counter.close();
  await nats.dispose();
  await w.close();
});

/** The gateway's notifications, as the change notifier is handed them. */
function recorder(): Notifier & { writes: Write[] } {
  const writes: Write[] = [];
  return {
    enabled: true,
    writes,
    notify: (n) => void writes.push(n),
    counters: () => ({ published: 0, failed: 0, dropped: 0, pending: 0 }),
    metrics: () => '',
    close: async () => undefined,
  };
}

interface Topology {
  writer: Gateway;
  readers: Gateway[];
  notes: Write[];
  /** The writer on a real port, for requests supertest cannot send (fragments, repeated headers, stalled bodies). */
  address: Running;
  close(): Promise<void>;
}

async function oneReplica(): Promise<Topology> {
  const notes = recorder();
  const gw = await startGateway(
    { upstreams: { 'core-content': counter.url }, notifier: notes },
    { LOOM_AUTH_TIMEOUT_MS: '30000' },
  );
  const address = await listen(gw.app);
  return {
    writer: gw,
    readers: [gw],
    notes: notes.writes,
    address,
    close: async () => (await address.close(), gw.close()),
  };
}

async function twoReplicas(): Promise<Topology> {
  const notes = recorder();
  const replica = async (notifier?: Notifier) => {
    const answers = createGatewayAnswers({
      settings: { mode: 'auto', maxAgeMs: 60_000 },
      natsUrl: nats.url,
      log: createLogger('test', 'silent'),
      timing: TIMING,
    });
    const gw = await startGateway(
      { upstreams: { 'core-content': counter.url }, answers, ...(notifier ? { notifier } : {}) },
      { LOOM_AUTH_TIMEOUT_MS: '30000' },
    );
    await answers!.started;
    return gw;
  };
  const [a, b] = [await replica(notes), await replica()];
  await eventually(async () => a.answers!.coordination.mayServe() && b.answers!.coordination.mayServe());
  const address = await listen(a.app);
  return {
    writer: a,
    readers: [a, b],
    notes: notes.writes,
    address,
    close: async () => {
      await address.close();
      await Promise.all([a, b].map((gw) => gw.answers!.coordination.close()));
      a.close();
      b.close();
    },
  };
}

/** Sends a request as written: its target byte for byte, headers given twice when listed twice. */
function raw(
  base: Running,
  method: string,
  target: string,
  headers: Array<[string, string]> = [],
  body = '',
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const all: Record<string, string | string[]> = { 'Content-Length': String(Buffer.byteLength(body)) };
    for (const [k, v] of headers) all[k] = all[k] === undefined ? v : [all[k] as string, v].flat();
    const req = httpRequest({ host: '127.0.0.1', port: base.port, method, path: target, headers: all }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const statuses = async (gw: Gateway) =>
  Object.fromEntries(
    ((await request(gw.app).get(LIST)).body as Array<{ id: number; status: string }>).map((p) => [p.id, p.status]),
  );
/** Fills every reader's cache with LIST and shows that the next read of it is a replay. */
async function warm(t: Topology): Promise<void> {
  for (const gw of t.readers) await statuses(gw);
  counter.reset();
  for (const gw of t.readers) await statuses(gw);
  expect(counter.count('/rest/core/v2/posts')).toBe(0);
}
/** Whether every reader still answers LIST from its cache. */
async function stillServed(t: Topology): Promise<boolean> {
  counter.reset();
  for (const gw of t.readers) await statuses(gw);
  return counter.count('/rest/core/v2/posts') === 0;
}
const editorAuth = () => w.auth.editor.Authorization!;
/** A published post, made through the topology's writer (so its replicas see it). */
const published = async (t: Topology) =>
  (
    await request(t.writer.app)
      .post('/rest/core/v2/posts')
      .set(w.auth.editor)
      .send({ title: 'Attacked', status: 'publish' })
  ).body.id as number;
/** The post as stored, read past every gateway cache. */
const stored = async (id: number) =>
  (await request(plain.app).get(`/rest/core/v2/posts/${id}?context=edit&_fields=id,status`).set(w.auth.editor))
    .body as { id: number; status: string };

describe.each([
  ['one replica', oneReplica],
  ['two replicas over NATS', twoReplicas],
] as const)('%s', (_name, start) => {
  let t: Topology;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t.close());

  test('the reproduction: a fragment after `_method` is refused, changes nothing and flushes nothing', async () => {
    const id = await published(t);
    await warm(t);
    t.notes.length = 0;
    for (const target of [
      `/rest/core/v2/posts/${id}?_fields=id,status&_method=DELETE#`,
      `/rest/core/v2/posts/${id}?_fields=id,status&_method=PUT#&status=draft`,
    ]) {
      const r = await raw(t.address, 'POST', target, [['Authorization', editorAuth()]]);
      expect(r).toEqual({
        status: 400,
        body: {
          code: 'loom_ambiguous_request',
          message: 'The request can be read in more than one way: a request target has no fragment.',
          data: { status: 400 },
        },
      });
    }
    expect(await stored(id)).toEqual({ id, status: 'publish' });
    expect(await stillServed(t)).toBe(true);
    expect(t.notes).toEqual([]);
  });

  // Each spelling a client can send, with what it does to a published post: every one is seen by the next read
  // through every replica and notified under the method the service carried out.
  const spellings: Array<[string, string, string, Array<[string, string]>, string, string, string]> = [
    // name, HTTP method, target suffix, headers, body, effective method, status after
    ['plain DELETE', 'DELETE', '', [], '', 'DELETE', 'trash'],
    ['`_method=DELETE` in the query', 'POST', '?_method=DELETE', [], '', 'DELETE', 'trash'],
    ['lower-case `_method=delete`', 'POST', '?_method=delete', [], '', 'DELETE', 'trash'],
    ['`_method=DELETE` on a GET', 'GET', '?_method=DELETE', [], '', 'DELETE', 'trash'],
    ['X-HTTP-Method-Override: DELETE', 'POST', '', [['X-HTTP-Method-Override', 'DELETE']], '', 'DELETE', 'trash'],
    ['`_method=PUT&status=draft`', 'POST', '?_method=PUT&status=draft', [], '', 'PUT', 'draft'],
    [
      'X-HTTP-Method-Override: PATCH with a JSON body',
      'POST',
      '',
      [
        ['X-HTTP-Method-Override', 'PATCH'],
        ['Content-Type', 'application/json'],
      ],
      '{"status":"draft"}',
      'PATCH',
      'draft',
    ],
    // A body's `_method` is no override (WordPress reads $_GET): the POST updates the post and is flushed as such.
    [
      '`_method` in a JSON body',
      'POST',
      '',
      [['Content-Type', 'application/json']],
      '{"_method":"DELETE","status":"draft"}',
      'POST',
      'draft',
    ],
    [
      '`_method` in a form body',
      'POST',
      '',
      [['Content-Type', 'application/x-www-form-urlencoded']],
      '_method=DELETE&status=private',
      'POST',
      'private',
    ],
  ];
  test.each(spellings)(
    '%s flushes every replica and notifies as %s',
    async (_label, method, suffix, headers, body, effective, after) => {
      const id = await published(t);
      await warm(t);
      for (const gw of t.readers) expect((await statuses(gw))[id]).toBe('publish');
      t.notes.length = 0;
      const r = await raw(
        t.address,
        method,
        `/rest/core/v2/posts/${id}${suffix}`,
        [['Authorization', editorAuth()], ...headers],
        body,
      );
      expect(r.status).toBe(200);
      expect(await stored(id)).toEqual({ id, status: after });
      // No wait: the write's answer came only once every replica had dropped its answers.
      for (const gw of t.readers) expect((await statuses(gw))[id]).toBeUndefined();
      expect(t.notes.map((n) => [n.method, n.path, n.status])).toEqual([[effective, `/core/v2/posts/${id}`, 200]]);
    },
  );

  const ambiguous: Array<[string, string, Array<[string, string]>, string]> = [
    ['a percent-encoded `_method`', '?%5Fmethod=DELETE', [], '_method must be given once, as a plain word'],
    ['`_method` twice', '?_method=PATCH&_method=DELETE', [], '_method must be given once, as a plain word'],
    ['`_method[]`', '?_method[]=DELETE', [], '_method must be given once, as a plain word'],
    ['a percent-encoded value', '?_method=DEL%45TE', [], '_method must be given once, as a plain word'],
    [
      '`_method` and the header',
      '?_method=DELETE',
      [['X-HTTP-Method-Override', 'DELETE']],
      '_method and X-HTTP-Method-Override are both given',
    ],
    [
      'the header twice',
      '',
      [
        ['X-HTTP-Method-Override', 'PUT'],
        ['X-HTTP-Method-Override', 'DELETE'],
      ],
      'X-HTTP-Method-Override must be given once, as a plain word',
    ],
    [
      'a header that is not a word',
      '',
      [['X-HTTP-Method-Override', 'DELETE, PUT']],
      'X-HTTP-Method-Override must be given once, as a plain word',
    ],
    ['`rest_route` next to a path', '?rest_route=/core/v2/posts', [], 'rest_route is given next to a path'],
  ];
  test.each(ambiguous)(
    '%s is refused with a 400 that changes nothing and flushes nothing',
    async (_label, suffix, headers, why) => {
      const id = await published(t);
      await warm(t);
      t.notes.length = 0;
      const r = await raw(t.address, 'POST', `/rest/core/v2/posts/${id}${suffix}`, [
        ['Authorization', editorAuth()],
        ...headers,
      ]);
      expect(r).toEqual({
        status: 400,
        body: {
          code: 'loom_ambiguous_request',
          message: `The request can be read in more than one way: ${why}.`,
          data: { status: 400 },
        },
      });
      expect(await stored(id)).toEqual({ id, status: 'publish' });
      expect(await stillServed(t)).toBe(true);
      expect(t.notes).toEqual([]);
    },
  );

  test('`rest_route` given twice on the site root is refused', async () => {
    const r = await raw(t.address, 'GET', '/?rest_route=/core/v2/posts&rest_route=/core/v2/users');
    expect(r.body.code).toBe('loom_ambiguous_request');
  });

  test('refused writes and writes to another service flush nothing', async () => {
    await warm(t);
    expect((await request(t.writer.app).post('/rest/core/v2/posts').send({ title: 'anonymous' })).status).toBe(401);
    expect((await request(t.writer.app).post('/rest/core/v2/posts?_method=DELETE').send({})).status).toBe(404);
    expect(
      (await request(t.writer.app).post('/rest/core/v2/posts').set(w.auth.editor).send({ status: 'nonsense' })).status,
    ).toBe(400);
    // Another namespace's service (not running here: its outcome is unknown, so its own answers would go).
    expect(
      (await request(t.writer.app).post('/rest/events/v1/events').set(w.auth.editor).send({ title: 'x' })).status,
    ).toBe(503);
    expect(await stillServed(t)).toBe(true);
  });

  test('a batch flushes only when an item changed something', async () => {
    await warm(t);
    const refused = await request(t.writer.app)
      .post('/rest/batch/v1')
      .send({ requests: [{ method: 'POST', path: '/core/v2/posts', body: { title: 'anonymous' } }] });
    expect(refused.body.responses[0].status).toBe(401);
    expect(await stillServed(t)).toBe(true);
    const made = await request(t.writer.app)
      .post('/rest/batch/v1')
      .set(w.auth.editor)
      .send({ requests: [{ method: 'POST', path: '/core/v2/posts', body: { title: 'Batched', status: 'publish' } }] });
    const id = made.body.responses[0].body.id as number;
    for (const gw of t.readers) expect((await statuses(gw))[id]).toBe('publish');
  });

  test('a write answer past 1 MiB reaches its client whole, flushed for and notified without its body', async () => {
    await warm(t);
    t.notes.length = 0;
    const content = 'x'.repeat(1_200_000);
    const made = await request(t.writer.app)
      .post('/rest/core/v2/posts')
      .set(w.auth.editor)
      .send({ title: 'Large', status: 'publish', content });
    expect(made.status).toBe(201);
    expect((made.body as { content: { raw: string } }).content.raw).toBe(content);
    for (const gw of t.readers) expect((await statuses(gw))[made.body.id as number]).toBe('publish');
    expect(t.notes.map((n) => [n.method, n.status, n.body])).toEqual([['POST', 201, null]]);
  });

  test('a write whose body never arrives holds nothing back; a complete one is seen at once', async () => {
    await warm(t);
    const stalled = httpRequest({
      host: '127.0.0.1',
      port: t.address.port,
      method: 'POST',
      path: '/rest/core/v2/posts',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '100', Authorization: editorAuth() },
    });
    stalled.on('error', () => undefined);
    stalled.write('{');
    await new Promise((r) => setTimeout(r, 300));
    expect(await stillServed(t)).toBe(true);
    const made = await request(t.writer.app)
      .post('/rest/core/v2/posts')
      .set(w.auth.editor)
      .send({ title: 'Complete', status: 'publish' });
    expect(made.status).toBe(201);
    for (const gw of t.readers) expect((await statuses(gw))[made.body.id as number]).toBe('publish');
    expect(await stillServed(t)).toBe(true);
    stalled.destroy();
  });

  test('replays take the same steps as routed requests: the target check and authentication come first', async () => {
    await warm(t);
    const gw = t.writer;
    // The kept URL with a fragment, or with wrong credentials, is not a replay.
    expect((await raw(t.address, 'GET', `${LIST}#top`)).status).toBe(400);
    expect(
      (
        await request(gw.app)
          .get(LIST)
          .set('Authorization', `Basic ${Buffer.from('editor:wrong').toString('base64')}`)
      ).status,
    ).toBe(401);
    // `?rest_route=` is read into the same URL the cached answer is under.
    counter.reset();
    const viaRoute = await request(gw.app).get('/?rest_route=/core/v2/posts&_fields=id,status');
    expect(viaRoute.status).toBe(200);
    expect(counter.count('/rest/core/v2/posts')).toBe(0);
    expect(viaRoute.body).toEqual((await request(gw.app).get(LIST)).body);
  });
});

describe('a cached answer lives as long as core-content said, whatever the gateway’s clock says', () => {
  test.each([
    ['an hour behind', -3600_000],
    ['an hour ahead', 3600_000],
  ])(
    'a gateway clock %s: a scheduled post still appears at its time, and answers are kept until then',
    async (_label, skew) => {
      const coordination = new LocalCoordination();
      const cache = new GatewayAnswerCache({ coordination, maxAgeMs: 60_000, now: () => Date.now() + skew });
      const gw = await startGateway({
        upstreams: { 'core-content': counter.url },
        answers: { cache, coordination, started: Promise.resolve() },
      });
      try {
        // Made for later, then moved to 2.5 s from now behind the API (WordPress schedules a minute or more ahead).
        const made = await request(gw.app)
          .post('/rest/core/v2/posts')
          .set(w.auth.editor)
          .send({ title: 'On time', status: 'future', date_gmt: '2098-01-01T00:00:00' });
        expect(made.body.status).toBe('future');
        const at = new Date(Date.now() + 2500);
        const utc = at.toISOString().slice(0, 19);
        await w.core.store.collection('posts').updateOne({ id: made.body.id }, { $set: { date_gmt: utc, date: utc } });
        cache.purge('core-content');
        const ids = async () => ((await request(gw.app).get(LIST)).body as Array<{ id: number }>).map((p) => p.id);
        expect(await ids()).not.toContain(made.body.id);
        counter.reset();
        expect(await ids()).not.toContain(made.body.id);
        expect(counter.count('/rest/core/v2/posts')).toBe(0); // kept, though its service's clock is an hour away
        await new Promise((r) => setTimeout(r, at.getTime() - Date.now() + 1200));
        expect(await ids()).toContain(made.body.id);
      } finally {
        gw.close();
      }
    },
  );
});
