/**
 * `content.rendered`: the_content as WordPress's REST posts controller applies it to the stored post_content.
 *
 * WordPress's the_content filters in priority order (default-filters.php, WordPress 6.4), and what we do of each:
 *   8  WP_Embed run_shortcode / autoembed: skipped (oEmbed needs the network; a bare URL line stays a URL).
 *   9  do_blocks: rendered here; when the content has blocks it also unhooks wpautop for this pass.
 *  10  wptexturize (registered shortcodes' tags left as typed); wpautop (classic content only); shortcode_unautop;
 *      prepend_attachment (attachments only: their file first); wp_replace_insecure_home_url (needs the site URL
 *      and HTTPS state: skipped).
 *  11  capital_P_dangit; do_shortcode (the renderer's registry: [caption] and what media adds).
 *  12  wp_filter_content_tags (dimensions, srcset and sizes of media library images; lazy-loading and decoding),
 *      after do_shortcode so the images shortcodes write get them too.
 *  20  convert_smilies: skipped.
 */
import { wpautop } from './autop';
import { CORE_BLOCK_RENDERERS } from './block-library';
import { doBlocks, hasBlocks, type BlockContext } from './blocks';
import { filterContentTags } from './content-tags';
import { defaultShortcodes, prependAttachment, type ShortcodeRegistry } from './shortcodes';
import type { MediaAttachment, MediaLookup } from './shortcodes/media/port';
import { capitalPDangit, wptexturize } from './texturize';

/**
 * The_content filters after do_blocks; wpautop only for text that did not come from blocks. `media`: the
 * attachments the content's images name, for wp_filter_content_tags()'s srcset and sizes. `attachment`: the post
 * itself when it is an attachment, whose file prepend_attachment() puts first.
 */
export function applyContentFilters(
  html: string,
  options: { autop: boolean; media?: MediaLookup; attachment?: MediaAttachment },
  shortcodes: ShortcodeRegistry = defaultShortcodes,
): string {
  let content = wptexturize(html, shortcodes.tags);
  if (options.autop) content = wpautop(content);
  content = shortcodes.unautop(content);
  // Priority 10 after the text filters: the file is neither texturized nor given paragraphs, but what follows at
  // 11 and 12 (capital_P_dangit, do_shortcode, wp_filter_content_tags) applies to it too.
  if (options.attachment) content = prependAttachment(options.attachment, shortcodes) + content;
  content = capitalPDangit(content);
  content = shortcodes.doShortcode(content);
  return filterContentTags(content, options.media);
}

/**
 * `blocks`: what block rendering may consult (the status of posts that blocks link to); core's render callbacks are
 * added. `media`: the post's attachments (MediaLookup), for images of the media library. `attachment`: the post
 * itself when it is one (prepend_attachment).
 */
export function renderContent(
  raw: string,
  shortcodes: ShortcodeRegistry = defaultShortcodes,
  blocks: BlockContext = {},
  media?: MediaLookup,
  attachment?: MediaAttachment,
): string {
  // Block content is already HTML the editor laid out; paragraphs are only inferred for classic content.
  if (hasBlocks(raw))
    return applyContentFilters(
      doBlocks(raw, { renderers: CORE_BLOCK_RENDERERS, ...blocks }),
      { autop: false, media, attachment },
      shortcodes,
    );
  return applyContentFilters(raw, { autop: true, media, attachment }, shortcodes);
}

/** block_version(): 1 when the content has blocks, else 0 (REST's content.block_version in the edit context). */
export function blockVersion(raw: string): 0 | 1 {
  return hasBlocks(raw) ? 1 : 0;
}
