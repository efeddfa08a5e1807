/**
 * Issue 22: the answer caches hold at most LOOM_ANSWER_CACHE_BYTES each, keys and headers included, and one
 * client's stream of distinct URLs displaces nothing. Thousands of anonymous reads of
 * `posts?per_page=1&page=2&_fields=id&k<i>=<14 KB>` (each answer's Link header repeats the query twice) go through
 * the gateway to the real core-content, both in this process, while a hot URL is asked in between.
 */
import { Agent, get as httpGet } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { asRole } from '@loom/service-kit';
import { startObserved, type Observed } from '@loom/testing';

jest.setTimeout(180_000);

const BUDGET = 2 * 1024 * 1024;
const ONE_OFFS = 2000;
const PAD = 'x'.repeat(14_000);
const oneOff = (i: number) => `/rest/core/v2/posts?per_page=1&page=2&_fields=id&k${i}=${PAD}`;
const ITEM_ROUTE = '/core/v2/posts/(?P<id>[\\d]+)';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
/** The body of a 200 answer (node:http: the answers' Link headers are larger than fetch accepts). */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent, maxHeaderSize: 64 * 1024 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(text) : reject(new Error(`${url.slice(0, 80)}: ${res.statusCode} ${text}`)),
      );
    }).on('error', (e) => reject(new Error(`${url.slice(0, 80)}: ${e.message}`, { cause: e })));
  });
}

let o: Observed;
let hot: string;

beforeAll(async () => {
  // The max age far beyond the run, however slow the machine: the hot answer must stay for the budget's reasons alone.
  o = await startObserved({
    LOOM_ANSWER_CACHE_BYTES: String(BUDGET),
    LOOM_GATEWAY_CACHE_MAX_AGE_MS: String(3_600_000),
  });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${o.core.url}/rest/core/v2/posts`, {
      method: 'POST',
      headers: { ...asRole('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Post ${i}`, status: 'publish' }),
    });
    expect(r.status).toBe(201);
    ids.push(((await r.json()) as { id: number }).id);
  }
  hot = `/rest/core/v2/posts/${ids[0]}`;
});
afterAll(async () => {
  agent.destroy();
  await o?.close();
});

/** The heap and the memory outside it (Buffers), once garbage is collected. */
function memoryInUse(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const coreBytes = async () => (await o.coreMetrics.answerCacheBytes.get()).values[0]?.value ?? 0;
const coreHits = async () =>
  (await o.coreMetrics.answerCache.get()).values.find((v) => v.labels.event === 'hit')?.value ?? 0;
const hotReachedCore = async () =>
  (await o.coreMetrics.requests.get()).values
    .filter((v) => v.labels.route === ITEM_ROUTE && v.labels.method === 'GET')
    .reduce((n, v) => n + v.value, 0);

test('thousands of distinct long URLs: each cache within its byte budget, memory within it too, the hot URL still replayed', async () => {
  expect(o.gw.settings.answerCache.maxBytes).toBe(BUDGET);
  // The hot URL: kept by the gateway, and asked of core-content itself a few times (it is hot there too).
  for (let i = 0; i < 3; i++) await get(o.site.url + hot);
  for (let i = 0; i < 3; i++) await get(o.core.url + hot);
  const reached = await hotReachedCore();
  // The same kind of requests first, so that what the code itself allocates once is in the baseline.
  for (let i = 1; i <= 50; i++) expect(await get(o.site.url + oneOff(-i))).toMatch(/^\[\{"id":\d+\}\]$/);
  const before = memoryInUse();

  let next = 0;
  const client = async () => {
    while (next < ONE_OFFS) {
      const i = next++;
      await get(o.site.url + oneOff(i));
      if (i % 10 === 0) await get(o.site.url + hot);
      if (i % 100 === 0) {
        expect(o.gw.answers!.cache.bytes).toBeLessThanOrEqual(BUDGET);
        expect(await coreBytes()).toBeLessThanOrEqual(BUDGET);
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  const grown = memoryInUse() - before;

  // Both caches are full (the budget, not the stream, is what bounds them) and never over it.
  for (const bytes of [o.gw.answers!.cache.bytes, await coreBytes()]) {
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(bytes).toBeGreaterThan(BUDGET / 2);
  }
  // Kept without bounds, the 2,000 answers would hold about 40 KB each in each cache: 160 MB or more.
  expect(grown).toBeLessThan(2 * BUDGET + 16 * 1024 * 1024);
  // Every one of the 200 hot reads during the stream was replayed by the gateway: none reached core-content.
  expect(await hotReachedCore()).toBe(reached);
  // And core-content still replays it too.
  const hits = await coreHits();
  await get(o.core.url + hot);
  expect(await coreHits()).toBe(hits + 1);
});
