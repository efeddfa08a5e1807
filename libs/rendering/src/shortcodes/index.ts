/**
 * Shortcodes as WordPress parses and runs them. A renderer owns a ShortcodeRegistry; core's own shortcodes are
 * [caption] and [wp_caption], and media registers [gallery], [audio], [video], [playlist] and [embed] on the same
 * registry from its own files (shortcodes/media/), without touching the parser.
 */
import { captionShortcode } from './caption';
import { addMediaShortcodes, NO_MEDIA, type MediaContext } from './media';
import { ShortcodeRegistry } from './registry';

export { ShortcodeRegistry } from './registry';
export { isValidShortcodeName, parseShortcodeAtts, shortcodeAtts, stripcslashes, type ShortcodeAtts } from './grammar';
export { captionShortcode, phpIntval } from './caption';
export {
  mediaShortcodeRefs,
  prependAttachment,
  NO_MEDIA,
  type MediaAttachment,
  type MediaContext,
  type MediaLookup,
  type MediaMeta,
} from './media';

/**
 * A registry with what core registers in wp-includes/media.php: [wp_caption] and [caption], and [gallery],
 * [playlist], [audio] and [video] reading the attachments of `media` (none by default: they render as WordPress
 * renders them without attachments). One registry per rendered post: each keeps its own instance counters.
 */
export function createCoreShortcodes(media: MediaContext = { postId: 0, media: NO_MEDIA }): ShortcodeRegistry {
  const caption = captionShortcode({ html5: true });
  return addMediaShortcodes(new ShortcodeRegistry().add('wp_caption', caption).add('caption', caption), media);
}

/** The registry the rendering functions use unless given another (media shortcodes with no attachments). */
export const defaultShortcodes = createCoreShortcodes();
