#!/usr/bin/env node
/**
 * `npm run bench`: starts its own Loom (core-content and the gateway, built, on free loopback ports, with a
 * fresh data directory), seeds posts through the REST API, and measures reads with autocannon: through the
 * gateway, directly on core-content, and against a bare Node HTTP server answering the same JSON from memory
 * (the ceiling of this machine), at 1,000 and then 10,000 posts. Prints a Markdown table; `--write` also
 * saves it as bench/RESULTS.md. Every run is bounded (LOOM_BENCH_SECONDS per target), loopback only.
 * Then writes: one POST /rest/batch/v1 of 25 tag creations against the same 25 creations sent as 25 sequential
 * client requests (kept-alive, and with a new connection each), LOOM_BENCH_BATCH_ROUNDS rounds (default 20).
 * And oEmbed through the gateway: GET oembed/1.0/embed of a post, and a cached oembed/1.0/proxy answer of a remote
 * URL (its provider a loopback server the oembed service is allowed to reach, asked once to fill the cache).
 */
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } = require('node:fs');
const { createServer } = require('node:http');
const net = require('node:net');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const path = require('node:path');
const autocannon = require('autocannon');
const { seedPosts } = require('./site');

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.LOOM_BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.LOOM_BENCH_CONNECTIONS || 16);
const SIZES = (process.env.LOOM_BENCH_POSTS || '1000,10000').split(',').map(Number);
const BATCH_ROUNDS = Math.min(Number(process.env.LOOM_BENCH_BATCH_ROUNDS || 20), 200);

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Polls `probe` (readyz; healthz for a gateway started without every service, whose readyz stays 503). */
async function waitReady(url, probe = 'readyz') {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/** A loopback oEmbed provider for the proxy rows, and the providers file that names it. */
async function startProvider(dataDir) {
  let asked = 0;
  const server = createServer((req, res) => {
    asked++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        version: '1.0',
        type: 'rich',
        title: 'Bench video',
        provider_name: 'Bench',
        width: 600,
        height: 338,
        html: '<iframe src="https://videos.example/e/1" width="600" height="338"></iframe>',
      }),
    );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  const file = path.join(dataDir, 'oembed-providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        { provider: 'Bench', pattern: 'https?://videos\\.example/.*', endpoint: `http://127.0.0.1:${port}/oembed` },
      ],
    }),
  );
  return { port, file, asked: () => asked, close: () => new Promise((r) => server.close(r)) };
}

/** `opts.events`: the events service too; `opts.env`: more environment for every process; `opts.nodeArgs`: per service (bench/wrk.js). */
async function startLoom(opts = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loom-bench-'));
  const [gw, core, oembed, events] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const provider = await startProvider(dataDir);
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOOM_INTERNAL_SECRET: 'bench-secret',
    LOOM_BASE_URL: `http://127.0.0.1:${gw}`,
    GATEWAY_PORT: String(gw),
    CORE_CONTENT_PORT: String(core),
    CORE_CONTENT_URL: `http://127.0.0.1:${core}`,
    OEMBED_PORT: String(oembed),
    OEMBED_URL: `http://127.0.0.1:${oembed}`,
    LOOM_OEMBED_ALLOW_HOSTS: `127.0.0.1:${provider.port}`,
    LOOM_OEMBED_PROVIDERS_FILE: provider.file,
    LOG_LEVEL: 'warn',
    LOOM_ADMIN_PASSWORD: 'bench-admin-password',
    EVENTS_PORT: String(events),
    EVENTS_URL: `http://127.0.0.1:${events}`,
    ...opts.env,
  };
  // The CLI writes to the store before the service holds it: an administrator and an application password.
  const cli = path.join(ROOT, 'services/core-content/dist/cli.js');
  execFileSync(
    process.execPath,
    [
      cli,
      'users',
      'create',
      '--login',
      'bench',
      '--email',
      'bench@example.com',
      '--role',
      'administrator',
      '--password',
      'bench-password',
    ],
    { env },
  );
  const out = execFileSync(process.execPath, [cli, 'app-passwords', 'create', '--login', 'bench', '--name', 'bench'], {
    env,
  }).toString();
  const password = /Password: (.+)/.exec(out)[1].trim();
  const names = ['core-content', 'oembed', ...(opts.events ? ['events'] : []), 'gateway'];
  let procs = [];
  /** Starts every service and resolves once each is ready: how long that took, in ms. */
  const launch = async () => {
    const t0 = performance.now();
    procs = names.map((s) =>
      spawn(process.execPath, [...(opts.nodeArgs?.[s] ?? []), path.join(ROOT, 'services', s, 'dist/main.js')], {
        env,
        stdio: 'inherit',
      }),
    );
    await waitReady(`http://127.0.0.1:${core}`);
    await waitReady(`http://127.0.0.1:${oembed}`);
    if (opts.events) await waitReady(`http://127.0.0.1:${events}`);
    await waitReady(`http://127.0.0.1:${gw}`, 'healthz'); // events and forms are not started: the index stays incomplete
    return performance.now() - t0;
  };
  const halt = () =>
    Promise.all(
      procs.map(
        (p) =>
          new Promise((r) =>
            p.exitCode !== null || p.signalCode !== null ? r() : (p.once('exit', r), p.kill('SIGTERM')),
          ),
      ),
    );
  await launch();
  return {
    gateway: `http://127.0.0.1:${gw}`,
    core: `http://127.0.0.1:${core}`,
    events: `http://127.0.0.1:${events}`,
    get pids() {
      return Object.fromEntries(names.map((s, i) => [s, procs[i].pid]));
    },
    /** Resident memory of each process, in MiB (Linux's /proc). */
    rss() {
      return Object.fromEntries(
        names.map((s, i) => {
          const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${procs[i].pid}/status`, 'utf8'));
          return [s, m ? Math.round(Number(m[1]) / 1024) : NaN];
        }),
      );
    },
    /** Stops every service and starts them again on the same data: the ms until all were ready. */
    async restart() {
      await halt();
      return launch();
    },
    auth: `Basic ${Buffer.from(`bench:${password}`).toString('base64')}`,
    secret: env.LOOM_INTERNAL_SECRET,
    provider,
    async stop() {
      await halt();
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** autocannon against `url`; `vary` rewrites each request's path (pages spread over a range). */
function measure(url, vary, headers) {
  const requests = vary ? [{ setupRequest: (req) => ({ ...req, path: vary(req.path) }) }] : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

/**
 * oEmbed through the gateway: `/embed` of a published post (core-content asked through oembed's typed client, its
 * short cache on), and a cached `/proxy` answer (the provider is asked once, before measuring; every measured answer
 * must come from the oembed service's store, which the provider's request count checks).
 */
async function benchOembed(loom) {
  const rows = [];
  const list = await (await fetch(`${loom.gateway}/rest/core/v2/posts?per_page=1`)).json();
  const embedPath = `/rest/oembed/1.0/embed?url=${encodeURIComponent(list[0].link)}`;
  const proxyPath = `/rest/oembed/1.0/proxy?url=${encodeURIComponent('https://videos.example/watch/1')}`;
  const warm = await fetch(`${loom.gateway}${proxyPath}`, { headers: { authorization: loom.auth } });
  if (warm.status !== 200) throw new Error(`oEmbed proxy: ${warm.status} ${await warm.text()}`);
  if ((await fetch(`${loom.gateway}${embedPath}`)).status !== 200) throw new Error('oEmbed embed did not answer 200');
  const asked = loom.provider.asked();
  for (const [label, pathname, headers] of [
    ['GET oembed/1.0/embed', embedPath],
    ['GET oembed/1.0/proxy (cached)', proxyPath, { authorization: loom.auth }],
  ]) {
    const r = await measure(loom.gateway + pathname, undefined, headers);
    const errors = r.errors + r.non2xx;
    rows.push({ label, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors });
    console.log(
      `oembed  ${label.padEnd(32)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${errors}`,
    );
  }
  if (loom.provider.asked() !== asked) throw new Error('the cached proxy rows asked the provider again');
  return rows;
}

/** Pages 1..50 in turn: the embedded store keeps recent answers until the next write, so one repeated page is its best case. */
let pageTurn = 0;
const spreadPages = (path) => path.replace(/([?&])page=\d+/, `$1page=${(pageTurn++ % 50) + 1}`);

/** A bare HTTP server answering `body` from memory: what Node itself manages on this machine. */
async function bare(body) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Batch of 25 vs 25 sequential requests, each round creating 25 new tags: median and p90 wall time per round.
 * Bounded by BATCH_ROUNDS; every request is checked (a failing write aborts the bench).
 */
async function benchBatch(loom) {
  const headers = { authorization: loom.auth, 'content-type': 'application/json' };
  const timings = { batch: [], keepAlive: [], newConnection: [], direct: [] };
  // The floor: the same writes straight to core-content (signed identity, kept-alive), which a batch still does one by one.
  const { signIdentity } = require('@loom/service-kit');
  const me = await (await fetch(`${loom.gateway}/rest/core/v2/users/me?context=edit`, { headers })).json();
  const identity = () => signIdentity({ id: me.id, login: me.username, roles: me.roles }, loom.secret);
  let n = 0;
  const items = () => Array.from({ length: 25 }, () => ({ path: '/core/v2/tags', body: { name: `bench tag ${++n}` } }));
  for (let round = 0; round < BATCH_ROUNDS; round++) {
    let t = performance.now();
    const r = await fetch(`${loom.gateway}/rest/batch/v1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requests: items() }),
    });
    const body = await r.json();
    if (r.status !== 207 || body.responses.some((e) => e.status !== 201))
      throw new Error(`batch: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
    timings.batch.push(performance.now() - t);
    for (const [key, extra] of [
      ['keepAlive', {}],
      ['newConnection', { connection: 'close' }],
    ]) {
      t = performance.now();
      for (const item of items()) {
        const one = await fetch(`${loom.gateway}/rest${item.path}`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body: JSON.stringify(item.body),
        });
        if (one.status !== 201) throw new Error(`single write: ${one.status} ${await one.text()}`);
        await one.arrayBuffer();
      }
      timings[key].push(performance.now() - t);
    }
    t = performance.now();
    for (const item of items()) {
      const one = await fetch(`${loom.core}/rest${item.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-loom-identity': identity() },
        body: JSON.stringify(item.body),
      });
      if (one.status !== 201) throw new Error(`direct write: ${one.status} ${await one.text()}`);
      await one.arrayBuffer();
    }
    timings.direct.push(performance.now() - t);
  }
  const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))].toFixed(1);
  return [
    ['1 × POST batch/v1 (25 items)', timings.batch],
    ['25 × POST tags, kept-alive', timings.keepAlive],
    ['25 × POST tags, new connection each', timings.newConnection],
    ['25 × POST tags on core-content directly (floor)', timings.direct],
  ].map(([label, xs]) => ({ label, p50: pct(xs, 0.5), p90: pct(xs, 0.9) }));
}

/** Seeds up to each size in turn (saying how long it took), then runs `each(size)` at that size. */
async function atEachSize(loom, sizes, each) {
  let seeded = 0;
  for (const size of sizes) {
    process.stdout.write(`seeding ${size} posts... `);
    const t0 = Date.now();
    await seedPosts(loom, seeded, size);
    seeded = size;
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await each(size);
  }
}

module.exports = { startLoom, measure, atEachSize, bare, freePort };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

async function main() {
  const rows = [];
  let batchRows = [];
  let oembedRows = [];
  const loom = await startLoom();
  try {
    await atEachSize(loom, SIZES, async (size) => {
      const list = await fetch(`${loom.gateway}/rest/core/v2/posts?per_page=10`);
      const listBody = await list.text();
      const id = JSON.parse(listBody)[0].id;
      const itemBody = await (await fetch(`${loom.gateway}/rest/core/v2/posts/${id}`)).text();
      for (const [label, pathname, body, vary] of [
        ['GET posts?per_page=10', '/rest/core/v2/posts?per_page=10', listBody],
        ['GET posts, pages 1-50', '/rest/core/v2/posts?per_page=10&page=1', listBody, spreadPages],
        [`GET posts/<id>`, `/rest/core/v2/posts/${id}`, itemBody],
      ]) {
        const ceiling = await bare(body);
        for (const [target, url] of [
          ['gateway', loom.gateway + pathname],
          ['core-content', loom.core + pathname],
          ['bare node (ceiling)', ceiling.url + pathname],
        ]) {
          const r = await measure(url, vary);
          const errors = r.errors + r.non2xx;
          rows.push({
            size,
            label,
            target,
            rps: Math.round(r.requests.average),
            p50: r.latency.p50,
            p99: r.latency.p99,
            errors,
          });
          console.log(
            `${String(size).padStart(6)}  ${label.padEnd(24)} ${target.padEnd(20)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${errors}`,
          );
        }
        await ceiling.close();
      }
    });
    oembedRows = await benchOembed(loom);
    if (BATCH_ROUNDS > 0) {
      batchRows = await benchBatch(loom);
      for (const r of batchRows) console.log(`batch   ${r.label.padEnd(48)} p50 ${r.p50} ms  p90 ${r.p90} ms`);
    }
  } finally {
    await loom.stop();
  }
  const cpu = os.cpus()[0];
  let table = [
    '| posts | request | target | req/s | p50 ms | p99 ms | errors |',
    '|---:|---|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.size} | ${r.label} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
  ].join('\n');
  const batchTable = batchRows.length
    ? [
        `\n25 tag creations through the gateway, ${BATCH_ROUNDS} rounds, wall time per round:\n`,
        '| requests | p50 ms | p90 ms |',
        '|---|---:|---:|',
        ...batchRows.map((r) => `| ${r.label} | ${r.p50} | ${r.p90} |`),
      ].join('\n')
    : '';
  table += batchTable;
  if (oembedRows.length) {
    table += [
      `\n\noEmbed through the gateway (${SIZES[SIZES.length - 1]} posts):\n`,
      '| request | req/s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|',
      ...oembedRows.map((r) => `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    ].join('\n');
  }
  const doc = `# Benchmark results\n\nMeasured by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu ? cpu.model.trim() : 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded store. autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, loopback; load generator, gateway and core-content share the machine's cores.\n\n${table}\n`;
  console.log(`\n${table}`);
  if (process.argv.includes('--write')) {
    // Everything above the marker (bench/wrk.js's table and its reading) is kept, and so is the media section
    // `npm run bench:media -- --write` keeps at the end of the file.
    const file = path.join(__dirname, 'RESULTS.md');
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const marker = '<!-- detail -->';
    const head = old.includes(marker) ? old.slice(0, old.indexOf(marker)) : '# Benchmark results\n\n';
    const mediaAt = old.indexOf('\n## Media');
    const media = mediaAt === -1 ? '' : old.slice(mediaAt);
    writeFileSync(
      file,
      `${head}${marker}\n${doc.replace(/^# Benchmark results\n/, '## Reads, batch writes, oEmbed (`npm run bench:detail`)\n')}${media}`,
    );
  }
}
