#!/usr/bin/env node
/**
 * `npm run bench`: issue 25's figures (and issue 17's cached reads), each next to its goal, in one run, measured
 * with wrk. Starts its own Loom (bench/run.js's startLoom: built services on free loopback ports, a fresh data
 * directory, the events service too), then for each size of LOOM_BENCH_POSTS (1,000, 10,000, 100,000 posts; a
 * tenth as many events, with venues, organizers, categories and tags, and media rows, each at most 10,000):
 * - seeds through the REST API (posts by batches of 25: bench/site.js; events: bench/events.js), then restarts
 *   every service on the same data: the time until all are ready, and each process's RSS;
 * - the cached list (gateway, anonymous and Basic) next to a bare Node server answering the same bytes (ceiling);
 * - uncached (a unique `_cb` per request): the list, a search, one post, a single create, a 25-item batch;
 * - the distinct-URL workload (bench/workloads.js), anonymous and as an editor (Basic, context=edit);
 * - a mixed load (bench/load.js): one write in 20 requests, the reads' p99 apart;
 * - the events archive: plain, per_page=10, a two-year window, and distinct URLs (bench/events.js).
 * Each uncached row runs LOOM_BENCH_WARMUP seconds (3) unmeasured first: the first requests of a query shape
 * build the store's orders and matches, which a running site has long done. When a WordPress answers on
 * 127.0.0.1:8089 (bench/wordpress.js) holding as many posts as a size, the same workloads run against it there
 * (16 connections: PHP's 4 workers), and the goals are set by its figures; otherwise by the ceiling.
 * `--write` saves the tables in bench/RESULTS.md. LOOM_BENCH_PROFILE=1 writes CPU profiles to bench/profiles/.
 */
'use strict';
const { mkdtempSync, readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startLoom, bare } = require('./run');
const { seedPosts, seedMedia } = require('./site');
const { seedEvents, distinctEventsScript, distinctOutcome, plainRows } = require('./events');
const { WORDS, distinctPostsScript, createPostsScript, batchCreatePostsScript } = require('./workloads');
const { detectWordPress, wordpressPostCount, settledPostCount, deletePostsAbove } = require('./wordpress');
const { wrk, SECONDS, CONNECTIONS } = require('./wrk-run');
const { load } = require('./load');

const SIZES = (process.env.LOOM_BENCH_POSTS || '1000,10000,100000').split(',').map(Number);
const WARMUP = Number(process.env.LOOM_BENCH_WARMUP || 3);
const EVENTS = process.env.LOOM_BENCH_EVENTS !== '0';
const PROFILE = process.env.LOOM_BENCH_PROFILE === '1';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'loom-wrk-'));
const script = (name, make, opts) => make(path.join(tmp, `${name}.lua`), opts);

const rows = [];
const scale = [];
function row(label, size, r, goal = '—', ok, note = '') {
  rows.push({ label, size, ...r, goal, ok, note });
  console.log(
    `${label.padEnd(52)} ${String(size).padStart(6)} ${String(r.rps).padStart(7)} req/s  p50 ${String(r.p50).padStart(7)}  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  ${goal} ${ok === undefined ? '' : ok ? 'met' : 'NOT met'} ${note}`,
  );
  return r;
}

/** wrk after a warm-up run of the same workload. */
async function warmWrk(url, opts) {
  if (WARMUP > 0) await wrk(url, { ...opts, seconds: WARMUP });
  return wrk(url, opts);
}

/** A wrk script asking `<pathname>` with a unique `_cb` each time (one query, no cache can answer it). */
function bustScript(name, pathname, { auth, ids } = {}) {
  const file = path.join(tmp, `${name}.lua`);
  const sep = pathname.includes('?') ? '&' : '?';
  writeFileSync(
    file,
    `local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function init(args) math.randomseed(tid * 7919 + 17) end
local n = 0
local ids = {${(ids ?? []).join(',')}}
local headers = {${auth ? `["Authorization"] = ${JSON.stringify(auth)}` : ''}}
function request()
  n = n + 1
  local p = ${JSON.stringify(pathname)}
  if #ids > 0 then p = p .. ids[math.random(#ids)] end
  return wrk.format("GET", p .. "${sep}_cb=" .. tid .. "-" .. n, headers)
end
`,
  );
  return file;
}

async function get(url, headers = {}) {
  const r = await fetch(url, { headers: { ...headers, connection: 'close' } });
  if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
  return r.text();
}

/** The mixed load: 1 request in 20 retitles one of `ids` (Basic), the rest read the list or one of them. */
async function mixed(loom, ids) {
  const n = ids.length;
  return load(loom.gateway, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    next: (i) =>
      i % 20 === 19
        ? {
            kind: 'write',
            method: 'POST',
            path: `/rest/core/v2/posts/${ids[i % n]}`,
            headers: { authorization: loom.auth },
            body: { title: `Mixed write ${i}` },
          }
        : { kind: 'read', path: i % 2 ? '/rest/core/v2/posts?per_page=10' : `/rest/core/v2/posts/${ids[i % n]}` },
  });
}

/** The same workloads on WordPress (16 connections), when it holds `size` posts. */
async function wordpressRows(wp, size) {
  const out = {};
  const prefix = '/wp-json/wp/v2';
  const opts = { connections: 16 };
  const auth = wp.auth ? { authorization: wp.auth } : null;
  const first = JSON.parse(await get(`${wp.url}${prefix}/posts?per_page=10`));
  const steps = [
    ['list', 'WordPress: GET posts?per_page=10, uncached', bustScript('wp-list', `${prefix}/posts?per_page=10`)],
    [
      'item',
      'WordPress: GET posts/<id>, uncached',
      bustScript('wp-item', `${prefix}/posts/`, { ids: first.map((p) => p.id) }),
    ],
    ['distinct', 'WordPress: distinct URLs, anonymous', script('wp-distinct', distinctPostsScript, { prefix })],
  ];
  if (auth) {
    steps.push(
      [
        'edit',
        'WordPress: distinct URLs, Basic, context=edit',
        script('wp-edit', distinctPostsScript, { prefix, auth: wp.auth, context: 'edit' }),
      ],
      [
        'create',
        'WordPress: POST posts (single create)',
        script('wp-create', createPostsScript, { prefix, auth: wp.auth }),
      ],
      [
        'batch',
        'WordPress: POST batch/v1 (25 creates)',
        script('wp-batch', batchCreatePostsScript, { prefix, auth: wp.auth }),
      ],
    );
  }
  const [newest] = JSON.parse(await get(`${wp.url}${prefix}/posts?per_page=1&orderby=id&order=desc&_fields=id`));
  for (const [key, label, s] of steps) {
    const r = await wrk(`${wp.url}/`, { ...opts, script: s, seconds: Math.max(SECONDS, 10) });
    // PHP's built-in server closes every connection: its read errors are not failures.
    out[key] = row(label, size, { ...r, errors: r.errors - r.socket.read }, '—');
  }
  if (auth) {
    // What the create rows made goes (PHP finishes the requests wrk left in flight first): the next run finds the
    // site as seeded.
    await settledPostCount(wp);
    await deletePostsAbove(wp, newest.id);
  }
  return out;
}

(async () => {
  const profiles = path.join(__dirname, 'profiles');
  if (PROFILE) mkdirSync(profiles, { recursive: true });
  const prof = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', profiles] : [];
  const caches = Object.fromEntries(
    ['LOOM_ANSWER_CACHE', 'LOOM_GATEWAY_CACHE'].filter((k) => process.env[k]).map((k) => [k, process.env[k]]),
  );
  const wp = await detectWordPress();
  const wpPosts = wp ? await wordpressPostCount(wp) : 0;
  console.log(wp ? `WordPress on ${wp.url}: ${wpPosts} posts` : 'no WordPress on 127.0.0.1:8089');
  const loom = await startLoom({
    events: EVENTS,
    env: caches,
    nodeArgs: { 'core-content': prof, gateway: prof, events: prof },
  });
  const seeded = { posts: 0, media: 0, events: 0 };
  let site = null;
  try {
    for (const size of SIZES) {
      const t0 = Date.now();
      await seedPosts(loom, seeded.posts, size);
      const postSeconds = (Date.now() - t0) / 1000;
      seeded.posts = size;
      const extra = Math.min(Math.round(size / 10), 10000);
      const t1 = Date.now();
      if (extra > seeded.media) await seedMedia(loom, seeded.media, extra);
      seeded.media = Math.max(seeded.media, extra);
      const t2 = Date.now();
      if (EVENTS && extra > seeded.events) {
        const more = await seedEvents(loom, extra - seeded.events, { seed: size, site });
        site = site ? { ...more, venues: [...site.venues, ...more.venues] } : more;
        seeded.events = extra;
      }
      console.log(
        `${size} posts (${postSeconds.toFixed(0)} s, ${Math.round((size - (scale.at(-1)?.size ?? 0)) / postSeconds)}/s), ${seeded.media} media (${((t2 - t1) / 1000).toFixed(0)} s), ${seeded.events} events (${((Date.now() - t2) / 1000).toFixed(0)} s)`,
      );
      const startup = Math.round(await loom.restart());
      const rssStart = loom.rss();
      console.log(`restarted in ${startup} ms; RSS ${JSON.stringify(rssStart)}`);

      // Cached reads (issue 17): the gateway answers a repeated read from its cache.
      const listPath = '/rest/core/v2/posts?per_page=10';
      const listBody = await get(loom.gateway + listPath);
      const ids = JSON.parse(listBody).map((p) => p.id);
      const ceiling = await bare(listBody);
      const top = row('GET posts?per_page=10, bare Node (ceiling)', size, await wrk(ceiling.url + listPath));
      await ceiling.close();
      row('GET posts?per_page=10, gateway, anonymous, cached', size, await wrk(loom.gateway + listPath));
      row(
        'GET posts?per_page=10, gateway, Basic, cached',
        size,
        await wrk(loom.gateway + listPath, { headers: { authorization: loom.auth } }),
      );

      // Where no cache can help.
      const [word] = WORDS;
      const list = row(
        'GET posts?per_page=10, uncached',
        size,
        await warmWrk(loom.gateway, { script: bustScript('list', listPath) }),
      );
      const search = row(
        `GET posts?search=${word}, uncached`,
        size,
        await warmWrk(loom.gateway, { script: bustScript('search', `/rest/core/v2/posts?search=${word}`) }),
      );
      const item = row(
        'GET posts/<id>, uncached',
        size,
        await warmWrk(loom.gateway, { script: bustScript('item', '/rest/core/v2/posts/', { ids }) }),
      );
      const create = row(
        'POST posts (single create)',
        size,
        await wrk(loom.gateway, {
          script: script('create', createPostsScript, { prefix: '/rest/core/v2', auth: loom.auth }),
        }),
      );
      const batch = row(
        'POST batch/v1 (25 creates), 8 connections',
        size,
        await wrk(loom.gateway, {
          connections: 8,
          script: script('batch', batchCreatePostsScript, { prefix: '/rest/core/v2', auth: loom.auth }),
        }),
      );

      const wpHere = wp && Math.abs(wpPosts - size) <= size / 100 ? await wordpressRows(wp, size) : null;
      const distinct = await warmWrk(loom.gateway, {
        script: script('distinct', distinctPostsScript, { prefix: '/rest/core/v2' }),
      });
      const ceilingShare = Math.round((distinct.rps / top.rps) * 1000) / 10;
      // At 10,000 posts: 100 × WordPress in the same run, or 13 % of the ceiling; from 100,000 on, half of that.
      const factor = size >= 100000 ? 0.5 : 1;
      const target = wpHere ? Math.round(100 * wpHere.distinct.rps * factor) : Math.round(0.13 * top.rps * factor);
      row(
        'distinct URLs, gateway, anonymous',
        size,
        distinct,
        `≥ ${target} req/s (${wpHere ? `${factor * 100} × WordPress` : `${factor * 13} % of ceiling`}), p99 ≤ 50 ms`,
        size >= 10000 ? distinct.rps >= target && distinct.p99 <= 50 : undefined,
        `(${ceilingShare} % of ceiling)`,
      );
      const edit = await warmWrk(loom.gateway, {
        script: script('edit', distinctPostsScript, { prefix: '/rest/core/v2', auth: loom.auth, context: 'edit' }),
      });
      row(
        'distinct URLs, gateway, Basic, context=edit',
        size,
        edit,
        `≥ ½ anonymous (${Math.round(distinct.rps / 2)})`,
        edit.rps >= distinct.rps / 2,
      );
      const mix = await mixed(loom, ids);
      row('mixed, 1 write in 20: reads', size, mix.read, 'p99 ≤ 50 ms', mix.read.p99 <= 50);
      row('mixed, 1 write in 20: writes', size, mix.write);

      let eventsRow = null;
      if (EVENTS) {
        const eventsPath = '/rest/events/v1/events';
        const body = await get(loom.gateway + eventsPath);
        const evCeiling = await bare(body);
        const evTop = row('GET events, bare Node (ceiling)', seeded.events, await wrk(evCeiling.url + eventsPath));
        await evCeiling.close();
        for (const [label, pathname] of plainRows('/rest'))
          row(label, seeded.events, await warmWrk(loom.gateway + pathname));
        const s = distinctEventsScript(path.join(tmp, `events-${size}.lua`), {
          prefix: '/rest',
          words: site.words,
          categories: site.categories,
          venues: site.venues,
        });
        const r = await warmWrk(`${loom.gateway}${eventsPath}`, { script: s });
        const { statuses, errors } = distinctOutcome(r);
        eventsRow = row(
          'GET events, distinct URLs',
          seeded.events,
          { ...r, errors },
          `p99 ≤ 50 ms, ≥ ${Math.round(0.13 * evTop.rps)} req/s (13 % of ceiling)`,
          seeded.events >= 10000 ? r.p99 <= 50 && r.rps >= 0.13 * evTop.rps : undefined,
          `(${statuses})`,
        );
      }
      scale.push({
        size,
        media: seeded.media,
        events: seeded.events,
        postSeconds,
        startup,
        rssStart,
        rssEnd: loom.rss(),
        list,
        search,
        item,
        create,
        batch,
        distinct,
        edit,
        eventsRow,
      });
    }
  } finally {
    await loom.stop();
  }
  writeResults();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});

function writeResults() {
  const cpu = os.cpus()[0];
  const fmt = (n) => (Number.isFinite(n) ? String(n) : '—');
  const table = [
    '| request | items | req/s | p50 ms | p99 ms | errors | goal | met |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label}${r.note ? ` ${r.note}` : ''} | ${r.size} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.goal} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
  const procs = Object.keys(scale[0]?.rssStart ?? {});
  const curve = [
    `| posts | media | events | seeding posts (posts/s) | start-up to ready | ${procs.map((p) => `RSS ${p} after start / after rows`).join(' | ')} | list p99 | search p99 | item p99 | create p99 | batch p99 | distinct p99 | events distinct p99 |`,
    `|---:|---:|---:|---:|---:|${procs.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|---:|---:|`,
    ...scale.map(
      (s) =>
        `| ${s.size} | ${s.media} | ${s.events} | ${Math.round((s.size - (scale[scale.indexOf(s) - 1]?.size ?? 0)) / s.postSeconds)} | ${(s.startup / 1000).toFixed(1)} s | ${procs.map((p) => `${s.rssStart[p]} / ${s.rssEnd[p]} MiB`).join(' | ')} | ${s.list.p99} | ${s.search.p99} | ${s.item.p99} | ${s.create.p99} | ${s.batch.p99} | ${s.distinct.p99} | ${s.eventsRow ? s.eventsRow.p99 : '—'} |`,
    ),
  ].join('\n');
  const head = `Measured by \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} × ${cpu ? cpu.model.trim() : 'unknown CPU'}, Node ${process.version}, embedded store, core-content's answer cache ${process.env.LOOM_ANSWER_CACHE === 'off' ? 'off' : 'on'}, the gateway's ${process.env.LOOM_GATEWAY_CACHE === 'off' ? 'off' : 'on'}. wrk, 2 threads, ${CONNECTIONS} connections (WordPress: 16), ${SECONDS} s per row (WordPress: ${Math.max(SECONDS, 10)} s) after ${WARMUP} s of warm-up for uncached rows, loopback; wrk, gateway and services share the machine's cores.`;
  console.log(`\n${head}\n\n${table}\n\n${curve}`);
  if (!process.argv.includes('--write')) return;
  const file = path.join(__dirname, 'RESULTS.md');
  const old = readFileSync(file, 'utf8');
  const marker = '<!-- wrk -->';
  const rest = old.includes(marker)
    ? old.slice(old.indexOf(marker, old.indexOf(marker) + 1) + marker.length)
    : old.replace(/^# Benchmark results\n/, '');
  writeFileSync(
    file,
    `# Benchmark results\n\n${marker}\n## Issue 25's goals (\`npm run bench\`)\n\n${head}\n\n${table}\n\n### Scale curve\n\nPer size: seeding rate, the time from starting every service on the seeded data until all were ready, each process's resident memory then and after the rows, and the p99 (ms) of each uncached row above.\n\n${curve}\n${marker}\n${rest}`,
  );
}
