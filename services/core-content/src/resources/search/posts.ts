/**
 * WP_REST_Post_Search_Handler: one WP_Query over the requested post types, post_status publish, with `s` (its terms
 * matched and ranked as the posts collection's search, @loom/post-engine), post__in / post__not_in, ordered by
 * relevance then post_date descending (date descending without a search). WordPress's one query also finds
 * The Events Calendar's events, which the events service owns: they are asked of it (events.ts) and merged into
 * the same order, so a page and the totals count both. Anonymous searches leave password-protected posts out, as
 * WP_Query's parse_search does for visitors.
 */
import { relevanceRank, searchClauses, searchTerms } from '@loom/post-engine';
import { wpError, type RestRequest } from '@loom/service-kit';
import type { Filter } from '@loom/store';
import type { EventSearchHit } from '@loom/contracts';
import { postTypeNamed } from '../../engine/contract/registry';
import { ancestorsOf, POSTS, type PostDoc } from '../../engine/repository';
import { STORED_POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { permalink } from '../../engine/permalinks';
import { renderer } from '../../engine/render';
import { EVENT_SUBTYPE, eventPath, eventsClient } from './events';
import type { SearchHandler, SearchHit, SearchQuery } from './handler';

/** What WordPress's ORDER BY reads of a found item. */
interface Order {
  rank: number;
  date: string;
  id: number;
}

/** A found item of either source, shaped only if it is on the page. */
interface Ranked extends Order {
  hit: () => SearchHit;
}

/** ORDER BY (relevance CASE), post_date DESC; ties by id, newest first. */
const searchOrder = (a: Order, b: Order) =>
  a.rank - b.rank || (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id);

const SEARCHED = ['title', 'excerpt', 'content'];

/** Core's own published posts of `types`: the first `limit` in search order, and how many match. */
async function corePosts(
  req: RestRequest,
  q: SearchQuery,
  types: string[],
  limit: number,
): Promise<{ found: Ranked[]; total: number }> {
  const and: Filter[] = [{ status: 'publish' }, { type: { $in: types } }];
  if (q.include.length) and.push({ id: { $in: q.include } });
  if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
  const terms = q.search ? searchTerms(q.search) : [];
  and.push(...searchClauses(terms, SEARCHED));
  if (q.search && !req.user) and.push({ password: '' });
  const posts = req.store.collection<PostDoc>(POSTS);
  const filter: Filter = { $and: and };
  const total = await posts.count(filter);
  const rank = q.search ? relevanceRank<PostDoc>(q.search, terms, (p) => p) : () => 0;
  const docs = q.search ? await posts.find(filter) : await posts.find(filter, { sort: { date: -1, id: -1 }, limit });
  const page = docs
    .map((p) => ({ p, rank: rank(p), date: p.date, id: p.id }))
    .sort(searchOrder)
    .slice(0, limit);
  const ancestors = await ancestorsOf(
    req.store,
    page.map((x) => x.p),
  );
  return {
    total,
    found: page.map(({ p, ...order }) => ({ ...order, hit: () => postHit(req, p, ancestors.get(p.id) ?? []) })),
  };
}

/** prepare_item() and prepare_item_links() of a core post. */
function postHit(req: RestRequest, p: PostDoc, ancestors: PostDoc[]): SearchHit {
  const type = postTypeNamed(p.type)!;
  const rules = STORED_POST_TYPE_BEHAVIOURS().get(p.type)!;
  return {
    data: {
      id: p.id,
      // get_the_title() with protected_title_format '%s': no "Protected: " before a protected post's title.
      title: type.supports.includes('title') ? renderer.renderTitle(p.title) : '',
      url: permalink(p, { homeUrl: req.config.homeUrl, rules, ancestors, canRead: false }),
      type: 'post',
      subtype: p.type,
    },
    links: {
      self: { embeddable: true, href: `${req.config.restUrl}/core/v2/${type.restBase}/${p.id}` },
      about: `${req.config.restUrl}/core/v2/types/${p.type}`,
    },
  };
}

/** An event as the events service found it; its `self` is its events/v1 route (WordPress: wp/v2/tribe_events/<id>). */
function eventHit(req: RestRequest, e: EventSearchHit): SearchHit {
  return {
    data: { id: e.id, title: e.title, url: e.link, type: 'post', subtype: EVENT_SUBTYPE },
    links: {
      self: { embeddable: true, href: `${req.config.restUrl}${eventPath(e.id)}` },
      about: `${req.config.restUrl}/core/v2/types/${EVENT_SUBTYPE}`,
    },
  };
}

export const postSearch: SearchHandler = {
  async search(req, q) {
    const offset = (q.page - 1) * q.perPage;
    const limit = offset + q.perPage;
    const coreTypes = q.subtypes.filter((s) => s !== EVENT_SUBTYPE);
    const withEvents = q.subtypes.includes(EVENT_SUBTYPE);
    const [core, events] = await Promise.all([
      coreTypes.length ? corePosts(req, q, coreTypes, limit) : { found: [], total: 0 },
      withEvents
        ? eventsClient(req).search({ search: q.search, include: q.include, exclude: q.exclude, limit })
        : { items: [], total: 0 },
    ]);
    // Events down: searching events alone cannot be answered; with other types the answer is theirs alone.
    if (!events && !coreTypes.length)
      throw wpError('loom_service_unavailable', { message: 'The events service is not available right now.' });
    const fromEvents: Ranked[] = (events?.items ?? []).map((e) => ({
      rank: e.rank,
      date: e.date,
      id: e.id,
      hit: () => eventHit(req, e),
    }));
    const merged = [...core.found, ...fromEvents].sort(searchOrder).slice(offset, limit);
    return { hits: merged.map((r) => r.hit()), total: core.total + (events?.total ?? 0) };
  },
};
