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

let postTypeList: Registered<PostTypeObject> | undefined;
let taxonomyList: Registered<TaxonomyObject> | undefined;

function read<T>(list: Registered<T> | undefined, what: string): Registered<T> {
  if (!list)
    throw new Error(
      `core-content: the ${what} are read before src/${what === 'post types' ? 'types' : 'taxonomies'} registered them`,
    );
  return list;
}

/** register_post_type() for the whole list at once (src/types/index.ts, through engine/registry.ts). */
export function registerPostTypeObjects(shown: readonly PostTypeObject[], hidden: readonly string[]): void {
  if (postTypeList) throw new Error('core-content: post types are registered once');
  postTypeList = { shown, hidden };
}

/** register_taxonomy() for the whole list at once (src/taxonomies/index.ts, through engine/terms/registry.ts). */
export function registerTaxonomyObjects(shown: readonly TaxonomyObject[], hidden: readonly string[]): void {
  if (taxonomyList) throw new Error('core-content: taxonomies are registered once');
  taxonomyList = { shown, hidden };
}

/** Registered post types with show_in_rest, in registration order (sample 18). */
export const allPostTypes = (): readonly PostTypeObject[] => read(postTypeList, 'post types').shown;
/** Registered but not shown in REST: the types item route answers rest_cannot_read_type for these. */
export const hiddenPostTypes = (): readonly string[] => read(postTypeList, 'post types').hidden;
/** Taxonomies with show_in_rest, in registration order (sample 20, then wp_pattern_category). */
export const allTaxonomies = (): readonly TaxonomyObject[] => read(taxonomyList, 'taxonomies').shown;
/** Registered but not shown in REST: their item route refuses with rest_forbidden. */
export const hiddenTaxonomies = (): readonly string[] => read(taxonomyList, 'taxonomies').hidden;

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
