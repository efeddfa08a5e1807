/**
 * Revisions and autosaves as WordPress stores them: `revision` documents (status `inherit`) in the shared posts
 * collection and id sequence, each with the post it belongs to as `parent`. Slugs are `{parent}-revision-v1` and
 * `{parent}-autosave-v1` (_wp_post_revision_data); autosaves also carry `autosave: true`, so revision lists and
 * counts leave them out with an indexed filter. Nothing here is specific to one post type: the caller says which
 * type the parent must be, and whether that type keeps revisions (post_type_supports 'revisions').
 */
import type { Filter, Sort, Store } from '@loom/store';
import { own } from '@loom/contracts';
import * as core from '../contract';
import type { RevisionSummary, SaveContext } from '../lifecycle';
import { POST_SEQUENCE, POSTS, relevanceRank, searchTerms, type PostDoc } from '../repository';
import { searchClauses } from '@loom/post-engine';
import { internalPostFields } from '../post';

export const REVISION = 'revision';

/** A revision or autosave: a post document of type `revision`. */
export interface RevisionDoc extends PostDoc {
  type: 'revision';
  status: 'inherit';
  /** An autosave (`{parent}-autosave-v1`) rather than a revision. */
  autosave: boolean;
}

/** The fields a revision keeps (_wp_post_revision_fields). */
export const REVISION_FIELDS = ['title', 'content', 'excerpt'] as const;
export type RevisionFields = Record<(typeof REVISION_FIELDS)[number], string>;

/** normalize_whitespace(): trimmed, no carriage returns, runs of newlines and of blanks collapsed. */
export function normalizeWhitespace(s: string): string {
  return s
    .trim()
    .replace(/\r+/g, '')
    .replace(/\n+/g, '\n')
    .replace(/[ \t]+/g, ' ');
}

/** Whether two versions differ in a revisioned field (as wp_save_post_revision and autosaves compare them). */
export function fieldsDiffer(a: RevisionFields, b: RevisionFields): boolean {
  return REVISION_FIELDS.some((f) => normalizeWhitespace(a[f] ?? '') !== normalizeWhitespace(b[f] ?? ''));
}

/** wp_revisions_enabled(): the type supports revisions. */
export function revisionsEnabled(type: string): boolean {
  return (
    core
      .allPostTypes()
      .find((t) => t.name === type)
      ?.supports.includes('revisions') ?? false
  );
}

const NEWEST_FIRST: Sort = { date: -1, id: -1 };

export interface RevisionQuery {
  search?: string;
  include: number[];
  exclude: number[];
  orderby: string;
  order: 'asc' | 'desc';
  /** undefined: every revision (posts_per_page -1: no window at all). */
  perPage?: number;
  offset: number;
}

const SORT_FIELDS: Record<string, string> = {
  date: 'date',
  id: 'id',
  slug: 'slug',
  title: 'title_sort',
  include_slugs: 'date',
};

export async function ensureRevisionIndexes(store: Store): Promise<void> {
  await store.collection<PostDoc>(POSTS).ensureIndex({ fields: ['parent', 'type'] });
}

export class RevisionRepository {
  constructor(readonly store: Store) {}

  private get posts() {
    return this.store.collection<RevisionDoc>(POSTS);
  }

  /** get_revision(): any revision or autosave by id. */
  get(id: number): Promise<RevisionDoc | null> {
    return id > 0 ? this.posts.findOne({ id, type: REVISION }) : Promise.resolve(null);
  }

  /** The newest revision (not autosave) of a post. */
  async latest(parent: number): Promise<RevisionDoc | null> {
    return (
      (
        await this.posts.find({ type: REVISION, parent, autosave: { $ne: true } }, { sort: NEWEST_FIRST, limit: 1 })
      )[0] ?? null
    );
  }

  /** A page of a post's revisions (WP_Query over post_type revision, post_parent, inherit), autosaves left out. */
  async query(parent: number, q: RevisionQuery): Promise<{ items: RevisionDoc[]; total: number }> {
    const and: Filter[] = [{ type: REVISION, parent, autosave: { $ne: true } }];
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    let terms: string[] = [];
    if (q.search) {
      terms = searchTerms(q.search);
      and.push(...searchClauses(terms, ['title', 'excerpt', 'content']));
    }
    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    const window = <T>(all: T[]) => (q.perPage === undefined ? all : all.slice(q.offset, q.offset + q.perPage));

    if (q.orderby === 'include' && q.include.length) {
      const all = await this.posts.find(filter);
      all.sort((a, b) => q.include.indexOf(a.id) - q.include.indexOf(b.id));
      return { items: window(all), total };
    }
    if (q.orderby === 'relevance' && q.search) {
      const rank = relevanceRank(q.search, terms);
      const ranked = (await this.posts.find(filter)).map((p) => ({ p, r: rank(p) }));
      ranked.sort((a, b) => a.r - b.r || (a.p.date < b.p.date ? 1 : a.p.date > b.p.date ? -1 : b.p.id - a.p.id));
      return { items: window(ranked.map((x) => x.p)), total };
    }
    const dir = q.order === 'asc' ? 1 : -1;
    const field = own(SORT_FIELDS, q.orderby) ?? 'date';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = dir;
    const items =
      q.perPage === undefined
        ? await this.posts.find(filter, { sort })
        : await this.posts.find(filter, { sort, skip: q.offset, limit: q.perPage });
    return { items, total };
  }

  /** Every autosave of a post (all users'), newest first. */
  autosaves(parent: number): Promise<RevisionDoc[]> {
    return this.posts.find({ type: REVISION, parent, autosave: true }, { sort: NEWEST_FIRST });
  }

  /** wp_get_post_autosave( $post, $user ): the user's autosave of the post. */
  async autosaveOf(parent: number, userId: number): Promise<RevisionDoc | null> {
    return (
      (
        await this.posts.find(
          { type: REVISION, parent, autosave: true, author: userId },
          { sort: { id: -1 }, limit: 1 },
        )
      )[0] ?? null
    );
  }

  /** _wp_put_post_revision(): a new revision or autosave of `post` holding `fields`. */
  async insert(
    post: PostDoc,
    fields: RevisionFields,
    o: { author: number; autosave: boolean; date: { local: string; gmt: string } },
  ): Promise<RevisionDoc> {
    const id = await this.store.nextId(POST_SEQUENCE);
    const doc: RevisionDoc = {
      id,
      type: REVISION,
      status: 'inherit',
      autosave: o.autosave,
      author: o.author,
      date: o.date.local,
      date_gmt: o.date.gmt,
      modified: o.date.local,
      modified_gmt: o.date.gmt,
      slug: `${post.id}-${o.autosave ? 'autosave' : 'revision'}-v1`,
      title: fields.title,
      title_sort: fields.title.toLowerCase(),
      content: fields.content,
      excerpt: fields.excerpt,
      parent: post.id,
      // guid: get_permalink() of a revision (an `inherit` status forces the plain form), made at response time.
      ...internalPostFields(),
    };
    return this.posts.insert(doc);
  }

  /** The user's autosave replaced by new fields (wp_update_post of the old autosave). */
  async replaceAutosave(
    old: RevisionDoc,
    fields: RevisionFields,
    o: { author: number; date: { local: string; gmt: string } },
  ): Promise<RevisionDoc> {
    const set = {
      title: fields.title,
      title_sort: fields.title.toLowerCase(),
      content: fields.content,
      excerpt: fields.excerpt,
      author: o.author,
      date: o.date.local,
      date_gmt: o.date.gmt,
      modified: o.date.local,
      modified_gmt: o.date.gmt,
    };
    return (await this.posts.updateOne({ id: old.id, type: REVISION }, { $set: set })) ?? { ...old, ...set };
  }

  delete(id: number): Promise<RevisionDoc | null> {
    return this.posts.deleteOne({ id, type: REVISION });
  }

  /** wp_delete_post()'s revision side: every revision and autosave of the post goes with it. */
  deleteAllOf(parent: number): Promise<number> {
    return this.posts.deleteMany({ type: REVISION, parent });
  }

  /** wp_get_latest_revision_id_and_total_count() for a page of posts: per post, a count and the newest one. */
  async summaries(parents: number[]): Promise<Map<number, RevisionSummary>> {
    const out = new Map<number, RevisionSummary>();
    if (!parents.length) return out;
    // Counted, and only the newest read, per parent: reading every revision (each a copy of its post) to count
    // them costs as much as the revisions a page's posts have piled up.
    await Promise.all(
      [...new Set(parents)].map(async (parent) => {
        const filter = { type: REVISION, parent, autosave: { $ne: true } };
        const [count, [latest]] = await Promise.all([
          this.posts.count(filter),
          this.posts.find(filter, { sort: NEWEST_FIRST, limit: 1 }),
        ]);
        if (count && latest) out.set(parent, { count, latestId: latest.id });
      }),
    );
    return out;
  }

  /**
   * wp_save_post_revision(), after a post is saved: nothing on create (WordPress stores the first revision at the
   * first update), for autosaves, auto-drafts or types without revisions; otherwise a copy of the saved post,
   * unless its title, content and excerpt are those of the newest revision already.
   */
  async saveRevision(current: PostDoc, previous: PostDoc | null, by: SaveContext): Promise<RevisionDoc | null> {
    if (!previous || by.autosave || current.type === REVISION) return null;
    if (current.status === 'auto-draft' || !revisionsEnabled(current.type)) return null;
    const latest = await this.latest(current.id);
    if (latest && !fieldsDiffer(latest, current)) return null;
    // The revision is dated with the post's modification time (post_date = post_modified, and modified alike).
    return this.insert(current, current, {
      author: by.userId,
      autosave: false,
      date: { local: current.modified, gmt: current.modified_gmt },
    });
  }
}
