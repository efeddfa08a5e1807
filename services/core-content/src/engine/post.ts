/**
 * A stored post as the posts collection keeps it, a write's input and a collection query: the shapes the
 * repository, the behaviours and the presenter share (kept apart from the repository so that types need not
 * depend on it).
 */
import type { Filter } from '@loom/store';

export interface PostDoc extends Record<string, unknown> {
  id: number;
  type: string;
  status: string;
  /** post_author: a user id, 0 for none. */
  author: number;
  /** post_date: site-local `YYYY-MM-DDTHH:MM:SS`. */
  date: string;
  /** post_date_gmt; null while a draft's date floats (WordPress's `0000-00-00 00:00:00`). */
  date_gmt: string | null;
  modified: string;
  modified_gmt: string;
  /** post_name; '' for drafts that never had one. */
  slug: string;
  title: string;
  /** The title lower-cased: ordering by title is case-insensitive, as MySQL's collation makes it. */
  title_sort: string;
  content: string;
  excerpt: string;
  password: string;
  comment_status: 'open' | 'closed';
  ping_status: 'open' | 'closed';
  parent: number;
  menu_order: number;
  guid: string;
  sticky: boolean;
  /** get_post_format(): 'standard' when none. */
  format: string;
  /** _wp_page_template. */
  template: string;
  /** _thumbnail_id: 0 for none. */
  featured_media: number;
  /** Registered meta keys that were set (others read as their defaults). */
  meta: Record<string, unknown>;
  /** Trash bookkeeping (_wp_trash_meta_status, _wp_trash_meta_time, _wp_desired_post_slug). */
  trashed_from?: string;
  trashed_at?: string;
  desired_slug?: string;
  /** The slug's claim under the sparse unique index, while WordPress makes the slug unique (slugKey). */
  slug_key?: string;
  /** Approved comments (wp_update_comment_count), kept by the comments: absent until the first one. */
  comment_count?: number;
}

/** What create and update may set; every field optional (update: absent means unchanged). */
/**
 * The fields of a stored post that no client writes for it (a revision, a theme's global styles): no password,
 * comments and pings closed, no parent order, format, template, featured image or meta.
 */
export const internalPostFields = () => ({
  password: '',
  comment_status: 'closed' as const,
  ping_status: 'closed' as const,
  menu_order: 0,
  guid: '',
  sticky: false,
  format: 'standard',
  template: '',
  featured_media: 0,
  meta: {},
});

export interface PostInput {
  title?: string;
  content?: string;
  excerpt?: string;
  status?: string;
  /** A new date (both clocks, and which argument gave it), or null to reset it (a draft's date floats again). */
  date?: { local: string; gmt: string; from: 'date' | 'date_gmt' } | null;
  slug?: string;
  author?: number;
  password?: string;
  parent?: number;
  menu_order?: number;
  comment_status?: 'open' | 'closed';
  ping_status?: 'open' | 'closed';
  format?: string;
  sticky?: boolean;
  template?: string;
  featured_media?: number;
  /** Term ids by taxonomy rest base, already limited to terms that exist. */
  terms?: Record<string, number[]>;
  /** Registered meta keys to set (null deletes). */
  meta?: Record<string, unknown>;
  /**
   * The type's own stored fields (a menu item's url, object, target...), set by its hooks: stored as given on
   * create, changed field by field on update.
   */
  own?: Record<string, unknown>;
}

export interface WriteContext {
  /** The caller (the default author of a new post). */
  userId: number;
  /** publish_posts (create) / publish_post (update): WordPress empties a pending post's slug for others. */
  canPublish: boolean;
  /** An autosave updating the post itself (DOING_AUTOSAVE: no revision is stored). */
  autosave?: boolean;
}

export interface TaxClause {
  restBase: string;
  terms: number[];
  operator: 'IN' | 'AND' | 'NOT IN';
}

export interface PostQuery {
  /** Statuses to list (`any` already expanded). */
  statuses: string[];
  /** The caller's visibility, as a filter (see handlers): only posts the caller may read (or edit). */
  visibility?: Filter;
  search?: string;
  searchColumns: string[];
  /** WP_Query leaves password-protected posts out of searches for anonymous callers. */
  anonymous: boolean;
  after?: string;
  before?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  author: number[];
  authorExclude: number[];
  include: number[];
  exclude: number[];
  menuOrder?: number;
  parent: number[];
  parentExclude: number[];
  slug?: string[];
  taxRelation: 'AND' | 'OR';
  tax: TaxClause[];
  /** The type's own filters (its hooks' queryFilters). */
  own: Filter[];
  orderby: string;
  order: 'asc' | 'desc';
  perPage: number;
  offset: number;
}
