/**
 * The oEmbed proxy cannot be made to grow the oembed process (issue 22 §4), through the gateway: a provider's fields
 * are trimmed, the cache holds a bounded number of entries of bounded size, and each user may cause a bounded number
 * of fetches per window (LOOM_OEMBED_RATE_MAX, 60 by default). The provider is a loopback server added as a
 * sanctioned one, reached through LOOM_OEMBED_ALLOW_HOSTS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOembedWorld, type OembedWorld } from '@loom/testing';
import { MAX_ENTRY_BYTES, PROXY_CACHE } from '../src/cache';
import { get, startRemote } from './helpers';

const MAX_ENTRIES = 5;
const proxy = (url: string) => `/rest/oembed/1.0/proxy?url=${encodeURIComponent(url)}`;

let world: OembedWorld;
let provider: Awaited<ReturnType<typeof startRemote>>;
/** What the provider answers for a page, by its path (`/huge`, `/small`...). */
const answers = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  provider = await startRemote((req, res) => {
    const page = new URL(new URL(req.url!, 'http://x').searchParams.get('url')!);
    const answer = answers.get(page.pathname);
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  const dir = mkdtempSync(join(tmpdir(), 'loom-providers-'));
  writeFileSync(
    join(dir, 'providers.json'),
    JSON.stringify({
      providers: [
        { provider: 'Loopback', pattern: 'https?://videos\\.example/.*', endpoint: `${provider.url}/oembed` },
      ],
    }),
  );
  world = await startOembedWorld({
    LOOM_OEMBED_ALLOW_HOSTS: `127.0.0.1:${provider.port}`,
    LOOM_OEMBED_PROVIDERS_FILE: join(dir, 'providers.json'),
    LOOM_OEMBED_CACHE_MAX_ENTRIES: String(MAX_ENTRIES),
    LOOM_OEMBED_RATE_MAX: '60', // the default (the harness raises it for other suites)
    // One window for the whole run (it would end in 2033), so no count is reset halfway through a test.
    LOOM_OEMBED_RATE_WINDOW_MS: String(1e12),
  });
});
afterAll(async () => {
  await world.close();
  await provider.close();
});

const entries = () => world.oembed.store.collection(PROXY_CACHE).find({});
const fetches = () => provider.hits.length;
const small = (n: number) => ({
  version: '1.0',
  type: 'rich',
  title: `Clip ${n}`,
  provider_name: 'Loopback',
  html: `<iframe src="https://videos.example/embed/${n}"></iframe>`,
});

test("a provider's long fields are trimmed before they are answered or kept", async () => {
  answers.set('/long', {
    ...small(0),
    title: 't'.repeat(900 * 1024),
    author_name: 'Weaver',
    thumbnail_url: `https://videos.example/${'p'.repeat(3000)}.jpg`,
  });
  const r = await get(world, proxy('https://videos.example/long'), 'editor');
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    ...small(0),
    title: 't'.repeat(1000),
    author_name: 'Weaver',
    html: `<iframe title="${'t'.repeat(1000)}" src="https://videos.example/embed/0"></iframe>`,
  });
  // Small enough to keep: asked again, the provider is not.
  const before = fetches();
  expect((await get(world, proxy('https://videos.example/long'), 'editor')).body).toEqual(r.body);
  expect(fetches()).toBe(before);
});

test(`the cache holds at most LOOM_OEMBED_CACHE_MAX_ENTRIES (${MAX_ENTRIES}): the oldest make room`, async () => {
  for (let n = 1; n <= 8; n++) {
    answers.set(`/clip-${n}`, small(n));
    expect((await get(world, proxy(`https://videos.example/clip-${n}`), 'editor')).status).toBe(200);
  }
  const kept = await entries();
  expect(kept).toHaveLength(MAX_ENTRIES);
  expect(kept.map((e) => JSON.parse(e.data as string).title).sort()).toEqual([
    'Clip 4',
    'Clip 5',
    'Clip 6',
    'Clip 7',
    'Clip 8',
  ]);
  // The newest is answered from the cache, the evicted one is fetched again.
  const before = fetches();
  await get(world, proxy('https://videos.example/clip-8'), 'editor');
  expect(fetches()).toBe(before);
  await get(world, proxy('https://videos.example/clip-1'), 'editor');
  expect(fetches()).toBe(before + 1);
});

test('the reproduction: 80 asks for a ~900 KB answer keep nothing, and a contributor is limited to 60 fetches', async () => {
  answers.set('/page', {
    version: '1.0',
    type: 'rich',
    title: 'Big',
    html: `<iframe src="https://videos.example/embed/big"></iframe><p>${'x'.repeat(900 * 1024)}</p>`,
  });
  const keptBefore = (await entries()).map((e) => e.key).sort();
  const before = fetches();
  const statuses: number[] = [];
  let limited: Awaited<ReturnType<typeof get>> | undefined;
  for (let v = 1; v <= 80; v++) {
    const r = await get(world, proxy(`https://videos.example/page?v=${v}`), 'contributor');
    statuses.push(r.status);
    if (r.status === 429) limited = r;
    else expect(r.body.html.length).toBeGreaterThan(900 * 1024); // answered whole, just not kept
  }
  expect(statuses).toEqual([...Array(60).fill(200), ...Array(20).fill(429)]);
  expect(limited!.body).toEqual({
    code: 'loom_oembed_rate_limited',
    message: 'Too many oEmbed requests. Please try again later.',
    data: { status: 429 },
  });
  expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  expect(fetches()).toBe(before + 60);
  // Nothing of it was kept: the cache is as it was, every entry small.
  const kept = await entries();
  expect(kept.map((e) => e.key).sort()).toEqual(keptBefore);
  for (const e of kept) expect(Buffer.byteLength(e.data as string)).toBeLessThanOrEqual(MAX_ENTRY_BYTES);

  // The limit is the contributor's: an answer already cached costs no fetch and is still given, and others may fetch.
  expect((await get(world, proxy('https://videos.example/clip-8'), 'contributor')).status).toBe(200);
  expect((await get(world, proxy('https://videos.example/page?v=81'), 'contributor')).status).toBe(429);
  expect((await get(world, proxy('https://videos.example/page?v=81'), 'editor')).status).toBe(200);
});
