/**
 * Reading an upload's body (POST /core/v2/media), in place of the kit's JSON/form parsing: a raw body (the file
 * itself, described by Content-Type and Content-Disposition) or multipart/form-data (busboy, streaming, one file
 * under the field `file`, other fields as parameters). The size limit (LOOM_MEDIA_MAX_UPLOAD_BYTES) is answered from
 * Content-Length before a byte is read, and enforced while the body streams; callers who may not upload at all are
 * refused before the body is read.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import {
  can,
  forbidden,
  isMultipart,
  parsePhpStyle,
  readMultipart,
  wpError,
  type BodyReader,
  type WpError,
} from '@loom/service-kit';
import { mediaSettings } from './settings';

/** What the create handler gets besides the parameters. */
export type UploadPayload =
  | { kind: 'multipart'; file: { name: string; bytes: Buffer; md5: string } | null; contentMd5?: string }
  | {
      kind: 'raw';
      bytes: Buffer;
      md5: string;
      contentType: string | undefined;
      disposition: string | undefined;
      contentMd5?: string;
    };

/** Room for a multipart body's boundaries and other fields beyond the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** rest_upload_file_too_big, in WordPress's words (its multisite check_upload_size), answered as 413. */
function tooBig(): WpError {
  // Answered at once; Node discards the rest of the body (never buffered) once the answer is sent.
  const kb = Math.floor(mediaSettings().maxUploadBytes / 1024);
  return wpError('rest_upload_file_too_big', {
    message: `This file is too big. Files must be less than ${kb} KB in size.`,
  });
}

/** A refused body is read and dropped (never kept), so that the answer is not cut off by a reset connection. */
const discard = (req: Request) => void req.resume();

const multipart = (req: Request) => isMultipart(req.get('content-type'));

export const readUpload: BodyReader = async (req, _res, { user }) => {
  // Nobody without upload_files (create_posts of attachments) gets to send a file's worth of bytes.
  if (!can(user, 'upload_files')) {
    discard(req);
    throw forbidden(user, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
  }
  const limit = mediaSettings().maxUploadBytes;
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > limit + (multipart(req) ? MULTIPART_OVERHEAD : 0)) {
    discard(req);
    throw tooBig();
  }
  return multipart(req) ? readMultipartUpload(req, limit) : readRaw(req, limit);
};

async function readRaw(req: Request, limit: number): ReturnType<BodyReader> {
  const chunks: Buffer[] = [];
  const md5 = createHash('md5');
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooBig();
    chunks.push(chunk);
    md5.update(chunk);
  }
  const payload: UploadPayload = {
    kind: 'raw',
    bytes: Buffer.concat(chunks),
    md5: md5.digest('hex'),
    contentType: req.get('content-type'),
    disposition: req.get('content-disposition'),
    contentMd5: req.get('content-md5'),
  };
  return { form: null, payload };
}

async function readMultipartUpload(req: Request, limit: number): ReturnType<BodyReader> {
  const body = await readMultipart(
    req,
    {
      maxBodyBytes: limit + MULTIPART_OVERHEAD,
      maxFileBytes: limit,
      maxFiles: 10,
      maxFields: 200,
      maxFieldBytes: 1024 * 1024,
    },
    // Only the field WordPress reads ($_FILES['file']), once; any other file is drained and ignored.
    { acceptFile: (field, taken) => field === 'file' && taken.length === 0, bodyTooLarge: tooBig },
  );
  const upload = body.files[0];
  if (upload?.tooLarge) throw tooBig();
  const payload: UploadPayload = {
    kind: 'multipart',
    file: upload ? { name: upload.filename, bytes: upload.content, md5: upload.md5 } : null,
    contentMd5: req.get('content-md5'),
  };
  return { form: parsePhpStyle(new URLSearchParams(body.fields).toString()), payload };
}
