/**
 * `attachment` (spec 2.5, core/v2/media): WP_REST_Attachments_Controller's differences from the posts controller.
 * Uploads (media/upload.ts, read by media/body.ts), the attachment's own fields (alt text, caption = excerpt,
 * description = content, the post it belongs to), statuses inherit/private/trash only, read rules inherited from
 * the parent (check_read_permission), media_type/mime_type filters, no trash, no wp:attachment link, the file
 * before the description (prepend_attachment), and a permanent delete that takes the files with it and frees their
 * names (the row first, then the files, then the names).
 */
import {
  allowedMimeTypes,
  isImageMime,
  mediaDetails,
  missingImageSizes,
  type AttachmentMetadata,
  type ImageMetadata,
} from '@loom/media';
import { can, forbidden, wpError } from '@loom/service-kit';
import type { Filter } from '@loom/store';
import { readUpload } from './body';
import { releaseNames } from './names';
import { attachmentFiles, fileUrl, originalFile, removeAll } from '../../engine/media/files';
import { toMediaAttachment } from '../../engine/media/shortcodes';
import { createAttachment } from './upload';
import { canReadPost } from '../../engine/access';
import { postCan, type OwnBehaviour } from '../../engine/behaviour';
import { onPostLifecycle } from '../../engine/lifecycle';
import { forcePlain, permalink, type PermalinkContext } from '../../engine/permalinks';
import { STORED_POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { contentSavePre } from '../../engine/render';
import { POSTS, type PostDoc } from '../../engine/repository';

/** The stored fields an attachment adds to a post. */
export interface AttachmentFields {
  mime_type: string;
  /** The attached file, relative to the uploads root (`2026/11/photo-scaled.jpg`). */
  file: string;
  /** _wp_attachment_metadata. */
  media_metadata: AttachmentMetadata | null;
  /** _wp_attachment_image_alt. */
  alt_text?: string;
}

const fieldsOf = (post: PostDoc) => post as PostDoc & Partial<AttachmentFields>;

/** wp_insert_post keeps an attachment's status to these; anything else becomes inherit. */
const ATTACHMENT_STATUSES = ['inherit', 'private', 'trash', 'auto-draft'];

/** check_read_permission for attachments: an `inherit` attachment is readable when its parent is, or when it has none. */
async function readableAttachment(
  store: import('@loom/store').Store,
  user: import('@loom/contracts').Identity | null,
  post: PostDoc,
): Promise<boolean> {
  if (canReadPost(user, post)) return true;
  if (post.status !== 'inherit') return false;
  if (!post.parent) return true;
  const parent = await store.collection<PostDoc>(POSTS).findOne({ id: post.parent });
  return !parent || parent.id === post.id || canReadPost(user, parent);
}

/**
 * get_attachment_link(): under its parent's permalink (`/parent-slug/file-slug/`, `attachment/<slug>` for a numeric
 * slug), at the root when it has none (`/file-slug/`), else `?attachment_id=ID`: for a parent that is gone, not
 * viewable or linked in the plain form, and when its status (an inherited one is its parent's) is not public. The
 * sample (`%postname%`, get_sample_permalink's $leavename) of one without a parent is the plain form too: WordPress
 * builds the root form only when it fills the name in.
 */
function attachmentLink(
  post: { id: number; slug: string; status: string; parent: number },
  c: PermalinkContext,
): string {
  const plain = `${c.homeUrl}/?attachment_id=${post.id}`;
  const sample = post.slug === '%postname%';
  const parent = post.parent ? c.ancestors[0] : undefined;
  if (post.parent && (!parent || parent.id === post.id)) return plain;
  const status = post.status === 'inherit' ? (parent?.status ?? 'publish') : post.status;
  if (forcePlain(status, c.canRead, sample) || !post.slug) return plain;
  if (!parent) return sample ? plain : `${c.homeUrl}/${post.slug}/`;
  const parentRules = STORED_POST_TYPE_BEHAVIOURS().get(parent.type);
  if (!parentRules?.object.viewable) return plain;
  const parentLink = permalink(parent, { ...c, rules: parentRules, ancestors: c.ancestors.slice(1) });
  if (parentLink.includes('?')) return plain;
  return `${parentLink.replace(/\/?$/, '/')}${/^\d+$/.test(post.slug) ? `attachment/${post.slug}` : post.slug}/`;
}

export const attachmentBehaviour: OwnBehaviour = {
  schedules: false,
  plainQuery: (id) => `attachment_id=${id}`,
  permalink: attachmentLink,
  hasParent: true,
  attachmentsLink: false,
  publishAction: false,
  hooks: {
    readCreateBody: readUpload,
    // Called through, not referenced: media/upload.ts reads the post-types modules that load this file.
    createItem: (req, input, create) => createAttachment(req, input, create),
    // Attaching to a post needs edit_post on it (the create check's last step).
    async checkCreate(req) {
      const id = req.params.post;
      if (typeof id !== 'number' || !id) return true;
      const parent = await req.store.collection<PostDoc>(POSTS).findOne({ id });
      if (!parent || !postCan(req.user, 'edit_post', parent))
        return forbidden(req.user, 'rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.');
      return true;
    },
    async prepareInput(req, input, existing) {
      const p = req.params as Record<string, unknown>;
      const kses = (html: string) => contentSavePre(html, can(req.user, 'unfiltered_html'));
      const text = (name: string) => (p[name] as { raw?: string } | undefined)?.raw;
      if (text('caption') !== undefined) input.excerpt = kses(text('caption')!);
      if (text('description') !== undefined) input.content = kses(text('description')!);
      if (typeof p.alt_text === 'string') input.own = { ...input.own, alt_text: p.alt_text };
      if (typeof p.post === 'number') {
        if (existing && p.post) {
          const parent = await req.store.collection<PostDoc>(POSTS).findOne({ id: p.post });
          if (parent && ['revision', 'attachment'].includes(parent.type))
            throw wpError('rest_invalid_param', { message: 'Invalid parent type.' });
        }
        input.parent = p.post;
      }
    },
    beforeSave(next) {
      if (!ATTACHMENT_STATUSES.includes(next.status)) next.status = 'inherit';
    },
    canRead: (req, post) => readableAttachment(req.store, req.user, post),
    contentAttachment: (post, req) => toMediaAttachment(req, post),
    async visibility(req, statuses, context, generic) {
      if (context === 'edit' || !statuses.includes('inherit')) return generic(statuses);
      const others = statuses.filter((s) => s !== 'inherit');
      const posts = req.store.collection<PostDoc>(POSTS);
      const parentIds = [
        ...new Set(
          (await posts.find({ type: 'attachment', status: 'inherit', parent: { $ne: 0 } })).map((a) => a.parent),
        ),
      ];
      const parents = parentIds.length ? await posts.find({ id: { $in: parentIds } }) : [];
      const found = new Set(parents.map((p) => p.id));
      // A parent that is gone counts as none (get_post() finds nothing: the attachment reads as published).
      const readable = [
        ...parentIds.filter((id) => !found.has(id)),
        ...parents.filter((p) => canReadPost(req.user, p)).map((p) => p.id),
      ];
      const inherit: Filter = {
        status: 'inherit',
        $or: [
          { parent: 0 },
          { parent: { $in: readable } },
          ...(req.user ? [{ status: 'inherit', author: req.user.id }] : []),
        ],
      };
      return others.length ? { $or: [generic(others), inherit] } : inherit;
    },
    queryFilters(params) {
      const out: Filter[] = [];
      if (typeof params.media_type === 'string')
        out.push({ mime_type: { $regex: new RegExp(`^${params.media_type}/`) } });
      // WordPress filters by mime_type only when it is an allowed type (else the argument is ignored).
      if (
        typeof params.mime_type === 'string' &&
        Object.values(allowedMimeTypes({ unfilteredHtml: true })).includes(params.mime_type)
      )
        out.push({ mime_type: params.mime_type });
      return out;
    },
    prepareResponse(data, post, ctx) {
      const f = fieldsOf(post);
      const { baseUrl } = ctx.req.config;
      const url = f.file ? fileUrl({ baseUrl }, f.file) : '';
      const meta = f.media_metadata ?? null;
      const image = !!f.mime_type && isImageMime(f.mime_type) && !!(meta as Partial<ImageMetadata> | null)?.width;
      // The URL the upload was stored at: a `-scaled`/`-rotated` copy made afterwards does not change it.
      const guid = f.file ? fileUrl({ baseUrl }, originalFile(f.file, meta)) : '';
      // The description and caption are the_content and the excerpt as every post's (the presenter's), which
      // prepend_attachment begins with the file (contentAttachment).
      const rendered = (field: string) => (data[field] as { rendered: string }).rendered;
      return {
        ...data,
        guid: { rendered: guid, raw: guid },
        description: { raw: post.content, rendered: rendered('content') },
        caption: { raw: post.excerpt, rendered: rendered('excerpt') },
        alt_text: f.alt_text ?? '',
        media_type: image ? 'image' : 'file',
        mime_type: f.mime_type ?? '',
        media_details: mediaDetails(meta, f.mime_type ?? '', (rel) => fileUrl({ baseUrl }, rel)),
        post: post.parent ? post.parent : null,
        source_url: url,
        ...(ctx.context === 'edit'
          ? { missing_image_sizes: image ? missingImageSizes(meta as ImageMetadata) : [] }
          : {}),
      };
    },
  },
};

onPostLifecycle({
  async deleted(post, store) {
    if (post.type !== 'attachment') {
      // wp_delete_post(): "Point all attachments to this post up one level" (to its parent; 0 for posts).
      await store
        .collection<PostDoc>(POSTS)
        .updateMany({ type: 'attachment', parent: post.id }, { $set: { parent: post.parent } });
      return;
    }
    // A permanently deleted attachment's files go once its row is gone (wp_delete_attachment_files), then their
    // names are free again: none can be taken while the old files are still there.
    const f = fieldsOf(post);
    if (!f.file) return;
    const files = attachmentFiles(f.file, f.media_metadata);
    await removeAll(store.files, files);
    await releaseNames(store, files, post.id);
  },
});
