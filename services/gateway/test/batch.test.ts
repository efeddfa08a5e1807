/**
 * POST /rest/batch/v1 through the gateway, against the real core-content (core/v2), a real kit app serving a
 * batchable route in events/v1, the echo service (forms, nothing batchable) and, for "a service down
 * mid-batch", that kit app closed between two batches (its routes stay in the index).
 */
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { CREATABLE, endpoint, namespaceRoute, route } from '@loom/contracts';
import { events } from '@loom/events';
import { bind, createLogger, createServiceApp, forbidden, testConfig } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import type { Gateway } from '../src';
import type { Notifier, Write } from '../src/notifications';
import {
  ADMIN,
  basicFor,
  freePort,
  listen,
  seeded,
  startCore,
  startEcho,
  startGateway,
  type Running,
} from '@loom/testing';

const things = route(events.EVENTS_NS, `/${events.EVENTS_NS}/things`, {
  create: endpoint(CREATABLE, { name: z.string() }, { allowBatch: true }),
});
const notBatchable = route(events.EVENTS_NS, `/${events.EVENTS_NS}/solo`, {
  create: endpoint(CREATABLE, { name: z.string() }),
});

/**
 * A kit app for events/v1 with one batchable create that records what ran, in order; creating a thing named
 * `then-stop` stops the app once that response is sent (a service going down in the middle of a batch).
 */
async function startThings(ran: string[], port = 0): Promise<Running & { store: Store }> {
  const config = testConfig('events');
  const store = await openStore({ service: 'events', dataDir: config.dataDir });
  const app = createServiceApp(
    {
      name: 'events',
      namespaces: [events.EVENTS_NS],
      routes: [namespaceRoute(events.EVENTS_NS), things, notBatchable],
      bindings: [
        bind(
          things.endpoints.create,
          (req) =>
            req.user ? true : forbidden(req.user, 'rest_cannot_create', 'Sorry, you are not allowed to create things.'),
          (req) => {
            ran.push(String(req.params.name));
            return {
              status: 201,
              body: { name: req.params.name, user: req.user?.id, requestId: req.requestId },
              headers: { Location: 'http://loom.test/rest/events/v1/things/1' },
            };
          },
        ),
        bind(notBatchable.endpoints.create, null, () => ({ status: 201, body: {} })),
      ],
    },
    { config, store, log: createLogger('test', 'silent') },
  );
  let stopping: Promise<void> | undefined;
  const outer = express();
  outer.use((req, res, next) => {
    res.on('finish', () => {
      if (ran.at(-1) === 'then-stop' && !stopping) stopping = running.close();
    });
    next();
  });
  outer.use(app);
  const running = await listen(outer, port);
  return {
    ...running,
    store,
    close: async () => {
      await (stopping ?? running.close());
      await store.close();
    },
  };
}

let core: Running & { store: Store };
let echo: Running;
let thingsApp: Running & { store: Store };
let gw: Gateway;
let admin: Record<string, string>;
let subscriber: Record<string, string>;
const ran: string[] = [];

beforeAll(async () => {
  core = await startCore();
  echo = await startEcho();
  thingsApp = await startThings(ran);
  gw = await startGateway(
    { upstreams: { 'core-content': core.url, events: thingsApp.url, forms: echo.url } },
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000' },
  );
  admin = await basicFor(core.url, ADMIN);
  subscriber = await basicFor(core.url, seeded('subscriber'));
});
afterAll(async () => {
  gw.close();
  await Promise.all([core.close(), echo.close(), thingsApp.close().catch(() => undefined)]);
});

const batch = (auth: Record<string, string>, body: object, query = '', via: Gateway = gw) =>
  request(via.app).post(`/rest/batch/v1${query}`).set(auth).send(body);
type Entry = {
  body: Record<string, unknown> & { code?: string; id?: number };
  status: number;
  headers: Record<string, string> | [];
};

describe('POST /rest/batch/v1', () => {
  test('mixed namespaces and services run in order as the caller: 207 with WordPress envelopes', async () => {
    ran.length = 0;
    const r = await batch(admin, {
      requests: [
        { path: '/core/v2/tags', body: { name: 'Batch tag A' } },
        { method: 'POST', path: '/events/v1/things', body: { name: 'first' } },
        { path: '/core/v2/tags', body: {} },
        { path: '/core/v2/categories?context=edit', body: { name: 'Batch cat' } },
        {
          path: '/events/v1/things',
          body: { name: 'second' },
          headers: { 'x-custom': 'yes', authorization: 'Basic bm9wZQ==' },
        },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.headers.allow).toBe('POST');
    const responses = r.body.responses as Entry[];
    expect(responses.map((e) => e.status)).toEqual([201, 201, 400, 201, 201]);
    expect(responses[0]!.body).toMatchObject({ name: 'Batch tag A', slug: 'batch-tag-a', taxonomy: 'post_tag' });
    expect(responses[0]!.body._links).toBeDefined();
    expect(responses[0]!.headers).toEqual({
      Location: `http://loom.test/rest/core/v2/tags/${responses[0]!.body.id}`,
      Allow: 'GET, POST',
    });
    expect(responses[1]!.body).toMatchObject({ name: 'first', user: ADMIN.id });
    expect(responses[1]!.headers).toMatchObject({ Location: 'http://loom.test/rest/events/v1/things/1' });
    expect(responses[2]!.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): name',
      data: { status: 400, params: ['name'] },
    });
    expect(responses[3]!.body).toMatchObject({ name: 'Batch cat', taxonomy: 'category' });
    expect(ran).toEqual(['first', 'second']);
    // Each item carries its own request id, `<batch id>-<index>`.
    expect(String(responses[4]!.body.requestId)).toMatch(/-4$/);
  });

  test('items run sequentially: two terms created in one batch get ascending ids', async () => {
    const r = await batch(admin, {
      requests: [
        { path: '/core/v2/tags', body: { name: 'Order one' } },
        { path: '/core/v2/tags', body: { name: 'Order two' } },
      ],
    });
    const [a, b] = r.body.responses as Entry[];
    expect(a!.status).toBe(201);
    expect(b!.status).toBe(201);
    expect(b!.body.id!).toBeGreaterThan(a!.body.id!);
    // PATCH and DELETE items, the query string of the path as query parameters.
    const more = await batch(admin, {
      requests: [
        { method: 'PATCH', path: `/core/v2/tags/${a!.body.id}`, body: { description: 'patched' } },
        { method: 'DELETE', path: `/core/v2/tags/${b!.body.id}?force=true` },
        { method: 'DELETE', path: `/core/v2/tags/${a!.body.id}` },
      ],
    });
    const [patched, deleted, refused] = more.body.responses as Entry[];
    expect(patched).toMatchObject({ status: 200, body: { id: a!.body.id, description: 'patched' } });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect(refused).toMatchObject({ status: 501, body: { code: 'rest_trash_not_supported' } });
  });

  test('disallowed routes, unknown paths and routes without the method get their own error; the others run', async () => {
    const r = await batch(admin, {
      requests: [
        { path: '/events/v1/solo', body: { name: 'x' } },
        { path: '/formsA/v1/forms', body: {} },
        { path: '/core/v2/nothing-here', body: {} },
        { path: '/nope/v9/x' },
        { method: 'DELETE', path: '/core/v2/tags' },
        { path: '/core/v2/tags', body: { name: 'Still runs' } },
        { path: '/core/v2/tags/%E0%A4%A' },
      ],
    });
    expect(r.status).toBe(207);
    const responses = r.body.responses as Entry[];
    expect(responses[6]).toEqual({
      body: { code: 'parse_path_failed', message: 'Could not parse the path.', data: { status: 400 } },
      status: 400,
      headers: [],
    });
    expect(responses[0]).toEqual({
      body: {
        code: 'rest_batch_not_allowed',
        message: 'The requested route does not support batch requests.',
        data: { status: 400 },
      },
      status: 400,
      headers: [],
    });
    expect(responses.slice(1, 5).map((e) => [e.status, e.body.code])).toEqual([
      [404, 'rest_no_route'],
      [404, 'rest_no_route'],
      [404, 'rest_no_route'],
      [404, 'rest_no_route'],
    ]);
    expect(responses[5]!.status).toBe(201);
  });

  test('an item cannot switch method with _method; unsendable item headers are dropped, not fatal', async () => {
    const r = await batch(admin, {
      requests: [
        {
          path: '/core/v2/tags?_method=GET&context=edit',
          body: { name: 'Not a GET' },
          headers: { 'bad header': 'x', 'x-evil': 'a\r\nb', 'x-fine': ['1', '2'] },
        },
      ],
    });
    expect(r.status).toBe(207);
    expect((r.body.responses as Entry[])[0]).toMatchObject({ status: 201, body: { name: 'Not a GET' } });
  });

  test('require-all-validate with one bad item: nothing runs, failed "validation", errors and nulls', async () => {
    ran.length = 0;
    const r = await batch(admin, {
      validation: 'require-all-validate',
      requests: [
        { path: '/events/v1/things', body: { name: 'must not run' } },
        { path: '/core/v2/tags', body: {} },
        { path: '/core/v2/tags', body: { name: 'Not created' } },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body).toEqual({
      failed: 'validation',
      responses: [
        null,
        {
          body: {
            code: 'rest_missing_callback_param',
            message: 'Missing parameter(s): name',
            data: { status: 400, params: ['name'] },
          },
          status: 400,
          headers: [],
        },
        null,
      ],
    });
    expect(ran).toEqual([]);
    const list = await request(gw.app).get('/rest/core/v2/tags?search=Not%20created').set(admin);
    expect(list.body).toEqual([]);
  });

  test('require-all-validate with a disallowed route fails validation too', async () => {
    const r = await batch(admin, {
      validation: 'require-all-validate',
      requests: [
        { path: '/core/v2/tags', body: { name: 'No' } },
        { path: '/events/v1/solo', body: { name: 'x' } },
      ],
    });
    expect(r.body.failed).toBe('validation');
    expect((r.body.responses as Array<Entry | null>).map((e) => e && e.body.code)).toEqual([
      null,
      'rest_batch_not_allowed',
    ]);
  });

  test('require-all-validate checks permissions too: an item the caller may not run stops the whole batch', async () => {
    const r = await batch(subscriber, {
      validation: 'require-all-validate',
      requests: [
        { path: '/core/v2/categories', body: { name: 'Subscriber category' } },
        { path: '/core/v2/posts', body: { title: 'Subscriber post' } },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body.failed).toBe('validation');
    expect((r.body.responses as Entry[]).map((e) => [e.status, e.body.code])).toEqual([
      [403, 'rest_cannot_create'],
      [403, 'rest_cannot_create'],
    ]);
    const list = await request(gw.app).get('/rest/core/v2/categories?search=Subscriber').set(admin);
    expect(list.body).toEqual([]);
  });

  test('require-all-validate with every item valid runs them all', async () => {
    const r = await batch(admin, {
      validation: 'require-all-validate',
      requests: [{ path: '/core/v2/tags', body: { name: 'Batch tag C' } }],
    });
    expect(r.status).toBe(207);
    expect(r.body.failed).toBeUndefined();
    expect((r.body.responses as Entry[])[0]).toMatchObject({ status: 201, body: { name: 'Batch tag C' } });
    const list = await request(gw.app).get('/rest/core/v2/tags?search=Batch%20tag%20C').set(admin);
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Batch tag C']);
  });

  test('26 requests: the whole batch is rest_invalid_param with rest_too_many_items, nothing runs', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({ path: '/core/v2/tags', body: { name: `too many ${i}` } }));
    const r = await batch(admin, { requests });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): requests',
      data: {
        status: 400,
        params: { requests: 'requests must contain at most 25 items.' },
        details: {
          requests: { code: 'rest_too_many_items', message: 'requests must contain at most 25 items.', data: null },
        },
      },
    });
    const list = await request(gw.app).get('/rest/core/v2/tags?search=too%20many').set(admin);
    expect(list.body).toEqual([]);
  });

  test('25 requests are accepted', async () => {
    const requests = Array.from({ length: 25 }, (_, i) => ({
      path: '/core/v2/tags',
      body: { name: `twenty-five ${i}` },
    }));
    const r = await batch(admin, { requests });
    expect(r.status).toBe(207);
    expect((r.body.responses as Entry[]).every((e) => e.status === 201)).toBe(true);
  });

  test('the batch itself: missing requests, GET items, a bad validation value are rest_invalid_param 400', async () => {
    for (const body of [
      {},
      { requests: [{ method: 'GET', path: '/core/v2/tags' }] },
      { requests: [{ body: {} }] },
      { validation: 'all', requests: [{ path: '/core/v2/tags' }] },
    ]) {
      const r = await batch(admin, body);
      expect(r.status).toBe(400);
      expect(['rest_invalid_param', 'rest_missing_callback_param']).toContain(r.body.code);
    }
    const get = await batch(admin, { requests: [{ method: 'GET', path: '/core/v2/tags' }] });
    expect(get.body.code).toBe('rest_invalid_param');
    expect(Object.keys(get.body.data.params)).toEqual(['requests']);
  });

  test('anonymous and under-privileged callers: each item gets its own permission error', async () => {
    const anon = await batch(
      {},
      {
        requests: [
          { path: '/core/v2/tags', body: { name: 'anon' } },
          { path: '/events/v1/things', body: { name: 'anon' } },
        ],
      },
    );
    expect(anon.status).toBe(207);
    expect((anon.body.responses as Entry[]).map((e) => [e.status, e.body.code])).toEqual([
      [401, 'rest_cannot_create'],
      [401, 'rest_cannot_create'],
    ]);
    const sub = await batch(subscriber, { requests: [{ path: '/core/v2/tags', body: { name: 'sub' } }] });
    expect((sub.body.responses as Entry[])[0]).toMatchObject({ status: 403, body: { code: 'rest_cannot_create' } });
  });

  test('_envelope wraps the batch answer itself; item entries carry no transport headers', async () => {
    const r = await batch(admin, { requests: [{ path: '/core/v2/tags', body: { name: 'Enveloped' } }] }, '?_envelope');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(207);
    const entry = (r.body.body.responses as Entry[])[0]!;
    expect(Object.keys(entry.headers)).toEqual(['Location', 'Allow']);
  });

  test('OPTIONS describes the batch route', async () => {
    const r = await request(gw.app).options('/rest/batch/v1');
    expect(r.status).toBe(200);
    expect(r.body.methods).toEqual(['POST']);
  });

  test('every successful item, and only those, goes to the change notifier', async () => {
    const writes: Write[] = [];
    const notifier: Notifier = {
      enabled: true,
      notify: (w) => void writes.push(w),
      counters: () => ({}) as ReturnType<Notifier['counters']>,
      metrics: () => '',
      close: async () => undefined,
    };
    const notifying = await startGateway({ upstreams: { 'core-content': core.url }, notifier });
    try {
      const r = await batch(
        admin,
        {
          requests: [
            { path: '/core/v2/tags?context=edit', body: { name: 'Notified' } },
            { path: '/core/v2/tags', body: {} },
          ],
        },
        '',
        notifying,
      );
      const created = (r.body.responses as Entry[])[0]!;
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/core/v2/tags',
          status: 201,
          body: created.body,
          userId: ADMIN.id,
          requestId: expect.stringMatching(/-0$/) as unknown as string,
        },
      ]);
    } finally {
      notifying.close();
    }
  });

  test('a service that came up after the gateway: its routes are read again before the batch answers', async () => {
    const late: string[] = [];
    const port = await freePort();
    const lateGw = await startGateway({
      upstreams: { 'core-content': core.url, events: `http://127.0.0.1:${port}` },
      refreshMs: 3_600_000,
    });
    const app = await startThings(late, port);
    try {
      const r = await batch(admin, { requests: [{ path: '/events/v1/things', body: { name: 'late' } }] }, '', lateGw);
      expect((r.body.responses as Entry[])[0]!.status).toBe(201);
      expect(late).toEqual(['late']);
    } finally {
      lateGw.close();
      await app.close();
    }
  });

  test('a service down mid-batch: its later items get loom_service_unavailable 503, the rest run', async () => {
    ran.length = 0;
    // The events app stops right after answering the first item; its routes stay in the index.
    const r = await batch(admin, {
      requests: [
        { path: '/events/v1/things', body: { name: 'then-stop' } },
        { path: '/core/v2/tags', body: { name: 'During outage' } },
        { path: '/events/v1/things', body: { name: 'lost' } },
        { path: '/core/v2/tags', body: { name: 'After outage' } },
      ],
    });
    expect(r.status).toBe(207);
    const responses = r.body.responses as Entry[];
    expect(responses.map((e) => e.status)).toEqual([201, 201, 503, 201]);
    expect(ran).toEqual(['then-stop']);
    expect(responses[2]).toEqual({
      body: {
        code: 'loom_service_unavailable',
        message: 'The events/v1 service is not available right now.',
        data: { status: 503 },
      },
      status: 503,
      headers: [],
    });
  });
});
