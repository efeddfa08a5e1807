/**
 * A provider's fields before the proxy passes them on and keeps them. WordPress passes them through whole (only
 * `html` is rebuilt and filtered); oEmbed sets no lengths and neither does WordPress, so these are Loom's, far above
 * what real providers send, so that one answer cannot carry a megabyte in `title`:
 * - a URL field (url, author_url, provider_url, thumbnail_url) of more than 2,048 characters, the longest URL that
 *   browsers and the sitemaps protocol agree on, is dropped (a cut URL would point elsewhere);
 * - any other text is cut to 1,000 characters (YouTube titles stop at 100, Vimeo's at 128, TikTok captions make
 *   the longest titles); `html` is left to the filters and to the cache's entry limit.
 */
import type { OembedData } from './sanitize';

export const MAX_URL_CHARS = 2048;
export const MAX_TEXT_CHARS = 1000;

const URL_FIELDS = new Set(['url', 'author_url', 'provider_url', 'thumbnail_url']);

/** The first `max` characters, never half of a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}

/** The fields trimmed, as above (built with fromEntries: a provider's `__proto__` key stays a plain key). */
export function trimProviderData(data: OembedData): OembedData {
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' || key === 'html') kept.push([key, value]);
    else if (!URL_FIELDS.has(key)) kept.push([key, cut(value, MAX_TEXT_CHARS)]);
    else if (value.length <= MAX_URL_CHARS) kept.push([key, value]);
  }
  return Object.fromEntries(kept);
}
