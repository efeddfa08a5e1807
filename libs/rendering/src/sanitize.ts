/**
 * What WordPress's kses does on save for a user without `unfiltered_html` (kses_init_filters()):
 * content and excerpt through wp_filter_post_kses() (post allow-list, block attributes filtered too),
 * the title through wp_filter_kses() (the small $allowedtags list). Built on sanitize-html.
 *
 * sanitize-html drops every HTML comment, but comments are content here: block delimiters
 * (<!-- wp:paragraph -->) are the post's structure, and <!--more--> / <!--nextpage--> split it. So each comment is
 * swapped for an empty placeholder element before sanitizing and swapped back after, only where the parser saw an
 * element, i.e. where the comment was markup and not inside an attribute value. The placeholder's name carries a
 * random nonce, so the input cannot forge one.
 */
import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { hasBlocks, parseBlocks, serializeBlocks, type ParsedBlock } from './blocks';
import {
  ALLOWED_POST_TAGS,
  ALLOWED_PROTOCOLS,
  ALLOWED_TITLE_TAGS,
  GLOBAL_ATTRIBUTES,
  URI_ATTRIBUTES,
  safecssFilterAttr,
} from './kses';
import { phpTrim } from './texturize';

// sanitize-html 2.17 option the @types package does not declare yet: empty values kept as attr="".
type Options = sanitizeHtml.IOptions & { allowedEmptyAttributes?: string[] };

function options(tags: Readonly<Record<string, string[]>>, globalAttributes: string[]): Options {
  return {
    allowedTags: Object.keys(tags),
    allowedAttributes: { ...tags, '*': globalAttributes },
    allowedSchemes: [...ALLOWED_PROTOCOLS],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: [
      ...new Set([...URI_ATTRIBUTES, ...sanitizeHtml.defaults.allowedSchemesAppliedToAttributes]),
    ],
    allowProtocolRelative: true,
    allowedEmptyAttributes: ['alt', 'title', 'value', 'download', 'hidden'],
    // Disallowed elements go, their text stays (as kses), except where the text is code or hidden fallback.
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript'],
    // WordPress filters inline styles with safecss_filter_attr(), not a CSS parser.
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => {
        if (attribs.style !== undefined) {
          const style = safecssFilterAttr(attribs.style);
          if (style === '') delete attribs.style;
          else attribs.style = style;
        }
        return { tagName, attribs };
      },
    },
  };
}

const POST_OPTIONS = options(ALLOWED_POST_TAGS, GLOBAL_ATTRIBUTES);
const TITLE_OPTIONS = options(ALLOWED_TITLE_TAGS, []);
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * A kept comment's text, as wp_kses_split2() leaves it: no runs of dashes (so it cannot close early or nest) and no
 * trailing dash. We also escape < and > where kses would filter tags inside it: the text stays inert either way.
 */
function commentText(inner: string): string {
  // Block delimiters, the common case, hold no markup (their JSON escapes < > &): skip the parser for them.
  const text = /[<>&]/.test(inner) ? sanitizeHtml(inner, TEXT_ONLY) : inner;
  return text.replace(/--+/g, '-').replace(/-$/, '');
}

// A kept comment's text is already entity-escaped (commentText), so only its delimiters and quotes need escaping.
const escapeComment = (comment: string) => comment.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sanitize-html with the comments kept (see the file comment). */
function kses(html: string, opts: Options): string {
  const placeholder = `kses-comment-${randomBytes(8).toString('hex')}`;
  const comments: string[] = [];
  // wp_kses_split()'s own comment pattern: an unterminated comment is left to the parser, which drops it.
  const protectedHtml = html.replace(/<!--([\s\S]*?)-->/g, (_, inner: string) => {
    const text = commentText(inner);
    if (text === '') return '';
    comments.push(`<!--${text}-->`);
    // The comment's index is the element's text: no space or quote that could end an attribute value.
    return `<${placeholder}>${comments.length - 1}</${placeholder}>`;
  });
  if (comments.length === 0) return sanitizeHtml(html, opts);
  return (
    sanitizeHtml(protectedHtml, { ...opts, allowedTags: [...(opts.allowedTags || []), placeholder] })
      .replace(new RegExp(`<${placeholder}>(\\d+)</${placeholder}>`, 'g'), (_, i: string) => comments[Number(i)])
      // Inside an attribute value the placeholder was only text, escaped by sanitize-html: so is the comment.
      .replace(new RegExp(`&lt;${placeholder}&gt;(\\d+)&lt;/${placeholder}&gt;`, 'g'), (_, i: string) =>
        escapeComment(comments[Number(i)]),
      )
      // A placeholder the parser split up (it never should) leaves no trace.
      .replace(new RegExp(`</?${placeholder}>`, 'g'), '')
  );
}

/** Post kses of one attribute string; one without < > or & has nothing kses would change (most of them). */
const ksesString = (value: string) => (/[<>&]/.test(value) ? kses(value, POST_OPTIONS) : value);

/** filter_block_kses_value(): every string in a block's attributes, keys included, goes through post kses. */
function filterAttributeValue(value: unknown): unknown {
  if (typeof value === 'string') return ksesString(value);
  if (Array.isArray(value)) return value.map(filterAttributeValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [ksesString(key), filterAttributeValue(inner)]),
    );
  }
  return value;
}

function filterBlock(block: ParsedBlock): ParsedBlock {
  return {
    ...block,
    attrs: filterAttributeValue(block.attrs ?? {}) as Record<string, unknown>,
    innerBlocks: block.innerBlocks.map(filterBlock),
  };
}

/**
 * wp_filter_post_kses() for a user without unfiltered_html (content and excerpt): block attributes are filtered
 * and the delimiters re-serialized (wp_pre_kses_block_attributes → filter_block_content), then the HTML is
 * reduced to WordPress's allowed post tags, attributes, URL protocols and inline styles.
 */
export function sanitizePostContent(raw: string): string {
  let content = raw.replace(/\0/g, '');
  if (hasBlocks(content)) content = serializeBlocks(parseBlocks(content).map(filterBlock));
  return kses(content, POST_OPTIONS);
}

/**
 * wp_filter_kses(): the small $allowedtags list, entities normalised (`a & b` → `a &amp; b`). WordPress hooks it for
 * every user on term names and descriptions, and for users without unfiltered_html on titles.
 */
export function wpFilterKses(raw: string): string {
  return kses(raw.replace(/\0/g, ''), TITLE_OPTIONS);
}

/** title_save_pre for a user without unfiltered_html: wp_filter_kses() with $allowedtags, then trim. */
export function sanitizeTextForTitle(raw: string): string {
  return phpTrim(wpFilterKses(raw));
}

/** wp_kses() with a caller's allow-list of tags and their attributes (e.g. The Events Calendar's excerpt list). */
export function wpKses(raw: string, allowed: Readonly<Record<string, string[]>>): string {
  return kses(raw.replace(/\0/g, ''), options(allowed, []));
}
