/**
 * Storage of events (`tribe_events` in the events store's shared `posts` collection) and the archive query.
 * Dates are kept twice, as the plugin's meta: wall times in the event's zone (`start_date`, `end_date`) and UTC
 * (`utc_start_date`, `utc_end_date`, which sort and compare as strings). No HTTP here beyond error codes.
 */
import type { Filter, Sort } from '@loom/store';
import { wpError } from '@loom/service-kit';
import { EVENT_TYPE, POST_SEQUENCE, PostTypeRepository, type BasePostDoc } from '../posts/repository';
import { slugForWrite } from '../posts/slugs';

export interface EventDoc extends BasePostDoc {
  title: string;
  description: string;
  excerpt: string;
  all_day: boolean;
  /** Wall times in `timezone`, `YYYY-MM-DD HH:MM:SS`. */
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  /** The zone's name as the plugin shows it (IANA name, `UTC`, or `UTC+2`; the site's `UTC+0` form by default). */
  timezone: string;
  /** The cost as written ('' when none; stored before issue 11 without its currency symbol, shown the same). */
  cost: string;
  currency_symbol: string;
  currency_position: '' | 'prefix' | 'postfix';
  /** `_EventURL`; absent means the permalink is shown. */
  website?: string;
  show_map: boolean;
  show_map_link: boolean;
  hide_from_listings: boolean;
  sticky: boolean;
  featured: boolean;
  categories: number[];
  tags: number[];
  venue: number[];
  organizer: number[];
}

/** The archive query, as handlers resolved it from the request (UTC bounds as `YYYY-MM-DD HH:MM:SS`). */
export interface EventQuery {
  statuses: string[];
  /** Statuses only the caller's own events may show. */
  ownStatuses: string[];
  ownerId?: number;
  /** Events ending at or after (start_date). */
  endsFrom?: string;
  /** Events starting at or after (start_date with strict_dates). */
  startsFrom?: string;
  /** Events starting at or before (end_date). */
  startsUntil?: string;
  startsBefore?: string;
  startsAfter?: string;
  endsBefore?: string;
  endsAfter?: string;
  search?: string;
  categories?: number[];
  tags?: number[];
  venue?: number[];
  organizer?: number[];
  featured?: boolean;
  include?: number[];
  perPage: number;
  offset: number;
}

export class EventRepository extends PostTypeRepository<EventDoc> {
  constructor(store: ConstructorParameters<typeof PostTypeRepository>[0]) {
    super(store, EVENT_TYPE);
  }

  notFound() {
    return wpError('event-not-found');
  }

  /** rest-event-not-found for no post at all, rest-invalid-event-id for a post that is not an event (reference A.4). */
  async missing(id: number) {
    const other = id > 0 ? await this.posts.findOne({ id }) : null;
    return other ? wpError('rest-invalid-event-id') : wpError('rest-event-not-found');
  }

  async query(q: EventQuery): Promise<{ items: EventDoc[]; total: number }> {
    const and: Filter[] = [{ type: EVENT_TYPE }];
    const visible: Filter[] = [];
    if (q.statuses.length) visible.push({ status: { $in: q.statuses } });
    if (q.ownStatuses.length && q.ownerId) visible.push({ status: { $in: q.ownStatuses }, author: q.ownerId });
    and.push(visible.length ? { $or: visible } : { id: { $in: [] } });
    if (q.include) and.push({ id: { $in: q.include } });
    if (q.endsFrom) and.push({ utc_end_date: { $gte: q.endsFrom } });
    if (q.startsFrom) and.push({ utc_start_date: { $gte: q.startsFrom } });
    if (q.startsUntil) and.push({ utc_start_date: { $lte: q.startsUntil } });
    if (q.startsBefore) and.push({ utc_start_date: { $lt: q.startsBefore } });
    if (q.startsAfter) and.push({ utc_start_date: { $gt: q.startsAfter } });
    if (q.endsBefore) and.push({ utc_end_date: { $lt: q.endsBefore } });
    if (q.endsAfter) and.push({ utc_end_date: { $gt: q.endsAfter } });
    // Term and linked-post lists are OR within a parameter ("any of"), AND across parameters.
    for (const field of ['categories', 'tags', 'venue', 'organizer'] as const) {
      const ids = q[field];
      if (ids) and.push({ [field]: { $in: ids } });
    }
    if (q.featured !== undefined) and.push({ featured: q.featured });
    // tribe_get_events() leaves out events hidden from listings (its `hidden` filter defaults to false).
    and.push({ hide_from_listings: { $ne: true } });
    if (q.search) {
      and.push({ $or: ['title', 'description', 'excerpt'].map((f) => ({ [f]: { $contains: q.search } })) });
    }
    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    // The plugin orders by event start; with `include`, by publication date (post_date, site time) then id.
    const sort: Sort = q.include ? { date: 1, id: 1 } : { utc_start_date: 1, id: 1 };
    const items = total > q.offset ? await this.posts.find(filter, { sort, skip: q.offset, limit: q.perPage }) : [];
    return { items, total };
  }

  async create(input: Omit<EventDoc, 'id' | 'type' | 'slug'> & { slug?: string }): Promise<EventDoc> {
    const id = await this.store.nextId(POST_SEQUENCE);
    const doc = { ...input, id, type: EVENT_TYPE, slug: '' } as EventDoc;
    const base = slugForWrite({
      id,
      status: doc.status,
      title: doc.title,
      requested: input.slug as string | undefined,
    })!;
    return this.insertUnique(doc, base, () => wpError('could-not-update-event'));
  }

  save(doc: EventDoc, set: Partial<EventDoc>, unset: string[] = []): Promise<EventDoc> {
    return this.update(doc, set, () => wpError('could-not-update-event', { status: 403 }), unset);
  }
}
