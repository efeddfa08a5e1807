/**
 * create_item of WP_REST_Attachments_Controller: insert_attachment() with upload_from_file() (multipart) or
 * upload_from_data() (raw body), in WordPress's order and with its errors, then the attachment row. The type comes
 * from the bytes (@loom/media), the name is sanitised and made unique in `uploads/YYYY/MM/`, images are processed
 * (sizes, -scaled, EXIF, WebP) before anything is stored, and files are written before the row; a row that
 * cannot be written takes its files with it.
 */
import { can, wpError, WpError, type RestRequest } from '@loom/service-kit';
import {
  attachmentMetadata,
  detectType,
  MediaError,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_TYPE_REFUSED_MESSAGE,
  uploadSubdir,
  type AttachmentMetadata,
  type ImageMetadata,
  type OutputFile,
} from '@loom/media';
import type { PostDoc, PostInput } from '../../engine/repository';
import { POSTS } from '../../engine/repository';
import type { UploadPayload } from './body';
import { removeAll, storeAll } from '../../engine/media/files';
import { abandonNames, attachNames, claimNames, claimUniqueName } from './names';
import { mediaSettings } from './settings';

/** A MediaError as the REST error it stands for. */
export const asRestError = (e: unknown): unknown => {
  if (!(e instanceof MediaError)) return e;
  const data: Record<string, unknown> = {};
  if (e.params) data.params = e.params;
  if (e.details) data.details = e.details;
  return wpError(e.code, { message: e.message, status: e.status, data });
};

/** A file-store failure (a name it refuses, a full disk) as WordPress words its own: `answer`'s error; the store's
 * error is logged, never shown. A WpError passes unchanged. */
export const storeFailure =
  (req: RestRequest, answer: () => WpError) =>
  (e: unknown): never => {
    if (e instanceof WpError) throw e;
    req.log.error({ err: e, reqId: req.requestId }, 'media file store failed');
    throw answer();
  };

/** Stores every file of an upload or edit (storeAll); if the store fails, their claimed names are given up (they stay
 * used) and `failed` answers. */
export async function storeOutputs(
  req: RestRequest,
  outputs: OutputFile[],
  failed: (e: unknown) => never,
): Promise<void> {
  try {
    await storeAll(req.store.files, outputs);
  } catch (e) {
    await abandonNames(
      req.store,
      outputs.map((o) => o.file),
    );
    failed(e);
  }
}

/** wp_handle_upload's failure to put a file in its folder, under the code the upload path gives its failures. */
const notMoved = (code: UploadFailureCode, dir: string) => () =>
  wpError(code, { message: `The uploaded file could not be moved to uploads/${dir}.` });

/** A header as the bytes the client sent: Node reads them as latin1, PHP hands WordPress the bytes, which clients
 * send as UTF-8 (`filename="照片.jpg"`). Bytes that are not UTF-8 stay latin1, as they are. */
function headerText(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(value) || /[^\x00-\xff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** WP_REST_Attachments_Controller::get_filename_from_disposition(): the last `filename=` wins, quotes stripped. */
export function filenameFromDisposition(header: string | undefined): string | null {
  if (!header) return null;
  const value = headerText(header).trim();
  if (!value.includes(';')) return null;
  const attributes = new Map<string, string>();
  for (const part of value.slice(value.indexOf(';') + 1).split(';')) {
    if (!part.includes('=')) continue;
    const at = part.indexOf('=');
    attributes.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  let filename = attributes.get('filename')?.trim();
  if (!filename) return null;
  if (filename.length > 1 && filename.startsWith('"') && filename.endsWith('"')) filename = filename.slice(1, -1);
  return filename || null;
}

/** The error code wp_handle_upload's failures take on an upload's path (multipart: unknown_error, raw: sideload_error). */
type UploadFailureCode = 'rest_upload_unknown_error' | 'rest_upload_sideload_error';

interface Received {
  name: string;
  bytes: Buffer;
  /** The code of this upload's failures. */
  failure: UploadFailureCode;
}

/** upload_from_file() / upload_from_data(): the file and its name, or WordPress's error, in its order. */
function received(payload: UploadPayload): Received {
  if (payload.kind === 'multipart' && payload.file) {
    checkMd5(payload.contentMd5, payload.file.md5);
    return { name: payload.file.name, bytes: payload.file.bytes, failure: 'rest_upload_unknown_error' };
  }
  // Without a file, WordPress reads the raw body (empty for multipart requests).
  if (payload.kind !== 'raw' || !payload.bytes.length) throw wpError('rest_upload_no_data');
  if (!payload.contentType) throw wpError('rest_upload_no_content_type');
  if (!payload.disposition) throw wpError('rest_upload_no_content_disposition');
  const name = filenameFromDisposition(payload.disposition);
  if (!name) {
    throw wpError('rest_upload_invalid_disposition');
  }
  checkMd5(payload.contentMd5, payload.md5);
  return { name, bytes: payload.bytes, failure: 'rest_upload_sideload_error' };
}

/** The Content-MD5 check (hex, trimmed) against the bytes as received: 412 when they differ. */
function checkMd5(given: string | undefined, actual: string): void {
  if (given && given.trim() !== actual) throw wpError('rest_upload_hash_mismatch');
}

/** What processing a received file gives: its metadata and every file to store (the upload first). */
export async function processUpload(
  bytes: Buffer,
  file: string,
  mime: string,
): Promise<{ metadata: AttachmentMetadata; outputs: OutputFile[] }> {
  const upload: OutputFile = { file, bytes, mime };
  try {
    // Images sharp can size, audio/video metadata, or the file's size only (tiff, heic and other files).
    const { metadata, files } = await attachmentMetadata(bytes, { file, mime, maxPixels: mediaSettings().maxPixels });
    return { metadata, outputs: [upload, ...files] };
  } catch (e) {
    throw asRestError(e);
  }
}

/** wp_unique_filename in a folder of the file store, the name claimed for this upload (names.ts). */
export const uniqueName = (req: RestRequest, dir: string, name: string): Promise<string> =>
  claimUniqueName(req.store, dir, name);

export async function createAttachment(
  req: RestRequest,
  input: PostInput,
  create: (input: PostInput) => Promise<PostDoc>,
): Promise<{ post: PostDoc; headers: Record<string, string> }> {
  const payload = req.payload as UploadPayload;
  const p = req.params as Record<string, unknown>;
  const posts = req.store.collection<PostDoc>(POSTS);
  const parentId = typeof p.post === 'number' ? p.post : 0;
  const parent = parentId ? await posts.findOne({ id: parentId }) : null;
  if (parent && ['revision', 'attachment'].includes(parent.type))
    throw wpError('rest_invalid_param', { message: 'Invalid parent type.' });

  const { name, bytes, failure } = received(payload);
  if (!bytes.length) throw wpError(failure, { message: UPLOAD_EMPTY_MESSAGE });
  const type = await detectType(bytes, name, { unfilteredHtml: can(req.user, 'unfiltered_html') });
  if (!type) throw wpError(failure, { message: UPLOAD_TYPE_REFUSED_MESSAGE });

  // media_handle_upload: files attached to a post (not a page) go to the month of its date.
  const when =
    parent && parent.type !== 'page' && !parent.date.startsWith('0000') ? new Date(`${parent.date}Z`) : new Date();
  const dir = uploadSubdir(when);
  const failed = storeFailure(req, notMoved(failure, dir));
  const file = `${dir}/${await uniqueName(req, dir, type.fileName).catch(failed)}`;
  const { metadata, outputs } = await processUpload(bytes, file, type.mime);
  await claimNames(
    req.store,
    outputs.map((o) => o.file),
  );

  // Title and caption defaults: the image's own (a title that is only a number is ignored), else the file's name.
  const meta = (metadata as Partial<ImageMetadata>).image_meta;
  if (!input.title) {
    const own = meta?.title?.trim();
    input.title =
      own && !/^[0-9]+$/.test(own.toLowerCase().replace(/[^a-z0-9]+/g, ''))
        ? own
        : file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  }
  if (!input.excerpt && meta?.caption?.trim()) input.excerpt = meta.caption;

  // wp_insert_attachment: an attachment is `inherit` unless it was made private.
  input.status ??= 'inherit';
  await storeOutputs(req, outputs, failed);
  try {
    // The attached file: the upload, or the `-scaled`/`-rotated` copy that image processing made of it.
    const attached = (metadata as Partial<ImageMetadata>).file ?? file;
    const post = await create({
      ...input,
      own: { ...input.own, mime_type: type.mime, file: attached, media_metadata: metadata },
    });
    await attachNames(
      req.store,
      outputs.map((o) => o.file),
      post.id,
    );
    return { post, headers: { 'X-WP-Upload-Attachment-ID': String(post.id) } };
  } catch (e) {
    await removeAll(
      req.store.files,
      outputs.map((o) => o.file),
    );
    await abandonNames(
      req.store,
      outputs.map((o) => o.file),
    );
    throw e;
  }
}
