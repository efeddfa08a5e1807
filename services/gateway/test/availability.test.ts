/** Services going down, hanging, coming back and starting late: 503s per namespace, index kept and refreshed. */
import request from 'supertest';
import type { Gateway } from '../src';
import { eventually, freePort, startCore, startEvents, startGateway, startHanging, type Running } from '@loom/testing';

let core: Running;
beforeAll(async () => {
  core = await startCore();
});
afterAll(() => core.close());

const unavailable = (ns: string) => ({
  code: 'loom_service_unavailable',
  message: `The ${ns} service is not available right now.`,
  data: { status: 503 },
});
const routeKeys = async (gw: Gateway) => Object.keys((await request(gw.app).get('/rest/')).body.routes as object);

test('a service that goes down: 503 for its namespace only, its last-known routes stay in the index, and it comes back', async () => {
  let events = await startEvents();
  const port = events.port;
  const gw = await startGateway({ upstreams: { 'core-content': core.url, events: events.url } });
  try {
    expect((await request(gw.app).get('/rest/events/v1')).status).toBe(200);
    expect(await routeKeys(gw)).toContain('/events/v1');

    await events.close();
    await gw.refresh();
    const down = await request(gw.app).get('/rest/events/v1/events?per_page=2').set('Origin', 'https://app.example');
    expect(down.status).toBe(503);
    expect(down.body).toEqual(unavailable('events/v1'));
    expect(down.headers['x-robots-tag']).toBe('noindex');
    expect(down.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');
    expect(down.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(down.headers['x-request-id']).toBeDefined();
    const post = await request(gw.app).post('/rest/events/v1/events').send({ title: 'x' });
    expect(post.status).toBe(503);

    // core/v2 is unaffected, and the index still lists what events last reported.
    expect((await request(gw.app).get('/rest/core/v2/categories')).status).toBe(200);
    expect(await routeKeys(gw)).toContain('/events/v1');
    expect((await request(gw.app).get('/readyz')).body.upstreams).toMatchObject({
      'core-content': 'up',
      events: 'down',
    });
    // events answered once: a service down later does not make the index incomplete (forms and oembed never ran here).
    expect((await request(gw.app).get('/readyz')).body.missing).toEqual(['oembed', 'forms']);

    events = await startEvents(port);
    await gw.refresh();
    expect((await request(gw.app).get('/rest/events/v1')).status).toBe(200);
    expect((await request(gw.app).get('/readyz')).body.upstreams.events).toBe('up');
  } finally {
    gw.close();
    await events.close();
  }
});

test('a service never reached contributes no routes; started later, it appears after a timed refresh', async () => {
  const port = await freePort();
  const gw = await startGateway({
    upstreams: { 'core-content': core.url, events: `http://127.0.0.1:${port}` },
    refreshMs: 100,
  });
  let events: Running | undefined;
  try {
    const before = await routeKeys(gw);
    expect(before).not.toContain('/events/v1');
    expect(before).toContain('/core/v2/categories');
    expect((await request(gw.app).get('/rest/events/v1')).body).toEqual(unavailable('events/v1'));

    events = await startEvents(port);
    await eventually(async () => (await routeKeys(gw)).includes('/events/v1'));
    expect((await request(gw.app).get('/rest/events/v1')).status).toBe(200);
  } finally {
    gw.close();
    await events?.close();
  }
});

test('an upstream that does not answer within LOOM_UPSTREAM_TIMEOUT_MS is a 503', async () => {
  const hanging = await startHanging();
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url, oembed: hanging.url }, indexTimeoutMs: 200 },
    { LOOM_UPSTREAM_TIMEOUT_MS: '300' },
  );
  try {
    expect(gw.settings.upstreamTimeoutMs).toBe(300);
    const started = Date.now();
    const r = await request(gw.app).get('/rest/oembed/1.0/embed?url=x');
    expect(r.status).toBe(503);
    expect(r.body).toEqual(unavailable('oembed/1.0'));
    expect(Date.now() - started).toBeLessThan(5000);
    // The index read timed out too: the gateway still answers with the others.
    expect((await request(gw.app).get('/readyz')).body.upstreams.oembed).toBe('down');
    expect(await routeKeys(gw)).toContain('/core/v2');
  } finally {
    gw.close();
    await hanging.close();
  }
});

test('close() stops the refresh timer', async () => {
  const gw = await startGateway({ upstreams: { 'core-content': core.url }, refreshMs: 20 });
  const spy = jest.spyOn(gw.routeIndex, 'refresh');
  gw.close();
  await new Promise((r) => setTimeout(r, 100));
  expect(spy).not.toHaveBeenCalled();
  gw.close(); // idempotent
});
