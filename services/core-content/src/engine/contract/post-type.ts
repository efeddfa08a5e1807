/**
 * A post type as register_post_type() registers it, and how core/v2 serves it: one definition per type (its own
 * file under core/post-types/), from which the routes, the index, OPTIONS, the `types` descriptor, the revision
 * and autosave routes, `allow_batch` and the term relations are all derived.
 */
import type { ZodTypeAny } from 'zod';
import type { FieldDef, RouteDef, VerbDocs, Noun } from '@loom/contracts';
import { postTypeCaps, type PostTypeCaps } from './capabilities';
import { postTypeLabels, type Labels } from './labels';

export type ArgsMap = Record<string, ZodTypeAny>;

/**
 * How the REST API serves a type (its controller's settings). A registered type without one has no routes in
 * Loom yet: the descriptors leave it out rather than advertise links that would answer 404.
 */
export interface PostTypeRest {
  /**
   * The controller serving the type (its rest_controller_class): the posts controller (default), or the templates
   * controller (WP_REST_Templates_Controller: string ids, theme files merged with stored rows, lookup), whose
   * routes, revisions and autosaves come from core/templates.ts.
   */
  controller?: 'posts' | 'templates';
  /** `allow_batch` on the collection and item routes (spec 4.1). */
  allowBatch: boolean;
  /**
   * The features the REST schema is built from, where the controller fixes them whatever the type registers
   * (the posts controller's $fixed_schemas: pages show an excerpt they do not support); else the type's supports.
   */
  schemaFeatures?: string[];
  /** Whether DELETE without `force` trashes (else rest_trash_not_supported, 501). */
  trash: boolean;
  /** An autosaves controller (every type but attachments in WordPress); revisions follow `supports: revisions`. */
  autosaves: boolean;
  /** The collection's defaults where they differ from the posts controller's (menu items: 100 per page, by menu_order ascending). */
  perPage?: number;
  orderby?: string;
  order?: 'asc' | 'desc';
  /**
   * The type's own schema (the controller's get_item_schema over the posts controller's): given the fields the
   * posts controller would show, in its order, the fields this type shows.
   */
  fields?: (fields: Record<string, FieldDef>) => Record<string, FieldDef>;
  /** The type's own collection parameters over the posts controller's. */
  collectionArgs?: (args: ArgsMap) => ArgsMap;
  /** The type's own write arguments over the posts controller's (create, or update when `updating`). */
  writeArgs?: (args: ArgsMap, updating: boolean) => ArgsMap;
  /** Routes the type's controller adds after its item route (the attachments controller's post-process and edit). */
  extraRoutes?: () => RouteDef[];
  /** How the API reference names the type and describes its endpoints, where its rest base does not say it. */
  noun?: Noun;
  docs?: VerbDocs;
}

export interface PostTypeDef {
  name: string;
  restBase: string;
  /** The labels the type registers (WordPress fills in the rest). */
  labels: Labels;
  description?: string;
  hierarchical?: boolean;
  menuIcon?: string;
  showUi?: boolean;
  showInNavMenus?: boolean;
  /** is_post_type_viewable(): publicly queryable, or a public built-in type. */
  viewable?: boolean;
  /** register_post_type's `public` (get_post_types( array( 'public' => true ) ): the types a theme's templates serve). */
  public?: boolean;
  /** Features in add_post_type_support() order (default: title, editor). */
  supports?: string[];
  /** Whether wp_delete_user() deletes the user's posts of this type (default: when the type supports `author`). */
  deleteWithUser?: boolean;
  /**
   * Which posts a slug must differ from (wp_unique_post_slug): the type's own, its siblings' (hierarchical types'
   * default), every post's (attachments, whose slugs every hierarchical type's siblings also avoid), or those of
   * the type in the same theme (templates: wp_filter_wp_template_unique_post_slug).
   */
  slugScope?: SlugScope;
  cap?: PostTypeCaps;
  /** Meta keys registered for the type with show_in_rest, with their defaults. */
  meta?: Readonly<Record<string, number | string>>;
  /** The values a meta key's schema allows (register_post_meta's `enum`), where it limits them. */
  metaEnums?: Readonly<Record<string, readonly string[]>>;
  rest?: PostTypeRest;
}

export type SlugScope = 'type' | 'siblings' | 'everywhere' | 'theme';

/** A registered post type with WordPress's defaults applied ($wp_post_types[name]). */
export interface PostTypeObject {
  name: string;
  /** The plural title (WordPress's `label`), shown as `name`. */
  label: string;
  description: string;
  hierarchical: boolean;
  hasArchive: boolean | string;
  menuIcon: string | null;
  restBase: string;
  restNamespace: string;
  showUi: boolean;
  showInNavMenus: boolean;
  viewable: boolean;
  public: boolean;
  supports: string[];
  deleteWithUser: boolean;
  slugScope: SlugScope;
  labels: Labels;
  cap: PostTypeCaps;
  meta: Readonly<Record<string, number | string>>;
  metaEnums: Readonly<Record<string, readonly string[]>>;
  rest: PostTypeRest | null;
}

export function definePostType(d: PostTypeDef): PostTypeObject {
  const hierarchical = d.hierarchical ?? false;
  const labels = postTypeLabels(d.labels, hierarchical, d.name);
  return {
    name: d.name,
    label: labels.name ?? d.name,
    description: d.description ?? '',
    hierarchical,
    hasArchive: false,
    menuIcon: d.menuIcon ?? null,
    restBase: d.restBase,
    restNamespace: 'core/v2',
    showUi: d.showUi ?? false,
    showInNavMenus: d.showInNavMenus ?? false,
    viewable: d.viewable ?? false,
    public: d.public ?? false,
    // register_post_type() gives types that name no features title and editor.
    supports: d.supports ?? ['title', 'editor'],
    deleteWithUser: d.deleteWithUser ?? (d.supports ?? []).includes('author'),
    slugScope: d.slugScope ?? (hierarchical ? 'siblings' : 'type'),
    labels,
    cap: d.cap ?? postTypeCaps('post', 'posts'),
    meta: d.meta ?? {},
    metaEnums: d.metaEnums ?? {},
    rest: d.rest ?? null,
  };
}

/** post_type_supports(). */
export const supports = (t: Pick<PostTypeObject, 'supports'>, feature: string): boolean => t.supports.includes(feature);

/** Whether the type's REST schema has a feature's fields (its fixed schema features, else its supports). */
export const schemaSupports = (t: Pick<PostTypeObject, 'supports' | 'rest'>, feature: string): boolean =>
  (t.rest?.schemaFeatures ?? t.supports).includes(feature);

/** The controller serving a type with REST routes. */
export const controllerOf = (t: Pick<PostTypeObject, 'rest'>): 'posts' | 'templates' | null =>
  t.rest ? (t.rest.controller ?? 'posts') : null;

/** The posts controller's settings; a type's file overrides what its controller changes. */
export const POSTS_CONTROLLER: PostTypeRest = { allowBatch: true, trash: true, autosaves: true };

/** Inserts `add` after the key `after` (at the end when absent), keeping the schema's order. */
export function insertAfter<T>(map: Record<string, T>, after: string, add: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(map)) {
    out[k] = v;
    if (k === after) Object.assign(out, add);
  }
  return after in map ? out : { ...out, ...add };
}
