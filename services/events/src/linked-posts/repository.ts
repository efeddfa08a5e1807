/**
 * Storage of The Events Calendar's linked posts (venues, organizers): one `posts` collection and one id
 * sequence shared with events, as WordPress's posts table; `type` tells them apart. No HTTP here beyond the
 * plugin's error codes.
 */
import { sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, escapeRegExp, type Collection, type Filter, type Store } from '@loom/store';
import { restError } from '@loom/service-kit';

export const POSTS = 'posts';
export const POST_SEQUENCE = 'posts';
export const EVENT_TYPE = 'tribe_events';

export interface LinkedPostDoc extends Record<string, unknown> {
  id: number;
  type: string;
  author: number;
  status: string;
  /** Status before trashing (for capability checks on trashed posts). */
  trashed_from?: string;
  name: string;
  slug: string;
  description: string;
  excerpt: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  /** The type's own fields (address, phone, show_map...). */
  meta: Record<string, unknown>;
  image?: number | string;
}

/** An event as far as linked-post filters need it (events arrive later; tests insert these directly). */
export interface EventLinkDoc extends Record<string, unknown> {
  id: number;
  type: typeof EVENT_TYPE;
  status: string;
  venue?: number[];
  organizer?: number[];
  utc_end_date?: string;
}

export async function ensurePostIndexes(store: Store): Promise<void> {
  const posts = store.collection(POSTS);
  await posts.ensureIndex({ fields: ['id'], unique: true });
  await posts.ensureIndex({ fields: ['type', 'slug'], unique: true });
  await posts.ensureIndex({ fields: ['type', 'status'] });
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

export class LinkedPostRepository {
  private readonly posts: Collection<LinkedPostDoc>;

  constructor(
    private readonly store: Store,
    readonly type: string,
    /** The plugin's `<name>-not-found` code and the name (venue / organizer). */
    readonly name: string,
  ) {
    this.posts = store.collection<LinkedPostDoc>(POSTS);
  }

  get(id: number): Promise<LinkedPostDoc | null> {
    return id > 0 ? this.posts.findOne({ id, type: this.type }) : Promise.resolve(null);
  }

  getBySlug(slug: string): Promise<LinkedPostDoc | null> {
    return slug ? this.posts.findOne({ slug: sanitizeTitle(slug), type: this.type }) : Promise.resolve(null);
  }

  notFound() {
    return restError(`${this.name}-not-found`, `The requested ${this.name} was not found.`, 404);
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
      const re = new RegExp(escapeRegExp(q.search), 'i');
      and.push({ $or: [{ name: { $regex: re } }, { description: { $regex: re } }, { excerpt: { $regex: re } }] });
    }
    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    const items = total > q.offset ? await this.posts.find(filter, { sort: { date_gmt: -1, id: -1 }, skip: q.offset, limit: q.perPage }) : [];
    return { items, total };
  }

  /** Ids of this type linked from events (optionally only events ending at or after `endsAfter`, UTC). */
  async linkedFromEvents(opts: { eventId?: number; endsAfter?: string }): Promise<number[]> {
    const field = this.type === 'tribe_venue' ? 'venue' : 'organizer';
    const filter: Filter = { type: EVENT_TYPE, status: { $ne: 'trash' }, [field]: { $exists: true } };
    if (opts.eventId !== undefined) filter.id = opts.eventId;
    if (opts.endsAfter !== undefined) filter.utc_end_date = { $gte: opts.endsAfter };
    const events = await this.store.collection<EventLinkDoc>(POSTS).find(filter);
    return [...new Set(events.flatMap((e) => (Array.isArray(e[field]) ? (e[field] as number[]) : [])))];
  }

  /** The event of `event=`: rest-invalid-event-id unless it is one. */
  async requireEvent(id: number): Promise<void> {
    const doc = await this.store.collection(POSTS).findOne({ id, type: EVENT_TYPE });
    if (!doc) throw restError('rest-invalid-event-id', `The event ID ${id} is not valid.`, 400);
  }

  async create(input: LinkedInput & { name: string; status: string; author: number; date: string; date_gmt: string; modified: string; modified_gmt: string }): Promise<LinkedPostDoc> {
    const id = await this.store.nextId(POST_SEQUENCE);
    const base = input.slug || sanitizeTitle(input.name);
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
    };
    return this.withUniqueSlug(base || String(id), id, async (slug) => this.posts.insert({ ...doc, slug }));
  }

  async update(doc: LinkedPostDoc, set: Partial<LinkedPostDoc>): Promise<LinkedPostDoc> {
    const write = async (s: Partial<LinkedPostDoc>) => {
      const updated = await this.posts.updateOne({ id: doc.id, type: this.type }, { $set: s });
      if (!updated) throw restError(`could-not-update-${this.name}`, `The ${this.name} could not be updated.`, 400);
      return updated;
    };
    if (set.slug === undefined || set.slug === doc.slug) return write(set);
    return this.withUniqueSlug(set.slug || String(doc.id), doc.id, (slug) => write({ ...set, slug }));
  }

  /** wp_unique_post_slug within the type: the slug, then -2, -3...; retried if another write wins the race. */
  private async withUniqueSlug(base: string, id: number, write: (slug: string) => Promise<LinkedPostDoc>): Promise<LinkedPostDoc> {
    for (let attempt = 0; attempt < 5; attempt++) {
      let slug = base;
      for (let n = 2; await this.posts.findOne({ type: this.type, slug, id: { $ne: id } }); n++) slug = `${base}-${n}`;
      try {
        return await write(slug);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
      }
    }
    throw restError(`could-not-create-${this.name}`, `The ${this.name} could not be saved.`, 400);
  }
}
