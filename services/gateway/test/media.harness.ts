/**
 * The media suites' world: posts.harness's (real core-content and gateway in-process, one user per role), with
 * images made by sharp in the test, uploads sent raw or as multipart, and files fetched back through the gateway.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { startWorld, type Caller, type World } from './posts.harness';

export { as, err, startWorld, type World } from './posts.harness';

export const BASE = 'http://loom.test';

/** A JPEG (or another format) of the given size with some detail (so sizes and WebP copies differ from flat fills). */
export async function image(width: number, height: number, opts: { format?: 'jpeg' | 'png' | 'webp' | 'gif'; orientation?: number } = {}): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3a6"/>` +
      `<rect x="0" y="0" width="${Math.ceil(width / 2)}" height="${Math.ceil(height / 3)}" fill="#c33"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fe2"/></svg>`,
  );
  let s = sharp(svg);
  if (opts.orientation) s = s.withMetadata({ orientation: opts.orientation });
  const format = opts.format ?? 'jpeg';
  return s.toFormat(format).toBuffer();
}

/** A PNG whose header declares `width`×`height` pixels and holds almost nothing (a decompression bomb's shape). */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

const headersOf = (w: World, caller: Caller) => w.auth[caller];

/** A bare POST /core/v2/media (no body yet) as the caller. */
export const mediaPost = (w: World, caller: Caller) => request(w.gw.app).post('/rest/core/v2/media').set(headersOf(w, caller));

/** POST /core/v2/media with the file as the raw body. */
export function uploadRaw(w: World, caller: Caller, bytes: Buffer, filename: string, type = 'application/octet-stream', query = '') {
  return request(w.gw.app)
    .post(`/rest/core/v2/media${query}`)
    .set(headersOf(w, caller))
    .set('Content-Type', type)
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .send(bytes);
}

/** POST /core/v2/media as multipart/form-data: the file under `file`, other fields as parameters. */
export function uploadMultipart(w: World, caller: Caller, bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  let r = request(w.gw.app).post('/rest/core/v2/media').set(headersOf(w, caller));
  for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
  return r.attach('file', bytes, filename);
}

/** GET (or HEAD) of a file URL under the site, through the gateway. */
export function fetchFile(w: World, url: string, headers: Record<string, string> = {}, method: 'get' | 'head' = 'get') {
  if (!url.startsWith(`${BASE}/`)) throw new Error(`not a site URL: ${url}`);
  return request(w.gw.app)[method](url.slice(BASE.length)).set(headers).buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

/** Uploads a file and returns the attachment as answered (fails the test when not 201). */
export async function uploaded(w: World, caller: Caller, bytes: Buffer, filename: string, type = 'image/jpeg'): Promise<request.Response['body']> {
  const r = await uploadRaw(w, caller, bytes, filename, type);
  if (r.status !== 201) throw new Error(`upload ${filename}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export const startMediaWorld = (env: NodeJS.ProcessEnv = {}) => startWorld(env);
