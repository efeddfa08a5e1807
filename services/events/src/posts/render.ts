/**
 * A post's title, description and excerpt as the plugin answers them: trim( apply_filters( 'the_title' |
 * 'the_content' | 'the_excerpt', ... ) ) over the stored fields, with WordPress's own formatting (@loom/rendering).
 * The excerpt filter runs on the stored excerpt alone, so a post without one answers ''.
 */
import { renderContent, renderExcerpt, renderTitle } from '@loom/rendering';

/** PHP's trim(): spaces, tabs, line breaks, NUL and vertical tabs only (not JavaScript's Unicode spaces). */
const PHP_SPACE = new Set([' ', '\t', '\n', '\r', '\0', '\v']);
function trim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && PHP_SPACE.has(s[a]!)) a++;
  while (b > a && PHP_SPACE.has(s[b - 1]!)) b--;
  return s.slice(a, b);
}

export function renderPost(
  title: string,
  description: string,
  excerpt: string,
): { title: string; description: string; excerpt: string } {
  return {
    title: trim(renderTitle(title)),
    description: trim(renderContent(description)),
    // renderExcerpt() builds an excerpt from the content it is given when the stored one is blank: here, none.
    excerpt: trim(renderExcerpt(excerpt, '')),
  };
}
