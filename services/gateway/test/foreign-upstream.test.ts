/**
 * The gateway uses only its own stack's services (issue 23): each service's URL follows its *_PORT unless its *_URL
 * is set, and a service that does not share LOOM_INTERNAL_SECRET (another Loom on those ports, or anything else
 * answering there) is refused at the route handshake: logged as an error naming it and its URL, reported `foreign`
 * by /readyz, its routes never in the index, and no request of any kind sent to it.
 */
import express from 'express';
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import { buildGateway, type Gateway } from '../src';
import {
  captureLog,
  coreApp,
  freePort,
  listen,
  listenApp,
  silentLog,
  startCore,
  startCounter,
  type Running,
} from '@loom/testing';

describe("another stack at the services' URLs", () => {
  let foreignCore: Running;
  let counter: Running & { count(path: string): number };
  let impostor: Running & { hits: () => number };
  let gw: Gateway;
  let logs: ReturnType<typeof captureLog>;

  beforeAll(async () => {
    // A real core-content of another Loom: its own secret, its own content.
    foreignCore = await listenApp(
      await coreApp({
        config: { LOOM_INTERNAL_SECRET: 'another-loom-secret' },
        env: { LOOM_ADMIN_PASSWORD: 'another loom admin password' },
      }),
    );
    counter = await startCounter(foreignCore.url);
    // Anything that answers /_loom/routes without signing it (an older Loom, another program): not ours either.
    let hits = 0;
    const app = express();
    app.use((req, res) => {
      if (req.path !== '/_loom/routes') hits++;
      res.json({ routes: {} });
    });
    impostor = { ...(await listen(app)), hits: () => hits };
    const closed = `http://127.0.0.1:${await freePort()}`;
    logs = captureLog();
    gw = buildGateway({
      config: testConfig('gateway'),
      log: logs.log,
      env: {},
      indexStartWaitMs: 0,
      upstreams: { 'core-content': counter.url, oembed: impostor.url, events: closed, forms: closed },
    });
    await gw.ready;
  });
  afterAll(async () => {
    gw?.close();
    await Promise.all([foreignCore?.close(), counter?.close(), impostor?.close()]);
  });

  test('/readyz names them foreign and the index misses them; the log says which service, at which URL', async () => {
    const ready = await request(gw.app).get('/readyz');
    expect(ready.body.upstreams).toMatchObject({ 'core-content': 'foreign', oembed: 'foreign' });
    expect(ready.body.missing).toEqual(expect.arrayContaining(['core-content', 'oembed']));
    const index = await request(gw.app).get('/rest/');
    expect(
      Object.keys(index.body.routes).filter((r) => r.startsWith('/core/v2') || r.startsWith('/oembed/1.0')),
    ).toEqual([]);
    const errors = logs.lines().filter((l) => l.level === 50);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: 'core-content',
          url: counter.url,
          msg: expect.stringContaining(`core-content at ${counter.url} is not this Loom's`),
        }),
        expect.objectContaining({
          service: 'oembed',
          url: impostor.url,
          msg: expect.stringContaining(`oembed at ${impostor.url} is not this Loom's`),
        }),
      ]),
    );
  });

  test('no request goes there: REST reads and writes, batch items, uploads and embed pages are 503', async () => {
    const read = await request(gw.app).get('/rest/core/v2/categories');
    expect([read.status, read.body.code]).toEqual([503, 'loom_service_unavailable']);
    const write = await request(gw.app).post('/rest/core/v2/categories').send({ name: 'Never' });
    expect([write.status, write.body.code]).toEqual([503, 'loom_service_unavailable']);
    const batch = await request(gw.app)
      .post('/rest/batch/v1')
      .send({ requests: [{ method: 'POST', path: '/core/v2/categories', body: { name: 'Never' } }] });
    expect(batch.body.responses[0].status).toBe(503);
    expect((await request(gw.app).get('/uploads/2026/01/photo.jpg')).status).toBe(503);
    expect((await request(gw.app).get('/rest/oembed/1.0/embed?url=x')).status).toBe(503);
    expect((await request(gw.app).get('/2026/01/hello/embed/')).status).toBe(503);
    expect(counter.count('/rest/core/v2/categories') + counter.count('/uploads/2026/01/photo.jpg')).toBe(0);
    expect(impostor.hits()).toBe(0);
  });
});

test('ports alone: a gateway given only CORE_CONTENT_PORT (no CORE_CONTENT_URL) finds core-content on that port', async () => {
  const core = await startCore();
  const closed = String(await freePort());
  const gw = buildGateway({
    config: testConfig('gateway'),
    log: silentLog(),
    indexStartWaitMs: 0,
    env: { CORE_CONTENT_PORT: String(core.port), EVENTS_PORT: closed, FORMS_PORT: closed, OEMBED_PORT: closed },
  });
  try {
    await gw.ready;
    expect(gw.upstreams['core-content']).toBe(`http://127.0.0.1:${core.port}`);
    expect((await request(gw.app).get('/readyz')).body.upstreams['core-content']).toBe('up');
    const r = await request(gw.app).get('/rest/core/v2/categories');
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ slug: 'uncategorized' });
  } finally {
    gw.close();
    await core.close();
  }
});
