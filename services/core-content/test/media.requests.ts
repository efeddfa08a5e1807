/**
 * What the media suites do in a core/v2 world (@loom/testing's startWorld): uploads sent raw or as multipart, and
 * files fetched back through the gateway. Images are made by sharp in the test (@loom/testing's image).
 */
import request from 'supertest';
import type { Caller, World } from '@loom/testing';

export const BASE = 'http://loom.test';

/** The `YYYY/MM` folder an upload made now is stored under. */
export const month = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

const headersOf = (w: World, caller: Caller) => w.auth[caller];

/** A bare POST /core/v2/media (no body yet) as the caller. */
export const mediaPost = (w: World, caller: Caller) =>
  request(w.gw.app).post('/rest/core/v2/media').set(headersOf(w, caller));

/** POST /core/v2/media with the file as the raw body. */
export function uploadRaw(
  w: World,
  caller: Caller,
  bytes: Buffer,
  filename: string,
  type = 'application/octet-stream',
  query = '',
) {
  return request(w.gw.app)
    .post(`/rest/core/v2/media${query}`)
    .set(headersOf(w, caller))
    .set('Content-Type', type)
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .send(bytes);
}

/** POST /core/v2/media as multipart/form-data: the file under `file`, other fields as parameters. */
export function uploadMultipart(
  w: World,
  caller: Caller,
  bytes: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) {
  let r = request(w.gw.app).post('/rest/core/v2/media').set(headersOf(w, caller));
  for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
  return r.attach('file', bytes, filename);
}

/** GET (or HEAD) of a file URL under the site, through the gateway. */
export function fetchFile(w: World, url: string, headers: Record<string, string> = {}, method: 'get' | 'head' = 'get') {
  if (!url.startsWith(`${BASE}/`)) throw new Error(`not a site URL: ${url}`);
  return request(w.gw.app)
    [method](url.slice(BASE.length))
    .set(headers)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

/** Uploads a file and returns the attachment as answered (fails the test when not 201). */
export async function uploaded(
  w: World,
  caller: Caller,
  bytes: Buffer,
  filename: string,
  type = 'image/jpeg',
): Promise<request.Response['body']> {
  const r = await uploadRaw(w, caller, bytes, filename, type);
  if (r.status !== 201) throw new Error(`upload ${filename}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
