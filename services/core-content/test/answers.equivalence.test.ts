/**
 * Issue 17's guard: the answer cache (render once, cached answers for anonymous reads, ETags) never change an
 * answer. Two apps share one store: one with LOOM_ANSWER_CACHE=off (the unoptimised baseline), one optimised.
 * Every URL below is asked of both, for every role and context, before and after a write and across a scheduled
 * publication, and the optimised answers (first and repeated, i.e. computed and cached) must equal the baseline's
 * byte for byte: status, headers (but the per-request id and date) and body.
 */
import type { Express } from 'express';
import request from 'supertest';
import { asRole, createLogger, testConfig } from '@loom/service-kit';
import { SHAREABLE_HEADER, type Role } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import { buildApp } from '../src/service';
import { formatUtc } from '../src/engine/dates';
import { POSTS } from '../src/engine/repository';
import { seedRoleUsers } from './helpers';

jest.setTimeout(120_000);

const ROLES: (Role | null)[] = [null, 'subscriber', 'author', 'editor', 'administrator'];
const CONTEXTS = ['view', 'embed', 'edit'];
/** Per request, or for the gateway only (SHAREABLE_HEADER never reaches a client: answer-cache.test checks the gateway's answers). */
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive', SHAREABLE_HEADER]);

let store: Store;
let baseline: Express;
let optimised: Express;
const ids: Record<string, number> = {};

interface Seen {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}

async function ask(app: Express, url: string, role: Role | null, extra: Record<string, string> = {}): Promise<Seen> {
  const r = await request(app)
    .get(url)
    .set(asRole(role))
    .set(extra)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done(null, text));
    });
  const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !PER_REQUEST.has(k)));
  return { status: r.status, headers, text: r.body as string };
}

async function create(role: Role, body: Record<string, unknown>, type = 'posts'): Promise<number> {
  const r = await request(optimised).post(`/rest/core/v2/${type}`).set(asRole(role)).send(body);
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

function urls(): string[] {
  const out: string[] = [];
  for (const c of CONTEXTS) {
    out.push(
      `/rest/core/v2/posts?context=${c}`,
      `/rest/core/v2/posts?context=${c}&per_page=2&page=2`,
      `/rest/core/v2/posts?per_page=2&context=${c}&page=2`,
      `/rest/core/v2/posts?context=${c}&_fields=id,title,excerpt,content`,
      `/rest/core/v2/posts?context=${c}&_embed`,
      `/rest/core/v2/posts?context=${c}&_envelope`,
      `/rest/core/v2/posts?context=${c}&status=future,draft`,
      `/rest/core/v2/pages?context=${c}`,
      `/rest/core/v2/categories?context=${c}`,
      `/rest/core/v2/users?context=${c}`,
      `/rest/core/v2/posts/${ids.protected}?context=${c}&password=secret`,
      `/rest/core/v2/posts/${ids.protected}?context=${c}&password=wrong`,
    );
    for (const id of Object.values(ids)) out.push(`/rest/core/v2/posts/${id}?context=${c}`);
  }
  return out;
}

/** Every URL for every role: the optimised app's answers, computed and then repeated, equal the baseline's. */
async function expectSameAnswers(): Promise<void> {
  const mismatches: string[] = [];
  for (const url of urls()) {
    for (const role of ROLES) {
      const first = await ask(optimised, url, role);
      const again = await ask(optimised, url, role);
      const base = await ask(baseline, url, role);
      for (const [which, got] of [
        ['computed', first],
        ['repeated', again],
      ] as const) {
        try {
          expect(got).toEqual(base);
        } catch {
          mismatches.push(`${role ?? 'anonymous'} ${url} (${which})`);
        }
      }
    }
  }
  expect(mismatches).toEqual([]);
}

beforeAll(async () => {
  const config = testConfig('core-content', {});
  store = await openStore({ service: 'core-content', dataDir: config.dataDir });
  await seedRoleUsers(store);
  const log = createLogger('core-content', 'silent');
  // Two config objects: the render memo belongs to an app (found by its config).
  baseline = await buildApp({ config: { ...config }, store, log }, { LOOM_ANSWER_CACHE: 'off' });
  optimised = await buildApp({ config, store, log }, {});

  const classic = 'A "quoted" paragraph -- with dashes...\n\nSecond paragraph, <em>emphasis</em> and 1/2.';
  ids.published = await create('administrator', {
    title: '"Hello" -- world',
    content: classic,
    excerpt: '',
    status: 'publish',
  });
  ids.byAuthor = await create('author', {
    title: "Author's post",
    content: '<!-- wp:paragraph --><p>Block "text"</p><!-- /wp:paragraph -->',
    status: 'publish',
  });
  ids.draft = await create('author', { title: 'A draft', content: 'Draft text', status: 'draft' });
  ids.protected = await create('administrator', {
    title: 'Protected',
    content: 'Secret text',
    excerpt: 'Secret excerpt',
    status: 'publish',
    password: 'secret',
  });
  ids.scheduled = await create('administrator', {
    title: 'Far future',
    content: 'Later',
    status: 'future',
    date_gmt: '2099-01-01T00:00:00',
  });
  ids.private = await create('editor', { title: 'Private', content: 'Only editors', status: 'private' });
  await create('administrator', { title: 'A page', content: 'Page "text"', status: 'publish' }, 'pages');
});

afterAll(() => store.close());

test('every role and context: the optimised answers equal the unoptimised ones', async () => {
  await expectSameAnswers();
});

test('a repeated anonymous read is answered without reading the store, and a write is seen by the next read', async () => {
  const url = '/rest/core/v2/posts?context=view&per_page=3';
  await ask(optimised, url, null);
  const find = jest.spyOn(store.collection(POSTS), 'find');
  const kept = await ask(optimised, url, null);
  expect(find).not.toHaveBeenCalled();
  // Signed-in callers are never answered from the cache.
  await ask(optimised, url, 'subscriber');
  expect(find).toHaveBeenCalled();
  find.mockRestore();

  const r = await request(baseline)
    .post(`/rest/core/v2/posts/${ids.published}`)
    .set(asRole('editor'))
    .send({ title: 'Changed by the other app' });
  expect(r.status).toBe(200);
  const after = await ask(optimised, url, null);
  expect(after.text).toContain('Changed by the other app');
  expect(after).not.toEqual(kept);
  expect(after).toEqual(await ask(baseline, url, null));
});

test('after writes (update, trash, a new protected post) every answer still equals the baseline', async () => {
  await request(optimised)
    .post(`/rest/core/v2/posts/${ids.published}`)
    .set(asRole('administrator'))
    .send({ content: 'Rewritten -- "again"', excerpt: 'Hand-made excerpt' })
    .expect(200);
  await request(optimised).delete(`/rest/core/v2/posts/${ids.byAuthor}`).set(asRole('editor')).expect(200);
  await request(optimised)
    .post(`/rest/core/v2/posts/${ids.protected}`)
    .set(asRole('administrator'))
    .send({ password: 'other' })
    .expect(200);
  await expectSameAnswers();
});

test('a scheduled post is published on time: the cached list does not outlive its publication', async () => {
  const list = '/rest/core/v2/posts?context=view&per_page=50';
  const due = Date.now() + 2000;
  // WordPress publishes a post scheduled less than a minute ahead at once: scheduled far ahead, then moved close.
  const id = await create('administrator', {
    title: 'Due soon',
    content: 'Now',
    status: 'future',
    date_gmt: '2098-01-01T00:00:00',
  });
  await store.collection(POSTS).updateOne({ id }, { $set: { date_gmt: formatUtc(due), date: formatUtc(due) } });
  const before = await ask(optimised, list, null);
  expect(JSON.parse(before.text).map((p: { id: number }) => p.id)).not.toContain(id);
  await ask(optimised, list, null); // kept
  await new Promise((r) => setTimeout(r, due - Date.now() + 1500));
  const after = await ask(optimised, list, null);
  expect(JSON.parse(after.text).map((p: { id: number }) => p.id)).toContain(id);
  expect(after).toEqual(await ask(baseline, list, null));
});

test('the gateway is told which answers it may keep, and until the next scheduled publication', async () => {
  const shareable = async (url: string, role: Role | null, headers: Record<string, string> = {}) =>
    (await request(optimised).get(url).set(asRole(role)).set(headers)).headers[SHAREABLE_HEADER];
  const due = Date.parse(
    `${(await store.collection(POSTS).find({ status: 'future' }, { sort: { date_gmt: 1 }, limit: 1 }))[0]!.date_gmt}Z`,
  );
  // A lifetime in ms from the answer, not a time: the gateway's clock need not agree with ours.
  const lifetime = async (url: string, role: Role | null) => {
    const before = Date.now();
    const value = await shareable(url, role);
    expect(value).toMatch(/^\d+$/);
    expect(Number(value)).toBeLessThanOrEqual(due - before);
    expect(Number(value)).toBeGreaterThanOrEqual(due - Date.now());
  };
  await lifetime('/rest/core/v2/posts', null);
  await lifetime('/rest/core/v2/posts', null); // replayed from core-content's cache too, with the lifetime left
  // A signed-in caller's answers are marked too: the gateway keeps them under the identity it signed.
  await lifetime('/rest/core/v2/posts?context=edit', 'editor');
  expect(await shareable('/rest/core/v2/posts?per_page=1000', null)).toBeUndefined(); // 400
  expect(await shareable('/rest/core/v2/posts?_method=DELETE', null)).toBeUndefined();
  expect(await shareable('/rest/core/v2/posts', null, { 'X-HTTP-Method-Override': 'GET' })).toBeUndefined();
  expect((await request(baseline).get('/rest/core/v2/posts')).headers[SHAREABLE_HEADER]).toBeUndefined(); // LOOM_ANSWER_CACHE=off
});

test('ETag: a hash of the body, the same from both apps; If-None-Match gets a 304 without a body', async () => {
  const url = '/rest/core/v2/posts?context=view';
  for (const role of [null, 'author'] as const) {
    const a = await ask(optimised, url, role);
    const b = await ask(baseline, url, role);
    expect(a.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(a.headers.etag).toBe(b.headers.etag);
    for (const app of [optimised, baseline, optimised]) {
      const r = await ask(app, url, role, { 'If-None-Match': a.headers.etag as string });
      expect(r.status).toBe(304);
      expect(r.text).toBe('');
      expect(r.headers.etag).toBe(a.headers.etag);
    }
    expect((await ask(optimised, url, role, { 'If-None-Match': 'W/"other"' })).status).toBe(200);
  }
  // Writes carry none.
  const created = await request(optimised)
    .post('/rest/core/v2/posts')
    .set(asRole('administrator'))
    .send({ title: 'x' });
  expect(created.headers.etag).toBeUndefined();
});
