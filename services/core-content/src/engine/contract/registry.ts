/**
 * The site's registry of post types and taxonomies (WordPress's $wp_post_types and $wp_taxonomies), filled once
 * at start by the lists in src/types and src/taxonomies (through engine/registry.ts and engine/terms/registry.ts),
 * in registration order: WordPress lists each collection in that order. Everything about a type is read from here:
 * the route table, the index, the descriptors, the term relations. Nothing here imports a type, so the engine can
 * read the registry without depending on the types built on it; reading it before the lists have run throws.
 */
import type { PostTypeObject } from './post-type';
import type { TaxonomyObject } from './taxonomy';

export * from './capabilities';
export * from './labels';
export * from './meta';
export * from './post-type';
export * from './statuses';
export * from './taxonomy';

interface Registered<T> {
  shown: readonly T[];
  /** Registered but not shown in REST (their descriptor routes refuse them as WordPress does). */
  hidden: readonly string[];
}

/**
 * A registration made once at start by one of the lists (`list`: src/types, src/taxonomies) and read afterwards:
 * registering twice, or reading before the list has run, is a programming error and throws.
 */
export function registration<T>(what: string, list: string) {
  let value: { v: T } | undefined;
  return {
    set(v: T): void {
      if (value) throw new Error(`core-content: ${what} are registered once`);
      value = { v };
    },
    get(): T {
      if (!value) throw new Error(`core-content: the ${what} are read before ${list} registered them`);
      return value.v;
    },
  };
}

const postTypeList = registration<Registered<PostTypeObject>>('post types', 'src/types');
const taxonomyList = registration<Registered<TaxonomyObject>>('taxonomies', 'src/taxonomies');

/** register_post_type() for the whole list at once (src/types/index.ts, through engine/registry.ts). */
export function registerPostTypeObjects(shown: readonly PostTypeObject[], hidden: readonly string[]): void {
  postTypeList.set({ shown, hidden });
}

/** register_taxonomy() for the whole list at once (src/taxonomies/index.ts, through engine/terms/registry.ts). */
export function registerTaxonomyObjects(shown: readonly TaxonomyObject[], hidden: readonly string[]): void {
  taxonomyList.set({ shown, hidden });
}

/** Registered post types with show_in_rest, in registration order (sample 18). */
export const allPostTypes = (): readonly PostTypeObject[] => postTypeList.get().shown;
/** Registered but not shown in REST: the types item route answers rest_cannot_read_type for these. */
export const hiddenPostTypes = (): readonly string[] => postTypeList.get().hidden;
/** Taxonomies with show_in_rest, in registration order (sample 20, then wp_pattern_category). */
export const allTaxonomies = (): readonly TaxonomyObject[] => taxonomyList.get().shown;
/** Registered but not shown in REST: their item route refuses with rest_forbidden. */
export const hiddenTaxonomies = (): readonly string[] => taxonomyList.get().hidden;

export const postTypeNamed = (name: string): PostTypeObject | undefined => allPostTypes().find((t) => t.name === name);
export const taxonomyNamed = (name: string): TaxonomyObject | undefined => allTaxonomies().find((t) => t.name === name);

/** get_object_taxonomies() limited to REST taxonomies, in registration order. */
export const taxonomiesOf = (postType: string): TaxonomyObject[] =>
  allTaxonomies().filter((t) => t.objectType.includes(postType));

/** The types and taxonomies core/v2 serves routes for (a registered one without is left out of the descriptors). */
export const servedPostTypes = (): PostTypeObject[] => allPostTypes().filter((t) => t.rest);
export const servedTaxonomies = (): TaxonomyObject[] => allTaxonomies().filter((t) => t.rest);

/** The names of the post types shown in REST (a `has_published_posts` filter may name these). */
export const REST_POST_TYPES = derived(() => allPostTypes().map((t) => t.name) as [string, ...string[]]);

/** The default terms of every taxonomy that has one (seeded into an empty store), with their taxonomy. */
export const defaultTerms = () =>
  allTaxonomies().flatMap((t) => (t.defaultTerm ? [{ taxonomy: t.name, ...t.defaultTerm }] : []));

/** A value derived from the registry, computed on first use (after the lists have registered) and kept. */
export function derived<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}
