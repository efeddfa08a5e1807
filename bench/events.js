#!/usr/bin/env node
/**
 * `npm run build && node bench/events.js [--events N[,M...]]`: the events archive (`GET /rest/events/v1/events`)
 * under load, on a site as sites have them (issue 25). Starts its own Loom with the events service (bench/run.js's
 * startLoom), seeds through the gateway's REST API (seedEvents: venues, organizers, categories, tags, then events
 * each with a venue, an organizer, 1-2 categories and some tags, dates over three years around now), then measures
 * with wrk (bench/wrk-run.js, LOOM_BENCH_CONNECTIONS=50 for LOOM_BENCH_SECONDS=5 each):
 * - the plain rows: `events`, `events?per_page=10`, a two-year window (start_date/end_date);
 * - distinct URLs (distinctEventsScript): every request differs (page 1-40, per_page 5-25, a search word half
 *   the time, a random date window, a category or venue filter sometimes, `_cb=<n>`), so no cache can help. A page
 *   past the end is the archive's 404 (`event-archive-page-not-found`): counted apart, not as an error.
 * Default sizes 1000,10000 (`--events` or LOOM_BENCH_EVENTS_SIZES). LOOM_BENCH_PROFILE=1 writes a CPU profile of the
 * events process to bench/profiles/ (read its top self-time functions with `node bench/events.js --top <file.cpuprofile> [n] [--last <seconds>]`).
 */
'use strict';
const { mkdirSync, mkdtempSync, readFileSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startLoom } = require('./run');
const { wrk, SECONDS, CONNECTIONS } = require('./wrk-run');

const PROFILE = process.env.LOOM_BENCH_PROFILE === '1';
const WORKERS = 8;

/** Words events are written with: fillers are everywhere, topics (what a search asks for) in a few % of events. */
const FILLER = (
  'the a an and with for of in on at to by from our your this every join come meet learn enjoy bring friends ' +
  'family evening morning afternoon session open free local community hands introduction advanced beginners'
).split(' ');
const TOPICS = (
  'weaving knitting pottery painting sketching quilting embroidery calligraphy origami woodwork glassblowing ' +
  'jazz blues opera cello violin choir drumming tango salsa ballet yoga pilates running cycling rowing climbing ' +
  'chess poetry novels history astronomy botany gardening beekeeping baking brewing cheese coffee chocolate ' +
  'sushi pasta vegan photography cinema theatre puppetry comedy robotics coding startups marketing accounting ' +
  'mindfulness meditation birdwatching hiking kayaking sailing fishing archery fencing karate'
).split(' ');
const PLACES =
  'Springfield Riverton Lakeside Hillcrest Maplewood Oakridge Fairview Brookside Kingsport Westfield'.split(' ');

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `task(i)` for i in 0..n-1 with `WORKERS` at a time. */
async function pool(n, task) {
  let next = 0;
  const worker = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, n) }, worker));
}

/** POST through the gateway as the administrator; the created object (201) or a thrown error. */
async function post(loom, route, body) {
  const r = await fetch(`${loom.gateway}/rest/events/v1/${route}`, {
    method: 'POST',
    headers: { authorization: loom.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== 201) throw new Error(`POST ${route}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const pad = (n) => String(n).padStart(2, '0');
const wall = (d) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/**
 * A realistic site through the REST API: ~total/20 venues, ~total/40 organizers, 10 categories (two of them
 * children), 20 tags, then `total` published events. Returns the ids made, for the workload's filters.
 * `opts.seed` changes the pseudo-random site; `opts.log` reports progress.
 */
async function seedEvents(loom, total, opts = {}) {
  const rnd = random(opts.seed ?? 25);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const words = (n, from) => Array.from({ length: n }, () => pick(from));
  const cap = (s) => s[0].toUpperCase() + s.slice(1);

  // More events for a site seeded before (`opts.site`): its categories and tags, new venues and organizers.
  const categories = opts.site ? [...opts.site.categories] : [];
  const tags = opts.site ? [...opts.site.tags] : [];
  if (!opts.site) await seedTerms(loom, categories, tags);

  const venues = [];
  const organizers = [];
  const nVenues = Math.max(1, Math.round(total / 20));
  const nOrganizers = Math.max(1, Math.round(total / 40));
  const venueData = Array.from({ length: nVenues }, (_, i) => ({
    venue: `${cap(pick(TOPICS))} ${pick(['Hall', 'Centre', 'Studio', 'Park', 'Club', 'House'])} ${i}`,
    description: `${cap(words(8, FILLER).join(' '))} ${pick(TOPICS)}.`,
    address: `${1 + Math.floor(rnd() * 400)} ${pick(PLACES)} Road`,
    city: pick(PLACES),
    country: 'United States',
    state: pick(['CA', 'NY', 'TX', 'WA', 'OR']),
    zip: String(10000 + Math.floor(rnd() * 89999)),
    phone: `555-${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`,
    website: `https://venue${i}.example/`,
  }));
  const organizerData = Array.from({ length: nOrganizers }, (_, i) => ({
    organizer: `${cap(pick(TOPICS))} Society ${i}`,
    description: `${cap(words(6, FILLER).join(' '))}.`,
    phone: `555-${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`,
    email: `organizer${i}@example.com`,
    website: `https://organizer${i}.example/`,
  }));
  await pool(nVenues, async (i) => {
    venues[i] = (await post(loom, 'venues', venueData[i])).id;
  });
  await pool(nOrganizers, async (i) => {
    organizers[i] = (await post(loom, 'organizers', organizerData[i])).id;
  });
  opts.log?.(`${nVenues} venues, ${nOrganizers} organizers, ${categories.length} categories, ${tags.length} tags`);

  // Events: dates over three years around now (1.5 years back to 1.5 years on), whole hours.
  const now = Date.now();
  const span = 3 * 365 * 86400e3;
  const events = Array.from({ length: total }, (_, i) => {
    const start = new Date(Math.floor((now - span / 2 + rnd() * span) / 3600e3) * 3600e3);
    const allDay = rnd() < 0.1;
    const end = new Date(
      start.getTime() + (rnd() < 0.05 ? 1 + Math.floor(rnd() * 3) * 24 : 1 + Math.floor(rnd() * 4)) * 3600e3,
    );
    const topic = pick(TOPICS);
    const cats = [pick(categories)];
    if (rnd() < 0.4) cats.push(pick(categories));
    return {
      title: `${cap(topic)} ${pick(FILLER)} ${pick(['night', 'day', 'class', 'meetup', 'festival', 'fair'])} ${i}`,
      description:
        `${cap(words(6, FILLER).join(' '))} ${topic}, ${words(5, FILLER).join(' ')}.\n\n` +
        `${cap(words(7, FILLER).join(' '))} ${pick(TOPICS)} ${words(3, FILLER).join(' ')}.`,
      start_date: wall(start),
      end_date: wall(end),
      all_day: allDay,
      status: 'publish',
      venue: pick(venues),
      organizer: pick(organizers),
      categories: [...new Set(cats)],
      tags: [...new Set(words(Math.floor(rnd() * 3), tags))],
      ...(rnd() < 0.3 ? { cost: String(5 + Math.floor(rnd() * 40)) } : {}),
      ...(rnd() < 0.05 ? { featured: true } : {}),
    };
  });
  await pool(total, async (i) => {
    await post(loom, 'events', events[i]);
    if (opts.log && (i + 1) % 2000 === 0) opts.log(`${i + 1} events`);
  });
  return { venues, organizers, categories, tags, words: TOPICS };
}

/** The categories (two of them children) and tags of a new site. */
async function seedTerms(loom, categories, tags) {
  for (const [i, name] of ['Workshops', 'Concerts', 'Sports', 'Talks', 'Food', 'Outdoors', 'Family', 'Arts'].entries())
    categories.push((await post(loom, 'categories', { name, description: `Events of kind ${i}.` })).id);
  categories.push((await post(loom, 'categories', { name: 'Jazz nights', parent: categories[1] })).id);
  categories.push((await post(loom, 'categories', { name: 'Pottery classes', parent: categories[0] })).id);
  await pool(20, async (i) => {
    tags[i] = (await post(loom, 'tags', { name: `${TOPICS[i * 3]} ${i}` })).id;
  });
}

/**
 * A wrk Lua script: every request a different URL under `${prefix}/events/v1/events` (page 1-40, per_page 5-25, a
 * search word half the time, a random date window within the seeded three years, a category filter one time in
 * four, a venue filter one in six, and a unique `_cb`). Its `done` prints `statuses 200=<n> 404=<n> other=<n>`.
 * `pages` (40) bounds the page asked: most pages past the first few are past the end of a filtered archive (404).
 */
function distinctEventsScript(
  file,
  { prefix = '/rest', words = TOPICS, categories = [], venues = [], pages = 40 } = {},
) {
  const list = (xs) => `{${xs.map((x) => (typeof x === 'number' ? x : JSON.stringify(x))).join(',')}}`;
  writeFileSync(
    file,
    `local words = ${list(words)}
local categories = ${list(categories)}
local venues = ${list(venues)}
local base = "${prefix}/events/v1/events"
local now = os.time()
local threads = {}
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end
init = function()
  math.randomseed(tid * 7919)
  n = 0
  ok, missing, other = 0, 0, 0
end
request = function()
  n = n + 1
  local from = now + math.random(-548, 500) * 86400
  local to = from + math.random(7, 365) * 86400
  local q = "?page=" .. math.random(1, ${pages}) .. "&per_page=" .. math.random(5, 25)
    .. "&start_date=" .. os.date("!%Y-%m-%d", from) .. "&end_date=" .. os.date("!%Y-%m-%d", to)
  if math.random() < 0.5 then q = q .. "&search=" .. words[math.random(#words)] end
  if #categories > 0 and math.random() < 0.25 then q = q .. "&categories=" .. categories[math.random(#categories)] end
  if #venues > 0 and math.random() < 0.17 then q = q .. "&venue=" .. venues[math.random(#venues)] end
  return wrk.format("GET", base .. q .. "&_cb=" .. tid .. "-" .. n)
end
response = function(status, headers, body)
  if status == 200 then ok = ok + 1 elseif status == 404 then missing = missing + 1 else other = other + 1 end
end
done = function(summary, latency, requests)
  local a, b, c = 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("ok"); b = b + t:get("missing"); c = c + t:get("other")
  end
  io.write(string.format("statuses 200=%d 404=%d other=%d\\n", a, b, c))
end
`,
  );
  return file;
}

/** The plain rows: paths that stay the same from request to request. */
function plainRows(prefix = '/rest') {
  const day = (offset) => new Date(Date.now() + offset * 86400e3).toISOString().slice(0, 10);
  return [
    ['GET events', `${prefix}/events/v1/events`],
    ['GET events?per_page=10', `${prefix}/events/v1/events?per_page=10`],
    ['GET events, two-year window', `${prefix}/events/v1/events?start_date=${day(-365)}&end_date=${day(365)}`],
  ];
}

/** The top self-time functions of a .cpuprofile (of its last `last` seconds: the measured rows, not the seeding). */
function topFunctions(file, n = 25, last = Infinity) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = prof.timeDeltas;
  const from = prof.endTime - last * 1e6;
  let t = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    t += dt[i] ?? 0;
    if (t < from) continue;
    const node = byId.get(prof.samples[i]);
    const cf = node.callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*\/(node_modules|libs|services)\//, '$1/')}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}

/**
 * What a distinct-URL run of wrk (bench/wrk-run.js) answered: the statuses its script's `done` printed, and the
 * failures (answers other than 200 and the archive's 404 past its end, and socket errors; NaN if it printed none).
 */
function distinctOutcome(r) {
  const statuses = /statuses (.*)/.exec(r.out)?.[1] ?? '';
  const other = Number(/other=(\d+)/.exec(statuses)?.[1] ?? NaN);
  return { statuses, errors: other + Object.values(r.socket).reduce((a, b) => a + b, 0) };
}

module.exports = { seedEvents, distinctEventsScript, distinctOutcome, plainRows };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--top') {
    // --top <file> [how many] [--last <seconds>]
    const last = argv.indexOf('--last');
    const n = Number(argv[2] && !argv[2].startsWith('--') ? argv[2] : 30);
    for (const line of topFunctions(argv[1], n, last > 0 ? Number(argv[last + 1]) : Infinity)) console.log(line);
    return;
  }
  const at = argv.indexOf('--events');
  const sizes = (at >= 0 ? argv[at + 1] : process.env.LOOM_BENCH_EVENTS_SIZES || '1000,10000').split(',').map(Number);
  const profiles = path.join(__dirname, 'profiles');
  if (PROFILE) mkdirSync(profiles, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'loom-events-'));
  const rows = [];
  for (const size of sizes) {
    // A fresh site per size, so each is seeded as a site of that size is (and its seeding timed).
    const loom = await startLoom({
      events: true,
      nodeArgs: PROFILE ? { events: ['--cpu-prof', '--cpu-prof-dir', profiles] } : {},
    });
    try {
      const t0 = Date.now();
      const site = await seedEvents(loom, size, { log: (m) => console.log(`  seeded ${m}`) });
      const seconds = (Date.now() - t0) / 1000;
      console.log(`seeding ${size} events: ${seconds.toFixed(1)} s`);
      rows.push({ size, label: `seeding ${size} events (s)`, seconds });
      const scripts = [40, 3].map((pages) =>
        distinctEventsScript(path.join(tmp, `distinct-${size}-${pages}.lua`), {
          prefix: '/rest',
          words: site.words,
          categories: site.categories,
          venues: site.venues,
          pages,
        }),
      );
      for (const [label, pathname] of plainRows('/rest')) {
        const probe = await fetch(loom.gateway + pathname);
        if (probe.status !== 200) throw new Error(`${pathname}: ${probe.status}`);
        await probe.arrayBuffer();
        const r = await wrk(loom.gateway + pathname);
        rows.push({ size, label, ...r, note: '' });
        console.log(`${String(size).padStart(6)}  ${label.padEnd(36)} ${fmt(r)}`);
      }
      for (const [label, script] of [
        ['GET events, distinct URLs', scripts[0]],
        ['GET events, distinct URLs, pages 1-3', scripts[1]],
      ]) {
        const r = await wrk(`${loom.gateway}/rest/events/v1/events`, { script });
        const { statuses, errors } = distinctOutcome(r);
        const row = { size, label, ...r, errors, note: statuses };
        rows.push(row);
        console.log(`${String(size).padStart(6)}  ${label.padEnd(36)} ${fmt(row)}  (${statuses})`);
      }
    } finally {
      await loom.stop();
    }
  }
  console.log(
    `\nwrk, 2 threads, ${CONNECTIONS} connections, ${SECONDS} s per row, through the gateway; ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  console.log('| events | request | req/s | p50 ms | p99 ms | errors | note |');
  console.log('|---:|---|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      r.seconds !== undefined
        ? `| ${r.size} | seeding | | | | | ${r.seconds.toFixed(1)} s |`
        : `| ${r.size} | ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.note} |`,
    );
}

function fmt(r) {
  return `${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}`;
}
