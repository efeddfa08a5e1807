/**
 * Post-like items: storage and WordPress's post rules (wp_insert_post, wp_update_post, wp_trash_post,
 * wp_delete_post, WP_Query for the collections), no HTTP. Every post-like type (posts, pages, and later media,
 * menu items, blocks, navigation, templates) lives in the one `posts` collection with one id sequence, told
 * apart by `type`, as in WordPress's posts table. Term ids are kept on the post under each taxonomy's rest base
 * (`categories`, `tags`), and term counts (published posts per term) are kept right here.
 */
import { own, sanitizeTitle } from '@loom/contracts';
import {
  createDueCheck,
  isFloating,
  publishDue,
  relevanceRank as rankBy,
  searchClauses,
  searchTerms,
  slugAcrossTrash,
  statusForDate,
  trashChanges,
} from '@loom/post-engine';
import * as core from './contract';
import { wpError } from '@loom/service-kit';
import { DuplicateKeyError, type Collection, type Filter, type Sort, type Store } from '@loom/store';
import { adjustTermCounts, recountTerms, termIdsOf, TERMS, type TermDoc } from '@loom/terms';
import { formatUtc, gmtFromLocal, nowStamps, type SiteClock } from './dates';
import { postDeleted, postSaved } from './lifecycle';
import { siteOptions } from '../site/site-options';
import { permalink } from './permalinks';
import {
  SHARED_SLUG_STATUSES,
  slugKey,
  slugSuffix,
  trashedSlug,
  truncateSlug,
  uniquePostSlug,
  SLUG_MAX,
} from './slugs';
import { isDateFloating, type PostTypeBehaviour } from './behaviour';
import { STORED_POST_TYPE_BEHAVIOURS } from './registry';

export const POSTS = 'posts';
export const POST_SEQUENCE = 'posts';

export type { PostDoc, PostInput, PostQuery, TaxClause, WriteContext } from './post';
import type { PostDoc, PostInput, PostQuery, TaxClause, WriteContext } from './post';

/** Where each taxonomy's term ids live on a post: its rest base (term counts in @loom/terms read it too). */
const taxonomyFields: () => ReadonlyMap<string, string> = core.derived(
  () => new Map(core.allTaxonomies().map((t) => [t.name, t.restBase])),
);

/** Column sorts (WP_Query orderby → our fields); include, include_slugs and relevance are ordered in memory. */
const SORT_FIELDS: Record<string, string> = {
  author: 'author',
  date: 'date',
  id: 'id',
  modified: 'modified',
  parent: 'parent',
  slug: 'slug',
  title: 'title_sort',
  menu_order: 'menu_order',
};

const SEARCH_FIELDS: Record<string, string> = { post_title: 'title', post_excerpt: 'excerpt', post_content: 'content' };

export { searchTerms };

export async function ensurePostIndexes(store: Store): Promise<void> {
  const posts = store.collection<PostDoc>(POSTS);
  await posts.ensureIndex({ fields: ['id'], unique: true });
  // Collections: type and status first, then the default order.
  await posts.ensureIndex({ fields: ['type', 'status', 'date'] });
  await posts.ensureIndex({ fields: ['type', 'status', 'modified'] });
  // Slug lookups and uniqueness (flat types; pages add their parent).
  await posts.ensureIndex({ fields: ['type', 'slug'] });
  await posts.ensureIndex({ fields: ['type', 'parent'] });
  // Scheduled posts that are due.
  await posts.ensureIndex({ fields: ['status', 'date_gmt'] });
  // Term filters and term counts.
  for (const field of new Set(taxonomyFields().values())) await posts.ensureIndex({ fields: [field] });
  // The embedded store uses single-field indexes for equality, `$in` and ranges (compound ones only when every
  // field is an equality): status finds the few scheduled posts, parent the revisions and children of a page.
  await posts.ensureIndex({ fields: ['status'] });
  await posts.ensureIndex({ fields: ['parent'] });
  await posts.ensureIndex({ fields: ['slug'] });
  // Slugs WordPress makes unique, enforced by the store whichever replica writes (see slugKey).
  await posts.ensureIndex({ fields: ['slug_key'], unique: true, sparse: true });
  await addSlugKeys(posts);
}

/** A post's slug key (slugKey) by its type's rules; none for types this service does not write (revisions). */
function slugKeyOf(post: PostDoc): string | undefined {
  const rules = STORED_POST_TYPE_BEHAVIOURS().get(post.type);
  return rules ? slugKey(post, rules.slugs) : undefined;
}

/**
 * Stored posts written before slug keys get theirs. Where two already share a slug (written concurrently before
 * the index), the older keeps the key and the other goes without until its next save makes its slug unique.
 */
async function addSlugKeys(posts: Collection<PostDoc>): Promise<void> {
  const pending = await posts.find(
    {
      type: { $in: [...STORED_POST_TYPE_BEHAVIOURS().keys()] },
      status: { $nin: [...SHARED_SLUG_STATUSES] },
      slug_key: { $exists: false },
      slug: { $nin: ['', '0'] },
    },
    { sort: { id: 1 } },
  );
  for (const post of pending) {
    const key = slugKeyOf(post);
    if (key === undefined) continue;
    try {
      await posts.updateOne(
        { id: post.id, slug: post.slug, slug_key: { $exists: false } },
        { $set: { slug_key: key } },
      );
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
    }
  }
}

/** The theme a post belongs to (templates keep theirs as an own field), for slug scopes. */
const themeOf = (doc: Record<string, unknown>): string | undefined =>
  typeof doc.theme === 'string' ? doc.theme : undefined;

/** Bounds a write's retries; each one means a concurrent write took the slug, so this covers that many writers. */
const MAX_SLUG_ATTEMPTS = 1000;

/**
 * Runs `write` with `doc` carrying its slug key (or none, `unsetKey`). When a concurrent write took the slug
 * meanwhile (the unique index refuses it), the slug moves on to the next free suffix of `base`, the one
 * uniquePostSlug started from, and the write runs again: each retry looks only past the suffix that was lost.
 */
async function saveWithUniqueSlug(
  posts: Collection<PostDoc>,
  doc: PostDoc,
  base: string,
  write: (doc: PostDoc, unsetKey: boolean) => Promise<PostDoc | null>,
): Promise<PostDoc | null> {
  const rules = STORED_POST_TYPE_BEHAVIOURS().get(doc.type);
  let suffix = slugSuffix(doc.slug, base);
  for (let attempt = 1; ; attempt++) {
    const key = slugKeyOf(doc);
    const { slug_key: _old, ...rest } = doc;
    void _old;
    const next: PostDoc = key === undefined ? rest : { ...rest, slug_key: key };
    try {
      return await write(next, key === undefined);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError) || key === undefined || !rules || attempt >= MAX_SLUG_ATTEMPTS) throw e;
      doc.slug = await uniquePostSlug(
        posts,
        base,
        { id: doc.id, status: doc.status, type: doc.type, parent: doc.parent, rule: rules.slugs, theme: themeOf(doc) },
        suffix + 1,
      );
      suffix = slugSuffix(doc.slug, base);
    }
  }
}

/** wp_delete_post()'s children of a hierarchical post move up to its parent, their slug made unique there. */
async function moveChildrenUp(posts: Collection<PostDoc>, post: PostDoc): Promise<void> {
  for (const child of await posts.find({ type: post.type, parent: post.id })) {
    await saveWithUniqueSlug(posts, { ...child, parent: post.parent }, child.slug, (doc, unsetKey) =>
      posts.updateOne(
        { id: child.id },
        {
          $set: { parent: doc.parent, slug: doc.slug, slug_key: doc.slug_key },
          ...(unsetKey ? { $unset: { slug_key: true } } : {}),
        },
      ),
    );
  }
}

/** Posts' ancestors, nearest first, keyed by post id (loaded level by level for a whole page of posts). */
export async function ancestorsOf(store: Store, posts: PostDoc[]): Promise<Map<number, PostDoc[]>> {
  const known = new Map<number, PostDoc>(posts.map((p) => [p.id, p]));
  let pending = [...new Set(posts.map((p) => p.parent).filter((id) => id && !known.has(id)))];
  for (let depth = 0; pending.length && depth < 100; depth++) {
    const found = await store.collection<PostDoc>(POSTS).find({ id: { $in: pending } });
    for (const p of found) known.set(p.id, p);
    pending = [...new Set(found.map((p) => p.parent).filter((id) => id && !known.has(id)))];
  }
  const out = new Map<number, PostDoc[]>();
  for (const post of posts) {
    const chain: PostDoc[] = [];
    const seen = new Set([post.id]);
    for (let p = known.get(post.parent); p && !seen.has(p.id); p = known.get(p.parent)) {
      chain.push(p);
      seen.add(p.id);
    }
    out.set(post.id, chain);
  }
  return out;
}

/**
 * The default terms a post of `type` gets when it has none of a taxonomy (the default category for posts), by
 * the post field holding them; a default term that is gone (a store seeded otherwise) is left out.
 */
async function defaultTerms(store: Store, type: string): Promise<Array<[string, number[]]>> {
  const out: Array<[string, number[]]> = [];
  for (const tax of core.taxonomiesOf(type)) {
    const d = tax.defaultTerm;
    // The term the site's option names (default_category), else the one seeded at first start.
    const id = d?.option ? Number(siteOptions()[d.option]) || d.id : d?.id;
    if (d?.postTypes.includes(type) && (await store.collection(TERMS).count({ id, taxonomy: tax.name })))
      out.push([tax.restBase, [id!]]);
  }
  return out;
}

/** date_gmt of the earliest scheduled post ('' when none): until then no publication changes what readers see. */
export async function nextScheduledDate(store: Store): Promise<string> {
  const found = await store.collection<PostDoc>(POSTS).find({ status: 'future' }, { sort: { date_gmt: 1 }, limit: 1 });
  return found[0]?.date_gmt ?? '';
}

/** check_and_publish_future_post() for every scheduled post that is due (WordPress's cron does this). */
const dueCheck = createDueCheck();

export async function publishDuePosts(store: Store, clock: SiteClock, force = false): Promise<void> {
  const now = clock.now();
  // At most once a second per process: the check is one indexed query, but it runs before every read.
  if (!dueCheck(now, force)) return;
  await publishDue(store.collection<PostDoc>(POSTS), formatUtc(now), {
    // wp_publish_post(): taxonomies with a default term (category) get it when the post has none.
    async changes(post) {
      const set: Partial<PostDoc> = {};
      for (const [field, ids] of await defaultTerms(store, post.type)) {
        if (!(post[field] as number[] | undefined)?.length) set[field] = ids;
      }
      return set;
    },
    async published(post, done) {
      await adjustTermCounts(store, taxonomyFields(), post, done);
      await postSaved(done, post, store);
    },
  });
}

export class PostRepository {
  readonly posts: Collection<PostDoc>;

  constructor(
    readonly store: Store,
    readonly rules: PostTypeBehaviour,
    readonly clock: SiteClock,
    readonly homeUrl: string,
  ) {
    this.posts = store.collection<PostDoc>(POSTS);
  }

  /** Any post-like item (of any type). */
  getAny(id: number): Promise<PostDoc | null> {
    return id > 0 ? this.posts.findOne({ id }) : Promise.resolve(null);
  }

  /** WP_REST_Posts_Controller::get_post(): rest_post_invalid_id 404 unless the id is a post of this type. */
  async require(id: number): Promise<PostDoc> {
    const post = id > 0 ? await this.posts.findOne({ id, type: this.rules.name }) : null;
    if (!post) throw wpError('rest_post_invalid_id');
    return post;
  }

  // -------------------------------------------------------------------------------------------------------
  // Collections (WP_Query)

  async query(q: PostQuery): Promise<{ items: PostDoc[]; total: number }> {
    const and: Filter[] = [{ type: this.rules.name }, { status: { $in: q.statuses } }];
    if (q.visibility) and.push(q.visibility);
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.author.length) and.push({ author: { $in: q.author } });
    if (q.authorExclude.length) and.push({ author: { $nin: q.authorExclude } });
    if (q.parent.length) and.push({ parent: { $in: q.parent } });
    if (q.parentExclude.length) and.push({ parent: { $nin: q.parentExclude } });
    if (q.menuOrder !== undefined) and.push({ menu_order: q.menuOrder });
    if (q.slug?.length) and.push({ slug: { $in: q.slug } });
    if (q.after) and.push({ date: { $gt: q.after } });
    if (q.before) and.push({ date: { $lt: q.before } });
    if (q.modifiedAfter) and.push({ modified: { $gt: q.modifiedAfter } });
    if (q.modifiedBefore) and.push({ modified: { $lt: q.modifiedBefore } });
    and.push(...q.own);
    const tax = await this.taxFilter(q.tax, q.taxRelation);
    if (tax) and.push(tax);

    let terms: string[] = [];
    if (q.search) {
      terms = searchTerms(q.search);
      const columns = (q.searchColumns.length ? q.searchColumns : ['post_title', 'post_excerpt', 'post_content'])
        .map((c) => own(SEARCH_FIELDS, c))
        .filter((f): f is string => !!f);
      and.push(...searchClauses(terms, columns));
      if (q.anonymous) and.push({ password: '' });
    }

    const filter: Filter = { $and: and };
    const total = await this.posts.count(filter);
    const dir = q.order === 'asc' ? 1 : -1;

    // Orders computed in memory, over a set the request bounds (include/slug lists) or the search narrowed.
    if ((q.orderby === 'include' && q.include.length) || (q.orderby === 'include_slugs' && q.slug?.length)) {
      const key = q.orderby === 'include' ? 'id' : 'slug';
      const list: unknown[] = q.orderby === 'include' ? q.include : q.slug!;
      const all = await this.posts.find(filter);
      all.sort((a, b) => list.indexOf(a[key]) - list.indexOf(b[key]));
      return { items: all.slice(q.offset, q.offset + q.perPage), total };
    }
    if (q.orderby === 'relevance' && q.search) {
      const all = await this.posts.find(filter);
      const rank = relevanceRank(q.search, terms);
      const ranked = all.map((p) => ({ p, r: rank(p) }));
      // ORDER BY (CASE ...), post_date {order}: the rank is always ascending, ties follow `order` by date.
      ranked.sort((a, b) => a.r - b.r || dir * (a.p.date < b.p.date ? -1 : a.p.date > b.p.date ? 1 : a.p.id - b.p.id));
      return { items: ranked.slice(q.offset, q.offset + q.perPage).map((x) => x.p), total };
    }
    const field = own(SORT_FIELDS, q.orderby) ?? 'date';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = dir;
    return { items: await this.posts.find(filter, { sort, skip: q.offset, limit: q.perPage }), total };
  }

  /** WP_Tax_Query: each clause on one taxonomy's ids (children added for include_children), joined by the relation. */
  private async taxFilter(clauses: TaxClause[], relation: 'AND' | 'OR'): Promise<Filter | null> {
    const parts: Filter[] = [];
    for (const c of clauses) {
      if (!c.terms.length) continue;
      if (c.operator === 'IN') parts.push({ [c.restBase]: { $in: c.terms } });
      else if (c.operator === 'NOT IN') parts.push({ [c.restBase]: { $nin: c.terms } });
      else parts.push({ $and: c.terms.map((t) => ({ [c.restBase]: t })) });
    }
    if (!parts.length) return null;
    return parts.length === 1 ? parts[0]! : relation === 'OR' ? { $or: parts } : { $and: parts };
  }

  /** Term ids with every descendant term (WP_Tax_Query's include_children). */
  async withChildTerms(taxonomy: string, ids: number[]): Promise<number[]> {
    const all = new Set(ids);
    let frontier = ids;
    for (let depth = 0; frontier.length && depth < 100; depth++) {
      const children = await this.store.collection<TermDoc>(TERMS).find({ taxonomy, parent: { $in: frontier } });
      frontier = children.map((t) => t.id).filter((id) => !all.has(id));
      for (const id of frontier) all.add(id);
    }
    return [...all];
  }

  /** The ids among `ids` that are terms of `taxonomy` (wp_set_object_terms skips ids that are not). */
  async existingTerms(taxonomy: string, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const found = new Set(
      (await this.store.collection<TermDoc>(TERMS).find({ id: { $in: unique }, taxonomy })).map((t) => t.id),
    );
    return unique.filter((id) => found.has(id));
  }

  // -------------------------------------------------------------------------------------------------------
  // Writes (wp_insert_post and friends)

  /** wp_unique_post_slug() for a post of this type. */
  uniqueSlug(
    slug: string,
    post: { id: number; status: string; parent: number; slug?: string; theme?: string },
  ): Promise<string> {
    return uniquePostSlug(this.posts, slug, {
      id: post.id,
      status: post.status,
      type: this.rules.name,
      parent: post.parent,
      rule: this.rules.slugs,
      currentSlug: post.slug,
      theme: post.theme,
    });
  }

  /** wp_insert_post()'s empty-content refusal, for types supporting title, editor and excerpt. */
  private checkNotEmpty(title: string, content: string, excerpt: string): void {
    const s = this.rules.object.supports;
    if (!title && !content && !excerpt && ['title', 'editor', 'excerpt'].every((f) => s.includes(f))) {
      throw wpError('empty_content');
    }
  }

  /** wp_insert_post() for a new post (and what the REST controller does around it). */
  async create(input: PostInput, ctx: WriteContext): Promise<PostDoc> {
    this.checkNotEmpty(input.title ?? '', input.content ?? '', input.excerpt ?? '');
    const id = await this.store.nextId(POST_SEQUENCE);
    const now = nowStamps(this.clock);
    const rules = this.rules;
    const title = input.title ?? '';
    let status = input.status || 'draft';

    // Dates: the given one, else now; a floating status keeps no GMT date until it gets one.
    const date = input.date ? input.date.local : now.local;
    let dateGmt: string | null = input.date ? input.date.gmt : null;
    if (dateGmt === null && !isDateFloating(status)) dateGmt = gmtFromLocal(this.clock, date);
    status = this.statusForDate(status, dateGmt);

    const parent = rules.hasParent ? (input.parent ?? 0) : 0;
    const { slug, base } = await this.resolveSlug({
      id,
      title,
      status,
      parent,
      requested: input.slug,
      previous: null,
      canPublish: ctx.canPublish,
      theme: themeOf(input.own ?? {}),
    });

    const terms: Record<string, number[]> = {};
    for (const tax of rules.taxonomies) terms[tax.restBase] = input.terms?.[tax.restBase] ?? [];
    // wp_insert_post gives posts the default category; a `categories` argument then replaces the set, even with [].
    if (status !== 'auto-draft') {
      for (const [field, ids] of await defaultTerms(this.store, rules.name))
        if (input.terms?.[field] === undefined) terms[field] = ids;
    }

    const doc: PostDoc = {
      id,
      type: rules.name,
      status,
      author: input.author ?? ctx.userId,
      date,
      date_gmt: dateGmt,
      // A new post's modified date is its date (unless that is unset).
      modified: date,
      modified_gmt: dateGmt ?? gmtFromLocal(this.clock, date),
      slug,
      title,
      title_sort: title.toLowerCase(),
      content: input.content ?? '',
      excerpt: input.excerpt ?? '',
      password: status === 'private' ? '' : (input.password ?? ''),
      // get_default_comment_status(): a type that supports comments (pings) takes the site's default.
      comment_status:
        input.comment_status ??
        (rules.defaultCommentStatus === 'open' ? siteOptions().default_comment_status : 'closed'),
      ping_status:
        input.ping_status ?? (rules.defaultPingStatus === 'open' ? siteOptions().default_ping_status : 'closed'),
      parent,
      menu_order: input.menu_order ?? 0,
      guid: '',
      sticky: Boolean(input.sticky),
      format: input.format && input.format !== '' ? input.format : 'standard',
      template: input.template ?? '',
      featured_media: input.featured_media ?? 0,
      meta: mergeMeta({}, input.meta),
      ...terms,
      ...input.own,
    };
    rules.hooks.beforeSave?.(doc, null);
    const ancestors = await this.ancestors(doc);
    const saved = (await saveWithUniqueSlug(this.posts, doc, base, (d) => {
      // The GUID is the permalink at creation, as its author would see it; it never changes after.
      d.guid = permalink(d, { homeUrl: this.homeUrl, rules, ancestors, canRead: true });
      return this.posts.insert(d);
    }))!;
    await adjustTermCounts(this.store, taxonomyFields(), null, saved);
    await postSaved(saved, null, this.store, { userId: ctx.userId });
    return saved;
  }

  /** wp_update_post() (and what the REST controller does around it); trashing and untrashing included. */
  async update(id: number, input: PostInput, ctx: WriteContext): Promise<{ previous: PostDoc; current: PostDoc }> {
    const previous = await this.require(id);
    const rules = this.rules;
    const now = nowStamps(this.clock);
    let status = input.status || previous.status;
    const title = input.title ?? previous.title;
    this.checkNotEmpty(title, input.content ?? previous.content, input.excerpt ?? previous.excerpt);

    // Dates. A floating draft saved without a date of its own moves to now (wp_update_post's clear_date).
    let date = previous.date;
    let dateGmt = previous.date_gmt;
    // The REST controller changes the date only when it differs from the stored one (on the clock it was sent in).
    const editDate =
      !!input.date &&
      (input.date.from === 'date' ? input.date.local !== previous.date : input.date.gmt !== previous.date_gmt);
    if (editDate) {
      date = input.date!.local;
      dateGmt = input.date!.gmt;
    } else if (input.date === null || (isFloating(previous.status) && previous.date_gmt === null)) {
      date = now.local;
      dateGmt = null;
    }
    if (dateGmt === null && !isDateFloating(status)) dateGmt = gmtFromLocal(this.clock, date);
    status = this.statusForDate(status, dateGmt);

    let parent = rules.hasParent ? (input.parent ?? previous.parent) : 0;
    if (parent && (await this.wouldLoop(id, parent))) parent = 0;

    const { slug, base } = await this.resolveSlug({
      id,
      title,
      status,
      parent,
      requested: input.slug,
      previous,
      canPublish: ctx.canPublish,
      theme: themeOf({ ...previous, ...input.own }),
    });

    const terms: Record<string, number[]> = {};
    for (const tax of rules.taxonomies) {
      const before = Array.isArray(previous[tax.restBase]) ? (previous[tax.restBase] as number[]) : [];
      terms[tax.restBase] = input.terms?.[tax.restBase] ?? before;
    }
    if (status !== 'auto-draft') {
      for (const [field, ids] of await defaultTerms(this.store, rules.name))
        if (input.terms?.[field] === undefined && !terms[field]?.length) terms[field] = ids;
    }

    const next: PostDoc = {
      ...previous,
      status,
      author: input.author ?? previous.author,
      date,
      date_gmt: dateGmt,
      modified: now.local,
      modified_gmt: now.gmt,
      slug,
      title,
      title_sort: title.toLowerCase(),
      content: input.content ?? previous.content,
      excerpt: input.excerpt ?? previous.excerpt,
      password: status === 'private' ? '' : (input.password ?? previous.password),
      comment_status: input.comment_status ?? previous.comment_status,
      ping_status: input.ping_status ?? previous.ping_status,
      parent,
      menu_order: input.menu_order ?? previous.menu_order,
      sticky: input.sticky ?? previous.sticky,
      format: input.format ? input.format : previous.format,
      template: input.template ?? previous.template,
      featured_media: input.featured_media ?? previous.featured_media,
      meta: mergeMeta(previous.meta ?? {}, input.meta),
      ...terms,
      ...input.own,
    };
    // Entering the trash remembers the status, time and slug; leaving it forgets them.
    const unset: Record<string, true> = {};
    const trash = trashChanges(previous, status, now.gmt);
    Object.assign(next, trash.set);
    for (const field of trash.unset) {
      delete next[field];
      unset[field] = true;
    }
    rules.hooks.beforeSave?.(next, previous);
    const current = await saveWithUniqueSlug(this.posts, next, base, (doc, unsetKey) => {
      // comment_count is the comments' to keep (recounted as they change): a post's save never writes it back.
      const { id: _id, comment_count: _count, ...fields } = doc;
      void _id;
      void _count;
      const remove = unsetKey ? { ...unset, slug_key: true as const } : unset;
      return this.posts.updateOne(
        { id, type: rules.name },
        { $set: fields, ...(Object.keys(remove).length ? { $unset: remove } : {}) },
      );
    });
    if (!current) throw wpError('rest_post_invalid_id');
    await adjustTermCounts(this.store, taxonomyFields(), previous, current);
    await postSaved(current, previous, this.store, { userId: ctx.userId, autosave: ctx.autosave });
    return { previous, current };
  }

  /** wp_trash_post(): status trash (remembering the old status and slug), through the update rules. */
  async trash(id: number, ctx: WriteContext): Promise<PostDoc> {
    return (await this.update(id, { status: 'trash' }, ctx)).current;
  }

  /** wp_delete_post( $id, true ): children move up to the post's parent (attachments: post-types/attachment.ts); terms are recounted. */
  async deletePermanently(id: number): Promise<PostDoc> {
    const post = await this.require(id);
    if (this.rules.object.hierarchical) await moveChildrenUp(this.posts, post);
    const deleted = await this.posts.deleteOne({ id, type: this.rules.name });
    if (!deleted) throw wpError('rest_cannot_delete', { message: 'The post cannot be deleted.', status: 500 });
    await adjustTermCounts(this.store, taxonomyFields(), deleted, null);
    await postDeleted(deleted, this.store);
    return deleted;
  }

  /** The post's ancestors, nearest first (for page permalinks). */
  async ancestors(post: PostDoc): Promise<PostDoc[]> {
    if (!post.parent) return [];
    return (await ancestorsOf(this.store, [post])).get(post.id) ?? [];
  }

  /** wp_insert_post's publish/future switch (@loom/post-engine), for types that schedule (not attachments). */
  private statusForDate(status: string, dateGmt: string | null): string {
    return this.rules.schedules ? statusForDate(status, dateGmt, this.clock.now()) : status;
  }

  /**
   * The post_name rules of the REST controller and wp_insert_post, in their order: the slug, and the `base` its
   * uniqueness suffixes were added to (where a retry after a concurrent write carries on).
   */
  private async resolveSlug(a: {
    id: number;
    title: string;
    status: string;
    parent: number;
    requested?: string;
    previous: PostDoc | null;
    canPublish: boolean;
    theme?: string;
  }): Promise<{ slug: string; base: string }> {
    const target = (status: string) => ({ id: a.id, status, parent: a.parent, slug: a.previous?.slug, theme: a.theme });
    let slug = a.requested !== undefined ? a.requested : (a.previous?.slug ?? '');
    // The REST controller makes a draft's or pending post's own slug unique as if it were published.
    if (a.requested && ['draft', 'pending'].includes(a.status))
      slug = await this.uniqueSlug(a.requested, target('publish'));
    // Contributors may not choose the slug of a post awaiting review.
    if (a.status === 'pending' && !a.canPublish) slug = '';
    const floating = isFloating(a.status);
    if (!slug) slug = floating ? '' : sanitizeTitle(a.title);
    else slug = sanitizeTitle(slug);
    // Leaving the trash: the slug it had before comes back; entering it: the stored slug gets `__trashed`, whatever was sent.
    if (a.previous) slug = slugAcrossTrash(slug, a.previous, a.status);
    let base = truncateSlug(slug, SLUG_MAX);
    // A trashed post holding the slug lets go of it before uniqueness is checked, as in wp_insert_post.
    if (a.status !== 'trash' && base) await this.freeTrashedSlug(base, a.id);
    slug = await this.uniqueSlug(base, target(a.status));
    // Still none (an untitled post leaving draft): the title's slug, or the id, made unique.
    if (!slug && !floating) {
      base = sanitizeTitle(a.title) || String(a.id);
      slug = await this.uniqueSlug(base, target(a.status));
    }
    return { slug, base };
  }

  /** wp_add_trashed_suffix_to_post_name_for_trashed_posts(): a trashed post (of any type) holding the slug lets go of it. */
  private async freeTrashedSlug(slug: string, exceptId: number): Promise<void> {
    const holders = await this.posts.find({ slug, status: 'trash', id: { $ne: exceptId } });
    for (const p of holders) {
      // WordPress renames it as it is; the index needs the trashed slug unique too (`-2`... when taken).
      await saveWithUniqueSlug(this.posts, { ...p, slug: trashedSlug(p.slug) }, trashedSlug(p.slug), (doc, unsetKey) =>
        this.posts.updateOne(
          { id: p.id, slug: p.slug },
          {
            $set: { slug: doc.slug, desired_slug: p.slug, slug_key: doc.slug_key },
            ...(unsetKey ? { $unset: { slug_key: true } } : {}),
          },
        ),
      );
    }
  }

  /** wp_check_post_hierarchy_for_loops(): whether `parent` is the post itself or one of its descendants. */
  private async wouldLoop(id: number, parent: number): Promise<boolean> {
    const seen = new Set<number>();
    for (let p: number = parent; p && !seen.has(p) && seen.size < 1000;) {
      if (p === id) return true;
      seen.add(p);
      p = (await this.getAny(p))?.parent ?? 0;
    }
    return false;
  }
}

/** Meta writes: keys set to null go back to their default (delete_metadata). */
function mergeMeta(
  current: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out = { ...current };
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** WP_Query::parse_search_order() for orderby=relevance over stored posts (@loom/post-engine's ranks). */
export const relevanceRank = (search: string, terms: string[]): ((p: PostDoc) => number) =>
  rankBy<PostDoc>(search, terms, (p) => p);

/** wp_delete_user(): the user's posts of the types deleted with their author go, with their term counts. */
export async function deleteAuthorContent(store: Store, userId: number, types: readonly string[]): Promise<void> {
  const posts = store.collection<PostDoc>(POSTS);
  const owned = await posts.find({ author: userId, type: { $in: [...types] } });
  const terms = owned.flatMap((p) => termIdsOf(p, taxonomyFields()));
  for (const post of owned) {
    if (STORED_POST_TYPE_BEHAVIOURS().get(post.type)?.object.hierarchical) await moveChildrenUp(posts, post);
    // What follows a delete (an attachment's files and names given up) only for the one that really deleted it.
    const deleted = await posts.deleteOne({ id: post.id });
    if (deleted) await postDeleted(deleted, store);
  }
  await recountTerms(store, taxonomyFields(), terms);
}
