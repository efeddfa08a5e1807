/**
 * The site the benchmarks measure on Loom: posts as bench/workloads.js's benchPost makes them (the same on
 * WordPress), written through the REST API's batch route, 25 at a time; media rows as small PNG uploads (the
 * media route, one file each).
 */
'use strict';

const { benchPost } = require('./workloads');

/**
 * Sends `body(i)` for i in [from, to) as batches of 25 `POST <route>` to `<base>/batch/v1`, `inFlight` batches
 * at a time; every item must answer 201.
 */
async function batchCreate({ base, auth, route, from, to, body, inFlight = 4 }) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const start = next;
      next = Math.min(to, next + 25);
      const requests = [];
      for (let i = start; i < Math.min(to, start + 25); i++)
        requests.push({ method: 'POST', path: route, body: body(i) });
      const r = await fetch(`${base}/batch/v1`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ requests }),
      });
      const text = await r.text();
      if (r.status !== 207 && r.status !== 200) throw new Error(`batch ${route}: ${r.status} ${text.slice(0, 300)}`);
      const bad = JSON.parse(text).responses.find((x) => x.status !== 201);
      if (bad)
        throw new Error(`batch ${route}: an item answered ${bad.status} ${JSON.stringify(bad.body).slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/** Loom's posts from `from` up to `to`. */
function seedPosts(loom, from, to) {
  return batchCreate({
    base: `${loom.gateway}/rest`,
    auth: loom.auth,
    route: '/core/v2/posts',
    from,
    to,
    body: benchPost,
  });
}

/** A 1×1 PNG: an upload the media route accepts with no sub-sizes to make. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** Media rows from `from` up to `to`: one upload each, 8 at a time. */
async function seedMedia(loom, from, to) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const r = await fetch(`${loom.gateway}/rest/core/v2/media`, {
        method: 'POST',
        headers: {
          authorization: loom.auth,
          'content-type': 'image/png',
          'content-disposition': `attachment; filename="bench-${i}.png"`,
        },
        body: PNG,
      });
      if (r.status !== 201) throw new Error(`seeding media ${i}: ${r.status} ${(await r.text()).slice(0, 300)}`);
      await r.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

module.exports = { seedPosts, seedMedia };
