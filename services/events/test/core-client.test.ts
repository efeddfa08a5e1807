/**
 * events' reads from core-content (media for `image`, users for `author`) through its typed client: answers,
 * cache, timeouts, and degradation when core-content is down (logged once, events still answer).
 *
 * The image of a real upload (core-content's media, through the gateway) is checked field by field in
 * events.test.ts (the real core-content and gateway). Here a small real HTTP server stands in for core-content for
 * what the real one cannot be made to do on demand: count the calls (the cache), answer slowly (the timeout) or not
 * at all (the outage).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { asRole, TEST_USER_IDS } from '@loom/service-kit';
import { eventsApp, freePort, type InProcess } from '@loom/testing';

const MEDIA = {
  id: 42,
  source_url: 'http://loom.test/wp-content/uploads/2030/01/poster.png',
  media_type: 'image',
  mime_type: 'image/png',
  media_details: {
    width: 1200,
    height: 800,
    filesize: 34567,
    sizes: {
      thumbnail: {
        width: 150,
        height: 150,
        mime_type: 'image/png',
        source_url: 'http://loom.test/wp-content/uploads/2030/01/poster-150x150.png',
        filesize: 2345,
      },
      full: {
        width: 1200,
        height: 800,
        mime_type: 'image/png',
        source_url: 'http://loom.test/wp-content/uploads/2030/01/poster.png',
      },
    },
  },
};

interface StandIn {
  url: string;
  hits: string[];
  /** Answer slowly (ms) to exercise the timeout. */
  delay: number;
  close(): Promise<void>;
}

async function standInCore(): Promise<StandIn> {
  const s: StandIn = { url: '', hits: [], delay: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    s.hits.push(req.url ?? '');
    const send = (status: number, body: unknown) =>
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        s.delay,
      );
    if (req.url?.startsWith('/rest/core/v2/media/42')) return send(200, MEDIA);
    if (req.url?.startsWith('/rest/core/v2/media/43'))
      return send(401, {
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
    if (req.url?.startsWith('/_loom/users/')) {
      if (!req.headers['x-loom-internal']) return send(403, { code: 'loom_internal_only' });
      const id = Number(req.url.split('/').pop());
      return id === TEST_USER_IDS.author
        ? send(200, { id, name: 'Author', slug: 'author' })
        : send(404, { code: 'rest_user_invalid_id' });
    }
    send(404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s.close = () => new Promise((r) => server.close(() => r()));
  return s;
}

/** A URL where nothing listens. */
const deadUrl = async () => `http://127.0.0.1:${await freePort()}`;

/** The events app reading core-content at `coreUrl`, with its log lines (info and up). */
async function eventsOn(
  coreUrl: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<InProcess & { logs: { level: number; msg: string }[] }> {
  const logs: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return {
    ...(await eventsApp({ config: { CORE_CONTENT_URL: coreUrl, LOOM_CORE_TIMEOUT_MS: '300', ...extra }, log })),
    logs,
  };
}

const editor = asRole('editor');
const event = (extra: Record<string, unknown> = {}) => ({
  title: 'Poster',
  start_date: '2030-01-01 10:00',
  end_date: '2030-01-01 11:00',
  ...extra,
});

describe('with core-content answering', () => {
  let core: StandIn;
  let ctx: Awaited<ReturnType<typeof eventsOn>>;
  beforeAll(async () => {
    core = await standInCore();
    ctx = await eventsOn(core.url);
  });
  afterAll(async () => {
    await ctx.close();
    await core.close();
  });

  it('reads a media id once and answers from the cache between requests', async () => {
    const r = await request(ctx.app)
      .post('/rest/events/v1/events')
      .set(editor)
      .send(event({ image: 42 }));
    expect(r.status).toBe(201);
    expect(r.body.image).toMatchObject({ url: MEDIA.source_url, id: 42, extension: 'png' });
    // The REST reads only: the site options are read on their own timer (/_loom/site-options).
    const reads = () => core.hits.filter((h) => h.startsWith('/rest/')).length;
    const before = reads();
    for (let i = 0; i < 3; i++)
      expect((await request(ctx.app).get(`/rest/events/v1/events/${r.body.id}`)).body.image.id).toBe(42);
    expect(reads()).toBe(before);
  });

  it('a media item core-content will not show (401: private) is refused like an unknown one, and is no outage', async () => {
    const r = await request(ctx.app)
      .post('/rest/events/v1/events')
      .set(editor)
      .send(event({ image: 43 }));
    expect(r.status).toBe(400);
    expect(core.hits).toContain('/rest/core/v2/media/43?context=view');
    // core-content answered: the next check still asks it (an outage would take ids unchecked).
    expect(
      (
        await request(ctx.app)
          .post('/rest/events/v1/events')
          .set(editor)
          .send(event({ image: 7 }))
      ).status,
    ).toBe(400);
  });

  it('rejects a media id core-content does not know, and an author that does not exist', async () => {
    expect(
      (
        await request(ctx.app)
          .post('/rest/events/v1/events')
          .set(editor)
          .send(event({ image: 7 }))
      ).status,
    ).toBe(400);
    const ok = await request(ctx.app)
      .post('/rest/events/v1/events')
      .set(editor)
      .send(event({ author: TEST_USER_IDS.author }));
    expect(ok.body.author).toBe(String(TEST_USER_IDS.author));
    const bad = await request(ctx.app)
      .post('/rest/events/v1/events')
      .set(editor)
      .send(event({ author: 999 }));
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toEqual({ author: 'Invalid parameter.' });
    // The user check is a signed internal call.
    expect(core.hits).toContain(`/_loom/users/999`);
  });

  it('a slow core-content times out: the event still answers, image shown as missing', async () => {
    const slow = await eventsOn(core.url, { LOOM_CORE_CACHE_MS: '0' });
    try {
      const created = await request(slow.app)
        .post('/rest/events/v1/events')
        .set(editor)
        .send(event({ image: 42 }));
      core.delay = 1000;
      const r = await request(slow.app).get(`/rest/events/v1/events/${created.body.id}`);
      expect(r.status).toBe(200);
      expect(r.body.image).toBe(false);
    } finally {
      core.delay = 0;
      await slow.close();
    }
  });
});

describe('with core-content down', () => {
  it('events answer: images shown as missing, ids and authors taken unchecked, one warning for the outage', async () => {
    const ctx = await eventsOn(await deadUrl());
    try {
      const created = await request(ctx.app)
        .post('/rest/events/v1/events')
        .set(editor)
        .send(event({ image: 42, author: TEST_USER_IDS.author }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ image: false, author: String(TEST_USER_IDS.author) });
      for (let i = 0; i < 5; i++) {
        const r = await request(ctx.app).get('/rest/events/v1/events?start_date=2030-01-01&end_date=2030-01-02');
        expect(r.status).toBe(200);
        expect(r.body.events[0].image).toBe(false);
      }
      const warnings = ctx.logs.filter((l) => l.level === 40 && /core-content unreachable/.test(l.msg));
      expect(warnings).toHaveLength(1);
      // Venues and organizers, and everything else that needs no core-content, work as usual.
      expect(
        (await request(ctx.app).post('/rest/events/v1/venues').set(editor).send({ venue: 'Offline Hall' })).status,
      ).toBe(201);
    } finally {
      await ctx.close();
    }
  });
});
