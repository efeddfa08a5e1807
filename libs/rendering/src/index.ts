/**
 * Rendering of stored post fields the way WordPress's REST API renders them (content, title, excerpt), and the
 * kses sanitising applied on save for users without unfiltered_html. Pure functions of their string inputs and of
 * the shortcode registry they are given (by default core's own: [caption]).
 */
export { renderContent, applyContentFilters, blockVersion } from './content';
export { renderTitle } from './title';
export { renderExcerpt, trimExcerpt, wpTrimWords, wpStripAllTags, EXCERPT_LENGTH, EXCERPT_MORE } from './excerpt';
export { sanitizePostContent, sanitizeTextForTitle, wpFilterKses, wpKses } from './sanitize';
export {
  hasBlocks,
  parseBlocks,
  renderBlock,
  doBlocks,
  excerptRemoveBlocks,
  serializeBlock,
  serializeBlocks,
  SERVER_RENDERED_BLOCKS,
  type BlockContext,
  type BlockRenderer,
  type ParsedBlock,
} from './blocks';
export { CORE_BLOCK_RENDERERS, linkedPostIds } from './block-library';
export { wptexturize, convertChars } from './texturize';
export { wpautop } from './autop';
export {
  ShortcodeRegistry,
  createCoreShortcodes,
  defaultShortcodes,
  captionShortcode,
  parseShortcodeAtts,
  shortcodeAtts,
  shortcodeRegexSource,
  stripcslashes,
  isValidShortcodeName,
  type ShortcodeAtts,
  type ShortcodeHandler,
  addMediaShortcodes,
  attachmentImage,
  attachmentImageSrc,
  attachmentLink,
  mediaShortcodeRefs,
  MEDIA_SHORTCODES,
  NO_MEDIA,
  type MediaAttachment,
  type MediaContext,
  type MediaLookup,
  type MediaMeta,
  type MediaRefs,
  type MediaSize,
} from './shortcodes';
export { escAttr, escUrl, ksesNormalizeEntities, sanitizeHtmlClass } from './escape';
export { checkFiletype, WP_MIME_TYPES, type FileType } from './mime-types';
export { constrainDimensions } from './shortcodes/media/image';
