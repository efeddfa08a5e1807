/**
 * What core-content's post-type controller (controller.ts), repository and presenter need to know about one post
 * type: its registry entry (from src/contracts), the rules WordPress applies to it (comment status, permalinks,
 * slugs, scheduling, the default category) and its hooks. A type that differs has its own file (post.ts,
 * page.ts, ...) building one with definePostTypeBehaviour, saying only where it differs; the registry gives every
 * other registered type the generic one.
 */
import type { Context, Identity } from '@loom/contracts';
import type { MediaAttachment } from '@loom/rendering';
import * as core from './contract';
import { can, type BodyReader, type CapPost, type Link, type RestRequest, type WpError } from '@loom/service-kit';
import type { Filter } from '@loom/store';
import type { PostDoc, PostInput } from './post';
import { siteOptions } from '../site/site-options';

type Params = Record<string, unknown>;

/** wp_unique_post_slug()'s rule for the type. */
export interface SlugRule {
  /** Which posts a slug must differ from (the registry's slugScope). */
  scope: core.SlugScope;
  /** A slug the type never takes as it is (a number that would read as an archive), given the post's current one. */
  reserved?(slug: string, currentSlug: string | undefined): boolean;
}

/** What get_permalink() knows of a post beyond its own fields. */
export interface PermalinkContext {
  homeUrl: string;
  rules: PostTypeBehaviour;
  /** The post's ancestors, nearest first (pages); [] for flat types. */
  ancestors: PostDoc[];
  /** current_user_can( 'read_post' ): private posts get a pretty link only for readers who may read them. */
  canRead: boolean;
}

/** Named hooks, each where WordPress's controller (or the functions under it) treats the type differently. */
export interface PostTypeHooks {
  /** prepare_item_for_database: the type's own parameters into the write. */
  prepareInput?(req: RestRequest, input: PostInput, existing: PostDoc | null): void | Promise<void>;
  /**
   * A controller's own prepare_item_for_database, replacing the posts controller's whole (menu items read their
   * arguments into menu item fields); its errors are WordPress's (e.g. several at once: combinedError).
   */
  prepareItemForDatabase?(req: RestRequest, existing: PostDoc | null): Promise<PostInput>;
  /** The create and update permission checks the type adds (true when it has nothing to refuse). */
  checkWrite?(req: RestRequest): true | WpError;
  /** Just before a post is stored, what the type changes in it (trashing a sticky post unsticks it). */
  beforeSave?(next: PostDoc, previous: PostDoc | null): void;
  /** The type's own collection filters, from the request's parameters. */
  queryFilters?(params: Params): Filter[];
  /** The collection's permission check beyond the generic one (get_items_permissions_check). */
  listPermission?(req: RestRequest): true | WpError;
  /** A single post's read check beyond the generic one (get_item_permissions_check). */
  readPermission?(req: RestRequest, post: PostDoc): true | WpError;
  /**
   * prepare_item_for_response: the type's data from the generic data (in WordPress's field order), before the
   * context filter; may replace it whole (a controller with its own schema).
   */
  prepareResponse?(
    data: Record<string, unknown>,
    post: PostDoc,
    ctx: ResponseContext,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * filter_response_by_context: what the type changes once the context filter has run (the blocks controller
   * moves its sync status out of `meta`); `_links` are added after it.
   */
  filterResponse?(data: Record<string, unknown>, post: PostDoc, ctx: ResponseContext): Record<string, unknown>;
  /**
   * prepend_attachment(): the post as the attachment the_content shows first (an attachment's own file, before its
   * description and in its generated caption).
   */
  contentAttachment?(post: PostDoc, req: RestRequest): MediaAttachment;
  /** Before a page of posts is prepared: what its responses need, loaded for every post at once (menu items' linked objects). */
  preparePage?(posts: PostDoc[], ctx: ResponseContext): Promise<void>;
  /** The create endpoint's own body reading (uploads), instead of the kit's JSON/form parsing. */
  readCreateBody?: BodyReader;
  /** The create permission check's last step (after the generic ones), where it needs the store. */
  checkCreate?(req: RestRequest): Promise<true | WpError>;
  /**
   * create_item: the type's own creation around the generic insert (`create`), e.g. storing an upload's files
   * first; its headers are added to the 201.
   */
  createItem?(
    req: RestRequest,
    input: PostInput,
    create: (input: PostInput) => Promise<PostDoc>,
  ): Promise<{ post: PostDoc; headers?: Record<string, string> }>;
  /** check_read_permission where it depends on other posts (an attachment inherits its parent's). */
  canRead?(req: RestRequest, post: PostDoc): Promise<boolean>;
  /** The collection's visibility filter where it depends on other posts, from the generic one for the statuses asked. */
  visibility?(
    req: RestRequest,
    statuses: string[],
    context: Context,
    generic: (statuses: string[]) => Filter,
  ): Promise<Filter>;
  /** prepare_links: the type's links from the generic ones (keyed by rel; `undefined` drops one). */
  links?(
    rels: Record<string, Link | Link[] | string | undefined>,
    post: PostDoc,
    ctx: ResponseContext,
  ): Record<string, Link | Link[] | string | undefined>;
}

/** What a response hook knows of the request it answers. */
export interface ResponseContext {
  req: RestRequest;
  context: Context;
  /** `{base_url}/rest/core/v2`. */
  rest: string;
}

/**
 * A type kept in the posts collection, whichever controller serves it (the repository, slugs, permalinks and read
 * access need it; the posts controller takes its routes from the contract, core.postTypeRoutesOf).
 */
export interface PostTypeBehaviour {
  name: string;
  object: core.PostTypeObject;
  /** REST taxonomies of the type, each stored as an id list under its rest base (`categories`, `tags`). */
  taxonomies: core.TaxonomyObject[];
  /** get_default_comment_status(): open where the type supports comments (pages excepted), else closed. */
  defaultCommentStatus: 'open' | 'closed';
  /** get_default_comment_status( $type, 'pingback' ): open where the type supports trackbacks, else closed. */
  defaultPingStatus: 'open' | 'closed';
  /** The pretty permalink: `%postname%` at the root, `%pagename%` under the post's ancestors; none for types not viewable. */
  permastructToken: '%postname%' | '%pagename%' | null;
  /** The plain permalink's query for a post id (`p=5`, `page_id=5`, `post_type=wp_block&p=5`). */
  plainQuery(id: number): string;
  /**
   * Whether the sample permalink (permalink_template) falls back to the plain form for statuses nobody may view
   * (trash): posts do (get_permalink's own branch runs wp_force_plain_post_permalink( $post, true )); pages
   * (_get_page_link) and other types (get_post_permalink) show the pretty form for any status when sampling.
   */
  plainSampleWhenHidden: boolean;
  slugs: SlugRule;
  /** Whether a date still to come schedules the post (`future`); attachments keep their status. */
  schedules: boolean;
  /** Whether posts of the type keep a post_parent (hierarchical types, and attachments: the post they belong to). */
  hasParent: boolean;
  /**
   * check_read_permission's shortcut: a published post is readable by anyone. Blocks read through read_post
   * (their `read` capability is edit_posts), so their published posts are not public.
   */
  publicReads: boolean;
  /** The `wp:attachment` link (media attached to the post); WordPress leaves it off menu items. */
  attachmentsLink: boolean;
  /** The edit context's `wp:action-publish` link for users who may publish (attachments have none). */
  publishAction: boolean;
  /**
   * get_permalink() for a type whose links follow their own rule (attachments: get_attachment_link); given the
   * post (its slug `%postname%` when sampling) and the generic context (ancestors, nearest first).
   */
  permalink?(post: { id: number; slug: string; status: string; parent: number }, c: PermalinkContext): string;
  /** Whether a post of the type links to the home page itself (get_page_link(): the page shown on the front). */
  linksHome?(id: number): boolean;
  /** get_post_type_archive_link(): the type's archive, if it has one (posts: the home page). */
  archiveUrl?(homeUrl: string): string;
  /** rest_trash_not_supported's message, for types whose REST settings keep no trash (DELETE needs force). */
  trashMessage: string;
  /** The context of a permanent delete's `previous`: edit (posts controller), or view (menu items). */
  deletedContext: Context;
  /**
   * Whether autosaves keep the write's title, content and excerpt. WordPress's autosave reads them from what
   * prepare_item_for_database gives; a menu item's gives none, so its autosaves hold empty text.
   */
  autosaveText: boolean;
  hooks: PostTypeHooks;
}

export type OwnBehaviour = Partial<Omit<PostTypeBehaviour, 'name' | 'object' | 'taxonomies'>>;

/** A type's behaviour: WordPress's generic rules for any registered type, overlaid with the type's own. */
export function definePostTypeBehaviour(name: string, own: OwnBehaviour = {}): PostTypeBehaviour {
  const object = core.postTypeNamed(name);
  if (!object) throw new Error(`post type ${name} is not registered`);
  return {
    name,
    object,
    taxonomies: core.taxonomiesOf(name),
    defaultCommentStatus: core.supports(object, 'comments') ? 'open' : 'closed',
    defaultPingStatus: core.supports(object, 'trackbacks') ? 'open' : 'closed',
    permastructToken: null,
    plainQuery: (id) => `post_type=${name}&p=${id}`,
    plainSampleWhenHidden: false,
    slugs: { scope: object.slugScope, reserved: object.hierarchical ? pageLikeNumber : undefined },
    schedules: true,
    hasParent: object.hierarchical,
    publicReads: true,
    attachmentsLink: true,
    publishAction: true,
    trashMessage: "The post does not support trashing. Set 'force=true' to delete.",
    deletedContext: 'edit',
    autosaveText: true,
    hooks: {},
    ...own,
  };
}

/** Hierarchical slugs may not be a number or `page` + number (they would read as a page of an archive). */
const pageLikeNumber = (slug: string) => /^(page)?\d+$/.test(slug);

export const statusObject = core.statusObject;

/** get_post_stati( array( 'date_floating' => true ) ): draft, pending, auto-draft keep floating dates. */
export const isDateFloating = (status: string): boolean => statusObject(status)?.dateFloating ?? false;

/** The fields of a post a capability check reads (a stored post, or a hypothetical one for query filters). */
export interface CapTarget {
  /** A stored post's id (a query filter's hypothetical post has none). */
  id?: number;
  author: number;
  status: string;
  type: string;
  trashed_from?: string;
}

/** Whether the site's options name the post as its front page or its posts page. */
function isFrontOrPostsPage(id: number): boolean {
  const o = siteOptions();
  return o.page_on_front === id || o.page_for_posts === id;
}

/** current_user_can( $cap, $post ): edit_post, delete_post, read_post, publish_post against the type's caps. */
export function postCan(
  user: Identity | null,
  cap: 'edit_post' | 'delete_post' | 'read_post' | 'publish_post',
  post: CapTarget,
): boolean {
  const status = statusObject(post.status);
  const type = core.postTypeNamed(post.type);
  if (!type) return false;
  // map_meta_cap( 'delete_post' ): the page shown on the front and the posts page also need manage_options.
  if (cap === 'delete_post' && post.id && isFrontOrPostsPage(post.id) && !can(user, 'manage_options')) return false;
  const target: CapPost = {
    author: post.author,
    status: post.status,
    type: post.type,
    trashedFrom: post.trashed_from,
    caps: type.cap,
    statusPublic: status?.public ?? false,
    statusPrivate: status?.private ?? false,
  };
  return can(user, cap, { post: target });
}
