/**
 * Reading a multipart/form-data body with busboy, streaming and bounded, for the endpoints that take one (media
 * uploads, contact-form feedback). Text fields in order; files in memory with their MD5, a file past its limit
 * marked `tooLarge` and its bytes dropped (the caller words the error); the whole body bounded too. Malformed
 * bodies are a 400 and too many parts or bytes a 413; the rest of a refused body is drained so the answer is not
 * cut off by a reset connection. Nothing throws past the returned promise.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { wpError, type WpError } from './errors';

export interface MultipartLimits {
  /** The whole body (boundaries and every part). */
  maxBodyBytes: number;
  /** One file; a larger one is kept as `tooLarge` with no bytes. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** Longest text value (busboy cuts longer ones). */
  maxFieldBytes: number;
}

export interface MultipartFile {
  field: string;
  /** As the client named it; '' for a file input left empty (PHP's UPLOAD_ERR_NO_FILE). */
  filename: string;
  contentType: string;
  content: Buffer;
  /** Hex MD5 of the bytes as received (Content-MD5 checks). */
  md5: string;
  tooLarge: boolean;
}

export interface MultipartBody {
  fields: [string, string][];
  files: MultipartFile[];
}

/** A multipart/form-data request, by its Content-Type. */
export const isMultipart = (contentType: string | undefined): boolean =>
  /^\s*multipart\/form-data\s*(;|$)/i.test(contentType ?? '');

const unreadable = (): WpError => wpError('rest_invalid_body');
const tooLargeBody = (): WpError => wpError('rest_request_too_large');

/**
 * `acceptFile(field, taken)`: whether to keep a file part (others are drained unread); by default every one.
 * `bodyTooLarge`: the error for a body past maxBodyBytes (default `rest_request_too_large` 413).
 */
export function readMultipart(
  stream: Readable & { headers: IncomingHttpHeaders },
  limits: MultipartLimits,
  opts: { acceptFile?: (field: string, taken: readonly MultipartFile[]) => boolean; bodyTooLarge?: () => WpError } = {},
): Promise<MultipartBody> {
  return new Promise<MultipartBody>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: stream.headers,
        defParamCharset: 'utf8',
        // busboy stops a file at its limit: one byte past ours tells a file of exactly the limit from a larger one.
        limits: {
          fieldNameSize: 256,
          fieldSize: limits.maxFieldBytes,
          fields: limits.maxFields,
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          parts: limits.maxFields + limits.maxFiles,
          headerPairs: 50,
        },
      });
    } catch {
      return reject(unreadable()); // no boundary, or not multipart at all
    }
    const out: MultipartBody = { fields: [], files: [] };
    let settled = false;
    let received = 0;
    const fail = (e: WpError) => {
      if (settled) return;
      settled = true;
      stream.unpipe(bb);
      stream.resume();
      reject(e);
    };
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBodyBytes) fail((opts.bodyTooLarge ?? tooLargeBody)());
    });
    stream.on('error', () => fail(unreadable()));
    bb.on('field', (name, value) => out.fields.push([name, value]));
    bb.on('file', (field, file, info) => {
      if (opts.acceptFile && !opts.acceptFile(field, out.files)) return void file.resume();
      const entry: MultipartFile = {
        field,
        filename: info.filename ?? '',
        contentType: info.mimeType || 'application/octet-stream',
        content: Buffer.alloc(0),
        md5: '',
        tooLarge: false,
      };
      out.files.push(entry); // in part order, claimed at once so `taken` counts it
      const chunks: Buffer[] = [];
      const md5 = createHash('md5');
      file.on('data', (c: Buffer) => {
        if (entry.tooLarge) return;
        chunks.push(c);
        md5.update(c);
      });
      file.on('limit', () => {
        entry.tooLarge = true;
        chunks.length = 0;
      });
      file.on('end', () => {
        if (entry.tooLarge) return;
        entry.content = Buffer.concat(chunks);
        entry.md5 = md5.digest('hex');
      });
    });
    bb.on('partsLimit', () => fail(tooLargeBody()));
    bb.on('filesLimit', () => fail(tooLargeBody()));
    bb.on('fieldsLimit', () => fail(tooLargeBody()));
    bb.on('error', () => fail(unreadable()));
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    stream.pipe(bb);
  });
}
