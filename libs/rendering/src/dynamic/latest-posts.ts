/**
 * render_block_core_latest_posts() (wp-includes/blocks/latest-posts.php, WordPress 6.4): the post list of
 * WP_Query( post_status publish, postsToShow, order, orderBy, category__in, author ), each item a title link and,
 * as the attributes ask, the author's byline, the date and the excerpt. The featured image and the full post
 * content are not rendered (Loom renders no image sizes here).
 */
import { escAttr, escUrl } from '../escape';
import type { PostSummary } from './port';
import type { DynamicBlock } from './wrapper';
import { wrapperAttributes } from './wrapper';

/** wp_trim_excerpt()'s default excerpt_more. */
const MORE = ' [&hellip;]';

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

export const latestPosts: DynamicBlock<PostSummary[]> = {
  load: (a, port) =>
    port.latestPosts({
      perPage: Math.max(1, Math.trunc(num(a.postsToShow, 5))),
      order: a.order === 'asc' ? 'asc' : 'desc',
      orderBy: typeof a.orderBy === 'string' ? a.orderBy : 'date',
      categories: Array.isArray(a.categories)
        ? a.categories.map((c) => Number((c as { id?: unknown })?.id)).filter((id) => Number.isInteger(id))
        : undefined,
      author: typeof a.selectedAuthor === 'number' ? a.selectedAuthor : undefined,
      // $block_core_latest_posts_excerpt_length, which the block's excerpt_length filter returns.
      excerptLength: Math.trunc(num(a.excerptLength, 55)),
    }),
  render(block, a, posts, { port }) {
    let items = '';
    for (const post of posts) {
      const link = escUrl(post.link);
      const title = post.title || '(no title)';
      items += '<li>';
      // latest-posts.php: the title link (line "wp-block-latest-posts__post-title").
      items += `<a class="wp-block-latest-posts__post-title" href="${escUrl(link)}">${title}</a>`;
      if (a.displayAuthor && post.authorName !== '')
        items += `<div class="wp-block-latest-posts__post-author">by ${post.authorName}</div>`;
      if (a.displayPostDate)
        items += `<time datetime="${escAttr(port.formatDate(post.dateGmt, 'c'))}" class="wp-block-latest-posts__post-date">${port.formatDate(post.dateGmt, port.dateFormat())}</time>`;
      if (a.displayPostContent && a.displayPostContentRadio === 'excerpt') {
        // The port's get_the_excerpt() ran under the block's excerpt_length; its " [&hellip;]" (excerpt_more)
        // becomes a "Read more" link.
        let excerpt = post.excerpt;
        if (excerpt.endsWith(MORE))
          excerpt = `${excerpt.slice(0, -MORE.length)}… <a href="${escUrl(link)}" rel="noopener noreferrer">Read more<span class="screen-reader-text">: ${escAttr(title)}</span></a>`;
        if (post.passwordRequired) excerpt = 'This content is password protected.';
        items += `<div class="wp-block-latest-posts__post-excerpt">${excerpt}</div>`;
      }
      items += '</li>\n';
    }
    const classes = ['wp-block-latest-posts__list'];
    if (a.postLayout === 'grid') classes.push('is-grid');
    if (a.columns !== undefined && a.postLayout === 'grid') classes.push(`columns-${String(a.columns)}`);
    if (a.displayPostDate) classes.push('has-dates');
    if (a.displayAuthor) classes.push('has-author');
    const style = a.style as { elements?: { link?: { color?: { text?: unknown } } } } | undefined;
    if (style?.elements?.link?.color?.text !== undefined) classes.push('has-link-color');
    return `<ul ${wrapperAttributes(block, { class: classes.join(' ') })}>${items}</ul>`;
  },
};
