/**
 * `_embed` (reference §2.3): linked resources marked `embeddable` are placed under `_embedded`, in the same
 * order as `_links[rel]` (`[]` for a non-embeddable sibling), each in `embed` context, every distinct href
 * resolved once. Services register batch loaders (embedders) so a page of 100 posts costs one store query
 * per relation, not one per item; an href no embedder claims is answered by dispatching it in-process, as
 * WordPress does for every link.
 */
import { errorBody } from '@loom/contracts';
import type { RestRequest } from './rest-request';
import type { Link } from './links';

export interface Embedder {
  /** Whether this embedder loads `url` (an absolute href under the REST root). */
  match(url: URL): boolean;
  /**
   * Loads every matched url at once; returns href → the embed-context body (or a `{code, message, data}`
   * error body). Hrefs missing from the map are embedded as rest_no_route errors.
   */
  load(urls: URL[], req: RestRequest): Promise<Map<string, unknown>>;
}

/** Resolves one href by dispatching it in-process (context=embed); the fallback for unclaimed links. */
export type InternalGet = (href: string, req: RestRequest) => Promise<unknown>;

/** `_embed` absent → null; present empty, `1` or `true` → every rel; otherwise the listed rels. */
export function parseEmbedParam(raw: unknown): true | string[] | null {
  if (raw === undefined || raw === null) return null;
  const list = (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || (list.length === 1 && (list[0] === '1' || list[0] === 'true'))) return true;
  return list;
}

type Item = { _links?: Record<string, Link[]>; _embedded?: Record<string, unknown[]> };

const noRouteBody = errorBody('rest_no_route');

export async function embedLinks(
  body: unknown,
  rels: true | string[],
  embedders: Embedder[],
  internalGet: InternalGet,
  req: RestRequest,
): Promise<void> {
  const items = (Array.isArray(body) ? body : [body]).filter(
    (i): i is Item => !!i && typeof i === 'object' && !!(i as Item)._links,
  );
  const wanted = (rel: string) => rel !== 'curies' && (rels === true || rels.includes(rel));

  // Every distinct embeddable href, grouped by the embedder that loads it.
  const groups = new Map<Embedder | null, Map<string, URL>>();
  for (const item of items) {
    for (const [rel, links] of Object.entries(item._links!)) {
      if (!wanted(rel)) continue;
      for (const link of links) {
        if (!link.embeddable) continue;
        let url: URL;
        try {
          url = new URL(link.href);
        } catch {
          continue;
        }
        const owner = embedders.find((e) => e.match(url)) ?? null;
        if (!groups.has(owner)) groups.set(owner, new Map());
        groups.get(owner)!.set(link.href, url);
      }
    }
  }

  const resolved = new Map<string, unknown>();
  for (const [embedder, urls] of groups) {
    if (embedder) {
      for (const [href, value] of await embedder.load([...urls.values()], req)) resolved.set(href, value);
    } else {
      for (const href of urls.keys()) resolved.set(href, await internalGet(href, req));
    }
  }

  for (const item of items) {
    const embedded: Record<string, unknown[]> = {};
    for (const [rel, links] of Object.entries(item._links!)) {
      if (!wanted(rel)) continue;
      const entries = links.map((l) => (l.embeddable ? (resolved.get(l.href) ?? noRouteBody) : []));
      // A rel appears only when one of its links embedded something (PHP's array_filter drops empty answers:
      // a post without comments has no `replies` in `_embedded`).
      if (entries.some((e) => !(Array.isArray(e) && e.length === 0))) embedded[rel] = entries;
    }
    if (Object.keys(embedded).length) item._embedded = embedded;
  }
}
