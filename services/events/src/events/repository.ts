/**
 * Storage of events (`tribe_events` in the events store's shared `posts` collection) and the archive query.
 * Dates are kept twice, as the plugin's meta: wall times in the event's zone (`start_date`, `end_date`) and UTC
 * (`utc_start_date`, `utc_end_date`, which sort and compare as strings). No HTTP here beyond error codes.
 */
import type { Filter, Sort, Store } from '@loom/store';
import { wpError } from '@loom/service-kit';
import { EVENT_TYPE, POST_SEQUENCE, POSTS, PostTypeRepository, type BasePostDoc } from '../posts/repository';
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
  /** `_EventURL`; absent means the permalink is shown, '' (cleared by an update) that none is. */
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
  /**
   * The UTC months (`YYYY-MM`) from the event's start to its end, or [LONG] past MAX_MONTHS: indexed, so that a date
   * window's archive query can ask the embedded store for the events of its months first (archiveMonths).
   */
  months?: string[];
}

/** Months an event is listed under at most; a longer event is under LONG, which every window asks for. */
const MAX_MONTHS = 24;
const LONG = '*';

const monthOf = (utcWall: string) => utcWall.slice(0, 7);
/** The months from `from` to `to` (`YYYY-MM`, either order), at most MAX_MONTHS + 1 of them; null past that. */
function monthsBetween(from: string, to: string): string[] | null {
  const [a, b] = from <= to ? [from, to] : [to, from];
  let y = Number(a.slice(0, 4));
  let m = Number(a.slice(5, 7));
  if (!/^\d{4}-\d{2}$/.test(a) || !/^\d{4}-\d{2}$/.test(b)) return null;
  const out: string[] = [];
  for (let key = a; key <= b; key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`) {
    if (out.length > MAX_MONTHS) return null;
    out.push(key);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** The `months` an event with these UTC dates is stored with (LONG, a candidate of every window, without both). */
export function eventMonths(utcStart: unknown, utcEnd: unknown): string[] {
  if (typeof utcStart !== 'string' || typeof utcEnd !== 'string') return [LONG];
  const months = monthsBetween(monthOf(utcStart), monthOf(utcEnd));
  return months && months.length <= MAX_MONTHS ? months : [LONG];
}

/**
 * The months a window's events may be stored under, or null when the window is open-ended or too long to narrow.
 * An event in the window has a date (its start or end) at or after its lower bound L and one at or before its upper
 * bound U (an event whose end was moved back to its start may keep a UTC end before its UTC start: see
 * handlers.ts), so its months, from start to end in either order, meet the months between L and U, whichever comes
 * first.
 */
function archiveMonths(q: EventQuery): string[] | null {
  const lower = [q.startsFrom, q.startsAfter, q.endsAfter].filter((v): v is string => v !== undefined);
  const upper = [q.endsUntil, q.startsBefore, q.endsBefore].filter((v): v is string => v !== undefined);
  if (!lower.length || !upper.length) return null;
  const l = monthOf(lower.reduce((a, b) => (a > b ? a : b)));
  const u = monthOf(upper.reduce((a, b) => (a < b ? a : b)));
  const months = monthsBetween(l, u);
  return months && [...months, LONG];
}

/** The archive query, as handlers resolved it from the request (UTC bounds as `YYYY-MM-DD HH:MM:SS`). */
export interface EventQuery {
  statuses: string[];
  /** Statuses only the caller's own events may show. */
  ownStatuses: string[];
  ownerId?: number;
  /** Events starting at or after (start_date). */
  startsFrom?: string;
  /** Events ending at or before (end_date). */
  endsUntil?: string;
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

  async query(q: EventQuery): Promise<{ items: EventDoc[]; total: number }> {
    // Cheapest and most selective tests first: the store tests each candidate in this order.
    const and: Filter[] = [{ type: EVENT_TYPE }];
    if (q.include) and.push({ id: { $in: q.include } });
    if (q.startsFrom) and.push({ utc_start_date: { $gte: q.startsFrom } });
    if (q.endsUntil) and.push({ utc_end_date: { $lte: q.endsUntil } });
    if (q.startsBefore) and.push({ utc_start_date: { $lt: q.startsBefore } });
    if (q.startsAfter) and.push({ utc_start_date: { $gt: q.startsAfter } });
    if (q.endsBefore) and.push({ utc_end_date: { $lt: q.endsBefore } });
    if (q.endsAfter) and.push({ utc_end_date: { $gt: q.endsAfter } });
    const visible: Filter[] = [];
    if (q.statuses.length) visible.push({ status: { $in: q.statuses } });
    if (q.ownStatuses.length && q.ownerId) visible.push({ status: { $in: q.ownStatuses }, author: q.ownerId });
    // One status (an anonymous reader's `publish`) is tested as an equality, without the `$or` around it.
    const only = visible.length === 1 && !q.ownStatuses.length ? q.statuses : null;
    if (only?.length === 1) and.push({ status: only[0] });
    else and.push(visible.length ? (visible.length === 1 ? visible[0]! : { $or: visible }) : { id: { $in: [] } });
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
    // The embedded store tests every document unless an indexed equality narrows them (it never uses an index for a
    // range): a window also asks for its months, which every event it lists is stored under (ensureEventMonths).
    const months = this.store.kind === 'embedded' && !q.include ? archiveMonths(q) : null;
    if (months) and.push({ months: { $in: months } });
    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    // The plugin orders by event start; with `include`, by publication date (post_date, site time) then id.
    const sort: Sort = q.include ? { date: 1, id: 1 } : { utc_start_date: 1, id: 1 };
    const items = total > q.offset ? await this.posts.find(filter, { sort, skip: q.offset, limit: q.perPage }) : [];
    return { items, total };
  }

  async create(input: Omit<EventDoc, 'id' | 'type' | 'slug'> & { slug?: string }): Promise<EventDoc> {
    const id = await this.store.nextId(POST_SEQUENCE);
    const doc = {
      ...input,
      id,
      type: EVENT_TYPE,
      slug: '',
      months: eventMonths(input.utc_start_date, input.utc_end_date),
    } as EventDoc;
    const base = slugForWrite({
      id,
      status: doc.status,
      title: doc.title,
      requested: input.slug as string | undefined,
    })!;
    return this.insertUnique(doc, base, () => wpError('could-not-update-event'));
  }

  save(doc: EventDoc, set: Partial<EventDoc>, unset: string[] = []): Promise<EventDoc> {
    const start = set.utc_start_date ?? doc.utc_start_date;
    const end = set.utc_end_date ?? doc.utc_end_date;
    const months = eventMonths(start, end);
    const stored = doc.months;
    const same = stored?.length === months.length && stored.every((m, i) => m === months[i]);
    return this.update(
      doc,
      same ? set : { ...set, months },
      () => wpError('could-not-update-event', { status: 403 }),
      unset,
    );
  }
}

/**
 * Gives every event its `months` (events stored before they had them), once when the service starts: the archive
 * asks the embedded store for a window's months, so an event without them would be missing from windows. The
 * embedded store is owned by this one process, whose every event write sets them.
 */
export async function ensureEventMonths(store: Store): Promise<void> {
  const posts = store.collection<EventDoc>(POSTS);
  await posts.ensureIndex({ fields: ['months'] });
  for (const doc of await posts.find({ type: EVENT_TYPE, months: { $exists: false } }))
    await posts.updateOne(
      { id: doc.id, type: EVENT_TYPE },
      { $set: { months: eventMonths(doc.utc_start_date, doc.utc_end_date) } },
    );
}
