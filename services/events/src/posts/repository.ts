/**
 * The events store's posts: events, venues and organizers share one `posts` collection and one id sequence,
 * as WordPress's posts table; `type` tells them apart. What every type's repository shares lives here: reads by
 * id and slug, and inserts and updates that keep slugs unique within the type (wp_unique_post_slug), which the
 * store's (type, slug) unique index enforces whichever replica writes.
 */
import { sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, type Collection, type Store } from '@loom/store';
import { wpError, type WpError } from '@loom/service-kit';
import { isReservedSlug, isTrashedSlug, SLUG_MAX, slugSuffix, truncateSlug, uniqueSlug } from '@loom/post-engine';
import { isNoSlug, trashedSlug } from './slugs';

export const POSTS = 'posts';
export const POST_SEQUENCE = 'posts';
export const EVENT_TYPE = 'tribe_events';
export const VENUE_TYPE = 'tribe_venue';
export const ORGANIZER_TYPE = 'tribe_organizer';

export interface BasePostDoc extends Record<string, unknown> {
  id: number;
  type: string;
  author: number;
  status: string;
  /** Status before trashing (_wp_trash_meta_status; for capability checks on trashed posts). */
  trashed_from?: string;
  /** When it was trashed, UTC (_wp_trash_meta_time). */
  trashed_at?: string;
  /** post_name, or a placeholder while there is none (slugs.ts). */
  slug: string;
  /** The slug before trashing (_wp_desired_post_slug), given back when the post leaves the trash. */
  desired_slug?: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  /** Featured image: a core-content media id, or a URL. */
  image?: number | string;
}

export async function ensurePostIndexes(store: Store): Promise<void> {
  const posts = store.collection(POSTS);
  await posts.ensureIndex({ fields: ['id'], unique: true });
  await posts.ensureIndex({ fields: ['type', 'slug'], unique: true });
  // Slug look-ups without one type (a write freeing a trashed post's slug), which the embedded store narrows by it.
  await posts.ensureIndex({ fields: ['slug'] });
  // Venues and organizers created inline by event writes, by the data they were matched on (linked-posts).
  await posts.ensureIndex({ fields: ['match_key'], unique: true, sparse: true });
  await posts.ensureIndex({ fields: ['type', 'status'] });
  // Scheduled posts that are due (by status alone). The embedded store looks candidates up by single-field indexes
  // only, and a list's status may sit in the caller's `$or` (visibility): each list is one type's.
  await posts.ensureIndex({ fields: ['status'] });
  await posts.ensureIndex({ fields: ['type'] });
  // Event archives: date windows, and the linked-post and term filters.
  await posts.ensureIndex({ fields: ['utc_start_date'] });
  await posts.ensureIndex({ fields: ['utc_end_date'] });
  for (const field of ['venue', 'organizer', 'categories', 'tags']) await posts.ensureIndex({ fields: [field] });
}

/**
 * The types whose trashed posts let go of a slug another post is written with: wp_add_trashed_suffix_to_post_name_for_trashed_posts()
 * asks get_posts() for post_type 'any', which is every type not excluded from search. Of the plugin's types only
 * events are searchable (Tribe__Events__Venue and __Organizer register 'exclude_from_search' => true), so whichever
 * type is written, only trashed events let go.
 */
export const SLUG_FREEING_TYPES: readonly string[] = [EVENT_TYPE];

/** Bounds a write's retries; each one means a concurrent write took the slug, so this covers that many writers. */
const MAX_SLUG_ATTEMPTS = 1000;

export class PostTypeRepository<T extends BasePostDoc> {
  protected readonly posts: Collection<T>;

  constructor(
    protected readonly store: Store,
    readonly type: string,
  ) {
    this.posts = store.collection<T>(POSTS);
  }

  get(id: number): Promise<T | null> {
    return id > 0 ? this.posts.findOne({ id, type: this.type }) : Promise.resolve(null);
  }

  /** The post named by a path's slug, read as sanitize_title reads it (at most SLUG_MAX characters). */
  getBySlug(slug: string): Promise<T | null> {
    const s = truncateSlug(sanitizeTitle(slug), SLUG_MAX);
    return s ? this.posts.findOne({ slug: s, type: this.type }) : Promise.resolve(null);
  }

  /**
   * Inserts `doc` (its id from nextId) under the first free slug from `base` (or under no slug: slugs.ts);
   * `failure` if it never fits. `claimed`, asked when the store refuses the insert, may answer the post holding
   * another of doc's unique keys, which is then returned instead.
   */
  protected async insertUnique(
    doc: T,
    base: string,
    failure: () => WpError,
    claimed?: () => Promise<T | null>,
  ): Promise<T> {
    if (isNoSlug(base)) return this.posts.insert({ ...doc, slug: base });
    await this.freeTrashedSlug(base || String(doc.id), doc.id);
    return this.withUniqueSlug(
      base || String(doc.id),
      doc.id,
      (slug) => this.posts.insert({ ...doc, slug }),
      failure,
      claimed,
    );
  }

  /** Sets `set` on `doc` (and removes `unset`); a changed slug is made unique first. */
  async update(doc: T, set: Partial<T>, failure: () => WpError, unset: string[] = []): Promise<T> {
    const write = async (s: Partial<T>) => {
      const remove = unset.length ? { $unset: Object.fromEntries(unset.map((f) => [f, true as const])) } : {};
      const updated = await this.posts.updateOne({ id: doc.id, type: this.type }, { $set: s, ...remove });
      if (!updated) throw failure();
      return updated;
    };
    const trashing = (set.status ?? doc.status) === 'trash';
    if (set.slug === undefined || set.slug === doc.slug || isNoSlug(set.slug)) {
      // wp_insert_post frees the slug it writes whether or not it changed.
      const slug = set.slug ?? doc.slug;
      if (!trashing && !isNoSlug(slug)) await this.freeTrashedSlug(slug, doc.id);
      return write(set);
    }
    const base = set.slug || String(doc.id);
    if (!trashing) await this.freeTrashedSlug(base, doc.id);
    return this.withUniqueSlug(base, doc.id, (slug) => write({ ...set, slug }), failure);
  }

  /**
   * wp_add_trashed_suffix_to_post_name_for_trashed_posts(): a trashed post still holding the slug a post is written
   * with (trashed before trashing renamed slugs, or given the slug while in the trash) lets go of it, taking
   * `__trashed` and remembering the slug, so the slug goes to the post being written. WordPress looks among every
   * type not excluded from search (SLUG_FREEING_TYPES), and leaves a slug already ending in __trashed as it is.
   */
  private async freeTrashedSlug(slug: string, exceptId: number): Promise<void> {
    if (isTrashedSlug(slug)) return;
    const holders = await this.posts.find({
      type: { $in: [...SLUG_FREEING_TYPES] },
      slug,
      status: 'trash',
      id: { $ne: exceptId },
    });
    for (const holder of holders) {
      // A concurrent write that renamed it first leaves nothing to do.
      const rename = async (s: string) =>
        (await this.posts.updateOne(
          { id: holder.id, slug },
          { $set: { slug: s, desired_slug: slug } as Partial<T> },
        )) ?? holder;
      await this.withUniqueSlug(
        trashedSlug(slug),
        holder.id,
        rename,
        () => wpError('could-not-update'),
        undefined,
        holder.type,
      );
    }
  }

  /**
   * wp_unique_post_slug within the type (this repository's, or `type`'s) (@loom/post-engine's rules, as core-content's): the slug unless taken or a
   * feed name or `embed`, else -2, -3..., the slug shortened so that it and its suffix fit 200 characters. The
   * unique index has the last word: when a concurrent write took the slug meanwhile, the write runs again from that
   * suffix on (never back from the start), so many writers of one slug each settle on their own.
   */
  private async withUniqueSlug(
    base: string,
    id: number,
    write: (slug: string) => Promise<T>,
    failure: () => WpError,
    claimed?: () => Promise<T | null>,
    type = this.type,
  ): Promise<T> {
    const taken = async (candidate: string) =>
      (await this.posts.findOne({ type, slug: candidate, id: { $ne: id } })) !== null;
    const reserved = isReservedSlug(base);
    let from = 1;
    for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
      const slug = await uniqueSlug(base, taken, { reserved, from });
      try {
        return await write(slug);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        const holder = await claimed?.();
        if (holder) return holder;
        // Whatever took the slug is stored now, so the search from its suffix moves past it.
        from = slugSuffix(slug, base);
      }
    }
    throw failure();
  }
}
