/**
 * Terms as WordPress's terms controller prepares them (prepare_item_for_response), for a whole page at once:
 * the ancestors that category permalinks need are loaded level by level for every term of the page (one query
 * per depth), never one query per term.
 */
import type { Context } from '@loom/contracts';
import { filterByContext, links, type RestRequest } from '@loom/service-kit';
import { termSlugPath, termsWithAncestors, type TermDoc } from '@loom/terms';
import { postTypeBases, type TaxonomyBehaviour } from './behaviour';

export async function prepareTerms(req: RestRequest, o: TaxonomyBehaviour, terms: TermDoc[], context: Context): Promise<Record<string, unknown>[]> {
  const known = o.rules.hierarchical ? await termsWithAncestors(req.store, o.rules.taxonomy, terms) : new Map<number, TermDoc>();
  const collectionUrl = `${req.config.restUrl}/core/v2/${o.object.restBase}`;
  const bases = postTypeBases(o);
  const schema = o.routes.collection.schema!;
  return terms.map((term) => {
    const path = termSlugPath(term, known);
    const parent = o.rules.hierarchical && term.parent ? known.get(term.parent) : undefined;
    const data = {
      id: term.id,
      count: term.count,
      description: term.description,
      link: o.permalinkBase ? `${req.config.homeUrl}/${o.permalinkBase}/${path.join('/')}/` : `${req.config.homeUrl}/?taxonomy=${o.name}&term=${term.slug}`,
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
        'https://api.w.org/post_type': bases.map((b) => ({ href: `${req.config.restUrl}/core/v2/${b}?${o.object.restBase}=${term.id}` })),
      }),
    };
    return filterByContext(schema, data, context);
  });
}
