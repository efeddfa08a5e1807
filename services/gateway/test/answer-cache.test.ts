/**
 * The gateway's answer cache (issue 17), against the real core-content: what it replays is what the proxy would
 * have sent, byte for byte; only anonymous GETs that core-content marks are kept; every write through the gateway
 * is seen by the next read; a scheduled post publishes on time; the max age bounds changes made behind the API.
 * A counting proxy between the gateway and core-content shows which reads reached the service.
 */
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import type { Gateway } from '../src';
import { loadGatewaySettings } from '../src/settings';
import { as, captureLog, startCounter, startGateway, startWorld, type Running, type World } from '@loom/testing';

let w: World;
let counter: Running & { count(path: string): number; reset(): void };
let cached: Gateway;
let plain: Gateway;
const LIST = '/rest/core/v2/posts';

beforeAll(async () => {
  w = await startWorld();
  counter = await startCounter(w.core.url);
  cached = await startGateway({ upstreams: { 'core-content': counter.url } });
  plain = await startGateway({ upstreams: { 'core-content': w.core.url }, answers: null });
  for (let i = 0; i < 3; i++)
    await as(w, 'editor').post('/core/v2/posts', {
      title: `Cached ${i}`,
      content: `<p>Body "${i}" -- here</p>`,
      status: 'publish',
    });
});
afterAll(async () => {
  cached.close();
  plain.close();
  await counter.close();
  await w.close();
});

const PER_REQUEST = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
async function ask(gw: Gateway, url: string, headers: Record<string, string> = {}) {
  const r = await request(gw.app)
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done(null, text));
    });
  return {
    status: r.status,
    headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => !PER_REQUEST.has(k))),
    text: r.body as string,
    id: r.headers['x-request-id'] as string,
  };
}
/** A GMT date as core-content stores it (whole seconds, no zone). */
const utc = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
const upstreamReads = () => counter.count('/rest/core/v2/posts');

describe('replays', () => {
  const urls = [
    LIST,
    `${LIST}?per_page=2&page=2`,
    `${LIST}?_fields=id,title&_embed`,
    `${LIST}?context=embed`,
    '/rest/core/v2/categories',
    '/rest/core/v2/pages?_envelope',
    `${LIST}/99999`,
    '/?rest_route=/core/v2/posts&per_page=2',
  ];
  test.each(urls)(
    '%s: first and repeated answers equal the uncached gateway’s, with and without Origin',
    async (url) => {
      for (const headers of [{}, { Origin: 'https://app.example' }]) {
        const baseline = await ask(plain, url, headers);
        const first = await ask(cached, url, headers);
        const again = await ask(cached, url, headers);
        expect(first).toEqual({ ...baseline, id: first.id });
        expect(again).toEqual({ ...baseline, id: again.id });
        expect(again.id).not.toBe(first.id); // each answer carries its own request id
        expect(again.headers['x-loom-shareable']).toBeUndefined();
      }
    },
  );

  test('a repeated anonymous read does not reach core-content; 304 for the ETag it holds, as core-content answers', async () => {
    await ask(cached, `${LIST}?per_page=3`);
    counter.reset();
    const again = await ask(cached, `${LIST}?per_page=3`);
    expect(upstreamReads()).toBe(0);
    const etag = again.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const baseline = await ask(plain, `${LIST}?per_page=3`, { 'If-None-Match': etag });
    const notModified = await ask(cached, `${LIST}?per_page=3`, { 'If-None-Match': etag });
    expect(baseline.status).toBe(304);
    expect(notModified).toEqual({ ...baseline, id: notModified.id });
    expect(upstreamReads()).toBe(0);
  });

  test('a replay made before routing keeps the request id rules and logs its line (no query in it)', async () => {
    const logs = captureLog();
    const logged = await startGateway({ upstreams: { 'core-content': w.core.url }, log: logs.log });
    try {
      const url = `${LIST}?per_page=4&password=secret`;
      await request(logged.app).get(url);
      const kept = await request(logged.app).get(url).set('X-Request-Id', 'client-id.1');
      expect(kept.headers['x-request-id']).toBe('client-id.1');
      const unsafe = await request(logged.app).get(url).set('X-Request-Id', 'no spaces allowed');
      expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const line = logs.lines().find((l) => l.reqId === 'client-id.1');
      expect(line).toMatchObject({ msg: 'request', method: 'GET', path: LIST, status: 200 });
      expect(JSON.stringify(logs.lines())).not.toContain('secret');
    } finally {
      logged.close();
    }
  });

  test('HEAD and method-override reads always reach core-content', async () => {
    await ask(cached, LIST);
    counter.reset();
    await request(cached.app).head(LIST);
    await request(cached.app).post(`${LIST}?_method=GET`);
    await request(cached.app).get(LIST).set('X-HTTP-Method-Override', 'GET');
    expect(upstreamReads()).toBe(3);
  });

  const ROLE_URLS = [
    `${LIST}?context=edit`,
    `${LIST}?status=draft,publish&context=edit`,
    `${LIST}?context=view&_embed`,
    '/rest/core/v2/users/me?context=edit',
    '/rest/core/v2/pages?status=draft',
    '/rest/core/v2/settings',
  ];
  test.each(['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const)(
    'signed in as %s: answers kept per caller equal the uncached gateway’s',
    async (role) => {
      await as(w, role).post('/core/v2/posts', { title: `Draft of ${role}`, status: 'draft' });
      for (const url of ROLE_URLS) {
        const baseline = await ask(plain, url, w.auth[role]);
        const first = await ask(cached, url, w.auth[role]);
        counter.reset();
        const again = await ask(cached, url, w.auth[role]);
        expect(first).toEqual({ ...baseline, id: first.id });
        expect(again).toEqual({ ...baseline, id: again.id });
        if (baseline.status === 200) expect(counter.count(new URL(url, 'http://x').pathname)).toBe(0);
      }
    },
  );

  test('no answer crosses callers: the same URL asked by another user, or anonymously, is that caller’s own', async () => {
    const url = `${LIST}?status=draft&context=edit`;
    const editors = await ask(cached, url, w.auth.editor);
    expect(editors.status).toBe(200);
    expect(JSON.parse(editors.text).length).toBeGreaterThan(0);
    const authors = await ask(cached, url, w.auth.author);
    expect(authors).toEqual({ ...(await ask(plain, url, w.auth.author)), id: authors.id });
    expect(authors.text).not.toBe(editors.text);
    const anonymous = await ask(cached, url);
    expect(anonymous.status).toBe(400);
    expect((await ask(cached, url, w.auth.editor)).text).toBe(editors.text);
  });

  test('cached answers do not pass a throttle: an address with too many failures gets 429 even with good credentials', async () => {
    const strict = await startGateway(
      { upstreams: { 'core-content': w.core.url } },
      { LOOM_AUTH_MAX_FAILURES: '2', LOOM_TRUST_PROXY: '1' },
    );
    try {
      const from = (ip: string) => ({ ...w.auth.editor, 'X-Forwarded-For': ip });
      for (let i = 0; i < 2; i++)
        expect((await request(strict.app).get(LIST).set(from('203.0.113.9'))).status).toBe(200); // kept
      const bad = { Authorization: `Basic ${Buffer.from('editor:wrong wrong wrong').toString('base64')}` };
      for (let i = 0; i < 2; i++)
        expect(
          (
            await request(strict.app)
              .get(LIST)
              .set({ ...bad, 'X-Forwarded-For': '203.0.113.9' })
          ).status,
        ).toBe(401);
      const refused = await request(strict.app).get(LIST).set(from('203.0.113.9'));
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('loom_too_many_attempts');
      // Another client address (as the one trusted proxy says) is not held back, and is answered from the cache.
      expect((await request(strict.app).get(LIST).set(from('203.0.113.10'))).status).toBe(200);
    } finally {
      strict.close();
    }
  });

  test('a credential check that records a password’s first use empties the cache: the list shows last_used', async () => {
    const made = await request(cached.app)
      .post('/rest/core/v2/users/me/application-passwords')
      .set(w.auth.editor)
      .send({ name: 'Fresh device' });
    expect(made.status).toBe(201);
    const mine = '/rest/core/v2/users/me/application-passwords';
    const lastUsed = async () =>
      (
        JSON.parse((await ask(cached, mine, w.auth.editor)).text) as Array<{ uuid: string; last_used: string | null }>
      ).find((p) => p.uuid === made.body.uuid)!.last_used;
    expect(await lastUsed()).toBeNull();
    expect(await lastUsed()).toBeNull(); // kept
    const login = (await request(cached.app).get('/rest/core/v2/users/me').set(w.auth.editor)).body.slug as string;
    const first = await request(cached.app)
      .get('/rest/core/v2/users/me')
      .set('Authorization', `Basic ${Buffer.from(`${login}:${made.body.password as string}`).toString('base64')}`);
    expect(first.status).toBe(200);
    expect(await lastUsed()).not.toBeNull();
  });

  test('errors are not kept', async () => {
    counter.reset();
    await ask(cached, `${LIST}?per_page=1000`);
    await ask(cached, `${LIST}?per_page=1000`);
    expect(upstreamReads()).toBe(2);
  });
});

describe('writes', () => {
  test('a write through the gateway is seen by the very next read, and so are its edit and deletion', async () => {
    const ed = { ...w.auth.editor };
    const titles = async () =>
      (JSON.parse((await ask(cached, LIST)).text) as Array<{ title: { rendered: string } }>).map(
        (p) => p.title.rendered,
      );
    await titles();
    const made = await request(cached.app).post(`${LIST}`).set(ed).send({ title: 'Fresh news', status: 'publish' });
    expect(made.status).toBe(201);
    expect(await titles()).toContain('Fresh news');
    await request(cached.app).post(`${LIST}/${made.body.id}`).set(ed).send({ title: 'Fresher news' });
    expect(await titles()).toContain('Fresher news');
    await request(cached.app).delete(`${LIST}/${made.body.id}`).set(ed);
    expect(await titles()).not.toContain('Fresher news');
  });

  test('a batch empties the cache as well', async () => {
    await ask(cached, LIST);
    const r = await request(cached.app)
      .post('/rest/batch/v1')
      .set(w.auth.editor)
      .send({ requests: [{ method: 'POST', path: '/core/v2/posts', body: { title: 'Batched', status: 'publish' } }] });
    expect(r.status).toBe(207);
    expect((await ask(cached, LIST)).text).toContain('Batched');
  });

  test('a scheduled post appears at its time', async () => {
    // WordPress schedules only a minute or more ahead: the post is made for later, then moved to 2.5 s from now in
    // the store (behind the API, hence the purge) so that the test need not wait a minute.
    const made = await request(cached.app)
      .post(LIST)
      .set(w.auth.editor)
      .send({ title: 'On time', status: 'future', date_gmt: '2098-01-01T00:00:00' });
    expect(made.body.status).toBe('future');
    const due = Date.now() + 2500;
    await w.core.store
      .collection('posts')
      .updateOne({ id: made.body.id }, { $set: { date_gmt: utc(due), date: utc(due) } });
    cached.answers!.cache.purge('core-content');
    expect((await ask(cached, LIST)).text).not.toContain('On time');
    counter.reset();
    expect((await ask(cached, LIST)).text).not.toContain('On time');
    expect(upstreamReads()).toBe(0);
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 1100));
    expect((await ask(cached, LIST)).text).toContain('On time');
  });

  test('a change behind the API’s back is seen within LOOM_GATEWAY_CACHE_MAX_AGE_MS', async () => {
    const short = await startGateway(
      { upstreams: { 'core-content': w.core.url } },
      { LOOM_GATEWAY_CACHE_MAX_AGE_MS: '400' },
    );
    try {
      await ask(short, `${LIST}?search=behind`);
      const direct = await request(w.core.url)
        .post(LIST)
        .set(asRole('editor'))
        .send({ title: 'Written behind', status: 'publish' });
      expect(direct.status).toBe(201);
      expect((await ask(short, `${LIST}?search=behind`)).text).not.toContain('Written behind');
      await new Promise((r) => setTimeout(r, 450));
      expect((await ask(short, `${LIST}?search=behind`)).text).toContain('Written behind');
    } finally {
      short.close();
    }
  });
});

test('LOOM_GATEWAY_CACHE=off: every read reaches core-content', async () => {
  const off = await startGateway({ upstreams: { 'core-content': counter.url } }, { LOOM_GATEWAY_CACHE: 'off' });
  try {
    expect(off.answers).toBeUndefined();
    counter.reset();
    await ask(off, LIST);
    await ask(off, LIST);
    expect(upstreamReads()).toBe(2);
  } finally {
    off.close();
  }
  expect(() => loadGatewaySettings({ LOOM_GATEWAY_CACHE: 'maybe' })).toThrow(/LOOM_GATEWAY_CACHE/);
  expect(loadGatewaySettings({}).answerCache).toEqual({ mode: 'auto', maxAgeMs: 60000, maxBytes: 16 * 1024 * 1024 });
});
