/**
 * Storage of The Events Calendar's linked posts (venues, organizers), in the events store's shared `posts`
 * collection (posts/repository.ts). No HTTP here beyond the plugin's error codes.
 */
import type * as events from '../contracts';
import { wpError } from '@loom/service-kit';
import { invalidParams } from '../messages';
import type { Filter } from '@loom/store';
import { type BasePostDoc, EVENT_TYPE, POST_SEQUENCE, POSTS, PostTypeRepository } from '../posts/repository';
import { slugForWrite } from '../posts/slugs';

export { ensurePostIndexes } from '../posts/repository';

export interface LinkedPostDoc extends BasePostDoc {
  name: string;
  description: string;
  excerpt: string;
  /** The type's own fields (address, phone, show_map...). */
  meta: Record<string, unknown>;
  /**
   * Set on a post created inline by an event write: the data it was matched on (events/linked.ts), under a sparse
   * unique index, so concurrent writes naming the same new venue or organizer create one. Dropped once the post's
   * name, fields or trash state change.
   */
  match_key?: string;
}

export interface LinkedQuery {
  /** Status filter: statuses anyone may see, plus statuses only `ownerId`'s own posts may show. */
  statuses: string[];
  ownStatuses: string[];
  ownerId?: number;
  search?: string;
  /** Restrict to these ids (event / has_events / only_with_upcoming filters). */
  include?: number[];
  exclude?: number[];
  perPage: number;
  offset: number;
}

export interface LinkedInput {
  name?: string;
  slug?: string;
  description?: string;
  status?: string;
  author?: number;
  date?: string;
  date_gmt?: string;
  image?: number | string;
  meta: Record<string, unknown>;
}

export class LinkedPostRepository extends PostTypeRepository<LinkedPostDoc> {
  constructor(
    store: ConstructorParameters<typeof PostTypeRepository>[0],
    type: string,
    /** The plugin's name of the type in its error codes (venue / organizer). */
    readonly name: events.LinkedPostName,
    /** The field of an event holding ids of this type. */
    readonly eventField: 'venue' | 'organizer',
  ) {
    super(store, type);
  }

  async query(q: LinkedQuery): Promise<{ items: LinkedPostDoc[]; total: number }> {
    const and: Filter[] = [{ type: this.type }];
    const visible: Filter[] = [];
    if (q.statuses.length) visible.push({ status: { $in: q.statuses } });
    if (q.ownStatuses.length && q.ownerId) visible.push({ status: { $in: q.ownStatuses }, author: q.ownerId });
    and.push(visible.length ? { $or: visible } : { id: { $in: [] } });
    if (q.include) and.push({ id: { $in: q.include } });
    if (q.exclude?.length) and.push({ id: { $nin: q.exclude } });
    if (q.search) {
      and.push({ $or: ['name', 'description', 'excerpt'].map((f) => ({ [f]: { $contains: q.search } })) });
    }
    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    // WP_Query's default order: post_date (site time, which drafts have too), newest first.
    const items =
      total > q.offset
        ? await this.posts.find(filter, { sort: { date: -1, id: -1 }, skip: q.offset, limit: q.perPage })
        : [];
    return { items, total };
  }

  /** Ids of this type linked from events not in the trash (only those ending at or after `endsAfter`, UTC, if given). */
  async linkedFromEvents(opts: { endsAfter?: string }): Promise<number[]> {
    const field = this.eventField;
    const filter: Filter = { type: EVENT_TYPE, status: { $ne: 'trash' }, [field]: { $exists: true } };
    if (opts.endsAfter !== undefined) filter.utc_end_date = { $gte: opts.endsAfter };
    const events = await this.store.collection<BasePostDoc>(POSTS).find(filter);
    return [...new Set(events.flatMap((e) => (Array.isArray(e[field]) ? (e[field] as number[]) : [])))];
  }

  /** The ids of this type an event (`event=`) links to; the argument is invalid (is_event_id) unless it is an event. */
  async linkedFromEvent(id: number): Promise<number[]> {
    const doc = await this.store.collection<BasePostDoc>(POSTS).findOne({ id, type: EVENT_TYPE });
    if (!doc) throw invalidParams(['event']);
    const ids = doc[this.eventField];
    return Array.isArray(ids) ? ids : [];
  }

  /**
   * Creates the post; with `matchKey` (an inline venue/organizer), the post already holding that key, when a
   * concurrent write created it first, is returned instead.
   */
  async create(
    input: LinkedInput & {
      name: string;
      status: string;
      author: number;
      date: string;
      date_gmt: string;
      modified: string;
      modified_gmt: string;
    },
    matchKey?: string,
  ): Promise<LinkedPostDoc> {
    const id = await this.store.nextId(POST_SEQUENCE);
    const base = slugForWrite({ id, status: input.status, title: input.name, requested: input.slug, named: true })!;
    const doc: LinkedPostDoc = {
      id,
      type: this.type,
      author: input.author,
      status: input.status,
      name: input.name,
      slug: '',
      description: input.description ?? '',
      excerpt: '',
      date: input.date,
      date_gmt: input.date_gmt,
      modified: input.modified,
      modified_gmt: input.modified_gmt,
      meta: input.meta,
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(matchKey !== undefined ? { match_key: matchKey } : {}),
    };
    const claimed = async () => {
      if (doc.match_key === undefined) return null;
      const holder = await this.posts.findOne({ match_key: doc.match_key });
      if (holder && holder.status !== 'trash') return holder;
      // A trashed holder is matched no more: create without the key.
      if (holder) delete doc.match_key;
      return null;
    };
    return this.insertUnique(doc, base, () => wpError(`could-not-create-${this.name}`), claimed);
  }

  save(doc: LinkedPostDoc, set: Partial<LinkedPostDoc>, unset: string[] = []): Promise<LinkedPostDoc> {
    const changesMatch =
      doc.match_key !== undefined && (set.name !== undefined || set.meta !== undefined || set.status === 'trash');
    return this.update(
      doc,
      set,
      () => wpError(`could-not-update-${this.name}`),
      changesMatch ? [...unset, 'match_key'] : unset,
    );
  }
}
