/**
 * The site's registry: the registered post types, taxonomies and post statuses, in registration order (WordPress
 * lists each collection in that order), one file per type and per taxonomy. Everything about a type is read
 * from here: the route table, the index, the descriptors, the term relations.
 */
import { attachmentType } from '../../types/attachment/contract';
import { blockType } from '../../types/block/contract';
import { navMenuItemType } from '../../types/nav-menu-item/contract';
import { navigationType } from '../../types/navigation/contract';
import { pageType } from '../../types/page/contract';
import { postType } from '../../types/post/contract';
import { templatePartType } from '../../types/template-part/contract';
import { templateType } from '../../types/template/contract';
import { categoryTaxonomy } from '../../taxonomies/category/contract';
import { navMenuTaxonomy } from '../../taxonomies/nav-menu/contract';
import { patternCategoryTaxonomy } from '../../taxonomies/pattern-category/contract';
import { postTagTaxonomy } from '../../taxonomies/post-tag/contract';
import type { PostTypeObject } from './post-type';
import type { TaxonomyObject } from './taxonomy';

export * from './capabilities';
export * from './labels';
export * from './meta';
export * from './post-type';
export * from './statuses';
export * from './taxonomy';

/** Registered post types with show_in_rest, in registration order (sample 18). */
export const POST_TYPES: readonly PostTypeObject[] = [postType, pageType, attachmentType, navMenuItemType, blockType, templateType, templatePartType, navigationType];

/** Registered but not shown in REST: the types item route answers rest_cannot_read_type for these. */
export const HIDDEN_POST_TYPES: readonly string[] = ['revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_global_styles'];

/** Taxonomies with show_in_rest, in registration order (sample 20, then wp_pattern_category). */
export const TAXONOMIES: readonly TaxonomyObject[] = [categoryTaxonomy, postTagTaxonomy, navMenuTaxonomy, patternCategoryTaxonomy];

/** Registered but not shown in REST: their item route refuses with rest_forbidden. */
export const HIDDEN_TAXONOMIES: readonly string[] = ['link_category', 'post_format', 'wp_theme', 'wp_template_part_area'];

export const postTypeNamed = (name: string): PostTypeObject | undefined => POST_TYPES.find((t) => t.name === name);
export const taxonomyNamed = (name: string): TaxonomyObject | undefined => TAXONOMIES.find((t) => t.name === name);

/** get_object_taxonomies() limited to REST taxonomies, in registration order. */
export const taxonomiesOf = (postType: string): TaxonomyObject[] => TAXONOMIES.filter((t) => t.objectType.includes(postType));

/** The types and taxonomies core/v2 serves routes for (a registered one without is left out of the descriptors). */
export const SERVED_POST_TYPES = (): PostTypeObject[] => POST_TYPES.filter((t) => t.rest);
export const SERVED_TAXONOMIES = (): TaxonomyObject[] => TAXONOMIES.filter((t) => t.rest);

/** The default terms of every taxonomy that has one (seeded into an empty store), with their taxonomy. */
export const DEFAULT_TERMS = TAXONOMIES.flatMap((t) => (t.defaultTerm ? [{ taxonomy: t.name, ...t.defaultTerm }] : []));
