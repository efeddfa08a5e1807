/**
 * A post's title, description and excerpt as the plugin answers them: trim( apply_filters( 'the_title' |
 * 'the_content' | 'the_excerpt', ... ) ) over the stored fields, with WordPress's own formatting (@loom/rendering).
 * The excerpt filter runs on the stored excerpt alone, so a post without one answers ''.
 *
 * Render once: rendering is a pure function of the three raw strings (the default shortcodes, no media or block
 * context), so each post's rendering is kept (by id, at most MAX_RENDERED posts, oldest out first) and reused only
 * while its raw strings are the same; a post whose text changed is rendered again on its next read.
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

export interface RenderedPost {
  title: string;
  description: string;
  excerpt: string;
}

function render(title: string, description: string, excerpt: string): RenderedPost {
  return {
    title: trim(renderTitle(title)),
    description: trim(renderContent(description)),
    // renderExcerpt() builds an excerpt from the content it is given when the stored one is blank: here, none.
    excerpt: trim(renderExcerpt(excerpt, '')),
  };
}

/** Posts whose rendering is kept (events, venues and organizers share the id space). */
const MAX_RENDERED = 50_000;
const rendered = new Map<number, { raw: [string, string, string]; html: RenderedPost }>();

/**
 * The rendered title, description and excerpt (from the memo when `id`'s raw strings are the ones it was made from).
 * The answer is shared: callers copy its strings, never change it.
 */
export function renderPost(id: number, title: string, description: string, excerpt: string): Readonly<RenderedPost> {
  const hit = rendered.get(id);
  if (hit && hit.raw[0] === title && hit.raw[1] === description && hit.raw[2] === excerpt) return hit.html;
  const html = render(title, description, excerpt);
  if (hit) rendered.delete(id);
  else if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value as number);
  rendered.set(id, { raw: [title, description, excerpt], html });
  return html;
}
