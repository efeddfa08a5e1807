#!/usr/bin/env node
/**
 * WordPress next to Loom in the benchmarks (issue 25): a real WordPress (6.1, the project's reference site, set
 * up outside this repository) answering on 127.0.0.1:8089 is found, seeded through its REST API and measured with
 * the same workloads as Loom.
 *
 * As a module: detectWordPress(), seedWordPressPosts(wp, total, postFor), wordpressPostCount(wp).
 * As a script, against the running WordPress (loopback only):
 *   node bench/wordpress.js seed <total>   published posts up to <total> (benchPost of bench/workloads.js)
 *   node bench/wordpress.js measure        wrk rows (LOOM_BENCH_SECONDS, 10; 2 threads, 16 connections); the
 *                                          posts the create rows make are deleted afterwards
 * LOOM_BENCH_WP_APP_PASSWORD (`user:application password`) overrides /var/tmp/loom-oracle/.app-password.
 */
/* global AbortSignal */
'use strict';
const { mkdtempSync, readFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { benchPost, distinctPostsScript, createPostsScript, batchCreatePostsScript } = require('./workloads');
const { wrk } = require('./wrk-run');

const WP_URL = 'http://127.0.0.1:8089';
const APP_PASSWORD_FILE = '/var/tmp/loom-oracle/.app-password';
/** WordPress 6.1's limit on a batch's requests. */
const BATCH_SIZE = 25;
const BATCHES_IN_FLIGHT = 4;

/** `Basic …` from LOOM_BENCH_WP_APP_PASSWORD, else from the oracle's file, else null. */
function appPasswordAuth() {
  let pair = process.env.LOOM_BENCH_WP_APP_PASSWORD;
  if (!pair) {
    try {
      pair = readFileSync(APP_PASSWORD_FILE, 'utf8');
    } catch {
      return null;
    }
  }
  pair = pair.trim();
  return pair ? `Basic ${Buffer.from(pair).toString('base64')}` : null;
}

/**
 * `{ url, auth }` when a WordPress answers `GET /wp-json/` on 127.0.0.1:8089 within 2 s, else null. `auth` is the
 * application password's `Basic …` value, or null when there is none or WordPress does not take it (a wrong one
 * is silently ignored by WordPress, which would measure anonymous requests as authenticated ones).
 */
async function detectWordPress() {
  let index;
  try {
    const r = await fetch(`${WP_URL}/wp-json/`, { signal: AbortSignal.timeout(2000) });
    if (!r.ok) return null;
    index = await r.json();
  } catch {
    return null;
  }
  if (!Array.isArray(index?.namespaces) || !index.namespaces.includes('wp/v2')) return null;
  let auth = appPasswordAuth();
  if (auth) {
    const me = await fetch(`${WP_URL}/wp-json/wp/v2/users/me`, {
      headers: { authorization: auth },
      signal: AbortSignal.timeout(5000),
    });
    if (me.status !== 200) {
      console.warn(`WordPress on ${WP_URL} does not take the application password (users/me: ${me.status})`);
      auth = null;
    }
  }
  return { url: WP_URL, auth };
}

/** Published posts, from `X-WP-Total` of `GET /wp-json/wp/v2/posts?per_page=1`. */
async function wordpressPostCount(wp) {
  const r = await fetch(`${wp.url}/wp-json/wp/v2/posts?per_page=1&_fields=id`);
  const total = r.headers.get('x-wp-total');
  if (r.status !== 200 || total === null) throw new Error(`WordPress post count: ${r.status} ${await r.text()}`);
  return Number(total);
}

/**
 * Brings WordPress's published posts up to `total`, creating post i (from the current count to total − 1) with
 * `postFor(i)` (`{ title, content, excerpt?, status: 'publish' }`, the function that seeds Loom too) through
 * `POST /wp-json/batch/v1`, 25 creations a batch, 4 batches in flight. Throws with the item's body on a failed
 * item. Returns `{ from, to, created, seconds, postsPerSecond }`.
 */
async function seedWordPressPosts(wp, total, postFor) {
  if (!wp.auth) throw new Error('seeding WordPress needs an application password');
  const from = await wordpressPostCount(wp);
  const t0 = performance.now();
  let next = from;
  let failed = null;
  const worker = async () => {
    while (next < total && !failed) {
      const first = next;
      const last = Math.min(first + BATCH_SIZE, total);
      next = last;
      const requests = [];
      for (let i = first; i < last; i++) requests.push({ method: 'POST', path: '/wp/v2/posts', body: postFor(i) });
      const r = await fetch(`${wp.url}/wp-json/batch/v1`, {
        method: 'POST',
        headers: { authorization: wp.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ requests }),
      });
      const text = await r.text();
      if (r.status !== 207 && r.status !== 200) {
        failed = new Error(`seeding WordPress posts ${first}-${last - 1}: ${r.status} ${text}`);
        break;
      }
      const { responses } = JSON.parse(text);
      const bad = responses.findIndex((x) => x.status !== 201);
      if (bad >= 0 || responses.length !== requests.length) {
        const item = responses[bad];
        failed = new Error(
          `seeding WordPress post ${first + Math.max(bad, 0)}: ${item?.status} ${JSON.stringify(item?.body ?? responses)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: BATCHES_IN_FLIGHT }, worker));
  if (failed) throw failed;
  const seconds = (performance.now() - t0) / 1000;
  const created = Math.max(total - from, 0);
  return {
    from,
    to: total,
    created,
    seconds: Math.round(seconds * 10) / 10,
    postsPerSecond: created ? Math.round((created / seconds) * 10) / 10 : 0,
  };
}

/** Deletes (for good) every post, of any status, whose id is above `aboveId`: what the create rows made. */
async function deletePostsAbove(wp, aboveId) {
  let deleted = 0;
  for (;;) {
    const r = await fetch(
      `${wp.url}/wp-json/wp/v2/posts?per_page=100&orderby=id&order=desc&status=any&context=edit&_fields=id`,
      { headers: { authorization: wp.auth } },
    );
    const ids = (await r.json()).map((p) => p.id).filter((id) => id > aboveId);
    if (!ids.length) return deleted;
    for (let k = 0; k < ids.length; k += BATCH_SIZE) {
      const requests = ids
        .slice(k, k + BATCH_SIZE)
        .map((id) => ({ method: 'DELETE', path: `/wp/v2/posts/${id}?force=true` }));
      const b = await fetch(`${wp.url}/wp-json/batch/v1`, {
        method: 'POST',
        headers: { authorization: wp.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ requests }),
      });
      if (b.status !== 207 && b.status !== 200) throw new Error(`deleting posts: ${b.status} ${await b.text()}`);
      deleted += requests.length;
    }
  }
}

/** The post count once the requests wrk left in flight are done (PHP finishes them after wrk has gone). */
async function settledPostCount(wp) {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    await new Promise((res) => setTimeout(res, 1000));
    const n = await wordpressPostCount(wp);
    if (n === last) return n;
    last = n;
  }
  return last;
}

/** The wrk rows against WordPress at its current post count. */
async function measure(wp) {
  const seconds = Number(process.env.LOOM_BENCH_SECONDS || 10);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'loom-wp-wrk-'));
  const prefix = '/wp-json/wp/v2';
  const count = await wordpressPostCount(wp);
  const first = await (await fetch(`${wp.url}${prefix}/posts?per_page=1&_fields=id`)).json();
  const basic = { authorization: wp.auth };
  const rows = [
    ['GET posts?per_page=10, anonymous', `${prefix}/posts?per_page=10`, {}],
    ['GET posts/<id>, anonymous', `${prefix}/posts/${first[0].id}`, {}],
    ['GET posts?per_page=10&context=edit, Basic', `${prefix}/posts?per_page=10&context=edit`, { headers: basic }],
    [
      'GET posts, distinct URLs, anonymous',
      `${prefix}/posts`,
      { script: distinctPostsScript(path.join(tmp, 'distinct.lua'), { prefix }) },
    ],
    [
      'GET posts, distinct URLs, Basic, context=edit',
      `${prefix}/posts`,
      {
        script: distinctPostsScript(path.join(tmp, 'distinct-edit.lua'), { prefix, auth: wp.auth, context: 'edit' }),
      },
    ],
    [
      'POST posts (single create), Basic',
      `${prefix}/posts`,
      { script: createPostsScript(path.join(tmp, 'create.lua'), { prefix, auth: wp.auth }) },
    ],
    [
      'POST batch/v1 (25 creates), Basic',
      '/wp-json/batch/v1',
      { script: batchCreatePostsScript(path.join(tmp, 'batch.lua'), { prefix, auth: wp.auth }) },
    ],
  ];
  const newest = await (
    await fetch(`${wp.url}${prefix}/posts?per_page=1&orderby=id&order=desc&status=any&_fields=id`, {
      headers: basic,
    })
  ).json();
  const out = [];
  for (const [label, pathname, opts] of rows) {
    const before = label.startsWith('POST') ? await wordpressPostCount(wp) : 0;
    const r = await wrk(wp.url + pathname, { connections: 16, ...opts, seconds });
    const row = { label, posts: count, rps: r.rps, p99: r.p99, requests: r.requests, non2xx: r.non2xx, ...r.socket };
    if (label.startsWith('POST')) row.created = (await settledPostCount(wp)) - before;
    out.push(row);
    console.log(
      `${label.padEnd(48)} ${String(count).padStart(6)} posts ${String(r.rps).padStart(7)} req/s  p99 ${String(r.p99).padStart(8)} ms  requests ${r.requests}  non-2xx ${r.non2xx}  connect/read/write/timeout errors ${Object.values(r.socket).join('/')}${row.created !== undefined ? `  posts created ${row.created}` : ''}`,
    );
  }
  const deleted = await deletePostsAbove(wp, newest[0].id);
  console.log(`deleted the ${deleted} posts the create rows made; ${await wordpressPostCount(wp)} published posts`);
  return out;
}

module.exports = { detectWordPress, seedWordPressPosts, wordpressPostCount, settledPostCount, deletePostsAbove };

if (require.main === module) {
  (async () => {
    const wp = await detectWordPress();
    if (!wp) throw new Error(`no WordPress answers ${WP_URL}/wp-json/ (start the reference WordPress first)`);
    const [cmd, arg] = process.argv.slice(2);
    if (cmd === 'seed') {
      const total = Number(arg);
      if (!Number.isInteger(total) || total < 0) throw new Error('usage: node bench/wordpress.js seed <total>');
      const s = await seedWordPressPosts(wp, total, benchPost);
      console.log(
        `WordPress: ${s.from} → ${s.to} published posts, ${s.created} created in ${s.seconds} s (${s.postsPerSecond} posts/s)`,
      );
    } else if (cmd === 'measure') {
      await measure(wp);
    } else {
      throw new Error('usage: node bench/wordpress.js seed <total> | measure');
    }
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
