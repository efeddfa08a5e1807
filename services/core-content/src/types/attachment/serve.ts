/**
 * Serving uploaded files: GET and HEAD `/uploads/<name>` (outside /rest; the gateway forwards it), streamed from the
 * file store with a strong ETag, Last-Modified, Content-Length, single byte ranges (206, 416), conditional requests
 * (304), caching that revalidates (`no-cache`: a 304 while the bytes are the same, since a deleted attachment's name
 * is free again and may come to hold other bytes), and
 * nothing an uploaded file could run in the site's origin: nosniff, `Content-Security-Policy: default-src 'none';
 * sandbox`, and types a browser would execute or render as a page (html, js, svg, anything unknown) sent as
 * downloads (application/octet-stream with Content-Disposition: attachment).
 */
import type { Express, Request, Response } from 'express';
import fresh from 'fresh';
import parseRange from 'range-parser';
import { isFileName, type Store } from '@loom/store';
import { UPLOADS_PATH } from '../../engine/media/files';

/** Types served inline, by extension: media a browser shows but cannot execute. */
const INLINE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  heic: 'image/heic',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  mid: 'audio/midi',
  midi: 'audio/midi',
  wma: 'audio/x-ms-wma',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  avi: 'video/avi',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  '3gp': 'video/3gpp',
  wmv: 'video/x-ms-wmv',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'text/plain; charset=utf-8',
};

const DOWNLOAD = 'application/octet-stream';

const notFound = (res: Response) =>
  res
    .status(404)
    .set({
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    .send('Not Found\n');

/** A download's name: ASCII for every client, and the name itself (RFC 6266 `filename*`) when it has other letters. */
function downloadDisposition(base: string): string {
  const ascii = `attachment; filename="${base.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
  if (/^[A-Za-z0-9._-]*$/.test(base)) return ascii;
  return `${ascii}; filename*=UTF-8''${encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function mountUploads(app: Express, store: Store): void {
  app.get(/^\/uploads\/.+/, (req, res, next) => {
    serve(req, res, store).catch(next);
  });
}

async function serve(req: Request, res: Response, store: Store): Promise<void> {
  let name: string;
  try {
    name = decodeURIComponent(req.path.slice(UPLOADS_PATH.length));
  } catch {
    return void notFound(res);
  }
  if (!isFileName(name)) return void notFound(res);
  const file = await store.files.stat(name);
  if (!file) return void notFound(res);

  const base = name.slice(name.lastIndexOf('/') + 1);
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : '';
  const type = INLINE_TYPES[ext] ?? DOWNLOAD;
  res.set({
    'Content-Type': type,
    ETag: file.etag,
    'Last-Modified': file.modified.toUTCString(),
    'Cache-Control': 'public, no-cache',
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  if (type === DOWNLOAD) res.set('Content-Disposition', downloadDisposition(base));

  if (fresh(req.headers, { etag: file.etag, 'last-modified': file.modified.toUTCString() }))
    return void res.status(304).end();

  let range: { start: number; end: number } | undefined;
  const header = req.headers.range;
  // If-Range: a range only against the very bytes the client has (its ETag or date).
  const ifRange = req.get('if-range');
  const rangeStillValid =
    !ifRange ||
    ifRange === file.etag ||
    (!ifRange.startsWith('"') &&
      !ifRange.startsWith('W/') &&
      Date.parse(ifRange) >= Math.floor(file.modified.getTime() / 1000) * 1000);
  if (header && rangeStillValid) {
    const parsed = parseRange(file.size, header, { combine: true });
    if (parsed === -1) {
      res.status(416).set({ 'Content-Range': `bytes */${file.size}`, 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end();
    }
    // Malformed ranges are ignored (the whole file); several ranges too (one answer, not multipart/byteranges).
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  const length = range ? range.end - range.start + 1 : file.size;
  if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  res.set('Content-Length', String(length));
  if (req.method === 'HEAD' || length === 0) return void res.end();
  const stream = await store.files.read(name, range);
  if (!stream) return void notFound(res);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
