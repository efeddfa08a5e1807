/**
 * What every JSON-LD object of the plugin starts with (Tribe__JSON_LD__Abstract::get_data): the type, the post's
 * title and excerpt through esc_js, its featured image and its link. Venues and organizers omit `@context` (the
 * plugin asks their data without it) and have no link of their own without the Pro add-on.
 */
import { excerptRemoveBlocks, renderTitle, wpautop, wpKses, wpTrimWords } from '@loom/rendering';
import type { Image } from '../images';
import { escJs } from './escape';

/** The HTML tribe_events_get_the_excerpt() keeps (its default allow-list). */
const BASE_ATTRIBUTES = ['class', 'id', 'style'];
const EXCERPT_TAGS: Readonly<Record<string, string[]>> = {
  a: [...BASE_ATTRIBUTES, 'href', 'rel', 'target'],
  ...Object.fromEntries(['b', 'strong', 'em', 'span', 'ul', 'li', 'ol'].map((t) => [t, BASE_ATTRIBUTES])),
};

/**
 * tribe_events_get_the_excerpt(): the excerpt, else the content cut to 55 words; blocks and anything shaped like a
 * shortcode removed, the HTML reduced to a few inline tags, then wpautop.
 */
export function postExcerpt(excerpt: string, content: string): string {
  const own = excerpt !== '' && excerpt !== '0';
  let text = excerptRemoveBlocks(own ? excerpt : content).replace(/\[.+?\]/g, '');
  text = wpKses(text, EXCERPT_TAGS);
  if (!own) text = wpTrimWords(text, 55, ' [&hellip;]');
  return wpautop(text);
}

export interface JsonLdPost {
  title: string;
  excerpt: string;
  content: string;
  image: Image;
  /** get_link(): the permalink, or '' where the plugin has none. */
  url: string;
}

export function postJsonLd(type: string, post: JsonLdPost, context: boolean): Record<string, unknown> {
  const ld: Record<string, unknown> = context ? { '@context': 'http://schema.org' } : {};
  ld['@type'] = type;
  ld.name = escJs(renderTitle(post.title));
  ld.description = escJs(postExcerpt(post.excerpt, post.content));
  if (post.image) ld.image = post.image.url;
  ld.url = post.url;
  return ld;
}
