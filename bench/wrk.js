#!/usr/bin/env node
/**
 * `npm run bench`: issue 17's figures, each next to its goal, in one run, measured with wrk (a load generator
 * fast enough to show the ceiling). Starts its own Loom (bench/run.js's startLoom: built services on free
 * loopback ports, a fresh data directory), seeds through the REST API and measures, at LOOM_BENCH_CONNECTIONS
 * (50) connections for LOOM_BENCH_SECONDS (5) each:
 * - GET posts?per_page=10 and GET posts/<id> through the gateway, anonymous, at 1,000 and 10,000 posts, next to
 *   a bare Node server answering the same body from memory (the ceiling), and core-content directly;
 * - the same list with an application password (Basic);
 * - a mixed workload at 10,000 posts: one write (a post of the first page retitled) in every 20 requests;
 * - GET events/v1/events with 1,000 events.
 * `--write` saves the table in bench/RESULTS.md (above the detailed autocannon table of `npm run bench:detail`).
 * LOOM_BENCH_PROFILE=1 writes CPU profiles of core-content and the gateway to bench/profiles/.
 */
'use strict';
const { mkdtempSync, readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startLoom, atEachSize, bare } = require('./run');
const { wrk, SECONDS, CONNECTIONS } = require('./wrk-run');

const SIZES = (process.env.LOOM_BENCH_POSTS || '1000,10000').split(',').map(Number);
const EVENTS = Number(process.env.LOOM_BENCH_EVENTS || 1000);
const PROFILE = process.env.LOOM_BENCH_PROFILE === '1';
/** WordPress 6.1 on this machine (issue 17): posts?per_page=10, 16 connections, 64-74 req/s. */
const WORDPRESS_RPS = 64;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'loom-wrk-'));

/** The mixed workload: every 20th request of each connection retitles one of `ids` (Basic auth), the rest read the list. */
function mixedScript(auth, ids) {
  const file = path.join(tmp, 'mixed.lua');
  writeFileSync(
    file,
    `local ids = {${ids.join(',')}}
local n = 0
local auth = "${auth}"
local counter = 0
setup = function(thread) counter = counter + 1; thread:set("tid", counter) end
request = function()
  n = n + 1
  if n % 20 == 0 then
    local id = ids[((n / 20) % #ids) + 1]
    local body = '{"title":"Mixed write ' .. (tid or 0) .. '-' .. n .. '"}'
    return wrk.format("POST", "/rest/core/v2/posts/" .. id, { ["Authorization"] = auth, ["Content-Type"] = "application/json" }, body)
  end
  return wrk.format("GET", "/rest/core/v2/posts?per_page=10")
end
`,
  );
  return file;
}

async function seedEvents(loom, total) {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
      const r = await fetch(`${loom.gateway}/rest/events/v1/events`, {
        method: 'POST',
        headers: { authorization: loom.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench event ${i}`,
          description: `Event ${i} about weaving.`,
          start_date: `2030-${month}-${day} 10:00`,
          end_date: `2030-${month}-${day} 12:00`,
        }),
      });
      if (r.status !== 201) throw new Error(`seeding event ${i}: ${r.status} ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** fetch, once more when a kept-alive connection was closed under it (the servers' keep-alive timeout). */
async function get(url, headers = {}) {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers: { ...headers, connection: 'close' } });
  }
}

const rows = [];
function row(label, size, r, goal, ok, note = '') {
  rows.push({ label, size, ...r, goal, ok, note });
  console.log(
    `${label.padEnd(44)} ${String(size).padStart(6)} ${String(r.rps).padStart(7)} req/s  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  goal: ${goal} ${ok === undefined ? '' : ok ? 'met' : 'NOT met'} ${note}`,
  );
}

(async () => {
  const profiles = path.join(__dirname, 'profiles');
  if (PROFILE) mkdirSync(profiles, { recursive: true });
  const prof = PROFILE
    ? {
        'core-content': ['--cpu-prof', '--cpu-prof-dir', profiles],
        gateway: ['--cpu-prof', '--cpu-prof-dir', profiles],
      }
    : {};
  // The caches can be turned off to measure the same site without them (docs/operations.md, "Performance").
  const caches = Object.fromEntries(
    ['LOOM_ANSWER_CACHE', 'LOOM_GATEWAY_CACHE'].filter((k) => process.env[k]).map((k) => [k, process.env[k]]),
  );
  const loom = await startLoom({ events: EVENTS > 0, nodeArgs: prof, env: caches });
  try {
    await atEachSize(loom, SIZES, async (size) => {
      const listPath = '/rest/core/v2/posts?per_page=10';
      const listBody = await (await get(loom.gateway + listPath)).text();
      const first = JSON.parse(listBody);
      const itemPath = `/rest/core/v2/posts/${first[0].id}`;
      const itemBody = await (await get(loom.gateway + itemPath)).text();
      for (const [label, pathname, body] of [
        ['GET posts?per_page=10', listPath, listBody],
        ['GET posts/<id>', itemPath, itemBody],
      ]) {
        const ceiling = await bare(body);
        const top = await wrk(ceiling.url + pathname);
        await ceiling.close();
        row(`${label}, bare Node (ceiling)`, size, top, '—');
        const gw = await wrk(loom.gateway + pathname);
        const share = Math.round((gw.rps / top.rps) * 1000) / 10;
        row(
          `${label}, gateway, anonymous`,
          size,
          gw,
          `≥ ${WORDPRESS_RPS * 100} req/s, p99 ≤ 25 ms, ≥ 30 % of ceiling`,
          gw.rps >= WORDPRESS_RPS * 100 && gw.p99 <= 25 && share >= 30 && gw.errors === 0,
          `(${share} % of ceiling)`,
        );
        row(`${label}, core-content directly`, size, await wrk(loom.core + pathname), '—');
        if (label.startsWith('GET posts?')) {
          const basic = await wrk(loom.gateway + pathname, { headers: { authorization: loom.auth } });
          row(
            `${label}, gateway, Basic auth`,
            size,
            basic,
            `≥ ½ anonymous (${Math.round(gw.rps / 2)})`,
            basic.rps >= gw.rps / 2 && basic.errors === 0,
          );
        }
      }
      if (size === SIZES[SIZES.length - 1]) {
        const mixed = await wrk(loom.gateway + listPath, {
          script: mixedScript(
            loom.auth,
            first.map((p) => p.id),
          ),
        });
        row(
          'mixed: 1 write per 20 requests, gateway',
          size,
          mixed,
          '≥ 1500 req/s',
          mixed.rps >= 1500 && mixed.errors === 0,
        );
        // Reads see each write at once: once the writes wrk left in flight are done, a new write's title is in
        // the next anonymous list.
        await new Promise((r) => setTimeout(r, 3000));
        const title = `Seen at once ${Date.now()}`;
        const w = await fetch(`${loom.gateway}/rest/core/v2/posts/${first[0].id}`, {
          method: 'POST',
          headers: { authorization: loom.auth, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ title }),
        });
        if (w.status !== 200) throw new Error(`write after the mixed workload: ${w.status}`);
        const seen = await (await get(loom.gateway + listPath)).json();
        if (seen.find((p) => p.id === first[0].id)?.title.rendered !== title)
          throw new Error('a read did not see the last write');
      }
    });
    if (EVENTS > 0) {
      process.stdout.write(`seeding ${EVENTS} events... `);
      const t0 = Date.now();
      await seedEvents(loom, EVENTS);
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const eventsPath = '/rest/events/v1/events';
      const body = await (await get(loom.gateway + eventsPath)).text();
      const ceiling = await bare(body);
      row('GET events/v1/events, bare Node (ceiling)', EVENTS, await wrk(ceiling.url + eventsPath), '—');
      await ceiling.close();
      const ev = await wrk(loom.gateway + eventsPath);
      row('GET events/v1/events, gateway', EVENTS, ev, '≥ 2000 req/s', ev.rps >= 2000 && ev.errors === 0);
    }
  } finally {
    await loom.stop();
  }
  const cpu = os.cpus()[0];
  const table = [
    '| request | items | req/s | p99 ms | errors | goal | met |',
    '|---|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label}${r.note ? ` ${r.note}` : ''} | ${r.size} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.goal} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
  const head = `Measured by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} × ${cpu ? cpu.model.trim() : 'unknown CPU'}, Node ${process.version}, embedded store, core-content's answer cache ${process.env.LOOM_ANSWER_CACHE === 'off' ? 'off' : 'on'}, the gateway's ${process.env.LOOM_GATEWAY_CACHE === 'off' ? 'off' : 'on'}. wrk, 2 threads, ${CONNECTIONS} connections, ${SECONDS} s per row, loopback; wrk, gateway and services share the machine's cores.`;
  console.log(`\n${head}\n\n${table}`);
  if (process.argv.includes('--write')) {
    const file = path.join(__dirname, 'RESULTS.md');
    const old = readFileSync(file, 'utf8');
    const marker = '<!-- wrk -->';
    const rest = old.includes(marker)
      ? old.slice(old.indexOf(marker, old.indexOf(marker) + 1) + marker.length)
      : old.replace(/^# Benchmark results\n/, '');
    writeFileSync(
      file,
      `# Benchmark results\n\n${marker}\n## Issue 17's goals (\`npm run bench\`)\n\n${head}\n\n${table}\n${marker}\n${rest}`,
    );
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
