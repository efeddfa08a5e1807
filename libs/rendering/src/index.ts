/**
 * Rendering of stored post fields the way WordPress's REST API renders them (content, title, excerpt), and the
 * kses sanitising applied on save for users without unfiltered_html. Pure functions of their string inputs and of
 * the shortcode registry they are given (by default core's own: [caption]).
 */
export { renderContent, blockVersion } from './content';
export { formatTitleText, renderTitle } from './title';
export { renderExcerpt, trimExcerpt, wpTrimWords, wpStripAllTags } from './excerpt';
export { sanitizePostContent, sanitizeTextForTitle, wpFilterKses, wpKses } from './sanitize';
export { parseBlocks, excerptRemoveBlocks, serializeBlocks, type BlockContext, type ParsedBlock } from './blocks';
export { CORE_BLOCK_RENDERERS, linkedPostIds } from './block-library';
export { wptexturize } from './texturize';
export { renderCommentText, sanitizeCommentContent } from './comment';
export { wpautop } from './autop';
export {
  ShortcodeRegistry,
  createCoreShortcodes,
  captionShortcode,
  parseShortcodeAtts,
  shortcodeAtts,
  stripcslashes,
  isValidShortcodeName,
  type ShortcodeAtts,
  mediaShortcodeRefs,
  NO_MEDIA,
  type MediaAttachment,
  type MediaContext,
  type MediaLookup,
  type MediaMeta,
} from './shortcodes';
export { escAttr, escUrl, ksesNormalizeEntities, sanitizeHtmlClass, wpSpecialcharsDecode } from './escape';
export { WP_MIME_TYPES } from './mime-types';
export { constrainDimensions } from './shortcodes/media/image';
export {
  createBlockTypeRegistry,
  type BlockMetadataSource,
  type BlockType,
  type BlockTypeRegistry,
} from './block-types/registry';
export { blockReadsClock, loadDynamicBlocks, renderDynamicBlock } from './dynamic';
export type { DynamicBlockData, PostSummary } from './dynamic/port';
