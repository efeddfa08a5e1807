/**
 * `GET /_loom/event-search` (EVENT_SEARCH_PATH): core-content's core/v2/search asks here for the events WordPress's
 * post search handler finds (WP_Query with `s`, post_type tribe_events, post_status publish: every published event,
 * whatever its dates, hidden from listings or not, since that query is not the plugin's archive). Matching and
 * ranking are WP_Query's (@loom/post-engine) over the stored title, excerpt and description (post_content).
 * Internal only (LOOM_INTERNAL_SECRET), never under /rest.
 */
import type { Express } from 'express';
import { errorBody, EVENT_SEARCH_PATH, type EventSearchResult } from '@loom/contracts';
import { relevanceRank, searchClauses, searchTerms } from '@loom/post-engine';
import { requireInternal, type KitConfig, type Logger } from '@loom/service-kit';
import type { Filter, Store } from '@loom/store';
import { EVENT_TYPE, POSTS } from '../posts/repository';
import { linkOf } from '../posts/links';
import { renderPost } from '../posts/render';
import { publishDuePosts } from '../posts/schedule';
import type { EventDoc } from './repository';

/** The most events one call lists (core-content asks for at most a page's end). */
const MAX_LIMIT = 10_000;

const ids = (v: unknown): number[] =>
  typeof v === 'string' && v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/** post_date descending, then id descending (ties WordPress leaves to the database). */
const newestFirst = (a: EventDoc, b: EventDoc) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id);

export async function searchEvents(
  store: Store,
  homeUrl: string,
  q: { search: string; include: number[]; exclude: number[]; limit: number },
): Promise<EventSearchResult> {
  const and: Filter[] = [{ type: EVENT_TYPE }, { status: 'publish' }];
  if (q.include.length) and.push({ id: { $in: q.include } });
  if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
  const terms = q.search ? searchTerms(q.search) : [];
  and.push(...searchClauses(terms, ['title', 'excerpt', 'description']));
  const posts = store.collection<EventDoc>(POSTS);
  const filter: Filter = { $and: and };
  const total = await posts.count(filter);
  const rank = q.search
    ? relevanceRank<EventDoc>(q.search, terms, (e) => ({ title: e.title, excerpt: e.excerpt, content: e.description }))
    : () => 0;
  const found = q.search
    ? (await posts.find(filter))
        .map((e) => ({ e, r: rank(e) }))
        .sort((a, b) => a.r - b.r || newestFirst(a.e, b.e))
        .slice(0, q.limit)
    : (await posts.find(filter, { sort: { date: -1, id: -1 }, limit: q.limit })).map((e) => ({ e, r: 0 }));
  return {
    total,
    items: found.map(({ e, r }) => ({
      id: e.id,
      title: renderPost(e.id, e.title, e.description, e.excerpt).title,
      link: linkOf(homeUrl, 'event', e, true),
      date: e.date.replace(' ', 'T'),
      rank: r,
    })),
  };
}

export function mountEventSearch(app: Express, deps: { config: KitConfig; store: Store; log: Logger }): void {
  const { config, store, log } = deps;
  app.get(EVENT_SEARCH_PATH, requireInternal(config.internalSecret), async (req, res) => {
    const limit = Number(req.query.limit);
    try {
      // A scheduled event whose time has come is published first, as every read here does.
      await publishDuePosts(store);
      res.json(
        await searchEvents(store, config.homeUrl, {
          search: typeof req.query.search === 'string' ? req.query.search : '',
          include: ids(req.query.include),
          exclude: ids(req.query.exclude),
          limit: Number.isInteger(limit) && limit >= 0 ? Math.min(limit, MAX_LIMIT) : 10,
        }),
      );
    } catch (err) {
      log.error({ err }, 'event search failed');
      const body = errorBody('internal_server_error');
      res.status(body.data.status).json(body);
    }
  });
}
