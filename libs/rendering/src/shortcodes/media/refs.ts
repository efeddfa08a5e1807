/**
 * What rendering a content will ask the MediaLookup for, so the caller can load it all at once before rendering:
 * attachment ids named by the media shortcodes' `ids`/`include` and by images' wp-image-{id} classes (their srcset),
 * and posts whose attached media are listed (a gallery or playlist without ids, an [audio]/[video] without a file).
 */
import { imageAttachmentId } from '../../content-tags';
import { parseShortcodeAtts, shortcodeRegexSource } from '../grammar';
import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS } from './filetype';
import { intval } from './gallery';
import { empty, parseIdList } from './query';

export interface MediaRefs {
  ids: number[];
  parents: number[];
}

export const MEDIA_SHORTCODES = ['gallery', 'playlist', 'audio', 'video'] as const;
const PATTERN = new RegExp(shortcodeRegexSource([...MEDIA_SHORTCODES]), 'g');
// wp_filter_content_tags()'s images.
const IMG = /<img\s[^>]+>/g;

/** The references of every media shortcode and media library image in the content rendered for post `postId`. */
export function mediaShortcodeRefs(content: string, postId: number): MediaRefs {
  const ids = new Set<number>();
  const parents = new Set<number>();
  if (/wp-image-/i.test(content)) for (const [tag] of content.matchAll(IMG)) ids.add(imageAttachmentId(tag));
  for (const m of content.includes('[') ? content.matchAll(PATTERN) : []) {
    // [[gallery]] is an escaped shortcode: text, not a gallery.
    if (m[1] === '[' && m[7] === ']') continue;
    const tag = m[2]!;
    const atts = parseShortcodeAtts(m[3] ?? '');
    if (tag === 'gallery' || tag === 'playlist') {
      const list = !empty(atts.get('ids')) ? atts.get('ids')! : atts.get('include');
      if (!empty(list)) for (const id of parseIdList(list!)) ids.add(id);
      else parents.add(atts.has('id') ? intval(atts.get('id')!) : postId);
    } else {
      const formats = tag === 'audio' ? AUDIO_EXTENSIONS : VIDEO_EXTENSIONS;
      if (!atts.get('src') && !formats.some((ext) => atts.get(ext))) parents.add(postId);
    }
  }
  ids.delete(0);
  parents.delete(0);
  return { ids: [...ids], parents: [...parents] };
}
