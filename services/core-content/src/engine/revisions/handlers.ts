/**
 * The revision and autosave routes of one post-like type (WP_REST_Revisions_Controller and
 * WP_REST_Autosaves_Controller), generic over the type: its rules, its contract routes, and the write side of
 * its own routes (prepare_item_for_database and the update permission check), which autosaves reuse.
 */
import { createHash } from 'node:crypto';
import type { Context, ResourceDef } from '@loom/contracts';
import * as core from '../contract';
import {
  bind,
  deletedAnswer,
  filterByContext,
  forbidden,
  links,
  paginationHeaders,
  wpError,
  type Binding,
  type RestRequest,
  type WpError,
} from '@loom/service-kit';
import { siteClock } from '../dates';
import { permalink } from '../permalinks';
import { renderer, requestBlocks, type BlockContext } from '../render';
import { mediaForContents, type MediaContexts } from '../media/shortcodes';
import { PostRepository, type PostDoc, type PostInput } from '../repository';
import { postCan, type PostTypeBehaviour } from '../behaviour';
import { invalidRevision, revisionOf, revisionPage, storeAutosave } from './operations';
import { REVISION, RevisionRepository } from './repository';

type Params = Record<string, unknown>;

/** What autosaves need from the parent type's own write routes (post-types/controller.ts postTypeWrites). */
export interface ParentWrites {
  prepareInput(req: RestRequest, existing: PostDoc | null): Promise<PostInput>;
  updatePermission(req: RestRequest, post: PostDoc): Promise<true | WpError>;
}

const invalidParent = () => wpError('rest_post_invalid_parent');

/** wp_create_nonce( 'post_preview_{id}' ) stand-in: ten hex digits, stable for the user and the half-day. */
function previewNonce(parent: number, userId: number, nowMs: number): string {
  const tick = Math.ceil(nowMs / 1000 / 43200);
  return createHash('sha256').update(`${tick}|post_preview_${parent}|${userId}`).digest('hex').slice(-12, -2);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * rest_filter_response_by_context() keeps the sub-properties a schema does not describe: a block revision's
 * title.rendered and content.rendered (the blocks controller drops them from its schema, which revisions share).
 */
function keepUndescribed(
  schema: ResourceDef,
  data: Record<string, unknown>,
  filtered: Record<string, unknown>,
): Record<string, unknown> {
  for (const [key, f] of Object.entries(schema.fields)) {
    const from = data[key];
    const to = filtered[key];
    if (!f.properties || !isObject(from) || !isObject(to)) continue;
    for (const [k, v] of Object.entries(from)) if (!Object.hasOwn(f.properties, k)) to[k] = v;
  }
  return filtered;
}

/** add_query_arg() for a few arguments. */
const addQuery = (url: string, args: Record<string, string | number>) =>
  `${url}${url.includes('?') ? '&' : '?'}${Object.entries(args)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

/** The revision and autosave routes of a served type (those it keeps: core.revisionedRouteTable()). */
export function revisionBindings(rules: PostTypeBehaviour, writes: ParentWrites): Binding[] {
  const { revisions, autosaves } = core.revisionedRouteTable().get(rules.name)!;
  const clockOf = (req: RestRequest) => siteClock(req.config);
  const postRepo = (req: RestRequest) => new PostRepository(req.store, rules, clockOf(req), req.config.homeUrl);
  const repo = (req: RestRequest) => new RevisionRepository(req.store);
  const rest = (req: RestRequest) => `${req.config.restUrl}/core/v2`;

  /** get_parent(): rest_post_invalid_parent 404 unless the id is a post of this type. Loaded once per request. */
  const parentOf = (req: RestRequest, key: 'parent' | 'id'): Promise<PostDoc> =>
    req.memo('parent', async () => {
      const id = Number((req.params as Params)[key]);
      const post = id > 0 ? await req.store.collection<PostDoc>('posts').findOne({ id, type: rules.name }) : null;
      if (!post) throw invalidParent();
      return post;
    });

  /** get_items_permissions_check(): the parent, then edit_post on it. */
  const readCheck = (key: 'parent' | 'id', message: string) => async (req: RestRequest) => {
    const parent = await parentOf(req, key);
    return postCan(req.user, 'edit_post', parent) ? true : forbidden(req.user, 'rest_cannot_read', message);
  };
  const revisionsReadCheck = readCheck('parent', 'Sorry, you are not allowed to view revisions of this post.');

  // -------------------------------------------------------------------------------------------------------
  // Responses (prepare_item_for_response of both controllers)

  /** rest_get_route_for_post() of a post id (the revision's parent, or a page's parent for a draft autosave). */
  async function routeForPost(req: RestRequest, doc: PostDoc): Promise<string | null> {
    if (!doc.parent) return null;
    const type =
      doc.type === REVISION
        ? rules.name
        : (await req.store.collection<PostDoc>('posts').findOne({ id: doc.parent }))?.type;
    const base = core.allPostTypes().find((t) => t.name === type)?.restBase;
    return base ? `${rest(req)}/${base}/${doc.parent}` : null;
  }

  /** get_preview_post_link(): the post's permalink with `preview=true` (an autosave's adds its id and a nonce). */
  async function previewLink(req: RestRequest, doc: PostDoc, parent: PostDoc): Promise<string> {
    // Types nobody views (menu items) have no preview: get_preview_post_link() gives ''.
    if (!rules.object.viewable) return '';
    const pr = postRepo(req);
    const link = permalink(parent, {
      homeUrl: req.config.homeUrl,
      rules,
      ancestors: await pr.ancestors(parent),
      canRead: postCan(req.user, 'read_post', parent),
    });
    if (doc.type !== REVISION) return addQuery(link, { preview: 'true' });
    return addQuery(link, {
      preview_id: parent.id,
      preview_nonce: previewNonce(parent.id, req.user?.id ?? 0, clockOf(req).now()),
      preview: 'true',
    });
  }

  /** A revision, an autosave, or (a draft autosaved by its author) the post itself, in the revision's shape. */
  async function present(
    req: RestRequest,
    doc: PostDoc,
    context: Context,
    o: { schema: ResourceDef; parent?: PostDoc; blocks?: BlockContext; media?: MediaContexts },
  ): Promise<Record<string, unknown>> {
    // prepare_date_response(): a date whose GMT value is unset (a floating draft) is null.
    const floating = doc.date_gmt === null;
    const excerpt = doc.excerpt ? renderer.renderExcerpt(doc.excerpt, '') : '';
    const guid = doc.guid || `${req.config.homeUrl}/?p=${doc.id}`;
    const data: Record<string, unknown> = {
      author: doc.author,
      date: floating ? null : doc.date,
      date_gmt: floating ? null : doc.date_gmt,
      id: doc.id,
      modified: doc.modified,
      modified_gmt: doc.modified_gmt,
      parent: doc.parent,
      slug: doc.slug,
      guid: { rendered: guid, raw: guid },
      title: { raw: doc.title, rendered: renderer.renderTitle(doc.title) },
      // Rendered as WordPress renders it, with the revision as the global post (a [gallery] without ids lists its attachments: none).
      content: {
        raw: doc.content,
        rendered: renderer.renderContent(
          doc.content,
          o.blocks ?? (await requestBlocks(req, [doc.content])),
          (o.media ?? (await mediaForContents(req, [doc])))(doc.id),
        ),
      },
      excerpt: { raw: doc.excerpt, rendered: excerpt },
    };
    if (o.parent) data.preview_link = await previewLink(req, doc, o.parent);
    const up = await routeForPost(req, doc);
    if (up) data._links = links({ parent: up });
    return keepUndescribed(o.schema, data, filterByContext(o.schema, data, context));
  }

  // -------------------------------------------------------------------------------------------------------
  // Revisions

  async function listRevisions(req: RestRequest, revisionSchema: ResourceDef) {
    const parent = await parentOf(req, 'parent');
    const { items, total, perPage, page } = await revisionPage(req, parent);
    const context = req.params.context as Context;
    const body = [];
    // With the site's data for dynamic blocks, as a single revision renders them.
    const blocks = await requestBlocks(
      req,
      items.map((r) => r.content),
    );
    const media = await mediaForContents(req, items);
    for (const r of items) body.push(await present(req, r, context, { schema: revisionSchema, blocks, media }));
    const base = `${rest(req)}/${rules.object.restBase}/${parent.id}/revisions`;
    return {
      body,
      headers: paginationHeaders({ total, perPage: perPage ?? Math.max(total, 1), page }, base, req.rawQuery),
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // Autosaves

  const revisionRoutes = (revisions: core.RevisionRoutes): Binding[] => {
    const revisionSchema = revisions.item.schema!;
    return [
      bind(revisions.collection.endpoints.list, revisionsReadCheck, (req) => listRevisions(req, revisionSchema)),
      bind(revisions.item.endpoints.read, revisionsReadCheck, async (req) => {
        const parent = await parentOf(req, 'parent');
        return {
          body: await present(req, await revisionOf(req, parent.id), req.params.context as Context, {
            schema: revisionSchema,
          }),
        };
      }),
      bind(
        revisions.item.endpoints.delete,
        async (req) => {
          const parent = await parentOf(req, 'parent');
          if (!postCan(req.user, 'delete_post', parent))
            return forbidden(
              req.user,
              'rest_cannot_delete',
              'Sorry, you are not allowed to delete revisions of this post.',
            );
          if (!(await repo(req).get(Number(req.params.id)))) return invalidRevision();
          // delete_post on a revision maps to its parent, checked above.
          return revisionsReadCheck(req);
        },
        async (req) => {
          const parent = await parentOf(req, 'parent');
          if (!req.params.force)
            throw wpError('rest_trash_not_supported', {
              message: "Revisions do not support trashing. Set 'force=true' to delete.",
            });
          const revision = await revisionOf(req, parent.id);
          // `previous` in the request's context (none here: view).
          const previous = await present(req, revision, 'view', { schema: revisionSchema });
          if (!(await repo(req).delete(revision.id)))
            throw wpError('rest_cannot_delete', { message: 'The post cannot be deleted.', status: 500 });
          return deletedAnswer(previous);
        },
      ),
    ];
  };

  const autosaveRoutes = (autosaves: core.AutosaveRoutes): Binding[] => {
    const autosaveSchema = autosaves.item.schema!;
    return [
      bind(
        autosaves.collection.endpoints.list,
        readCheck('id', 'Sorry, you are not allowed to view autosaves of this post.'),
        async (req) => {
          const parent = await parentOf(req, 'id');
          const context = req.params.context as Context;
          const body = [];
          for (const a of await repo(req).autosaves(parent.id))
            body.push(await present(req, a, context, { schema: autosaveSchema, parent }));
          return { body };
        },
      ),
      bind(
        autosaves.collection.endpoints.create,
        async (req) => {
          const id = Number((req.params as Params).id);
          if (!id) return wpError('rest_post_invalid_id', { message: 'Invalid item ID.' });
          // The parent type's update_item_permissions_check.
          const post = await postRepo(req).require(id);
          return writes.updatePermission(req, post);
        },
        async (req) => {
          const post = await parentOf(req, 'id');
          const saved = await storeAutosave(req, rules, post, await writes.prepareInput(req, post));
          // The author's own draft is answered as its own autosave.
          return {
            body: await present(req, saved, 'edit', {
              schema: autosaveSchema,
              parent: saved.type === REVISION ? post : saved,
            }),
          };
        },
      ),
      bind(autosaves.item.endpoints.read, revisionsReadCheck, async (req) => {
        const parent = await parentOf(req, 'parent');
        const found = (await repo(req).autosaves(parent.id)).find((a) => a.id === Number(req.params.id));
        if (!found) throw wpError('rest_post_no_autosave');
        return { body: await present(req, found, req.params.context as Context, { schema: autosaveSchema, parent }) };
      }),
    ];
  };

  return [...(revisions ? revisionRoutes(revisions) : []), ...(autosaves ? autosaveRoutes(autosaves) : [])];
}
