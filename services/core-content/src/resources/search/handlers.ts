/**
 * core/v2/search (WP_REST_Search_Controller::get_items): anyone may search; `type` picks the handler, `subtype` is
 * sanitized as sanitize_subtypes() does (`any` overrides the rest, else only the handler's own subtypes are kept),
 * the handler finds a page, and the controller shapes each result (the handler's fields and links, then the
 * `collection` link), with X-WP-Total, X-WP-TotalPages and the prev/next Link header. A page past the last is
 * rest_search_invalid_page_number when anything matched.
 */
import { bind, filterByContext, links, paginationHeaders, wpError, type Binding } from '@loom/service-kit';
import { keepOutOfAnswerCaches } from '../../site/answer-cache/kept-out';
import { ANY, search, searchSubtypes, type SearchType } from './contract';
import { EVENT_SUBTYPE } from './events';
import type { SearchHandler } from './handler';
import { postFormatSearch } from './post-formats';
import { postSearch } from './posts';
import { termSearch } from './terms';

/** The handlers in WordPress's order (create_initial_rest_routes' $search_handlers). */
const HANDLERS: Record<SearchType, SearchHandler> = {
  post: postSearch,
  term: termSearch,
  'post-format': postFormatSearch,
};

/**
 * sanitize_subtypes(), then the handler's `any`. WordPress passes an empty intersection on as it is (WP_Query then
 * searches `post` alone, WP_Term_Query every taxonomy, public or not); Loom searches the handler's own subtypes
 * for terms (never a taxonomy the handler does not list) and `post` for posts, as WP_Query does.
 */
function subtypesFor(type: SearchType, asked: string[]): string[] {
  const own = searchSubtypes()[type];
  if (asked.includes(ANY)) return own;
  const kept = own.filter((s) => asked.includes(s));
  if (kept.length) return kept;
  return type === 'post' ? ['post'] : own;
}

export const searchBindings: Binding[] = [
  bind(search().collection.endpoints.list, null, async (req) => {
    const p = req.params;
    const subtypes = subtypesFor(p.type, p.subtype);
    // Events come from the events service, whose writes neither answer cache sees.
    if (subtypes.includes(EVENT_SUBTYPE)) keepOutOfAnswerCaches(req);
    const page = p.page;
    const perPage = p.per_page;
    const { hits, total } = await HANDLERS[p.type].search(req, {
      search: p.search ?? '',
      subtypes,
      include: p.include,
      exclude: p.exclude,
      page,
      perPage,
    });
    const maxPages = Math.ceil(total / perPage);
    if (page > maxPages && total > 0) throw wpError('rest_search_invalid_page_number');
    const collection = `${req.config.restUrl}/core/v2/search`;
    const schema = search().collection.schema!;
    return {
      body: hits.map(({ data, links: rels }) =>
        filterByContext(schema, { ...data, _links: links({ ...rels, collection }) }, p.context),
      ),
      headers: paginationHeaders({ total, perPage, page }, collection, req.rawQuery),
    };
  }),
];
