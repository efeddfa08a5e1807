/**
 * Shortcodes as WordPress parses and runs them. A renderer owns a ShortcodeRegistry; core's own shortcodes are
 * [caption] and [wp_caption], and media registers [gallery], [audio], [video], [playlist] and [embed] on the same
 * registry from its own files (`defaultShortcodes.add('gallery', handler)`), without touching the parser.
 */
import { captionShortcode } from './caption';
import { ShortcodeRegistry } from './registry';

export { ShortcodeRegistry, type ShortcodeHandler } from './registry';
export {
  isValidShortcodeName,
  parseShortcodeAtts,
  shortcodeAtts,
  shortcodeRegexSource,
  stripcslashes,
  type ShortcodeAtts,
} from './grammar';
export { captionShortcode, phpIntval } from './caption';

/** A registry with what core registers in wp-includes/media.php and Loom renders: [wp_caption] and [caption]. */
export function createCoreShortcodes(): ShortcodeRegistry {
  const caption = captionShortcode({ html5: true });
  return new ShortcodeRegistry().add('wp_caption', caption).add('caption', caption);
}

/** The registry the rendering functions use unless given another. */
export const defaultShortcodes = createCoreShortcodes();
