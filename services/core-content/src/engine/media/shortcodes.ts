/**
 * The media port of @loom/rendering (MediaLookup), filled from the store for a page of contents before they are
 * rendered: every attachment their [gallery], [playlist], [audio] and [video] shortcodes name or list, in one query
 * (plus one for the posts whose readability decides, and one for tracks' own images when a playlist has them).
 * Nothing is read when no content holds a media shortcode. Attachments the caller may not read are left out.
 */
import * as rendering from '@loom/rendering';
import type { RestRequest } from '@loom/service-kit';
import { canReadPost } from '../access';
import { POST_TYPE_BEHAVIOURS } from '../registry';
import { permalink } from '../permalinks';
import { POSTS, type PostDoc } from '../repository';
import { fileUrl } from './files';
import { postsById, readableAttachments } from './readable';

/** The attachment type's behaviour, from the registry at call time (post-types/attachment.ts is not imported here: no import cycle). */
const attachment = () => POST_TYPE_BEHAVIOURS().get('attachment')!;

type MediaContext = rendering.MediaContext;

interface StoredAttachment {
  mime_type?: string;
  file?: string;
  media_metadata?: rendering.MediaMeta | null;
  alt_text?: string;
}

/** A content to render and the post it belongs to (get_the_ID() while rendering it). */
export interface RenderedContent {
  id: number;
  content: string;
}

/** One rendering's media for each post of the page; NO_MEDIA for a post whose content names none. */
export type MediaContexts = (postId: number) => MediaContext;

/** The contexts of a page whose contents name no attachment: rendering reads nothing but the raw text then. */
export const NO_MEDIA_CONTEXTS: MediaContexts = (postId) => ({ postId, media: rendering.NO_MEDIA });

/** An attachment as rendering sees it (its URLs on this site), for the media shortcodes and prepend_attachment. */
export function toMediaAttachment(req: Pick<RestRequest, 'config'>, doc: PostDoc): rendering.MediaAttachment {
  const a = doc as PostDoc & StoredAttachment;
  return {
    id: doc.id,
    parent: doc.parent,
    status: doc.status,
    menu_order: doc.menu_order,
    date: doc.date ?? '',
    modified: doc.modified,
    title: doc.title,
    name: doc.slug,
    caption: doc.excerpt,
    description: doc.content,
    author: doc.author,
    alt: a.alt_text ?? '',
    mime_type: a.mime_type ?? '',
    url: a.file ? fileUrl(req.config, a.file) : '',
    link: permalink(doc, { homeUrl: req.config.homeUrl, rules: attachment(), ancestors: [], canRead: true }),
    meta: a.media_metadata ?? null,
    featured_media: doc.featured_media,
  };
}

/**
 * Loads what the contents' media shortcodes will ask for. `page`: posts already in hand (the page being prepared),
 * whose readability needs no query.
 */
export async function mediaForContents(
  req: Pick<RestRequest, 'store' | 'user' | 'config'>,
  contents: RenderedContent[],
  page: PostDoc[] = [],
): Promise<MediaContexts> {
  const ids = new Set<number>();
  const parents = new Set<number>();
  for (const c of contents) {
    const refs = rendering.mediaShortcodeRefs(c.content, c.id);
    refs.ids.forEach((id) => ids.add(id));
    refs.parents.forEach((id) => parents.add(id));
  }
  if (!ids.size && !parents.size) return NO_MEDIA_CONTEXTS;

  const posts = req.store.collection<PostDoc>(POSTS);
  const or = [
    ...(ids.size ? [{ id: { $in: [...ids] } }] : []),
    ...(parents.size ? [{ parent: { $in: [...parents] } }] : []),
  ];
  let found = await posts.find({ type: 'attachment', $or: or });
  // A track's own image (album art) is an attachment too.
  const art = [...new Set(found.map((a) => a.featured_media).filter((id) => id && !found.some((a) => a.id === id)))];
  if (art.length) found = found.concat(await posts.find({ type: 'attachment', id: { $in: art } }));

  const known = await postsById(req, [...parents, ...found.map((a) => a.parent)], page);
  const readable = await readableAttachments(req, found, [...known.values()]);
  const byId = new Map(readable.map((doc) => [doc.id, toMediaAttachment(req, doc)]));
  const children = new Map<number, rendering.MediaAttachment[]>();
  for (const a of byId.values()) if (a.parent) children.set(a.parent, [...(children.get(a.parent) ?? []), a]);

  return (postId) => ({
    postId,
    media: {
      attachment: (id) => byId.get(id),
      childrenOf: (parent) => children.get(parent) ?? [],
      // The post being rendered has passed its own checks (its password too); any other must be readable and open.
      canListChildrenOf: (parent) => {
        if (parent === postId) return true;
        const post = known.get(parent);
        return !!post && canReadPost(req.user, post) && !post.password;
      },
      mimeIcon: (mime) => `${req.config.baseUrl}/wp-includes/images/media/${mimeIconName(mime)}.svg`,
    },
  });
}

/** wp_mime_type_icon()'s file for a MIME type (audio, video, or the generic document). */
function mimeIconName(mime: string): string {
  const family = mime.split('/')[0];
  return family === 'audio' || family === 'video' ? family : 'default';
}
