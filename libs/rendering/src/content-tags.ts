/**
 * wp_filter_content_tags() as WordPress 6.4 runs it on the_content and the_excerpt: an image of the media library
 * (a wp-image-{id} class naming an attachment the caller's MediaLookup knows) gets the width and height of its file
 * when it has neither, then srcset and sizes from the attachment's metadata; images get decoding="async" (when they
 * have src) and loading="lazy" (when they also have width and height); iframes get loading="lazy" under the same
 * conditions, except oEmbed iframes (data-secret), which start hidden. Outside the main loop, which a REST request
 * always is, WordPress's default loading value is "lazy". Images written while the_content runs (a gallery's, an
 * attachment's own) get theirs here too: wp_get_attachment_image() leaves them to this filter since 6.3.
 */
import { imageAddSrcsetAndSizes, imgTagAddWidthAndHeight } from './shortcodes/media/image';
import type { MediaLookup } from './shortcodes/media/port';

// Case-sensitive, as WordPress's own pattern.
const TAG = /<(img|iframe)\s[^>]+>/g;

function addImageAttributes(image: string): string {
  let filtered = image;
  // wp_img_tag_add_loading_optimization_attrs() (6.4): each inserted straight after "<img", decoding first, so
  // loading lands before it (6.1 inserted them the other way round: `<img decoding="async" loading="lazy"`).
  if (!filtered.includes(' src="')) return filtered;
  if (!filtered.includes(' decoding=')) filtered = filtered.replace('<img', '<img decoding="async"');
  if (!filtered.includes(' loading=') && filtered.includes(' width="') && filtered.includes(' height="')) {
    filtered = filtered.replace('<img', '<img loading="lazy"');
  }
  return filtered;
}

function addIframeAttributes(iframe: string): string {
  if (iframe.includes(' loading=') || iframe.includes(' data-secret="')) return iframe;
  if (!iframe.includes(' src="') || !iframe.includes(' width="') || !iframe.includes(' height="')) return iframe;
  return iframe.replace('<iframe', '<iframe loading="lazy"');
}

/** The attachment id of an image's wp-image-{id} class (absint), 0 when none. */
export function imageAttachmentId(tag: string): number {
  const id = Number(/wp-image-([0-9]+)/i.exec(tag)?.[1] ?? 0);
  return Number.isSafeInteger(id) ? id : 0;
}

/** The media library's part: dimensions, then srcset and sizes, for an image of a known attachment. */
function addMediaAttributes(image: string, media: MediaLookup): string {
  const id = imageAttachmentId(image);
  const attachment = id > 0 ? media.attachment(id) : undefined;
  if (!attachment) return image;
  let filtered = image;
  if (!filtered.includes(' width=') && !filtered.includes(' height='))
    filtered = imgTagAddWidthAndHeight(filtered, attachment.meta);
  if (!filtered.includes(' srcset=')) filtered = imageAddSrcsetAndSizes(filtered, attachment.meta);
  return filtered;
}

/** `media`: the attachments the content's images may name (none: the media library's part is skipped). */
export function filterContentTags(content: string, media?: MediaLookup): string {
  const tags = new Set(content.match(TAG) ?? []);
  // Each distinct tag once; replacing its every occurrence, as WordPress's str_replace() does.
  for (const tag of tags) {
    const filtered = tag.startsWith('<img')
      ? addImageAttributes(media ? addMediaAttributes(tag, media) : tag)
      : addIframeAttributes(tag);
    if (filtered !== tag) content = content.split(tag).join(filtered);
  }
  return content;
}
