/**
 * Block markup, parsed with WordPress's own default parser (the JavaScript twin of WP_Block_Parser), rendered as
 * do_blocks()/render_block() render it (wp-includes/blocks.php, class-wp-block.php) and serialized back as
 * serialize_block() writes it.
 */
import { parse } from '@wordpress/block-serialization-default-parser';
import { wpautop } from './autop';

/** A parsed block as WordPress's parsers return it; blockName null is freeform HTML between blocks. */
export interface ParsedBlock {
  blockName: string | null;
  attrs: Record<string, unknown> | null;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  /** The block's own HTML in pieces, with null where each inner block goes, in order. */
  innerContent: Array<string | null>;
}

export function parseBlocks(content: string): ParsedBlock[] {
  return parse(content) as ParsedBlock[];
}

/** has_blocks(): WordPress only looks for an opening delimiter. */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/**
 * Core blocks whose front-end HTML WordPress computes on the server from attributes and the database (their
 * saved markup is empty or a placeholder). We have no block registry or render callbacks, so they render as ''.
 * Core blocks whose render callback only decorates the saved HTML (image, cover, file, gallery, button, query…)
 * are not here: their saved HTML is what we render.
 */
export const SERVER_RENDERED_BLOCKS: ReadonlySet<string> = new Set(
  [
    'archives',
    'avatar',
    'block',
    'calendar',
    'categories',
    'comment-author-avatar',
    'comment-author-name',
    'comment-content',
    'comment-date',
    'comment-edit-link',
    'comment-reply-link',
    'comment-template',
    'comments',
    'comments-pagination',
    'comments-pagination-next',
    'comments-pagination-numbers',
    'comments-pagination-previous',
    'comments-title',
    'footnotes',
    'home-link',
    'latest-comments',
    'latest-posts',
    'legacy-widget',
    'loginout',
    'navigation',
    'navigation-link',
    'navigation-submenu',
    'page-list',
    'page-list-item',
    'pattern',
    'post-author',
    'post-author-biography',
    'post-author-name',
    'post-comments',
    'post-comments-count',
    'post-comments-form',
    'post-comments-link',
    'post-content',
    'post-date',
    'post-excerpt',
    'post-featured-image',
    'post-navigation-link',
    'post-template',
    'post-terms',
    'post-time-to-read',
    'post-title',
    'query-no-results',
    'query-pagination',
    'query-pagination-next',
    'query-pagination-numbers',
    'query-pagination-previous',
    'query-title',
    'query-total',
    'read-more',
    'rss',
    'search',
    'site-logo',
    'site-tagline',
    'site-title',
    'social-link',
    'tag-cloud',
    'template-part',
    'term-description',
    'widget-group',
  ].map((name) => `core/${name}`),
);

/** A block type's render_callback: its HTML from the parsed block, rendering inner blocks with `renderInner`. */
export type BlockRenderer = (
  block: ParsedBlock,
  ctx: BlockContext,
  renderInner: (inner: ParsedBlock) => string,
) => string;

/** What rendering blocks may consult beyond the markup. */
export interface BlockContext {
  /** The render callbacks of the block types ported so far, by block name; the other server-rendered ones give ''. */
  renderers?: Readonly<Record<string, BlockRenderer>>;
  /**
   * get_post( $id )->post_status, for blocks that link to posts (undefined: no such post). Without it every
   * linked post counts as published.
   */
  postStatus?(id: number): string | undefined;
  /**
   * WP_Block::$context: what an ancestor provides its inner blocks (a navigation's colors, font size, submenu
   * settings, by its block.json's providesContext).
   */
  blockContext?: Readonly<Record<string, unknown>>;
  /**
   * What the dynamic blocks read from the site (dynamic/index.ts loadDynamicBlocks()), with the port that read it;
   * without it they render as ''. `counters`: wp_unique_id()'s, per rendering. `readsClock`: a block's markup
   * follows the site's clock (the calendar's today), so the answer holding it must not be kept.
   */
  dynamic?: {
    port: import('./dynamic/port').DynamicBlockData;
    data: ReadonlyMap<string, unknown>;
    counters?: Map<string, number>;
    readsClock?: boolean;
  };
}

/**
 * render_block() / WP_Block::render(): a block with a render callback (in `ctx.renderers`) is what it returns;
 * another server-rendered block is ''; a static block is its saved HTML with each inner block rendered in its
 * place (the delimiters disappear). Unknown blocks are static too, as in WordPress when the plugin that
 * registered them is gone.
 */
export function renderBlock(block: ParsedBlock, ctx: BlockContext = {}): string {
  const renderer =
    block.blockName && ctx.renderers && Object.hasOwn(ctx.renderers, block.blockName)
      ? ctx.renderers[block.blockName]
      : undefined;
  if (renderer) return renderer(block, ctx, (inner) => renderBlock(inner, ctx));
  if (block.blockName && SERVER_RENDERED_BLOCKS.has(block.blockName)) return '';
  let html = '';
  let index = 0;
  for (const chunk of block.innerContent) html += chunk ?? renderBlock(block.innerBlocks[index++], ctx);
  // render_block_core_shortcode(): the shortcode block's only rendering is wpautop().
  if (block.blockName === 'core/shortcode') return wpautop(html);
  return html;
}

/** do_blocks(). */
export function doBlocks(content: string, ctx: BlockContext = {}): string {
  return parseBlocks(content)
    .map((block) => renderBlock(block, ctx))
    .join('');
}

// excerpt_remove_blocks(): the blocks likely to hold the post's own text (null is freeform/classic content).
const EXCERPT_INNER_BLOCKS: ReadonlyArray<string | null> = [
  null,
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
];
const EXCERPT_WRAPPER_BLOCKS: ReadonlyArray<string | null> = ['core/columns', 'core/column', 'core/group'];
const EXCERPT_BLOCKS = [...EXCERPT_INNER_BLOCKS, ...EXCERPT_WRAPPER_BLOCKS];

/** _excerpt_render_inner_blocks(): a wrapper contributes only its allowed descendants, flattened. */
function renderExcerptInnerBlocks(block: ParsedBlock): string {
  let output = '';
  for (const inner of block.innerBlocks) {
    if (!EXCERPT_BLOCKS.includes(inner.blockName)) continue;
    output += inner.innerBlocks.length === 0 ? renderBlock(inner) : renderExcerptInnerBlocks(inner);
  }
  return output;
}

/** excerpt_remove_blocks(): renders only the text-bearing blocks, for wp_trim_excerpt(). */
export function excerptRemoveBlocks(content: string): string {
  let output = '';
  for (const block of parseBlocks(content)) {
    if (!EXCERPT_BLOCKS.includes(block.blockName)) continue;
    if (block.innerBlocks.length > 0) {
      if (EXCERPT_WRAPPER_BLOCKS.includes(block.blockName)) {
        output += renderExcerptInnerBlocks(block);
        continue;
      }
      // Skip a block (a quote, a list…) that holds disallowed or nested inner blocks.
      const plain = block.innerBlocks.every(
        (inner) => EXCERPT_INNER_BLOCKS.includes(inner.blockName) && inner.innerBlocks.length === 0,
      );
      if (!plain) continue;
    }
    output += renderBlock(block);
  }
  return output;
}

/**
 * serialize_block_attributes(): JSON without escaped slashes or Unicode, then the characters that could end or
 * confuse an HTML comment (--, <, >, &) and escaped quotes written as \u escapes. Escapes are matched in pairs
 * from the left so an escaped backslash before a closing quote is not mistaken for an escaped quote.
 */
export function serializeBlockAttributes(attrs: Record<string, unknown>): string {
  return (
    JSON.stringify(attrs)
      .replace(/\\[\s\S]/g, (escape) => (escape === '\\"' ? '\\u0022' : escape))
      .replace(/--/g, '\\u002d\\u002d')
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      // PHP's json_encode() escapes the JavaScript line terminators even with JSON_UNESCAPED_UNICODE.
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')
  );
}

/** get_comment_delimited_block_content(): core/ is implied, a block with no content is written void. */
function commentDelimited(blockName: string | null, attrs: Record<string, unknown>, content: string): string {
  if (blockName === null) return content;
  const name = blockName.startsWith('core/') ? blockName.slice('core/'.length) : blockName;
  const serializedAttrs = Object.keys(attrs).length === 0 ? '' : `${serializeBlockAttributes(attrs)} `;
  if (content === '') return `<!-- wp:${name} ${serializedAttrs}/-->`;
  return `<!-- wp:${name} ${serializedAttrs}-->${content}<!-- /wp:${name} -->`;
}

/** serialize_block(). */
export function serializeBlock(block: ParsedBlock): string {
  let content = '';
  let index = 0;
  for (const chunk of block.innerContent) content += chunk ?? serializeBlock(block.innerBlocks[index++]);
  return commentDelimited(block.blockName, block.attrs ?? {}, content);
}

export function serializeBlocks(blocks: ParsedBlock[]): string {
  return blocks.map(serializeBlock).join('');
}
