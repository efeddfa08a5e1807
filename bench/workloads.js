/**
 * Workloads that run the same way against Loom and against WordPress (issue 25): wrk Lua scripts that take the
 * REST prefix (`/rest/core/v2` for Loom, `/wp-json/wp/v2` for WordPress), and the post body both sides are
 * seeded with (bench/wrk-run.js runs them).
 */
'use strict';
const { writeFileSync } = require('node:fs');

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
 * The body of post `i`: title `Bench post i`, a paragraph of eight
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

module.exports = { WORDS, benchPost, distinctPostsScript, createPostsScript, batchCreatePostsScript };
