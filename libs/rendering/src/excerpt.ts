/**
 * `excerpt.rendered`: the REST controller's apply_filters('the_excerpt', apply_filters('get_the_excerpt', ...)).
 * get_the_excerpt runs wp_trim_excerpt(), which builds an excerpt from the content when the stored one is blank;
 * the_excerpt then runs wptexturize, convert_smilies (skipped), convert_chars, wpautop, shortcode_unautop and
 * wp_filter_content_tags. It runs no do_shortcode: a shortcode typed in a manual excerpt shows as typed.
 */
import { wpautop } from './autop';
import { excerptRemoveBlocks } from './blocks';
import { applyContentFilters } from './content';
import { filterContentTags } from './content-tags';
import { defaultShortcodes, type ShortcodeRegistry } from './shortcodes';
import type { MediaAttachment } from './shortcodes/media/port';
import { convertChars, phpTrim, wptexturize } from './texturize';

/** excerpt_length and the default excerpt_more. */
export const EXCERPT_LENGTH = 55;
export const EXCERPT_MORE = ' [&hellip;]';

/**
 * The text get_the_content() gives wp_trim_excerpt() in a REST request, where $more is off and the page is 1:
 * the first <!--nextpage--> page, cut at <!--more--> (the more block's delimiters removed first).
 */
export function excerptSource(content: string): string {
  let page = content;
  if (page.includes('<!--nextpage-->')) {
    page = page
      .split('\n<!--nextpage-->\n')
      .join('<!--nextpage-->')
      .split('\n<!--nextpage-->')
      .join('<!--nextpage-->')
      .split('<!--nextpage-->\n')
      .join('<!--nextpage-->')
      .split('<!-- wp:nextpage -->')
      .join('')
      .split('<!-- /wp:nextpage -->')
      .join('');
    if (page.startsWith('<!--nextpage-->')) page = page.slice('<!--nextpage-->'.length);
    page = page.split('<!--nextpage-->')[0];
  }
  const more = /<!--more(.*?)?-->/.exec(page);
  if (!more) return page;
  // has_block('more'): only then are the more block's delimiters stripped, so they don't dangle in the teaser.
  if (/<!-- wp:(?:core\/)?more[ /]/.test(page)) page = page.replace(/<!-- \/?wp:more(.*?) -->/g, '');
  return page.slice(0, page.indexOf(more[0]));
}

/** PHP's strip_tags(): removes tags (quote-aware) and comments; a < followed by whitespace is text. */
export function stripTags(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '<' || i + 1 >= text.length || /\s/.test(text[i + 1])) {
      out += c;
      i++;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      i = end === -1 ? text.length : end + 3;
      continue;
    }
    let quote = '';
    for (i++; i < text.length; i++) {
      const t = text[i];
      if (quote) {
        if (t === quote) quote = '';
      } else if (t === '"' || t === "'") {
        quote = t;
      } else if (t === '>') {
        break;
      }
    }
    i++;
  }
  return out;
}

/** wp_strip_all_tags(): <script>/<style> with their contents, then every tag; trimmed. */
export function wpStripAllTags(text: string): string {
  return phpTrim(stripTags(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')));
}

/** wp_trim_words(): the first $num words (split on ASCII whitespace, as for English) and $more when cut. */
export function wpTrimWords(text: string, num = EXCERPT_LENGTH, more = '&hellip;'): string {
  const words = wpStripAllTags(text)
    .split(/[\n\r\t ]+/)
    .filter((word) => word !== '');
  if (words.length > num) return words.slice(0, num).join(' ') + more;
  return words.join(' ');
}

/**
 * wp_trim_excerpt(): a blank excerpt is generated from the content's text-bearing blocks, `length` words at most
 * (the excerpt_length filter's value: 55, or what a latest-posts block sets).
 * Registered shortcodes go first, with what they enclose (a caption's text too); an [[escaped]] one is unescaped
 * there, so the_content then runs it. An attachment's (`attachment`: the post itself) starts with the text of what
 * prepend_attachment() shows: a file's title, an audio or video file's URL (its player's fallback link).
 */
export function trimExcerpt(
  rawExcerpt: string,
  rawContent: string,
  shortcodes: ShortcodeRegistry = defaultShortcodes,
  attachment?: MediaAttachment,
  length = EXCERPT_LENGTH,
): string {
  if (phpTrim(rawExcerpt) !== '') return rawExcerpt;
  let text = shortcodes.stripShortcodes(excerptSource(rawContent));
  text = excerptRemoveBlocks(text);
  // the_content on what remains, without a second do_blocks (WordPress unhooks it here since 6.4); the tags are
  // stripped next, so only the text-level filters (texturize, capital P) and shortcodes show in the result.
  text = applyContentFilters(text, { autop: true, attachment }, shortcodes).split(']]>').join(']]&gt;');
  return wpTrimWords(text, length, EXCERPT_MORE);
}

export function renderExcerpt(
  rawExcerpt: string,
  rawContent: string,
  shortcodes: ShortcodeRegistry = defaultShortcodes,
  attachment?: MediaAttachment,
): string {
  const excerpt = trimExcerpt(rawExcerpt, rawContent, shortcodes, attachment);
  return filterContentTags(shortcodes.unautop(wpautop(convertChars(wptexturize(excerpt, shortcodes.tags)))));
}
