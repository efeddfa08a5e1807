/**
 * Workloads that run the same way against Loom and against WordPress (issue 25): wrk Lua scripts that take the
 * REST prefix (`/rest/core/v2` for Loom, `/wp-json/wp/v2` for WordPress), a stand-in post body for seeding both
 * sides alike, and a wrk runner that returns req/s, p99 and failures.
 */
'use strict';
const { execFile } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { promisify } = require('node:util');

/** The 40 words bench posts are written from and the distinct-URL workload searches for. */
const WORDS = [
  'weaving',
  'yarn',
  'loom',
  'shuttle',
  'warp',
  'weft',
  'spindle',
  'cotton',
  'linen',
  'wool',
  'silk',
  'dye',
  'indigo',
  'madder',
  'tapestry',
  'selvedge',
  'heddle',
  'treadle',
  'bobbin',
  'skein',
  'twill',
  'satin',
  'tabby',
  'damask',
  'brocade',
  'velvet',
  'felting',
  'knitting',
  'crochet',
  'embroidery',
  'quilting',
  'spinning',
  'carding',
  'fleece',
  'mohair',
  'alpaca',
  'cashmere',
  'hemp',
  'jute',
  'ramie',
];

/** A deterministic 32-bit hash of a non-negative integer (for picking words by post index). */
function mix(n) {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Eight words of WORDS, picked by `i` alone. */
function wordsFor(i) {
  return Array.from({ length: 8 }, (_, j) => WORDS[mix(i * 8 + j) % WORDS.length]);
}

/**
 * A stand-in body for post `i` (until the bench settles on its own): title `Bench post i`, a paragraph of eight
 * words. The same function seeds Loom and WordPress, so both hold the same posts.
 */
function benchPost(i) {
  const text = wordsFor(i).join(' ');
  return {
    title: `Bench post ${i}`,
    content: `<!-- wp:paragraph -->\n<p>${text}.</p>\n<!-- /wp:paragraph -->`,
    excerpt: text,
    status: 'publish',
  };
}

const lua = (s) => JSON.stringify(s); // a JSON string is a valid Lua string literal for the ASCII used here

/** Numbers the threads (setup runs in the main state) and seeds each thread's random numbers differently. */
const THREADS = `local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function init(args) math.randomseed(tid * 7919 + 17) end
local n = 0
`;

/**
 * A wrk script where every request is a URL not asked before: `<prefix>/posts` with page 1–40, per_page 5–25,
 * orderby one of date, title, id, modified, slug, half of the time a `search` word of WORDS, and a unique `_cb`.
 * `auth` (an Authorization value) and `context` (e.g. `edit`) are sent with every request when given.
 * Note: with a search word, a page beyond the matches is a 400 (rest_post_invalid_page_number) on both sides;
 * with eight of 40 words a post, about 18 % of the posts match a word, so pages stay within the matches from
 * about 5,600 posts on.
 */
function distinctPostsScript(file, { prefix, auth, context }) {
  writeFileSync(
    file,
    `${THREADS}local words = {${WORDS.map(lua).join(',')}}
local orderbys = {"date", "title", "id", "modified", "slug"}
local base = ${lua(`${prefix}/posts?`)}
local tail = ${lua(context ? `&context=${context}` : '')}
local headers = {${auth ? `["Authorization"] = ${lua(auth)}` : ''}}
function request()
  n = n + 1
  local q = base .. "page=" .. math.random(1, 40) .. "&per_page=" .. math.random(5, 25) .. "&orderby=" .. orderbys[math.random(#orderbys)]
  if math.random(2) == 1 then q = q .. "&search=" .. words[math.random(#words)] end
  return wrk.format("GET", q .. tail .. "&_cb=" .. tid .. "-" .. n, headers)
end
`,
  );
  return file;
}

/** The body of a post created while measuring (Lua expression; `tid` and `n` make it unique). */
const CREATED = `'{"title":"Wrk create ' .. tid .. '-' .. n .. '","content":"<p>Created by wrk.</p>","status":"publish"}'`;

/** A wrk script POSTing one post per request to `<prefix>/posts` with `auth`. */
function createPostsScript(file, { prefix, auth }) {
  writeFileSync(
    file,
    `${THREADS}local headers = {["Authorization"] = ${lua(auth)}, ["Content-Type"] = "application/json"}
function request()
  n = n + 1
  return wrk.format("POST", ${lua(`${prefix}/posts`)}, headers, ${CREATED})
end
`,
  );
  return file;
}

/**
 * A wrk script POSTing batches of `size` (25) post creations: `/rest/core/v2` → `/rest/batch/v1` with item paths
 * `/core/v2/posts`; `/wp-json/wp/v2` → `/wp-json/batch/v1` with `/wp/v2/posts`. wrk sees only the batch's status
 * (207): check that the items were made (the post count) after the run.
 */
function batchCreatePostsScript(file, { prefix, auth, size = 25 }) {
  const [, root, namespace] = /^(.*)(\/[^/]+\/[^/]+)$/.exec(prefix);
  writeFileSync(
    file,
    `${THREADS}local headers = {["Authorization"] = ${lua(auth)}, ["Content-Type"] = "application/json"}
function request()
  local items = {}
  for i = 1, ${size} do
    n = n + 1
    items[i] = '{"method":"POST","path":${lua(`${namespace}/posts`)},"body":' .. ${CREATED} .. '}'
  end
  return wrk.format("POST", ${lua(`${root}/batch/v1`)}, headers, '{"requests":[' .. table.concat(items, ",") .. ']}')
end
`,
  );
  return file;
}

/**
 * Runs wrk (`-t2 -c16 -d10s --latency --timeout 30s` unless told) and returns requests per second, p99 in ms,
 * non-2xx/3xx answers and socket errors by kind. wrk's own timeout (2 s) would drop every slower answer from the
 * figures (and count it a socket error): WordPress's batches take longer. A server that closes every connection
 * (PHP's built-in server answers `Connection: close`) shows one read error per request: not a failure.
 */
async function runWrk(
  url,
  { headers = {}, script, threads = 2, connections = 16, seconds = 10, timeout = 30, bin = 'wrk' } = {},
) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    `--timeout`,
    `${timeout}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
  ];
  if (script) args.push('-s', script);
  const { stdout: out } = await promisify(execFile)(bin, [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const p99m = /99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99 = Number(p99m[1]) * { us: 0.001, ms: 1, s: 1000 }[p99m[2]];
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const requests = Number(/(\d+) requests in/.exec(out)[1]);
  return {
    rps: Math.round(rps * 10) / 10,
    p99: Math.round(p99 * 10) / 10,
    requests,
    non2xx,
    socket: Object.fromEntries(
      ['connect', 'read', 'write', 'timeout'].map((k, i) => [k, sock ? Number(sock[i + 1]) : 0]),
    ),
    raw: out,
  };
}

module.exports = { WORDS, benchPost, distinctPostsScript, createPostsScript, batchCreatePostsScript, runWrk };
