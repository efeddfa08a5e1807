/**
 * The index is complete from the first request: services that have not answered yet are asked again quickly
 * (not only at the next refresh), an index request just after start waits for them (bounded), `/readyz` says
 * whether every service has answered and which have not, and a request for a route the index does not list
 * makes the gateway read that service again (rate-limited).
 */
import express from 'express';
import request from 'supertest';
import { routeEntries, routeEntry, type RouteEntry } from '@loom/contracts';
import { forms } from '@loom/forms';
import { oembed } from '@loom/oembed';
import { requireInternal, TEST_SECRET } from '@loom/service-kit';
import type { Gateway } from '../src';
import { eventually, freePort, listen, startCore, startEvents, startGateway, type Running } from '@loom/testing';

const REST_URL = 'http://loom.test/rest';

/** Stands in for a service: its routes at /_loom/routes (changeable, reads counted), and 200 `{ok}` under /rest. */
async function standIn(
  routes: Record<string, RouteEntry>,
): Promise<Running & { routes: Record<string, RouteEntry>; reads: () => number }> {
  let reads = 0;
  const app = express();
  app.get('/_loom/routes', requireInternal(TEST_SECRET), (_req, res) => {
    reads++;
    res.json({ routes });
  });
  app.use('/rest', (_req, res) => res.json({ ok: true }));
  return { ...(await listen(app)), routes, reads: () => reads };
}

let core: Running;
let formsUp: Awaited<ReturnType<typeof standIn>>;
let oembedUp: Awaited<ReturnType<typeof standIn>>;
beforeAll(async () => {
  core = await startCore();
  formsUp = await standIn(routeEntries([...forms.formsARoutes, ...forms.formsBRoutes], REST_URL));
  oembedUp = await standIn({ '/oembed/1.0': routeEntry(oembed.oembedRoot, REST_URL) });
});
afterAll(async () => {
  await Promise.all([core.close(), formsUp.close(), oembedUp.close()]);
});

const readyz = async (gw: Gateway) =>
  (await request(gw.app).get('/readyz')).body as { status: string; index: string; missing: string[] };
const routeKeys = async (gw: Gateway) => Object.keys((await request(gw.app).get('/rest/')).body.routes as object);

test('a service that starts after the gateway: readyz 503 naming it, then complete within about a second, long before the refresh period', async () => {
  const port = await freePort();
  // A refresh period of a minute: only the quick retry can bring events in during this test.
  const gw = await startGateway({
    upstreams: {
      'core-content': core.url,
      events: `http://127.0.0.1:${port}`,
      forms: formsUp.url,
      oembed: oembedUp.url,
    },
    refreshMs: 60000,
  });
  let events: Running | undefined;
  try {
    expect(await readyz(gw)).toMatchObject({ status: 'starting', index: 'incomplete', missing: ['events'] });
    expect((await request(gw.app).get('/readyz')).status).toBe(503);
    expect(await routeKeys(gw)).not.toContain('/events/v1');

    await new Promise((r) => setTimeout(r, 300));
    events = await startEvents(port);
    const listening = Date.now();
    await eventually(async () => (await readyz(gw)).status === 'ready', 3000);
    // The retry doubles from 100 ms: the next one comes at most about as long after this as the gateway has run.
    expect(Date.now() - listening).toBeLessThan(2000);
    const ready = await request(gw.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', index: 'complete', missing: [] });
    expect(await routeKeys(gw)).toEqual(
      expect.arrayContaining(['/core/v2/posts', '/events/v1/events', '/formsA/v1', '/oembed/1.0']),
    );

    // A service going down afterwards leaves the index complete (its last routes stay listed).
    await events.close();
    events = undefined;
    await gw.refresh();
    expect(await readyz(gw)).toMatchObject({ status: 'ready', missing: [] });
    expect(await routeKeys(gw)).toContain('/events/v1/events');
  } finally {
    gw.close();
    await events?.close();
  }
});

test('an index request just after start waits for a service still starting and lists its routes', async () => {
  const port = await freePort();
  const gw = await startGateway({
    upstreams: {
      'core-content': core.url,
      events: `http://127.0.0.1:${port}`,
      forms: formsUp.url,
      oembed: oembedUp.url,
    },
    refreshMs: 60000,
    indexStartWaitMs: 4000,
  });
  let events: Running | undefined;
  try {
    const answer = request(gw.app)
      .get('/rest/')
      .then((r) => r);
    await new Promise((r) => setTimeout(r, 300));
    events = await startEvents(port);
    const r = await answer;
    expect(r.status).toBe(200);
    expect(r.body.namespaces).toContain('events/v1');
    expect(Object.keys(r.body.routes)).toEqual(expect.arrayContaining(['/core/v2/posts', '/events/v1/events']));
  } finally {
    gw.close();
    await events?.close();
  }
});

test('the start wait is bounded: a service that never comes leaves the index without it, after the wait', async () => {
  const port = await freePort();
  const gw = await startGateway({
    upstreams: {
      'core-content': core.url,
      events: `http://127.0.0.1:${port}`,
      forms: formsUp.url,
      oembed: oembedUp.url,
    },
    indexStartWaitMs: 500,
  });
  try {
    const started = Date.now();
    const keys = await routeKeys(gw);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(keys).toContain('/core/v2/posts');
    expect(keys).not.toContain('/events/v1/events');
    // Past the wait, index requests answer at once.
    const again = Date.now();
    await routeKeys(gw);
    expect(Date.now() - again).toBeLessThan(400);
  } finally {
    gw.close();
  }
});

test('a request for a route the index does not list reads that service again, at most once a second', async () => {
  const gw = await startGateway({
    upstreams: { 'core-content': core.url, forms: formsUp.url, oembed: oembedUp.url },
    refreshMs: 60000,
  });
  try {
    expect(await routeKeys(gw)).not.toContain('/oembed/1.0/added');
    // The service now has a route it did not have when the gateway read it.
    oembedUp.routes['/oembed/1.0/added'] = { ...routeEntry(oembed.oembedRoot, REST_URL), namespace: 'oembed/1.0' };
    const before = oembedUp.reads();
    expect((await request(gw.app).get('/rest/oembed/1.0/added')).body).toEqual({ ok: true });
    await eventually(async () => (await routeKeys(gw)).includes('/oembed/1.0/added'));
    expect(oembedUp.reads()).toBe(before + 1);

    // Unknown paths in a burst: at most one more read within the second.
    for (let i = 0; i < 10; i++) await request(gw.app).get(`/rest/oembed/1.0/nothing-${i}`);
    expect(oembedUp.reads()).toBeLessThanOrEqual(before + 2);
    // Known routes never cause a read.
    const known = oembedUp.reads();
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 5; i++) await request(gw.app).get('/rest/oembed/1.0/added');
    expect(oembedUp.reads()).toBe(known);
  } finally {
    gw.close();
    delete oembedUp.routes['/oembed/1.0/added'];
  }
});

test('a service that never answers holds readyz back only for LOOM_READY_INCOMPLETE_AFTER_MS, then readyz is 200 "degraded" naming it', async () => {
  const port = await freePort(); // nothing listens there
  const gw = await startGateway(
    {
      upstreams: {
        'core-content': core.url,
        events: `http://127.0.0.1:${port}`,
        forms: formsUp.url,
        oembed: oembedUp.url,
      },
      refreshMs: 60000,
    },
    { LOOM_READY_INCOMPLETE_AFTER_MS: '600' },
  );
  try {
    const early = await request(gw.app).get('/readyz');
    expect(early.status).toBe(503);
    expect(early.body).toMatchObject({ status: 'starting', index: 'incomplete', missing: ['events'] });
    await eventually(async () => (await request(gw.app).get('/readyz')).status === 200, 3000);
    expect(await readyz(gw)).toMatchObject({ status: 'degraded', index: 'incomplete', missing: ['events'] });
    // The missing namespace answers 503; the others are served.
    expect((await request(gw.app).get('/rest/events/v1/events')).status).toBe(503);
    expect((await request(gw.app).get('/rest/core/v2/posts')).status).toBe(200);
  } finally {
    gw.close();
  }
});
