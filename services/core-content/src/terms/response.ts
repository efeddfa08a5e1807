/**
 * Terms as WordPress's terms controller prepares them (prepare_item_for_response), for a whole page at once:
 * the ancestors that category permalinks need are loaded level by level for every term of the page (one query
 * per depth), never one query per term.
 */
import type { Context } from '@loom/contracts';
import { filterByContext, links, type RestRequest } from '@loom/service-kit';
import type { TermResourceOptions } from './handlers';
import { TERMS, type TermDoc } from './repository';

/** The terms plus all their ancestors, keyed by id. */
async function withAncestors(req: RestRequest, taxonomy: string, terms: TermDoc[]): Promise<Map<number, TermDoc>> {
  const known = new Map(terms.map((t) => [t.id, t]));
  let pending = [...new Set(terms.map((t) => t.parent).filter((p) => p && !known.has(p)))];
  for (let depth = 0; pending.length && depth < 100; depth++) {
    const found = await req.store.collection<TermDoc>(TERMS).find({ id: { $in: pending }, taxonomy });
    for (const t of found) known.set(t.id, t);
    pending = [...new Set(found.map((t) => t.parent).filter((p) => p && !known.has(p)))];
  }
  return known;
}

export async function prepareTerms(req: RestRequest, o: TermResourceOptions, terms: TermDoc[], context: Context): Promise<Record<string, unknown>[]> {
  const known = o.rules.hierarchical ? await withAncestors(req, o.rules.taxonomy, terms) : new Map<number, TermDoc>();
  const collectionUrl = `${req.config.restUrl}/core/v2/${o.spec.restBase}`;
  const schema = o.routes.collection.schema!;
  return terms.map((term) => {
    const path = [term.slug];
    const seen = new Set([term.id]);
    for (let p = known.get(term.parent); p && !seen.has(p.id); p = known.get(p.parent)) {
      path.unshift(p.slug);
      seen.add(p.id);
    }
    const parent = o.rules.hierarchical && term.parent ? known.get(term.parent) : undefined;
    const data = {
      id: term.id,
      count: term.count,
      description: term.description,
      link: `${req.config.homeUrl}/${o.permalinkBase}/${path.join('/')}/`,
      name: term.name,
      slug: term.slug,
      taxonomy: term.taxonomy,
      ...(o.rules.hierarchical ? { parent: term.parent } : {}),
      // No term meta keys are registered, so WordPress shows an empty list here.
      meta: [],
      _links: links({
        self: `${collectionUrl}/${term.id}`,
        collection: collectionUrl,
        about: `${req.config.restUrl}/core/v2/taxonomies/${term.taxonomy}`,
        up: parent ? { embeddable: true, href: `${collectionUrl}/${parent.id}` } : undefined,
        'https://api.w.org/post_type': o.postTypeBases.map((b) => ({ href: `${req.config.restUrl}/core/v2/${b}?${o.spec.restBase}=${term.id}` })),
      }),
    };
    return filterByContext(schema, data, context);
  });
}
