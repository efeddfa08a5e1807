/**
 * Terms as WordPress's terms controller prepares them (prepare_item_for_response), for a whole page at once:
 * the ancestors that category permalinks need are loaded level by level for every term of the page (one query
 * per depth), never one query per term.
 */
import type { Context } from '@loom/contracts';
import { filterByContext, links, type RestRequest } from '@loom/service-kit';
import { termSlugPath, termsWithAncestors, type TermDoc } from '@loom/terms';
import { postTypeBases, type TaxonomyBehaviour, type TermResponse } from './behaviour';

/** get_term_link(): under the taxonomy's permalink base (with its ancestors' slugs), else the query form. */
function termLink(
  homeUrl: string,
  o: Pick<TaxonomyBehaviour, 'name' | 'permalinkBase'>,
  term: TermDoc,
  known: Map<number, TermDoc>,
): string {
  return o.permalinkBase
    ? `${homeUrl}/${o.permalinkBase}/${termSlugPath(term, known).join('/')}/`
    : `${homeUrl}/?taxonomy=${o.name}&term=${term.slug}`;
}

/** get_term_link() for terms of one taxonomy (`o` null: a taxonomy core-content does not serve), by term id. */
export async function termLinks(
  req: RestRequest,
  taxonomy: string,
  o: TaxonomyBehaviour | null,
  terms: TermDoc[],
): Promise<Map<number, string>> {
  const known = o?.rules.hierarchical
    ? await termsWithAncestors(req.store, taxonomy, terms)
    : new Map<number, TermDoc>();
  return new Map(
    terms.map((t) => [t.id, termLink(req.config.homeUrl, o ?? { name: taxonomy, permalinkBase: null }, t, known)]),
  );
}

export async function prepareTerms(
  req: RestRequest,
  o: TaxonomyBehaviour,
  terms: TermDoc[],
  context: Context,
): Promise<Record<string, unknown>[]> {
  const known = o.rules.hierarchical
    ? await termsWithAncestors(req.store, o.rules.taxonomy, terms)
    : new Map<number, TermDoc>();
  const collectionUrl = `${req.config.restUrl}/core/v2/${o.object.restBase}`;
  const bases = postTypeBases(o);
  const schema = o.routes.collection.schema!;
  const page: TermResponse[] = terms.map((term) => {
    const parent = o.rules.hierarchical && term.parent ? known.get(term.parent) : undefined;
    const data = {
      id: term.id,
      count: term.count,
      description: term.description,
      link: termLink(req.config.homeUrl, o, term, known),
      name: term.name,
      slug: term.slug,
      taxonomy: term.taxonomy,
      ...(o.rules.hierarchical ? { parent: term.parent } : {}),
      // No term meta keys are registered, so WordPress shows an empty list here.
      meta: [],
    };
    const rels = {
      self: `${collectionUrl}/${term.id}`,
      collection: collectionUrl,
      about: `${req.config.restUrl}/core/v2/taxonomies/${term.taxonomy}`,
      up: parent ? { embeddable: true, href: `${collectionUrl}/${parent.id}` } : undefined,
      'https://api.w.org/post_type': bases.map((b) => ({
        href: `${req.config.restUrl}/core/v2/${b}?${o.object.restBase}=${term.id}`,
      })),
    };
    return { term, data, rels };
  });
  await o.hooks.respond?.(req, page);
  return page.map(({ data, rels }) => filterByContext(schema, { ...data, _links: links(rels) }, context));
}
