/**
 * prepend_attachment() (wp-includes/post-template.php, WordPress 6.4): what the_content puts before an attachment's
 * own text (its REST `description`). A video or audio file gets its player, wp_video_shortcode() or
 * wp_audio_shortcode() called with its URL (and a video's size), counted with the [video]/[audio] of the same
 * rendering; any other file a paragraph with wp_get_attachment_link( 0, 'medium' ): an image's medium size (or the
 * image itself, constrained to it) linked to the file, else the file's title.
 */
import type { ShortcodeRegistry } from '../registry';
import { attachmentLink } from './image';
import type { MediaAttachment } from './port';

/** `$meta['width']` as `(int)` reads it, 0 when empty. */
const int = (value: unknown) => Math.trunc(Number(value) || 0);

/** The markup and the newline WordPress puts between it and the content (the_content's filter adds `"$p\n"`). */
export function prependAttachment(a: MediaAttachment, shortcodes: ShortcodeRegistry): string {
  let p: string;
  if (a.url && a.mime_type.startsWith('video/')) {
    const atts: Array<[string, string]> = [['src', a.url]];
    const [width, height] = [int(a.meta?.width), int(a.meta?.height)];
    if (width && height) atts.push(['width', String(width)], ['height', String(height)]);
    // No `poster`: has_post_thumbnail() is false, nothing gives an attachment a featured image of its own.
    p = shortcodes.call('video', atts);
  } else if (a.url && a.mime_type.startsWith('audio/')) {
    p = shortcodes.call('audio', [['src', a.url]]);
  } else {
    p = `<p class="attachment">${attachmentLink(a, 'medium', false)}</p>`;
  }
  return `${p}\n`;
}
