/**
 * What the generic post-like machinery needs to know about one post type: its registry entry (capabilities,
 * supports, hierarchy), its REST contract, its taxonomies, and the few per-type rules WordPress hard-codes
 * (default comment status, permalink structure, the default category). Posts and pages are two values of this;
 * media, blocks, navigation and menu items will be more.
 */
import { core, type Identity } from '@loom/contracts';
import { can, type CapPost } from '@loom/service-kit';
import { POST_TYPES, STATUSES, taxonomiesOf, type PostTypeObject, type StatusObject, type TaxonomyObject } from '../descriptors/registry';

export interface PostTypeRules {
  name: string;
  object: PostTypeObject;
  routes: core.PostTypeRoutes;
  /** REST taxonomies of the type, each stored as an id list under its rest base (`categories`, `tags`). */
  taxonomies: TaxonomyObject[];
  /** get_default_comment_status(): open for posts, closed for pages (comments and pings alike). */
  defaultCommentStatus: 'open' | 'closed';
  /** The permalink structure's token (`/%postname%/`, pages `/%pagename%/` under their ancestors). */
  permastructToken: '%postname%' | '%pagename%';
  /** The query variable of a plain permalink: `?p=ID`, pages `?page_id=ID`. */
  plainVar: 'p' | 'page_id';
  /**
   * Whether the sample permalink (permalink_template) falls back to the plain form for statuses nobody may view
   * (trash): posts do (get_permalink's own branch runs wp_force_plain_post_permalink( $post, true )); pages
   * (_get_page_link) and other types (get_post_permalink) show the pretty form for any status when sampling.
   */
  plainSampleWhenHidden: boolean;
  /** wp_set_post_categories(): posts always get the default category when they would have none. */
  defaultCategory: boolean;
  /** The active theme's custom templates for this type (get_page_templates): slug → name. */
  templates: Readonly<Record<string, string>>;
}

const typeObject = (name: string): PostTypeObject => {
  const t = POST_TYPES.find((p) => p.name === name);
  if (!t) throw new Error(`post type ${name} is not registered`);
  return t;
};

/**
 * The theme's custom templates (Twenty Twenty-Four's customTemplates), what check_template accepts besides ''
 * and the current value. A stand-in until core/v2/templates serves the theme's templates.
 */
export const THEME_TEMPLATES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  post: { 'single-with-sidebar': 'Single with Sidebar' },
  page: { 'page-no-title': 'Page No Title', 'page-with-sidebar': 'Page with Sidebar', 'page-wide': 'Page with Wide Image' },
};

export const postRules: PostTypeRules = {
  name: 'post',
  object: typeObject('post'),
  routes: core.posts,
  taxonomies: taxonomiesOf('post'),
  defaultCommentStatus: 'open',
  permastructToken: '%postname%',
  plainVar: 'p',
  plainSampleWhenHidden: true,
  defaultCategory: true,
  templates: THEME_TEMPLATES.post!,
};

export const pageRules: PostTypeRules = {
  name: 'page',
  object: typeObject('page'),
  routes: core.pages,
  taxonomies: taxonomiesOf('page'),
  defaultCommentStatus: 'closed',
  permastructToken: '%pagename%',
  plainVar: 'page_id',
  plainSampleWhenHidden: false,
  defaultCategory: false,
  templates: THEME_TEMPLATES.page!,
};

/** Every post-like type this service serves, by name (for links to posts of another type: a page's parent). */
export const POST_TYPE_RULES: ReadonlyMap<string, PostTypeRules> = new Map([postRules, pageRules].map((r) => [r.name, r]));

export const statusObject = (name: string): StatusObject | undefined => STATUSES.find((s) => s.name === name);

/** get_post_stati( array( 'date_floating' => true ) ): draft, pending, auto-draft keep floating dates. */
export const isDateFloating = (status: string): boolean => statusObject(status)?.dateFloating ?? false;

/** The fields of a post a capability check reads (a stored post, or a hypothetical one for query filters). */
export interface CapTarget {
  author: number;
  status: string;
  type: string;
  trashed_from?: string;
}

/** current_user_can( $cap, $post ): edit_post, delete_post, read_post, publish_post against the type's caps. */
export function postCan(user: Identity | null, cap: 'edit_post' | 'delete_post' | 'read_post' | 'publish_post', post: CapTarget): boolean {
  const status = statusObject(post.status);
  const type = POST_TYPES.find((t) => t.name === post.type);
  const target: CapPost = {
    author: post.author,
    status: post.status,
    type: post.type,
    trashedFrom: post.trashed_from,
    caps: type?.cap,
    statusPublic: status?.public ?? false,
    statusPrivate: status?.private ?? false,
  };
  return can(user, cap, { post: target });
}

/** check_read_permission(): a published (or otherwise public) post is readable by anyone, else read_post. */
export const canReadPost = (user: Identity | null, post: CapTarget): boolean =>
  post.status === 'publish' || statusObject(post.status)?.public === true || postCan(user, 'read_post', post);
