/**
 * render_block_core_latest_comments() (wp-includes/blocks/latest-comments.php, WordPress 6.4): the newest
 * `commentsToShow` approved comments on published posts, each with its avatar (get_avatar(), 48px, Gravatar),
 * author, post link, date and excerpt (get_comment_excerpt(): 20 words) as the attributes ask.
 */
import { wpautop } from '../autop';
import { escAttr, escUrl } from '../escape';
import type { CommentSummary } from './port';
import { wrapperAttributes, type DynamicBlock } from './wrapper';

/** wp_trim_words( $text, $num, '&hellip;' ) of text whose tags are already stripped. */
function trimWords(text: string, num: number): string {
  const words = text.split(/[\n\r\t ]+/).filter((w) => w !== '');
  return words.length > num ? `${words.slice(0, num).join(' ')}&hellip;` : words.join(' ');
}

/** get_avatar( $comment, 48 ) with the class the block adds; Gravatar over HTTPS with WordPress's defaults (mm, g). */
function avatar(hash: string): string {
  const url = (size: number) => escUrl(`https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`);
  return `<img alt='' src='${url(48)}' srcset='${url(96)} 2x' class='avatar avatar-48 photo wp-block-latest-comments__comment-avatar' height='48' width='48' loading='lazy' decoding='async'/>`;
}

export const latestComments: DynamicBlock<CommentSummary[]> = {
  load: (a, port) => port.latestComments(Math.max(1, Math.trunc(Number(a.commentsToShow ?? 5)) || 5)),
  render(block, a, comments, { port }) {
    let items = '';
    for (const c of comments) {
      items += '<li class="wp-block-latest-comments__comment">';
      if (a.displayAvatar) items += avatar(c.emailHash);
      items += '<article><footer class="wp-block-latest-comments__comment-meta">';
      // get_comment_author(): the stored name, 'Anonymous' when there is none.
      const author = c.authorName === '' ? 'Anonymous' : c.authorName;
      const authorMarkup = c.authorUrl
        ? `<a class="wp-block-latest-comments__comment-author" href="${escUrl(c.authorUrl)}">${author}</a>`
        : `<span class="wp-block-latest-comments__comment-author">${author}</span>`;
      // wp_latest_comments_draft_or_post_title(): esc_html'd title, '(no title)' when empty.
      const title = escAttr(c.postTitle === '' ? '(no title)' : c.postTitle);
      items += `${authorMarkup} on <a class="wp-block-latest-comments__comment-link" href="${escUrl(c.link)}">${title}</a>`;
      if (a.displayDate)
        items += `<time datetime="${escAttr(port.formatDate(c.dateGmt, 'c'))}" class="wp-block-latest-comments__comment-date">${port.formatDate(c.dateGmt, port.dateFormat())}</time>`;
      items += '</footer>';
      if (a.displayExcerpt) {
        const text = c.content.replace(/[\n\r]/g, ' ').replace(/<[^>]*>/g, '');
        items += `<div class="wp-block-latest-comments__comment-excerpt">${wpautop(trimWords(text, 20))}</div>`;
      }
      items += '</article></li>';
    }
    const classes: string[] = [];
    if (a.displayAvatar) classes.push('has-avatars');
    if (a.displayDate) classes.push('has-dates');
    if (a.displayExcerpt) classes.push('has-excerpts');
    if (!comments.length) classes.push('no-comments');
    const wrapper = wrapperAttributes(block, classes.length ? { class: classes.join(' ') } : {});
    return comments.length ? `<ol ${wrapper}>${items}</ol>` : `<div ${wrapper}>No comments to show.</div>`;
  },
};
