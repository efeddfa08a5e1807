#!/usr/bin/env node
/**
 * `npm run build && node bench/cache-mix.js`: the answer caches under a mix of hot and one-off URLs (issue 22).
 * Starts its own Loom (run.js's startLoom), seeds 100 posts, then for LOOM_BENCH_SECONDS at LOOM_BENCH_CONNECTIONS
 * sends anonymous GETs through the gateway: a share LOOM_BENCH_ONE_OFF_SHARE (0.5) to URLs never asked before,
 * `posts?per_page=1&page=2&_fields=id&k<i>=<14 KB>` as in the issue (the answer's Link header repeats the query
 * twice), the others to 20 hot `posts/<id>`. Reports per kind the share the gateway answered from its cache (the
 * requests that never reached core-content, from both processes' /metrics), core-content's own cache hits, and
 * each process's RSS (run with --max-old-space-size=192, as in deploy/k8s) and cache bytes before and after.
 * `--write` puts the tables in bench/RESULTS.md.
 */
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startLoom, measure } = require('./run');
const { seedPosts } = require('./site');

const SECONDS = Number(process.env.LOOM_BENCH_SECONDS || 5);
const ONE_OFF_SHARE = Number(process.env.LOOM_BENCH_ONE_OFF_SHARE || 0.5);
const HOT = 20;
const PAD = 'x'.repeat(14_000);
const ROUTES = { hot: '/core/v2/posts/(?P<id>[\\d]+)', 'one-off': '/core/v2/posts' };

/** Every series of a process's /metrics: name, labels and value (none when the process is down). */
async function scrape(base) {
  let text = '';
  try {
    text = await (await fetch(`${base}/metrics`)).text();
  } catch {
    // down: out of memory, for instance (its log says)
  }
  const series = [];
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v.replace(/\\(.)/g, '$1')]),
    );
    series.push({ name: m[1], labels, value: Number(m[3]) });
  }
  /** The sum of `name`'s series whose labels include `labels`; undefined when the process has none. */
  return (name, labels = {}) => {
    const found = series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    return found.length ? found.reduce((n, s) => n + s.value, 0) : undefined;
  };
}

const mib = (bytes) => (bytes === undefined ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
const pct = (part, whole) => (whole && !Number.isNaN(part) ? `${((100 * part) / whole).toFixed(1)} %` : '—');

(async () => {
  // As in the Kubernetes manifests (deploy/k8s): RSS is what a pod's 256 Mi limit is held against.
  const heap = ['--max-old-space-size=192'];
  const budget = process.env.LOOM_ANSWER_CACHE_BYTES;
  const loom = await startLoom({
    nodeArgs: { gateway: heap, 'core-content': heap },
    env: budget ? { LOOM_ANSWER_CACHE_BYTES: budget } : {},
  });
  let table;
  try {
    process.stdout.write('seeding 100 posts... ');
    await seedPosts(loom, 0, 100);
    console.log('done');
    const hot = (await (await fetch(`${loom.gateway}/rest/core/v2/posts?per_page=${HOT}&_fields=id`)).json()).map(
      (p) => `/rest/core/v2/posts/${p.id}`,
    );
    // Each hot URL asked twice first: kept in both caches before the one-offs come.
    for (let i = 0; i < 2; i++) for (const url of hot) await fetch(loom.gateway + url).then((r) => r.arrayBuffer());
    const before = { gw: await scrape(loom.gateway), core: await scrape(loom.core) };

    let n = 0;
    let share = 0;
    const next = () => {
      share += ONE_OFF_SHARE;
      if (share < 1) return hot[n++ % HOT];
      share -= 1;
      return `/rest/core/v2/posts?per_page=1&page=2&_fields=id&k${n++}=${PAD}`;
    };
    const run = await measure(`${loom.gateway}/`, next);
    const after = { gw: await scrape(loom.gateway), core: await scrape(loom.core) };

    const down = ['gw', 'core'].filter((side) => after[side]('process_resident_memory_bytes') === undefined);
    /** How much a series moved during the run (NaN when the process is down now). */
    const delta = (side, name, labels) => (after[side](name, labels) ?? NaN) - (before[side](name, labels) ?? 0);
    const rows = Object.entries(ROUTES).map(([kind, route]) => {
      const asked = delta('gw', 'loom_http_requests_total', { method: 'GET', route });
      const reached = delta('core', 'loom_http_requests_total', { method: 'GET', route });
      return `| ${kind} | ${asked} | ${pct(asked - reached, asked)} | ${Number.isNaN(reached) ? '—' : reached} |`;
    });
    const coreAsked = Object.values(ROUTES).reduce(
      (n, route) => n + delta('core', 'loom_http_requests_total', { method: 'GET', route }),
      0,
    );
    const coreHits = delta('core', 'loom_answer_cache_events_total', { event: 'hit' }) || 0;
    const memory = ['gw', 'core'].map((side) => {
      const [then, now] = [before[side], after[side]];
      return `| ${side === 'gw' ? 'gateway' : 'core-content'} | ${mib(then('process_resident_memory_bytes'))} | ${mib(now('process_resident_memory_bytes'))} | ${mib(then('loom_answer_cache_bytes'))} | ${mib(now('loom_answer_cache_bytes'))} |`;
    });
    const cpu = os.cpus()[0];
    table = [
      `Measured by \`node bench/cache-mix.js\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} × ${cpu ? cpu.model.trim() : 'unknown CPU'}, Node ${process.version}, embedded store, LOOM_ANSWER_CACHE_BYTES ${budget || 'default (16 MiB)'}. autocannon, ${run.connections} connections, ${SECONDS} s: ${run.requests.total} requests (${run.requests.average} req/s, p99 ${run.latency.p99} ms, ${run.non2xx + run.errors} failed), ${Math.round(ONE_OFF_SHARE * 100)} % to URLs asked once (14 KB queries), the rest to ${HOT} hot posts.`,
      '',
      '| URLs | requests | answered by the gateway’s cache | reached core-content |',
      '|---|---:|---:|---:|',
      ...rows,
      '',
      down.includes('core')
        ? 'core-content died during the run.'
        : `core-content's own cache answered ${coreHits} of the ${coreAsked} reads that reached it (${pct(coreHits, coreAsked)}).`,
      '',
      '| process | RSS before | RSS after | cache bytes before | cache bytes after |',
      '|---|---:|---:|---:|---:|',
      ...memory,
      ...down.map(
        (side) => `\n**${side === 'gw' ? 'The gateway' : 'core-content'} was down after the run** (its log says why).`,
      ),
    ].join('\n');
    console.log(`\n${table}`);
    if (run.non2xx + run.errors > 0) throw new Error(`${run.non2xx + run.errors} requests failed`);
  } finally {
    await loom.stop();
  }
  if (process.argv.includes('--write')) {
    // Between its two markers, or above bench:detail's section (which bench/wrk.js and bench/media.js keep).
    const file = path.join(__dirname, 'RESULTS.md');
    const old = readFileSync(file, 'utf8');
    const marker = '<!-- cache-mix -->';
    const section = `${marker}\n## Hot and one-off URLs (issue 22, \`node bench/cache-mix.js\`)\n\n${table}\n${marker}\n`;
    const first = old.indexOf(marker);
    const detail = old.indexOf('<!-- detail -->');
    if (first !== -1)
      writeFileSync(
        file,
        old.slice(0, first) + section + old.slice(old.indexOf(marker, first + 1) + marker.length + 1),
      );
    else if (detail !== -1) writeFileSync(file, `${old.slice(0, detail)}${section}\n${old.slice(detail)}`);
    else writeFileSync(file, `${old.trimEnd()}\n\n${section}`);
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
