/**
 * The term controller: WordPress's terms controller's permission checks (the taxonomy's registered capabilities),
 * then the repository (@loom/terms), then the response shaped by the kit, for any served taxonomy. Where a
 * taxonomy differs, its behaviour says so (category.ts, tag.ts, ...).
 */
import type { AuthErrorCode, Context } from '@loom/contracts';
import {
  bind,
  can,
  deletedAnswer,
  forbidden,
  pageWindow,
  paginationHeaders,
  wpError,
  type Binding,
  type ForbiddenMessageArg,
  type RestRequest,
  type WpError,
} from '@loom/service-kit';
import { TermRepository, type TermDoc } from '@loom/terms';
import type { TaxonomyBehaviour } from './behaviour';
import { loadPosts, termsOfPostAccess } from './post-access';
import { prepareTerms } from './presenter';
import { termDeleted } from './lifecycle';

export function termBindings(o: TaxonomyBehaviour): Binding[] {
  const { routes } = o;
  const cap = o.object.cap;
  const repo = (req: RestRequest) => new TermRepository(req.store, o.rules);
  const collectionUrl = (req: RestRequest) => `${req.config.restUrl}/core/v2/${o.object.restBase}`;

  const prepare = async (req: RestRequest, term: TermDoc, context: Context) =>
    (await prepareTerms(req, o, [term], context))[0]!;

  /** Existence first (404), then the capability: WordPress's item permission checks. */
  const itemCheck =
    <C extends AuthErrorCode>(
      cap: (req: RestRequest, term: TermDoc) => boolean,
      code: C,
      ...message: ForbiddenMessageArg<C>
    ) =>
    async (req: RestRequest) => {
      const term = await repo(req).require(Number(req.params.id));
      return cap(req, term) ? (true as const) : forbidden(req.user, code, ...message);
    };
  // edit_term / delete_term map to the taxonomy's edit_terms / delete_terms; the default term is never deletable.
  const canEdit = (req: RestRequest) => can(req.user, cap.edit_terms);
  const canDelete = (req: RestRequest, term: TermDoc) =>
    can(req.user, cap.delete_terms) && !repo(req).isDefault(term.id);
  /** The taxonomy's own argument checks, then `check` (WordPress validates arguments before any permission). */
  const argsFirst =
    (check: (req: RestRequest) => true | WpError | Promise<true | WpError>) =>
    async (req: RestRequest): Promise<true | WpError> => {
      const args = o.hooks.checkArgs?.(req) ?? true;
      return args === true ? check(req) : args;
    };
  /** `check`, then the taxonomy's own read check. */
  const thenRead =
    (check: (req: RestRequest) => true | WpError | Promise<true | WpError>) =>
    async (req: RestRequest): Promise<true | WpError> => {
      const first = await check(req);
      return first === true ? (o.hooks.readPermission?.(req) ?? true) : first;
    };

  return [
    bind(
      routes.collection.endpoints.list,
      thenRead(async (req) => {
        if (req.params.context === 'edit' && !canEdit(req))
          return forbidden(
            req.user,
            'rest_forbidden_context',
            'Sorry, you are not allowed to edit terms in this taxonomy.',
          );
        const post = req.params.post as number | undefined;
        return post ? termsOfPostAccess(req.user, (await loadPosts(req.store, [post]))[0] ?? null, o.rules) : true;
      }),
      async (req) => {
        const p = req.params as Record<string, unknown> & { page: number; per_page: number; context: Context };
        const { offset, page } = pageWindow(p);
        const { items, total } = await repo(req).query({
          search: p.search as string | undefined,
          include: p.include as number[],
          exclude: p.exclude as number[],
          slug: p.slug as string[] | undefined,
          parent: p.parent as number | undefined,
          hideEmpty: p.hide_empty as boolean,
          post: p.post as number | undefined,
          orderby: p.orderby as string,
          order: p.order as 'asc' | 'desc',
          perPage: p.per_page,
          offset,
        });
        return {
          body: await prepareTerms(req, o, items, p.context),
          headers: paginationHeaders({ total, perPage: p.per_page, page }, collectionUrl(req), req.rawQuery),
        };
      },
    ),
    bind(
      routes.collection.endpoints.create,
      argsFirst((req) =>
        // Hierarchical taxonomies need edit_terms; flat ones assign_terms (their terms are typed in on a post).
        can(req.user, o.object.hierarchical ? cap.edit_terms : cap.assign_terms)
          ? true
          : forbidden(req.user, 'rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.'),
      ),
      async (req) => {
        const p = req.params as { name: string; slug?: string; description?: string; parent?: number };
        const term = o.hooks.create ? await o.hooks.create(req, repo(req)) : await repo(req).create(p);
        return {
          status: 201,
          body: await prepare(req, term, o.writeContext),
          headers: { Location: `${collectionUrl(req)}/${term.id}` },
        };
      },
    ),
    bind(
      routes.item.endpoints.read,
      thenRead(
        itemCheck(
          (req) => req.params.context !== 'edit' || canEdit(req),
          'rest_forbidden_context',
          'Sorry, you are not allowed to edit this term.',
        ),
      ),
      async (req) => ({
        body: await prepare(req, await repo(req).require(Number(req.params.id)), req.params.context as Context),
      }),
    ),
    bind(routes.item.endpoints.update, argsFirst(itemCheck(canEdit, 'rest_cannot_update')), async (req) => {
      const p = req.params as { id: number; name?: string; slug?: string; description?: string; parent?: number };
      const r = repo(req);
      const term = o.hooks.update
        ? await o.hooks.update(req, r, await r.require(Number(p.id)))
        : await r.update(Number(p.id), { name: p.name, slug: p.slug, description: p.description, parent: p.parent });
      return { body: await prepare(req, term, o.writeContext) };
    }),
    bind(
      routes.item.endpoints.delete,
      itemCheck(canDelete, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this term.'),
      async (req) => {
        if (!req.params.force) throw wpError('rest_trash_not_supported', { message: o.trashMessage });
        const r = repo(req);
        const term = await r.require(Number(req.params.id));
        const previous = await prepare(req, term, 'view');
        if (o.hooks.delete) await o.hooks.delete(req, r, term);
        else await r.delete(term.id);
        await termDeleted(term, req.store);
        return deletedAnswer(previous);
      },
    ),
  ];
}
