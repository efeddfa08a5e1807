/**
 * Prometheus metrics of the gateway and of a service (the real core-content on an observed store): request
 * counters and latency histograms move with requests and are labelled by route pattern (never the raw path),
 * upstream timings per service, store timings per collection and operation, in-flight requests and the
 * process metrics, all in the exposition format at GET /metrics.
 */
import { startObserved, type Observed } from '@loom/testing';

let o: Observed;
let core: Observed['core'];
let site: Observed['site'];

beforeAll(async () => {
  o = await startObserved();
  ({ core, site } = o);
});
afterAll(async () => {
  await o?.close();
});

const scrape = async (url: string) => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one series, found by its exact labels (in any order); 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got: Record<string, string> = {};
    for (const [, k, v] of m[2]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) got[k!] = v!.replace(/\\(.)/g, '$1');
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

const ITEM = '/core/v2/categories/(?P<id>[\\d]+)';

test('request counters move, labelled by route pattern and status, at the gateway and the service', async () => {
  const before = { gw: await scrape(site.url), core: await scrape(core.url) };
  const item = { method: 'GET', route: ITEM, status: '200' };
  const missing = { method: 'GET', route: ITEM, status: '404' };
  for (const path of [
    '/rest/core/v2/categories/1',
    '/rest/core/v2/categories/1',
    '/rest/core/v2/categories/987654',
    '/rest/core/v2/no-such-thing/42',
    '/rest/nowhere/at/all',
  ])
    await fetch(`${site.url}${path}`);
  const after = { gw: await scrape(site.url), core: await scrape(core.url) };
  // The repeated anonymous read is answered by the gateway's answer cache: counted there under its route, not at core-content.
  const reached = { gw: 2, core: 1 };
  for (const side of ['gw', 'core'] as const) {
    expect(
      valueOf(after[side], 'loom_http_requests_total', item) - valueOf(before[side], 'loom_http_requests_total', item),
    ).toBe(reached[side]);
    expect(
      valueOf(after[side], 'loom_http_requests_total', missing) -
        valueOf(before[side], 'loom_http_requests_total', missing),
    ).toBe(1);
    expect(
      valueOf(after[side], 'loom_http_request_duration_seconds_count', item) -
        valueOf(before[side], 'loom_http_request_duration_seconds_count', item),
    ).toBe(reached[side]);
    expect(
      valueOf(after[side], 'loom_http_request_duration_seconds_bucket', { ...item, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(reached[side]);
    // Paths no route knows share one label value; no raw path ever becomes one.
    expect(
      valueOf(after[side], 'loom_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after[side]).not.toMatch(/987654|no-such-thing|nowhere|categories\/1"/);
  }
  expect(
    valueOf(after.gw, 'loom_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }) -
      valueOf(before.gw, 'loom_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
  ).toBe(2);
});

test('upstream timings per service, store timings per collection and operation, in flight, process metrics', async () => {
  await fetch(`${site.url}/rest/core/v2/categories`);
  const gwText = await scrape(site.url);
  expect(
    valueOf(gwText, 'loom_upstream_request_duration_seconds_count', { upstream: 'core-content', status: '200' }),
  ).toBeGreaterThanOrEqual(1);
  expect(gwText).toMatch(/^loom_http_requests_in_flight\{service="gateway"\} 1$/m); // the scrape itself
  expect(gwText).toMatch(/^process_cpu_user_seconds_total\{service="gateway"\} /m);
  expect(gwText).toMatch(/^nodejs_eventloop_lag_seconds\{service="gateway"\} /m);
  expect(gwText).toContain('loom_notifications_pending{service="gateway"} 0'); // the outbox's, kept
  const coreText = await scrape(core.url);
  expect(
    valueOf(coreText, 'loom_store_operation_duration_seconds_count', {
      collection: 'terms',
      operation: 'find',
      outcome: 'ok',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(coreText).toMatch(/^process_resident_memory_bytes\{service="core-content"\} /m);
});

test("every series has a service label, the change notifications' too (README, Metrics)", async () => {
  const samples = (await scrape(site.url)).split('\n').filter((l) => l && !l.startsWith('#'));
  expect(samples.filter((l) => l.startsWith('loom_notifications_'))).toHaveLength(3);
  const labelled = (line: string) =>
    /(?:^|,)service="gateway"(?:,|$)/.test(/^[a-zA-Z_:][a-zA-Z0-9_:]*\{(.*)\} \S+$/.exec(line)?.[1] ?? '');
  expect(samples.filter((l) => !labelled(l))).toEqual([]);
});

test('an upstream that is down is timed as an error', async () => {
  await fetch(`${site.url}/rest/events/v1/events`); // events points at a closed port
  expect(
    valueOf(await scrape(site.url), 'loom_upstream_request_duration_seconds_count', {
      upstream: 'events',
      status: 'error',
    }),
  ).toBeGreaterThanOrEqual(1);
});

test('credential checks and batch items are timed as upstream calls too', async () => {
  const count = async () =>
    valueOf(await scrape(site.url), 'loom_upstream_request_duration_seconds_count', {
      upstream: 'core-content',
      status: '401',
    });
  const before = await count();
  // Wrong credentials: answered 401 by the gateway after core-content's check, never proxied.
  const denied = await fetch(`${site.url}/rest/core/v2/categories`, {
    headers: { authorization: `Basic ${Buffer.from('admin:wrong wrong wrong wrong').toString('base64')}` },
  });
  expect(denied.status).toBe(401);
  expect((await count()) - before).toBe(1);
  // A batch item: the gateway sends it to core-content itself (anonymous: 401 rest_cannot_create).
  const batch = await fetch(`${site.url}/rest/batch/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [{ path: '/core/v2/categories', body: { name: 'x' } }] }),
  });
  expect(batch.status).toBe(207);
  expect((await count()) - before).toBe(2);
});
