#!/usr/bin/env node
/**
 * Read throughput and latency through the gateway: GET on the index, term collections, the types and, on a seeded
 * site (`npm run seed`), the showcase post's comment thread read anonymously, with a fixed number of requests at a
 * fixed concurrency. Start Loom first (`npm start`), then `npm run bench:reads`.
 * Only loopback targets are allowed; every loop is bounded by LOOM_BENCH_REQUESTS.
 */
'use strict';
const base = process.env.LOOM_BENCH_URL || 'http://127.0.0.1:8080';
const total = Number(process.env.LOOM_BENCH_REQUESTS || 2000);
const concurrency = Number(process.env.LOOM_BENCH_CONCURRENCY || 16);

const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`refusing to load ${host}: benchmarks only target this machine`);
  process.exit(2);
}

async function run(path) {
  const latencies = [];
  let next = 0;
  let errors = 0;
  const started = process.hrtime.bigint();
  async function worker() {
    while (next < total) {
      next++;
      const t0 = process.hrtime.bigint();
      const r = await fetch(base + path);
      await r.arrayBuffer();
      if (!r.ok) errors++;
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `${path.padEnd(40)} ${(total / secs).toFixed(0).padStart(6)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms  errors ${errors}`,
  );
}

/** The comment thread of the seed's showcase post (seed-post-1), or null on a site the seed has not filled. */
async function threadPath() {
  const r = await fetch(`${base}/rest/core/v2/posts?slug=seed-post-1&_fields=id`);
  const [post] = r.ok ? await r.json() : [];
  return post ? `/rest/core/v2/comments?post=${post.id}&order=asc` : null;
}

(async () => {
  console.log(`${total} requests per route, concurrency ${concurrency}, against ${base}`);
  const thread = await threadPath();
  for (const path of [
    '/rest/',
    '/rest/core/v2/categories?per_page=100',
    '/rest/core/v2/tags?search=a',
    '/rest/core/v2/types',
    ...(thread ? [thread] : []),
  ])
    await run(path);
  if (!thread) console.log('(no comment thread row: run `npm run seed` first, it writes one on the showcase post)');
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
