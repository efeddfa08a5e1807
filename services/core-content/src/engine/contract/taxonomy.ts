/**
 * A taxonomy as register_taxonomy() registers it, and how core/v2 serves its terms: one definition per taxonomy
 * (its own file under core/taxonomies/), from which the term routes, the `taxonomies` descriptor, the post types'
 * term fields and filters, and the links between terms and posts are derived.
 */
import type { FieldDef } from '@loom/contracts';
import type { ArgsMap } from './post-type';
import type { TaxonomyCaps } from './capabilities';
import { taxonomyLabels, type Labels } from './labels';

export interface TaxonomyVisibility {
  public: boolean;
  publicly_queryable: boolean;
  show_admin_column: boolean;
  show_in_nav_menus: boolean;
  show_in_quick_edit: boolean;
  show_ui: boolean;
}

/** How the REST API serves the terms (its terms controller's settings and the taxonomy's own schema). */
export interface TaxonomyRest {
  /** The schema's title (WordPress shows `tag` for post_tag). */
  title: string;
  allowBatch: boolean;
  /** The taxonomy's own fields over the terms controller's (menus: locations, auto_add; no count or link). */
  fields?: (fields: Record<string, FieldDef>) => Record<string, FieldDef>;
  collectionArgs?: (args: ArgsMap) => ArgsMap;
  writeArgs?: (args: ArgsMap, creating: boolean) => ArgsMap;
}

export interface TaxonomyDef {
  name: string;
  restBase: string;
  hierarchical: boolean;
  /** The post types the taxonomy is registered for (`types`), which then carry its term ids. */
  objectType: string[];
  labels?: Labels;
  showTagcloud: boolean;
  visibility: TaxonomyVisibility;
  cap: TaxonomyCaps;
  /** The prefix of a post's class for each of its terms (get_post_class: `tag-` for post_tag, else the taxonomy's name). */
  postClassPrefix?: string;
  /**
   * The term every site has from its first start, which can never be deleted and which a post of `postTypes` left
   * without terms of the taxonomy gets (WordPress's default category, "Uncategorized", option default_category).
   */
  defaultTerm?: DefaultTerm;
  rest?: TaxonomyRest;
}

export interface DefaultTerm {
  /** Its id: seeded first into an empty store, so fixed (WordPress's fresh-install default_category, 1). */
  id: number;
  name: string;
  slug: string;
  postTypes: string[];
  /** The site option naming the default term when it has been changed (`default_category`). */
  option?: 'default_category';
}

export interface TaxonomyObject extends Omit<TaxonomyDef, 'labels' | 'rest'> {
  label: string;
  description: string;
  labels: Labels;
  restNamespace: string;
  rest: TaxonomyRest | null;
}

export function defineTaxonomy(d: TaxonomyDef): TaxonomyObject {
  const labels = taxonomyLabels(d.labels ?? {}, d.hierarchical, d.name);
  return {
    ...d,
    label: labels.name ?? d.name,
    labels,
    description: '',
    restNamespace: 'core/v2',
    rest: d.rest ?? null,
  };
}

/** What a public taxonomy shows (category, post_tag). */
export const PUBLIC_TAXONOMY: TaxonomyVisibility = {
  public: true,
  publicly_queryable: true,
  show_admin_column: true,
  show_in_nav_menus: true,
  show_in_quick_edit: true,
  show_ui: true,
};
