#!/usr/bin/env node
/**
 * `npm run build && node bench/settings.js`: how long a change of the site's title takes to reach the other
 * services (issue 29 asks for less than a second). Starts its own Loom (run.js's startLoom) as separate processes,
 * with a nats-server of its own (the change notification) and without one (the services' timer,
 * LOOM_SITE_OPTIONS_POLL_MS, 500 ms by default); publishes a post; then LOOM_BENCH_ROUNDS times changes the title
 * through `POST /rest/core/v2/settings` and measures, from the write's answer, until the gateway's index `name` and
 * oEmbed's `provider_name` (the oembed service) both show it. Reports the median, the 95th percentile and the worst.
 */
'use strict';
const { spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startLoom, freePort } = require('./run');

const ROUNDS = Number(process.env.LOOM_BENCH_ROUNDS || 20);
const NATS_BIN = process.env.NATS_SERVER_BIN || '/usr/sbin/nats-server';

async function startNats() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loom-bench-nats-'));
  const child = spawn(NATS_BIN, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }).then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function rounds(loom) {
  const json = async (r) => (await r).json();
  const post = await json(
    fetch(`${loom.gateway}/rest/core/v2/posts`, {
      method: 'POST',
      headers: { authorization: loom.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Propagation', status: 'publish' }),
    }),
  );
  const embed = `${loom.gateway}/rest/oembed/1.0/embed?url=${encodeURIComponent(post.link)}`;
  // Warm-up, not measured: just after start the gateway's index waits (bounded) for the services this bench does
  // not start (events, forms), and the first embed asks core-content which post the URL names.
  await Promise.all([json(fetch(`${loom.gateway}/rest/`)), json(fetch(embed))]);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const title = `Bench title ${i} ${Date.now()}`;
    const r = await fetch(`${loom.gateway}/rest/core/v2/settings`, {
      method: 'POST',
      headers: { authorization: loom.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (r.status !== 200) throw new Error(`settings: ${r.status} ${await r.text()}`);
    const t0 = performance.now();
    for (;;) {
      const [index, oembed] = await Promise.all([json(fetch(`${loom.gateway}/rest/`)), json(fetch(embed))]);
      if (index.name === title && oembed.provider_name === title) break;
      if (performance.now() - t0 > 10000) throw new Error(`round ${i}: not seen within 10 s`);
      await new Promise((res) => setTimeout(res, 5));
    }
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const rows = [];
  const nats = await startNats();
  for (const [label, env] of [
    ['with NATS (the change notification)', { NATS_URL: nats.url }],
    ['without NATS (the 500 ms timer)', {}],
  ]) {
    const loom = await startLoom({ env });
    try {
      const t = await rounds(loom);
      rows.push(
        `| ${label} | ${t.length} | ${quantile(t, 0.5).toFixed(0)} | ${quantile(t, 0.95).toFixed(0)} | ${t[t.length - 1].toFixed(0)} |`,
      );
    } finally {
      await loom.stop();
    }
  }
  await nats.stop();
  console.log('| Title change reaches index and oEmbed | rounds | median ms | p95 ms | worst ms |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
