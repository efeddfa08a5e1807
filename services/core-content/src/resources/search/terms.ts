/**
 * WP_REST_Term_Search_Handler: WP_Term_Query over the requested taxonomies with hide_empty false, its search (the
 * name or slug contains the text, as the terms collections match), include and exclude, ordered by name (the
 * query's default), a page by offset and number; the total is wp_count_terms() of the same query. As 6.4 does,
 * a result's `type` is the term's taxonomy and it has no `subtype`.
 */
import { termSearchClause, TERMS, type TermDoc } from '@loom/terms';
import type { Filter } from '@loom/store';
import { termLinks } from '../../engine/terms/presenter';
import { TAXONOMY_BEHAVIOURS } from '../../engine/terms/registry';
import type { SearchHandler, SearchHit } from './handler';

export const termSearch: SearchHandler = {
  async search(req, q) {
    const and: Filter[] = [{ taxonomy: { $in: q.subtypes } }];
    if (q.search) and.push(termSearchClause(q.search));
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.include.length) and.push({ id: { $in: q.include } });
    const terms = req.store.collection<TermDoc>(TERMS);
    const filter: Filter = { $and: and };
    const total = await terms.count(filter);
    const found = await terms.find(filter, {
      sort: { name_sort: 1, id: 1 },
      skip: (q.page - 1) * q.perPage,
      limit: q.perPage,
    });
    // get_term_link() per taxonomy, ancestors loaded once for the page's hierarchical terms.
    const urls = new Map<number, string>();
    for (const taxonomy of new Set(found.map((t) => t.taxonomy))) {
      const o = TAXONOMY_BEHAVIOURS().get(taxonomy) ?? null;
      const of = found.filter((t) => t.taxonomy === taxonomy);
      for (const [id, url] of await termLinks(req, taxonomy, o, of)) urls.set(id, url);
    }
    const hits: SearchHit[] = found.map((t) => {
      const base = TAXONOMY_BEHAVIOURS().get(t.taxonomy)?.object.restBase ?? t.taxonomy;
      return {
        data: { id: t.id, title: t.name, url: urls.get(t.id)!, type: t.taxonomy },
        links: {
          self: { embeddable: true, href: `${req.config.restUrl}/core/v2/${base}/${t.id}` },
          about: `${req.config.restUrl}/core/v2/taxonomies/${t.taxonomy}`,
        },
      };
    });
    return { hits, total };
  },
};
