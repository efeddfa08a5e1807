/**
 * The routes of one events/v1 post type (events, venues, organizers) bound the plugin's way: the item routes'
 * argument checks first (not part of the Allow header), then the permissions: the archive and single reads are public
 * (handlers check access), create needs edit_posts of the type, update and delete need edit_post / delete_post
 * on the post (the type's edit_posts / delete_posts when there is none, so the handler answers its not-found code).
 */
import type { RouteDef } from '@loom/contracts';
import {
  bindResource,
  can,
  capabilityType,
  forbidden,
  type AnyHandler,
  type Binding,
  type CapPost,
  type Handler,
  type PostTypeCapNames,
  type RestRequest,
} from '@loom/service-kit';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type BasePostDoc } from './repository';
import { publishDuePosts } from './schedule';

interface PostTypeRoutes {
  collection: RouteDef;
  item: RouteDef;
  bySlug: RouteDef;
}

export interface PostTypeHandlers<T extends BasePostDoc> {
  caps: PostTypeCapNames;
  /** The post an item route names (by id or by slug), or null. */
  find: (req: RestRequest) => Promise<T | null>;
  list: AnyHandler;
  create: AnyHandler;
  read: AnyHandler;
  update: AnyHandler;
  trash: AnyHandler;
  /**
   * The item routes' own argument checks (the plugin's validate callbacks on `id` / `slug`): run first, before the
   * permission check, as WordPress validates arguments before it asks permission_callback.
   */
  validateItem?: (req: RestRequest) => Promise<void>;
}

/**
 * The slug a by-slug route's (already decoded) path names. Parameters merge body first, as WordPress's do, so
 * `req.params.slug` may be a body's new slug; the post is always the one the path names (the plugin's
 * Slug_Endpoint: "a body or query id can never win over the route slug").
 */
export const pathSlug = (req: RestRequest): string | undefined => req.route.regex.exec(req.path)?.groups?.slug;

/** A by-slug update's new slug: a body `slug` other than the path's (sanitized); undefined when there is none. */
export function renamedSlug(req: RestRequest, given: unknown, sanitize: (s: string) => string): string | undefined {
  if (given === undefined) return undefined;
  const named = pathSlug(req);
  const slug = sanitize(String(given));
  return named === undefined || slug !== sanitize(named) ? slug : undefined;
}

export const capPostOf = (doc: BasePostDoc, caps: PostTypeCapNames): CapPost => ({
  author: doc.author,
  status: doc.status,
  type: doc.type,
  caps,
  trashedFrom: doc.trashed_from,
});

/** Each post type's capabilities, by its capability_type plural. */
const TYPE_CAPS: Readonly<Record<string, PostTypeCapNames>> = {
  [EVENT_TYPE]: capabilityType('tribe_events'),
  [VENUE_TYPE]: capabilityType('tribe_venues'),
  [ORGANIZER_TYPE]: capabilityType('tribe_organizers'),
};
export const capsOfType = (type: string): PostTypeCapNames => TYPE_CAPS[type] ?? capabilityType(`${type}s`);

/** read_post on the post (published ones are readable by anyone). */
export const canRead = (req: RestRequest, doc: BasePostDoc) =>
  doc.status === 'publish' || can(req.user, 'read_post', { post: capPostOf(doc, capsOfType(doc.type)) });

export function postTypeBindings<T extends BasePostDoc>(routes: PostTypeRoutes, h: PostTypeHandlers<T>): Binding[] {
  const itemCap = (meta: 'edit_post' | 'delete_post', primitive: string) => async (req: RestRequest) => {
    const doc = await h.find(req);
    const ok = doc ? can(req.user, meta, { post: capPostOf(doc, h.caps) }) : can(req.user, primitive);
    return ok ? (true as const) : forbidden(req.user);
  };
  const canCreate = (req: RestRequest) => (can(req.user, h.caps.edit_posts) ? (true as const) : forbidden(req.user));
  // Reads see scheduled posts whose time has come as published.
  const afterDue =
    (handler: AnyHandler): Handler =>
    async (req) => {
      await publishDuePosts(req.store);
      return (handler as Handler)(req);
    };
  const validate = h.validateItem
    ? async (req: RestRequest) => {
        await h.validateItem!(req);
        return true as const;
      }
    : undefined;
  return bindResource(routes, {
    list: [null, afterDue(h.list)],
    create: [canCreate, h.create],
    read: [null, afterDue(h.read), validate],
    update: [itemCap('edit_post', h.caps.edit_posts), h.update, validate],
    delete: [itemCap('delete_post', h.caps.delete_posts), h.trash, validate],
  });
}
