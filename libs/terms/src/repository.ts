/**
 * Terms: storage and WordPress's term rules (wp_insert_term, wp_update_term, wp_delete_term), no HTTP beyond
 * WordPress's error codes. All taxonomies of one service's store share one collection and one id sequence, as
 * WordPress's terms table does. Used by core-content (category, post_tag) and events (tribe_events_cat and its
 * own post_tag); the default category rules apply to the `category` taxonomy only.
 */
import { sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, escapeRegExp, type Collection, type Filter, type Sort, type Store } from '@loom/store';
import { restError } from '@loom/service-kit';

export interface TermDoc extends Record<string, unknown> {
  id: number;
  taxonomy: string;
  name: string;
  /** Lower-cased name: sorting by name is case-insensitive, as with MySQL's collation. */
  name_sort: string;
  slug: string;
  description: string;
  parent: number;
  /** Published posts carrying the term; maintained by the writers of posts (see counts.ts). */
  count: number;
  term_group: number;
}

export interface TaxonomyRules {
  taxonomy: string;
  hierarchical: boolean;
  /** The post field listing this taxonomy's term ids (posts.categories, posts.tags), for `post=`. */
  postField?: string;
}

export const TERMS = 'terms';
export const TERM_SEQUENCE = 'terms';
/** The collection holding post-like items (posts, pages...), read for the `post` filter. */
export const POSTS = 'posts';
/** WordPress's default category ("Uncategorized", id 1) of the `category` taxonomy: created on first start, never deletable. */
export const DEFAULT_CATEGORY_ID = 1;

export interface TermQuery {
  search?: string;
  include: number[];
  exclude: number[];
  slug?: string[];
  parent?: number;
  hideEmpty: boolean;
  post?: number;
  orderby: string;
  order: 'asc' | 'desc';
  perPage: number;
  offset: number;
}

export interface TermInput {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

/** Column sorts; `include`/`include_slugs` are ordered in memory by the list given. */
const SORT_FIELDS: Record<string, string> = { id: 'id', name: 'name_sort', slug: 'slug', description: 'description', count: 'count', term_group: 'term_group' };

export async function ensureTermIndexes(store: Store): Promise<void> {
  const terms = store.collection<TermDoc>(TERMS);
  await terms.ensureIndex({ fields: ['id'], unique: true });
  await terms.ensureIndex({ fields: ['taxonomy', 'slug'], unique: true });
  await terms.ensureIndex({ fields: ['taxonomy', 'parent'] });
}

/** First start of a store holding `category` terms: WordPress always has the default category. */
export async function seedDefaultCategory(store: Store): Promise<void> {
  const terms = store.collection<TermDoc>(TERMS);
  if ((await terms.count({})) > 0) return;
  const id = await store.nextId(TERM_SEQUENCE);
  await terms.insert({ id, taxonomy: 'category', name: 'Uncategorized', name_sort: 'uncategorized', slug: 'uncategorized', description: '', parent: 0, count: 0, term_group: 0 });
}

export class TermRepository {
  private readonly terms: Collection<TermDoc>;

  constructor(
    private readonly store: Store,
    readonly rules: TaxonomyRules,
  ) {
    this.terms = store.collection<TermDoc>(TERMS);
  }

  get(id: number): Promise<TermDoc | null> {
    return id > 0 ? this.terms.findOne({ id, taxonomy: this.rules.taxonomy }) : Promise.resolve(null);
  }

  /** rest_term_invalid 404 unless the term exists in this taxonomy. */
  async require(id: number): Promise<TermDoc> {
    const term = await this.get(id);
    if (!term) throw restError('rest_term_invalid', 'Term does not exist.', 404);
    return term;
  }

  async query(q: TermQuery): Promise<{ items: TermDoc[]; total: number }> {
    const and: Filter[] = [{ taxonomy: this.rules.taxonomy }];
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.slug?.length) and.push({ slug: { $in: q.slug } });
    if (q.search) {
      const re = new RegExp(escapeRegExp(q.search), 'i');
      and.push({ $or: [{ name: { $regex: re } }, { slug: { $regex: re } }] });
    }
    if (this.rules.hierarchical && q.parent !== undefined) and.push({ parent: q.parent });
    if (q.hideEmpty) and.push({ count: { $gt: 0 } });
    if (q.post !== undefined && q.post !== 0) {
      const post = this.rules.postField ? await this.store.collection(POSTS).findOne({ id: q.post }) : null;
      const ids = post && Array.isArray(post[this.rules.postField!]) ? (post[this.rules.postField!] as number[]) : [];
      and.push({ id: { $in: ids } });
    }
    const filter: Filter = { $and: and };
    const total = await this.terms.count(filter);
    const dir = q.order === 'desc' ? -1 : 1;

    const listOrder = q.orderby === 'include' && q.include.length ? { key: 'id', list: q.include as unknown[] } : q.orderby === 'include_slugs' && q.slug?.length ? { key: 'slug', list: q.slug as unknown[] } : null;
    if (listOrder) {
      // Bounded by the include/slug list the client sent, so sorting in memory is safe.
      const all = await this.terms.find(filter);
      const pos = (t: TermDoc) => listOrder.list.indexOf(t[listOrder.key]);
      all.sort((a, b) => pos(a) - pos(b));
      return { items: all.slice(q.offset, q.offset + q.perPage), total };
    }
    const field = SORT_FIELDS[q.orderby] ?? 'name_sort';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = 1;
    return { items: await this.terms.find(filter, { sort, skip: q.offset, limit: q.perPage }), total };
  }

  /** wp_insert_term. */
  async create(input: TermInput): Promise<TermDoc> {
    const name = (input.name ?? '').trim();
    if (!name) throw restError('empty_term_name', 'A name is required for this term.', 400);
    const parent = this.rules.hierarchical ? await this.checkedParent(input.parent ?? 0) : 0;
    const slugProvided = !!input.slug;
    let slug = input.slug || sanitizeTitle(name);

    const siblings = await this.terms.find({ taxonomy: this.rules.taxonomy, parent });
    const nameMatch = siblings.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (nameMatch) {
      const slugMatch = slug ? await this.terms.findOne({ taxonomy: this.rules.taxonomy, slug }) : null;
      if (!slugProvided || nameMatch.slug === slug || slugMatch) {
        if (!this.rules.hierarchical) {
          throw restError('term_exists', 'A term with the name provided already exists in this taxonomy.', 400, { term_id: nameMatch.id });
        }
        let existing: TermDoc | null = null;
        if ((!slugProvided || nameMatch.slug === slug) && siblings.some((t) => t.name === name)) existing = nameMatch;
        else if (slugMatch && siblings.some((t) => t.slug === slug)) existing = slugMatch;
        if (existing) throw restError('term_exists', 'A term with the name provided already exists with this parent.', 400, { term_id: existing.id });
      }
    }

    const id = await this.store.nextId(TERM_SEQUENCE);
    // A name with no sluggable characters gets its id as slug, as WordPress does.
    slug = slug ? await this.uniqueSlug(slug, parent, id) : String(id);
    const doc: TermDoc = {
      id,
      taxonomy: this.rules.taxonomy,
      name,
      name_sort: name.toLowerCase(),
      slug,
      description: input.description ?? '',
      parent,
      count: 0,
      term_group: 0,
    };
    return this.insertRetryingSlug(doc, parent);
  }

  /** wp_update_term. */
  async update(id: number, input: TermInput): Promise<TermDoc> {
    const term = await this.require(id);
    const set: Partial<TermDoc> = {};
    let name = term.name;
    if (input.name !== undefined) {
      name = input.name.trim();
      if (!name) throw restError('empty_term_name', 'A name is required for this term.', 400);
      set.name = name;
      set.name_sort = name.toLowerCase();
    }
    if (input.description !== undefined) set.description = input.description;
    let parent = term.parent;
    if (this.rules.hierarchical && input.parent !== undefined) {
      parent = await this.checkedParent(input.parent);
      // wp_check_term_hierarchy_for_loops: a parent that would make a loop resets the parent to 0.
      if (parent === id || (parent !== 0 && (await this.ancestors(parent)).includes(id))) parent = 0;
      set.parent = parent;
    }

    const emptySlug = input.slug === undefined ? !term.slug : !input.slug;
    let slug = input.slug !== undefined && input.slug ? input.slug : emptySlug ? sanitizeTitle(name) : term.slug;
    const duplicate = await this.terms.findOne({ taxonomy: this.rules.taxonomy, slug, id: { $ne: id } });
    if (duplicate) {
      if (emptySlug || parent !== term.parent) slug = await this.uniqueSlug(slug, parent, id);
      // WordPress answers this with a 500 (its error carries no status); clients expect that code and status.
      else throw restError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`, 500);
    }
    set.slug = slug || String(id);

    try {
      const updated = await this.terms.updateOne({ id, taxonomy: this.rules.taxonomy }, { $set: set });
      if (!updated) throw restError('rest_term_invalid', 'Term does not exist.', 404);
      return updated;
    } catch (e) {
      if (e instanceof DuplicateKeyError) throw restError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`, 500);
      throw e;
    }
  }

  /** wp_delete_term: children move up to the deleted term's parent. */
  async delete(id: number): Promise<TermDoc> {
    const term = await this.require(id);
    if (this.rules.taxonomy === 'category' && id === DEFAULT_CATEGORY_ID) throw restError('rest_cannot_delete', 'The term cannot be deleted.', 500);
    if (this.rules.hierarchical) await this.terms.updateMany({ taxonomy: this.rules.taxonomy, parent: id }, { $set: { parent: term.parent } });
    await this.terms.deleteOne({ id, taxonomy: this.rules.taxonomy });
    await this.detachFromPosts(term);
    return term;
  }

  /**
   * wp_delete_term()'s object side: the term leaves every post carrying it, and posts left without a category
   * get the default one (its count is then recounted: published posts only).
   */
  private async detachFromPosts(term: TermDoc): Promise<void> {
    const field = this.rules.postField;
    if (!field) return;
    const posts = this.store.collection(POSTS);
    let defaulted = false;
    for (const post of await posts.find({ [field]: term.id })) {
      let ids = (post[field] as number[]).filter((t) => t !== term.id);
      if (this.rules.taxonomy === 'category' && ids.length === 0 && post.type === 'post') {
        ids = [DEFAULT_CATEGORY_ID];
        defaulted = true;
      }
      await posts.updateOne({ id: post.id }, { $set: { [field]: ids } });
    }
    if (defaulted) {
      const count = await posts.count({ [field]: DEFAULT_CATEGORY_ID, status: 'publish' });
      await this.terms.updateOne({ id: DEFAULT_CATEGORY_ID }, { $set: { count } });
    }
  }

  /** Ancestor ids, nearest first (bounded, in case stored data ever holds a loop). */
  async ancestors(id: number): Promise<number[]> {
    const out: number[] = [];
    let current = await this.get(id);
    while (current && current.parent && out.length < 100 && !out.includes(current.parent)) {
      out.push(current.parent);
      current = await this.get(current.parent);
    }
    return out;
  }

  private async checkedParent(parent: number): Promise<number> {
    if (!parent) return 0;
    if (!(await this.get(parent))) throw restError('rest_term_invalid', 'Parent term does not exist.', 400);
    return parent;
  }

  private async slugTaken(slug: string, exceptId: number): Promise<boolean> {
    // wp_unique_term_slug looks across every taxonomy, as WordPress's terms table is shared.
    return (await this.terms.count({ slug, id: { $ne: exceptId } })) > 0;
  }

  /** wp_unique_term_slug: try parent slugs appended (hierarchical), then -2, -3, ... */
  private async uniqueSlug(slug: string, parent: number, id: number): Promise<string> {
    if (!(await this.slugTaken(slug, id))) return slug;
    if (this.rules.hierarchical && parent) {
      let p = await this.get(parent);
      let candidate = slug;
      for (let depth = 0; p && depth < 100; depth++) {
        candidate += `-${p.slug}`;
        if (!(await this.slugTaken(candidate, id))) return candidate;
        p = p.parent ? await this.get(p.parent) : null;
      }
      slug = candidate;
    }
    for (let n = 2; ; n++) {
      const alt = `${slug}-${n}`;
      if (!(await this.slugTaken(alt, id))) return alt;
    }
  }

  /** The unique index is the last word: a concurrent insert of the same slug gets the next free one. */
  private async insertRetryingSlug(doc: TermDoc, parent: number): Promise<TermDoc> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.terms.insert(doc);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        doc.slug = await this.uniqueSlug(doc.slug, parent, doc.id);
      }
    }
    throw restError('rest_cannot_create', 'The term could not be created.', 500);
  }
}

/**
 * The terms plus all their ancestors, keyed by id, loaded level by level for a whole page of terms (one query per
 * depth, never one per term): what hierarchical permalinks need.
 */
export async function termsWithAncestors(store: Store, taxonomy: string, terms: TermDoc[]): Promise<Map<number, TermDoc>> {
  const known = new Map(terms.map((t) => [t.id, t]));
  let pending = [...new Set(terms.map((t) => t.parent).filter((p) => p && !known.has(p)))];
  for (let depth = 0; pending.length && depth < 100; depth++) {
    const found = await store.collection<TermDoc>(TERMS).find({ id: { $in: pending }, taxonomy });
    for (const t of found) known.set(t.id, t);
    pending = [...new Set(found.map((t) => t.parent).filter((p) => p && !known.has(p)))];
  }
  return known;
}

/** The slugs from the root down to `term` (a hierarchical permalink's path), from terms loaded with termsWithAncestors. */
export function termSlugPath(term: TermDoc, known: ReadonlyMap<number, TermDoc>): string[] {
  const path = [term.slug];
  const seen = new Set([term.id]);
  for (let p = known.get(term.parent); p && !seen.has(p.id); p = known.get(p.parent)) {
    path.unshift(p.slug);
    seen.add(p.id);
  }
  return path;
}
