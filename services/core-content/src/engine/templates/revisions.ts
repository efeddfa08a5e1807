/**
 * Revisions and autosaves of stored templates (WP_REST_Template_Revisions_Controller and
 * WP_REST_Template_Autosaves_Controller, WordPress 6.4), on the generic revision machinery (src/revisions: the
 * revision documents, their pages and errors, storing an autosave). The parent is named by its template id; each
 * item is answered in the template's shape plus `parent`: its `id` is the parent's `theme//slug`, its own id is
 * `wp_id`. A template that exists only as a theme file has no stored post, hence no history.
 */
import type { Context } from '@loom/contracts';
import {
  bind,
  can,
  deletedAnswer,
  forbidden,
  paginationHeaders,
  wpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';
import { postCan } from '../behaviour';
import { invalidRevision, revisionOf, revisionPage, storeAutosave } from '../revisions/operations';
import { RevisionRepository, type RevisionDoc } from '../revisions/repository';
import { manageTemplates, prepareTemplateInput } from './controller';
import type { TemplateKind } from './kind';
import type { TemplateRow } from './model';
import { sanitizeTemplateId, TemplateRepository } from './repository';
import { presentTemplateRevision } from './presenter';

type Params = Record<string, unknown>;

export function templateRevisionBindings(kind: TemplateKind): Binding[] {
  const { revisions, autosaves } = kind.routes;
  const repo = (req: RestRequest) => new TemplateRepository(req, kind);

  /** get_parent(): the stored row the path's template id names (rest_post_invalid_parent 404 otherwise). Loaded once per request. */
  const parentOf = (req: RestRequest, key: 'parent' | 'id'): Promise<TemplateRow> =>
    req.memo('template-parent', async () => {
      const row = await repo(req).row(sanitizeTemplateId(String((req.params as Params)[key] ?? '')));
      if (!row) throw wpError('rest_post_invalid_parent', { message: 'Invalid template parent ID.' });
      return row;
    });

  /** get_items_permissions_check(): the parent, then edit_post on it. */
  const readCheck = (key: 'parent' | 'id', message: string) => async (req: RestRequest) =>
    postCan(req.user, 'edit_post', await parentOf(req, key)) ? true : forbidden(req.user, 'rest_cannot_read', message);
  const revisionsRead = readCheck('parent', 'Sorry, you are not allowed to view revisions of this post.');

  const present = async (
    req: RestRequest,
    doc: RevisionDoc,
    row: TemplateRow,
    under: 'revisions' | 'autosaves',
    context: Context,
  ) => presentTemplateRevision(req, kind, await repo(req).revision(doc, row), row.id, under, context);

  const revisionRoutes: Binding[] = [
    bind(revisions.collection.endpoints.list, revisionsRead, async (req) => {
      const row = await parentOf(req, 'parent');
      const { items, total, perPage, page } = await revisionPage(req, row);
      const body = [];
      for (const r of items) body.push(await present(req, r, row, 'revisions', req.params.context));
      const url = `${req.config.restUrl}/core/v2/${kind.rules.object.restBase}/${row.theme}//${row.slug}/revisions`;
      return {
        body,
        headers: paginationHeaders({ total, perPage: perPage ?? Math.max(total, 1), page }, url, req.rawQuery),
      };
    }),
    bind(revisions.item.endpoints.read, revisionsRead, async (req) => {
      const row = await parentOf(req, 'parent');
      return { body: await present(req, await revisionOf(req, row.id), row, 'revisions', req.params.context) };
    }),
    bind(
      revisions.item.endpoints.delete,
      async (req) => {
        const row = await parentOf(req, 'parent');
        if (!postCan(req.user, 'delete_post', row))
          return forbidden(
            req.user,
            'rest_cannot_delete',
            'Sorry, you are not allowed to delete revisions of this post.',
          );
        if (!(await new RevisionRepository(req.store).get(Number(req.params.id)))) return invalidRevision();
        return can(req.user, 'edit_theme_options')
          ? true
          : forbidden(req.user, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.');
      },
      async (req) => {
        const row = await parentOf(req, 'parent');
        if (!req.params.force)
          throw wpError('rest_trash_not_supported', {
            message: "Revisions do not support trashing. Set 'force=true' to delete.",
          });
        const revision = await revisionOf(req, row.id);
        const previous = await present(req, revision, row, 'revisions', 'view');
        if (!(await new RevisionRepository(req.store).delete(revision.id)))
          throw wpError('rest_cannot_delete', { message: 'The post cannot be deleted.', status: 500 });
        return deletedAnswer(previous);
      },
    ),
  ];
  if (!autosaves) return revisionRoutes;

  return [
    ...revisionRoutes,
    bind(
      autosaves.collection.endpoints.list,
      readCheck('id', 'Sorry, you are not allowed to view autosaves of this post.'),
      async (req) => {
        const row = await parentOf(req, 'id');
        const body = [];
        for (const a of await new RevisionRepository(req.store).autosaves(row.id))
          body.push(await present(req, a, row, 'autosaves', req.params.context));
        return { body };
      },
    ),
    // The templates controller's update check (edit_theme_options), then the parent.
    bind(autosaves.collection.endpoints.create, manageTemplates, async (req) => {
      const row = await parentOf(req, 'id');
      const template = (await repo(req).byPostId(row.id))!;
      const saved = await storeAutosave(req, kind.rules, row, await prepareTemplateInput(req, kind, template));
      return { body: await present(req, saved as RevisionDoc, row, 'autosaves', 'edit') };
    }),
    bind(autosaves.item.endpoints.read, revisionsRead, async (req) => {
      const row = await parentOf(req, 'parent');
      const found = (await new RevisionRepository(req.store).autosaves(row.id)).find(
        (a) => a.id === Number(req.params.id),
      );
      if (!found)
        throw wpError('rest_post_no_autosave', { message: 'There is no autosave revision for this template.' });
      return { body: await present(req, found, row, 'autosaves', req.params.context) };
    }),
  ];
}
