#!/usr/bin/env node
/**
 * `npm run bench:media`: media through the gateway, on its own Loom (bench/run.js's startLoom: built services on free
 * loopback ports, a fresh data directory).
 *  1. Upload of a generated 12-megapixel JPEG (4000×3000), end to end: the POST until its 201, which WordPress (and
 *     Loom) answer only once every sub-size is made and stored. LOOM_BENCH_UPLOADS uploads, one after the other.
 *  2. Serving one medium-size file (the upload's largest sub-size under 1 MiB) through the gateway (`/uploads/...`), then
 *     straight from core-content, next to a bare Node static server (node:http + fs.createReadStream, the same bytes
 *     from a file) in the same run: req/s, MiB/s and latency with autocannon, LOOM_BENCH_SECONDS each.
 * Prints a Markdown table; `--write` puts it in bench/RESULTS.md (replacing this script's previous section).
 */
'use strict';
const { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const sharp = require('sharp');
const { startLoom, measure } = require('./run');

const UPLOADS = Math.min(Math.max(Number(process.env.LOOM_BENCH_UPLOADS || 5), 1), 50);
const SECONDS = Number(process.env.LOOM_BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.LOOM_BENCH_CONNECTIONS || 16);

/** A 12 MP photo-like JPEG: smooth gradients with some grain, so it compresses as photos do (a few MB). */
async function twelveMegapixelJpeg() {
  const width = 4000;
  const height = 3000;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#e8b07a"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="2600" cy="1200" r="700" fill="#f4e3c1" opacity="0.7"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  return sharp(svg)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function upload(loom, bytes, i) {
  const t = performance.now();
  const r = await fetch(`${loom.gateway}/rest/core/v2/media`, {
    method: 'POST',
    headers: {
      authorization: loom.auth,
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="bench-${i}.jpg"`,
    },
    body: bytes,
  });
  const body = await r.json();
  const ms = performance.now() - t;
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** A bare static server: node:http and fs.createReadStream, nothing else. */
async function bareStatic(file, type) {
  const size = statSync(file).size;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': size });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** The upload's largest sub-size of at most 1 MiB: a medium-size file to serve. */
function mediumSizeFile(media) {
  const d = media.media_details;
  const files = Object.entries(d.sizes)
    .filter(([name, s]) => name !== 'full' && s.filesize)
    .map(([name, s]) => ({ name, source_url: s.source_url, filesize: s.filesize, mime_type: s.mime_type }));
  const fit = files.filter((f) => f.filesize <= 2 ** 20).sort((a, b) => b.filesize - a.filesize);
  if (!fit.length) throw new Error('no file of the upload is under 1 MiB');
  return fit[0];
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function benchMedia(loom) {
  const jpeg = await twelveMegapixelJpeg();
  const meta = await sharp(jpeg).metadata();
  console.log(`media   generated ${meta.width}×${meta.height} JPEG, ${(jpeg.length / 2 ** 20).toFixed(1)} MiB`);
  const times = [];
  let last;
  for (let i = 0; i < UPLOADS; i++) {
    const { ms, body } = await upload(loom, jpeg, i);
    times.push(ms);
    last = body;
    console.log(
      `media   upload ${i + 1}/${UPLOADS}: ${ms.toFixed(0)} ms (${Object.keys(last.media_details.sizes).length} sizes)`,
    );
  }
  const uploadRow = {
    label: `POST media, ${meta.width}×${meta.height} JPEG (${(jpeg.length / 2 ** 20).toFixed(1)} MiB) to 201 with ${Object.keys(last.media_details.sizes).length} sizes`,
    n: times.length,
    p50: pct(times, 0.5).toFixed(0),
    min: Math.min(...times).toFixed(0),
    max: Math.max(...times).toFixed(0),
  };

  const large = mediumSizeFile(last);
  const served = await fetch(large.source_url);
  const bytes = Buffer.from(await served.arrayBuffer());
  if (served.status !== 200 || bytes.length !== large.filesize)
    throw new Error(`serving ${large.source_url}: ${served.status}, ${bytes.length} bytes`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loom-bench-static-'));
  const file = path.join(dir, 'large.jpg');
  writeFileSync(file, bytes);
  const bare = await bareStatic(file, large.mime_type);
  const serveRows = [];
  try {
    const urlPath = new URL(large.source_url).pathname;
    for (const [target, url] of [
      ['gateway', large.source_url],
      ['core-content directly', loom.core + urlPath],
      ['bare node static (fs.createReadStream)', bare.url + urlPath],
    ]) {
      const r = await measure(url);
      const errors = r.errors + r.non2xx;
      const row = {
        target,
        rps: Math.round(r.requests.average),
        mbps: (r.throughput.average / 2 ** 20).toFixed(1),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors,
      };
      serveRows.push(row);
      console.log(
        `media   GET ${(bytes.length / 1024).toFixed(0)} KiB ${target.padEnd(40)} ${String(row.rps).padStart(6)} req/s  ${row.mbps} MiB/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${errors}`,
      );
    }
  } finally {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { uploadRow, serveRows, fileBytes: bytes.length, fileName: large.name };
}

function table({ uploadRow, serveRows, fileBytes, fileName }) {
  const cpu = os.cpus()[0];
  return [
    `\n## Media (\`npm run bench:media\`, ${new Date().toISOString().slice(0, 10)})\n`,
    `${os.cpus().length} × ${cpu ? cpu.model.trim() : 'unknown CPU'}, Node ${process.version}, embedded store, loopback. ` +
      'Indicative only: the machine was shared with other work during this run.\n',
    '| upload | runs | p50 ms | min ms | max ms |',
    '|---|---:|---:|---:|---:|',
    `| ${uploadRow.label} | ${uploadRow.n} | ${uploadRow.p50} | ${uploadRow.min} | ${uploadRow.max} |`,
    '',
    `Serving one file of the upload (${fileName}, ${(fileBytes / 1024).toFixed(0)} KiB JPEG), autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row:\n`,
    '| target | req/s | MiB/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...serveRows.map((r) => `| ${r.target} | ${r.rps} | ${r.mbps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    '',
    '- The upload row is one client request: the body sent, the type sniffed, every sub-size (and WebP copy) made',
    '  with sharp and stored, the row written; WordPress answers its 201 at the same point. Uploads run one at a time.',
    '- The serving rows share the machine with the load generator (and, through the gateway, with two processes);',
    '  compare them within one run, not across machines.',
    '',
  ].join('\n');
}

module.exports = { benchMedia, twelveMegapixelJpeg };

if (require.main === module) {
  (async () => {
    const loom = await startLoom();
    let result;
    try {
      result = await benchMedia(loom);
    } finally {
      await loom.stop();
    }
    const doc = table(result);
    console.log(doc);
    if (process.argv.includes('--write')) {
      // Replaces this script's section (from "## Media" to the end) or adds it.
      const file = path.join(__dirname, 'RESULTS.md');
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const at = previous.indexOf('\n## Media');
      writeFileSync(file, (at === -1 ? previous : previous.slice(0, at)) + doc);
    }
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
