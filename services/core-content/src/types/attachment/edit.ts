/**
 * The attachments controller's own routes: `POST /media/<id>/edit` (edit_media_item: a NEW attachment `-edited`
 * from the original file, 201 in the request's context) and `POST /media/<id>/post-process`
 * (`create-image-subsizes`: wp_update_image_subsizes, 200 in edit context). Both need edit_post on the attachment;
 * edit first needs upload_files (rest_cannot_edit_image).
 */
import type { Context } from '@loom/contracts';
import * as core from '../../routes';
import { bind, can, forbidden, parsePhpStyle, wpError, type Binding, type RestRequest } from '@loom/service-kit';
import {
  createMissingSizes,
  editImage,
  editedFileName,
  editedImageMetadata,
  imageFileMatchesMeta,
  isEditableImageMime,
  isImageMime,
  normaliseEditArgs,
  uploadSubdir,
  type ImageMetadata,
} from '@loom/media';
// The registry first: it loads every type's file in order (attachment.ts needs the post-types modules loaded).
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import type { AttachmentFields } from './behaviour';
import { postTypeWrites } from '../../engine/controller';
import { siteClock } from '../../engine/dates';
import { POSTS, PostRepository, type PostDoc } from '../../engine/repository';
import { PostPresenter } from '../../engine/presenter';
import { originalFile, removeAll } from '../../engine/media/files';
import { abandonNames, attachNames, claimNames, releaseNames } from './names';
import { mediaSettings } from './settings';
import { asRestError, processUpload, storeFailure, storeOutputs, uniqueName } from './upload';

/** The attachment type's behaviour (types/attachment/behaviour.ts), from the registry. */
const attachment = () => POST_TYPE_BEHAVIOURS().get('attachment')!;

const repo = (req: RestRequest) =>
  new PostRepository(req.store, attachment(), siteClock(req.config), req.config.homeUrl);
const load = (req: RestRequest): Promise<PostDoc & Partial<AttachmentFields>> =>
  req.memo('attachment', () => repo(req).require(Number(req.params.id)));
const present = async (req: RestRequest, post: PostDoc, context: Context) =>
  (await new PostPresenter(req, attachment(), siteClock(req.config)).prepare([post], { context }))[0]!;
const updatePermission = (...args: Parameters<ReturnType<typeof postTypeWrites>['updatePermission']>) =>
  postTypeWrites(attachment()).updatePermission(...args);
const itemUrl = (req: RestRequest, id: number) => `${req.config.restUrl}/core/v2/media/${id}`;

/** WP_Image_Editor::save()'s failure (GD's words), as edit_media_item returns it: no status, so a 500. */
const saveFailed = (req: RestRequest) => storeFailure(req, () => wpError('image_save_error'));

/** The uploaded original (wp_get_original_image_path): the file before `-scaled`/`-rotated`. */
const originalOf = (post: Partial<AttachmentFields>) => originalFile(post.file!, post.media_metadata);

async function readAll(req: RestRequest, name: string): Promise<Buffer> {
  const stream = await req.store.files.read(name);
  if (!stream) throw wpError('rest_unknown_image_file_type');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function editMedia(req: RestRequest) {
  const post = await load(req);
  const meta = post.media_metadata as ImageMetadata | null | undefined;
  if (
    !meta ||
    !post.file ||
    !post.mime_type ||
    !isImageMime(post.mime_type) ||
    !imageFileMatchesMeta(String(req.params.src), meta)
  ) {
    throw wpError('rest_unknown_attachment');
  }
  if (!isEditableImageMime(post.mime_type)) throw wpError('rest_cannot_edit_file_type');
  let edited: Buffer;
  const original = originalOf(post);
  try {
    const modifiers = normaliseEditArgs(req.params as Record<string, unknown>);
    edited = await editImage(await readAll(req, original), post.mime_type, modifiers, {
      maxPixels: mediaSettings().maxPixels,
    });
  } catch (e) {
    throw asRestError(e);
  }
  const dir = uploadSubdir(new Date());
  const failed = saveFailed(req);
  const file = `${dir}/${await uniqueName(req, dir, editedFileName(original.slice(original.lastIndexOf('/') + 1))).catch(failed)}`;
  const { metadata, outputs } = await processUpload(edited, file, post.mime_type);
  await claimNames(
    req.store,
    outputs.map((o) => o.file),
  );
  // The parent's EXIF values fill those the edit lost, the orientation is now upright, and parent_image names
  // the parent's original file by its relative path (edit_media_item).
  const newMeta = editedImageMetadata(metadata as ImageMetadata, meta, post.id);

  await storeOutputs(req, outputs, failed);
  let created: PostDoc;
  try {
    created = await repo(req).create(
      {
        title: post.title,
        content: post.content,
        excerpt: post.excerpt,
        status: 'inherit',
        own: {
          mime_type: post.mime_type,
          file: newMeta.file ?? file,
          media_metadata: newMeta,
          alt_text: post.alt_text ?? '',
        },
      },
      { userId: req.user?.id ?? 0, canPublish: true },
    );
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
  await attachNames(
    req.store,
    outputs.map((o) => o.file),
    created.id,
  );
  // The route declares no `context`, but WordPress's response reads the request's (default view).
  const asked = parsePhpStyle(req.rawQuery).context;
  const context: Context = asked === 'edit' || asked === 'embed' ? asked : 'view';
  return {
    status: 201,
    body: await present(req, created, context),
    headers: { Location: itemUrl(req, created.id), 'X-WP-Upload-Attachment-ID': String(created.id) },
  };
}

async function postProcess(req: RestRequest) {
  const post = await load(req);
  const meta = post.media_metadata as ImageMetadata | null | undefined;
  if (
    req.params.action === 'create-image-subsizes' &&
    meta?.width &&
    post.file &&
    post.mime_type &&
    isImageMime(post.mime_type)
  ) {
    const { metadata, files } = await createMissingSizes(await readAll(req, originalOf(post)), meta, {
      mime: post.mime_type,
      maxPixels: mediaSettings().maxPixels,
    }).catch((e: unknown) => {
      throw asRestError(e);
    });
    const names = files.map((f) => f.file);
    await claimNames(req.store, names);
    await storeOutputs(req, files, saveFailed(req));
    const stored = await req.store
      .collection<PostDoc>(POSTS)
      .updateOne({ id: post.id, type: 'attachment' }, { $set: { media_metadata: metadata } });
    // Deleted meanwhile: the new sizes go as its other files went, names and all (then require() answers 404).
    if (stored) await attachNames(req.store, names, post.id);
    else await removeAll(req.store.files, names).then(() => releaseNames(req.store, names, post.id));
  }
  return { body: await present(req, await repo(req).require(post.id), 'edit') };
}

export const mediaBindings: Binding[] = [
  bind(
    core.mediaRoutes.postProcess.endpoints.create,
    async (req) => updatePermission(req as RestRequest, await load(req as RestRequest)),
    (req) => postProcess(req as RestRequest),
  ),
  bind(
    core.mediaRoutes.edit.endpoints.create,
    async (req) => {
      if (!can(req.user, 'upload_files')) return forbidden(req.user, 'rest_cannot_edit_image');
      return updatePermission(req as RestRequest, await load(req as RestRequest));
    },
    (req) => editMedia(req as RestRequest),
  ),
];
