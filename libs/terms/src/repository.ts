/**
 * Terms: storage and WordPress's term rules (wp_insert_term, wp_update_term, wp_delete_term), no HTTP beyond
 * WordPress's error codes. All taxonomies of one service's store share one collection and one id sequence, as
 * WordPress's terms table does. Used by core-content (category, post_tag...) and events (tribe_events_cat and its
 * own post_tag); a taxonomy with a default term (category) says so in its rules.
 */
import { own, sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, type Collection, type Filter, type Sort, type Store } from '@loom/store';
import { wpFilterKses } from '@loom/rendering';
import { wpError, type WpError } from '@loom/service-kit';

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
  /**
   * The claim of a term created through wp_insert_term's duplicate-name check on its name at its level (see
   * nameKey): a sparse unique index lets one of two concurrent creations of a name win, on any store replica.
   * Absent on terms created beside a same-named one (an explicit distinct slug), renamed or moved.
   */
  name_key?: string;
}

export interface TaxonomyRules {
  taxonomy: string;
  hierarchical: boolean;
  /** The post field listing this taxonomy's term ids (posts.categories, posts.tags), for `post=`. */
  postField?: string;
  /**
   * The taxonomy's default term (WordPress's default_category): never deletable, and given to posts of these types
   * that a deletion leaves without a term of the taxonomy.
   */
  defaultTerm?: { id: number; postTypes: string[] };
}

/** A taxonomy's default term, as its registry entry declares it (contracts' DefaultTerm). */
export interface DefaultTermSeed {
  taxonomy: string;
  id: number;
  name: string;
  slug: string;
}

export const TERMS = 'terms';
export const TERM_SEQUENCE = 'terms';
/** The collection holding post-like items (posts, pages...), read for the `post` filter. */
export const POSTS = 'posts';

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
const SORT_FIELDS: Record<string, string> = {
  id: 'id',
  name: 'name_sort',
  slug: 'slug',
  description: 'description',
  count: 'count',
  term_group: 'term_group',
};

export async function ensureTermIndexes(store: Store): Promise<void> {
  const terms = store.collection<TermDoc>(TERMS);
  await terms.ensureIndex({ fields: ['id'], unique: true });
  // WordPress (since 4.1) keeps a slug unique within its taxonomy.
  await terms.ensureIndex({ fields: ['taxonomy', 'slug'], unique: true });
  await terms.ensureIndex({ fields: ['taxonomy', 'parent'] });
  // Every list is one taxonomy's: the embedded store looks candidates up by single-field indexes only.
  await terms.ensureIndex({ fields: ['taxonomy'] });
  // wp_insert_term's duplicate-name check (names compare lower-cased), and the slug suffixes checked in every taxonomy.
  await terms.ensureIndex({ fields: ['name_sort'] });
  await terms.ensureIndex({ fields: ['slug'] });
  await terms.ensureIndex({ fields: ['name_key'], unique: true, sparse: true });
}

/**
 * sanitize_term( 'db' ) of a name (pre_term_name): wp_filter_kses for every user (`a & b` is stored `a &amp; b`,
 * as WordPress answers it), after the REST layer's sanitize_text_field.
 */
const termName = (name: string) => wpFilterKses(name).trim();

/**
 * wp_insert_term's term_exists, as the REST controller answers it: the existing term's id was the error's data,
 * then `{status, term_id}` was added, so the id also shows as `additional_data`.
 */
function termExists(message: string, termId: number): WpError {
  return wpError('term_exists', { message, data: { term_id: termId }, additionalData: [termId] });
}

/** wp_insert_term / wp_update_term's duplicate_term_slug. */
const duplicateSlug = (slug: string): WpError =>
  wpError('duplicate_term_slug', { message: `The slug “${slug}” is already in use by another term.` });

/** Bounds the retries of a write whose unique key another write took meanwhile (each retry re-reads what won). */
const MAX_ATTEMPTS = 1000;

/**
 * First start of a store: the default terms (WordPress always has the default category), taking the first term
 * ids, which their registry entries name. A store that already holds terms is left alone.
 */
export async function seedDefaultTerms(store: Store, seeds: DefaultTermSeed[]): Promise<void> {
  const terms = store.collection<TermDoc>(TERMS);
  if ((await terms.count({})) > 0) return;
  for (const seed of [...seeds].sort((a, b) => a.id - b.id)) {
    const id = await store.nextId(TERM_SEQUENCE);
    if (id !== seed.id)
      throw new Error(`default term ${seed.slug} of ${seed.taxonomy} would get id ${id}, not ${seed.id}`);
    const { name, slug, taxonomy } = seed;
    await terms.insert({
      id,
      taxonomy,
      name,
      name_sort: name.toLowerCase(),
      slug,
      description: '',
      parent: 0,
      count: 0,
      term_group: 0,
    });
  }
}

/** WP_Term_Query::get_search_sql(): the text in the name or the slug (LIKE '%text%'). */
export const termSearchClause = (search: string): Filter => ({
  $or: [{ name: { $contains: search } }, { slug: { $contains: search } }],
});

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
    if (!term) throw wpError('rest_term_invalid');
    return term;
  }

  async query(q: TermQuery): Promise<{ items: TermDoc[]; total: number }> {
    const and: Filter[] = [{ taxonomy: this.rules.taxonomy }];
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.slug?.length) and.push({ slug: { $in: q.slug } });
    if (q.search) and.push(termSearchClause(q.search));
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

    const listOrder =
      q.orderby === 'include' && q.include.length
        ? { key: 'id', list: q.include as unknown[] }
        : q.orderby === 'include_slugs' && q.slug?.length
          ? { key: 'slug', list: q.slug as unknown[] }
          : null;
    if (listOrder) {
      // Bounded by the include/slug list the client sent, so sorting in memory is safe.
      const all = await this.terms.find(filter);
      const pos = (t: TermDoc) => listOrder.list.indexOf(t[listOrder.key]);
      // ORDER BY FIELD( t.term_id, ... ) takes the order too: desc reverses the list's order.
      all.sort((a, b) => (pos(a) - pos(b)) * dir);
      return { items: all.slice(q.offset, q.offset + q.perPage), total };
    }
    const field = own(SORT_FIELDS, q.orderby) ?? 'name_sort';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = 1;
    return { items: await this.terms.find(filter, { sort, skip: q.offset, limit: q.perPage }), total };
  }

  /**
   * wp_insert_term. The duplicate-name check and the slug are worked out from what is stored, then the insert
   * claims the name (name_key) and the slug under unique indexes: when a concurrent creation took either first,
   * everything is checked again, so the loser answers term_exists or takes the next free slug.
   */
  async create(input: TermInput): Promise<TermDoc> {
    const name = termName(input.name ?? '');
    if (!name) throw wpError('empty_term_name');
    const parent = this.rules.hierarchical ? await this.checkedParent(input.parent ?? 0) : 0;
    const slugProvided = !!input.slug;
    const requested = input.slug || sanitizeTitle(name);
    const nameKey = this.nameKey(name, parent);
    let claim = true;
    let id = 0;
    let from = 2;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await this.refuseDuplicateName(name, parent, requested, slugProvided);
      // Held by a term the check lets this one sit beside (a distinct slug was given): no claim then.
      if (claim && attempt > 0 && (await this.terms.findOne({ name_key: nameKey }))) claim = false;
      id ||= await this.store.nextId(TERM_SEQUENCE);
      // A name with no sluggable characters gets its id as slug, as WordPress does.
      const { slug, suffix } = requested
        ? await this.uniqueSlug(requested, parent, id, from)
        : { slug: String(id), suffix: 0 };
      const doc: TermDoc = {
        id,
        taxonomy: this.rules.taxonomy,
        name,
        name_sort: name.toLowerCase(),
        slug,
        description: wpFilterKses(input.description ?? ''),
        parent,
        count: 0,
        term_group: 0,
        ...(claim ? { name_key: nameKey } : {}),
      };
      try {
        return await this.terms.insert(doc);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        // A suffix lost to a concurrent write: the next try looks only past it.
        if (suffix) from = suffix + 1;
      }
    }
    throw wpError('rest_cannot_create', { message: 'The term could not be created.', status: 500 });
  }

  /**
   * wp_insert_term's refusal of a duplicate name at the same level, unless a unique slug was given: flat
   * taxonomies compare names case-insensitively; hierarchical ones need the very name among the siblings.
   */
  private async refuseDuplicateName(name: string, parent: number, slug: string, slugProvided: boolean): Promise<void> {
    const sameName = await this.terms.find(
      { taxonomy: this.rules.taxonomy, parent, name_sort: name.toLowerCase() },
      { sort: { id: 1 } },
    );
    const nameMatch = sameName[0];
    if (!nameMatch) return;
    const slugMatch = slug ? await this.terms.findOne({ taxonomy: this.rules.taxonomy, slug }) : null;
    if (slugProvided && nameMatch.slug !== slug && !slugMatch) return;
    if (!this.rules.hierarchical) {
      throw termExists('A term with the name provided already exists in this taxonomy.', nameMatch.id);
    }
    let existing: TermDoc | null = null;
    if ((!slugProvided || nameMatch.slug === slug) && sameName.some((t) => t.name === name)) existing = nameMatch;
    // Slugs are unique in the taxonomy, so the sibling holding the slug can only be slugMatch.
    else if (slugMatch && slugMatch.parent === parent) existing = slugMatch;
    if (existing) throw termExists('A term with the name provided already exists with this parent.', existing.id);
  }

  /**
   * What two creations refused as duplicates of each other share: the taxonomy, the level and the name as
   * refuseDuplicateName compares it (case-insensitive in flat taxonomies, exact among hierarchical siblings).
   */
  private nameKey(name: string, parent: number): string {
    return JSON.stringify([this.rules.taxonomy, parent, this.rules.hierarchical ? name : name.toLowerCase()]);
  }

  /** wp_update_term. */
  async update(id: number, input: TermInput): Promise<TermDoc> {
    const term = await this.require(id);
    const set: Partial<TermDoc> = {};
    let name = term.name;
    if (input.name !== undefined) {
      name = termName(input.name);
      if (!name) throw wpError('empty_term_name');
      set.name = name;
      set.name_sort = name.toLowerCase();
    }
    if (input.description !== undefined) set.description = wpFilterKses(input.description);
    let parent = term.parent;
    if (this.rules.hierarchical && input.parent !== undefined) {
      parent = await this.checkedParent(input.parent);
      // wp_check_term_hierarchy_for_loops: a parent that would make a loop resets the parent to 0.
      if (parent === id || (parent !== 0 && (await this.ancestors(parent)).includes(id))) parent = 0;
      set.parent = parent;
    }
    // wp_update_term checks no names: a renamed or moved term gives up its name's claim.
    const unset =
      term.name_key !== undefined && (name !== term.name || parent !== term.parent)
        ? { $unset: { name_key: true as const } }
        : {};

    const emptySlug = input.slug === undefined ? !term.slug : !input.slug;
    const wanted = input.slug !== undefined && input.slug ? input.slug : emptySlug ? sanitizeTitle(name) : term.slug;
    let from = 2;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let slug = wanted;
      let suffix = 0;
      const duplicate = await this.terms.findOne({ taxonomy: this.rules.taxonomy, slug, id: { $ne: id } });
      if (duplicate) {
        if (emptySlug || parent !== term.parent) ({ slug, suffix } = await this.uniqueSlug(slug, parent, id, from));
        // WordPress answers this with a 500 (its error carries no status); clients expect that code and status.
        else throw duplicateSlug(slug);
      }
      set.slug = slug || String(id);
      try {
        const updated = await this.terms.updateOne({ id, taxonomy: this.rules.taxonomy }, { $set: set, ...unset });
        if (!updated) throw wpError('rest_term_invalid');
        return updated;
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        // A concurrent write took the slug: checked again (a generated slug moves on, a chosen one is refused).
        if (suffix) from = suffix + 1;
      }
    }
    throw duplicateSlug(wanted);
  }

  /** wp_delete_term: children move up to the deleted term's parent. */
  async delete(id: number): Promise<TermDoc> {
    const term = await this.require(id);
    if (this.isDefault(id))
      throw wpError('rest_cannot_delete', { message: 'The term cannot be deleted.', status: 500 });
    // The children's names were claimed at their old level (see update).
    if (this.rules.hierarchical)
      await this.terms.updateMany(
        { taxonomy: this.rules.taxonomy, parent: id },
        { $set: { parent: term.parent }, $unset: { name_key: true } },
      );
    await this.terms.deleteOne({ id, taxonomy: this.rules.taxonomy });
    await this.detachFromPosts(term);
    return term;
  }

  /** Whether `id` is the taxonomy's default term. */
  isDefault(id: number): boolean {
    return this.rules.defaultTerm?.id === id;
  }

  /**
   * wp_delete_term()'s object side: the term leaves every post carrying it, and posts (of the types that have one)
   * left without a term get the taxonomy's default term (its count is then recounted: published posts only).
   */
  private async detachFromPosts(term: TermDoc): Promise<void> {
    const field = this.rules.postField;
    if (!field) return;
    const posts = this.store.collection(POSTS);
    const fallback = this.rules.defaultTerm;
    let defaulted = false;
    for (const post of await posts.find({ [field]: term.id })) {
      let ids = (post[field] as number[]).filter((t) => t !== term.id);
      if (fallback && ids.length === 0 && fallback.postTypes.includes(post.type as string)) {
        ids = [fallback.id];
        defaulted = true;
      }
      await posts.updateOne({ id: post.id }, { $set: { [field]: ids } });
    }
    if (fallback && defaulted) {
      const count = await posts.count({ [field]: fallback.id, status: 'publish' });
      await this.terms.updateOne({ id: fallback.id }, { $set: { count } });
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
    if (!(await this.get(parent)))
      throw wpError('rest_term_invalid', { message: 'Parent term does not exist.', status: 400 });
    return parent;
  }

  private async slugTaken(slug: string, exceptId: number): Promise<boolean> {
    // The suffixes are checked against every taxonomy, as WordPress's terms table is shared.
    return (await this.terms.count({ slug, id: { $ne: exceptId } })) > 0;
  }

  /**
   * wp_unique_term_slug: a slug needs a suffix only when another term of this taxonomy has it (WordPress 4.1 and
   * later, db_version 30133); then parent slugs are appended (hierarchical), then -2, -3... `from` starts the
   * numbers further on, past one lost to a concurrent write; `suffix` is the number used (0: none).
   */
  private async uniqueSlug(
    slug: string,
    parent: number,
    id: number,
    from = 2,
  ): Promise<{ slug: string; suffix: number }> {
    if (!(await this.terms.findOne({ taxonomy: this.rules.taxonomy, slug, id: { $ne: id } })))
      return { slug, suffix: 0 };
    if (this.rules.hierarchical && parent) {
      let p = await this.get(parent);
      let candidate = slug;
      for (let depth = 0; p && depth < 100; depth++) {
        candidate += `-${p.slug}`;
        if (!(await this.slugTaken(candidate, id))) return { slug: candidate, suffix: 0 };
        p = p.parent ? await this.get(p.parent) : null;
      }
      slug = candidate;
    }
    for (let n = Math.max(2, from); ; n++) {
      const alt = `${slug}-${n}`;
      if (!(await this.slugTaken(alt, id))) return { slug: alt, suffix: n };
    }
  }
}

/**
 * The terms plus all their ancestors, keyed by id, loaded level by level for a whole page of terms (one query per
 * depth, never one per term): what hierarchical permalinks need.
 */
export async function termsWithAncestors(
  store: Store,
  taxonomy: string,
  terms: TermDoc[],
): Promise<Map<number, TermDoc>> {
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
