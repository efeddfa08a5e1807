/**
 * handle_featured_media() → set_post_thumbnail(): the id must be an attachment wp_get_attachment_image() can show,
 * which in WordPress 6.4 means an image file WordPress displays (jpg, jpeg, jpe, gif, png, webp) or a file with a
 * rendered preview (`sizes.full`, a PDF's). Loom also refuses an attachment the caller may not read (private, in
 * the trash, or attached to a post they may not read), with the same error, so a write cannot confirm it exists.
 */
import { wpError, type RestRequest } from '@loom/service-kit';
import { POSTS, type PostDoc } from '../repository';
import { readableAttachments } from './readable';

/** wp_attachment_is( 'image' )'s extensions in WordPress 6.4. */
const DISPLAYED_IMAGE = /\.(jpe?g|jpe|gif|png|webp)$/i;

interface StoredAttachment {
  mime_type?: string;
  file?: string;
  media_metadata?: { sizes?: Record<string, unknown> } | null;
}

/** Whether wp_get_attachment_image( $id, 'thumbnail' ) gives an image for the attachment. */
export function showsAsImage(doc: PostDoc): boolean {
  const a = doc as PostDoc & StoredAttachment;
  if (!a.file) return false;
  if (a.mime_type?.startsWith('image/') && DISPLAYED_IMAGE.test(a.file)) return true;
  return !!a.media_metadata?.sizes?.full;
}

export async function checkFeaturedMedia(req: RestRequest, id: number): Promise<void> {
  const invalid = () => wpError('rest_invalid_featured_media');
  const doc = await req.store.collection<PostDoc>(POSTS).findOne({ id, type: 'attachment' });
  if (!doc || !showsAsImage(doc)) throw invalid();
  if (!(await readableAttachments(req, [doc])).length) throw invalid();
}
