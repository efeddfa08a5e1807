/**
 * HAL-style `_links` as WordPress writes them: each rel an array of `{href, ...}`, `https://api.w.org/x`
 * compacted to `wp:x`, and the `curies` entry whenever a `wp:` rel is present.
 */
export interface Link {
  href: string;
  embeddable?: boolean;
  [attr: string]: unknown;
}
export type Links = Record<string, Link[]>;

const API_W_ORG = 'https://api.w.org/';

export function links(rels: Record<string, Link | Link[] | string | undefined | null>): Links {
  const out: Links = {};
  for (const [rel, value] of Object.entries(rels)) {
    if (value === undefined || value === null) continue;
    const key = rel.startsWith(API_W_ORG) ? `wp:${rel.slice(API_W_ORG.length)}` : rel;
    const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? { href: v } : v));
    out[key] = [...(out[key] ?? []), ...list];
  }
  if (Object.keys(out).some((k) => k.startsWith('wp:')))
    out.curies = [{ name: 'wp', href: `${API_W_ORG}{rel}`, templated: true }];
  return out;
}

/**
 * The answer of a permanent delete: `{deleted: true, previous}` where `previous` is the item's data alone, without
 * its links (WP_REST_Response::get_data(), as every WordPress controller answers a forced delete).
 */
export function deletedAnswer(previous: Record<string, unknown>): {
  body: { deleted: true; previous: Record<string, unknown> };
} {
  const { _links, ...data } = previous;
  void _links;
  return { body: { deleted: true, previous: data } };
}
