/** core/v2/statuses: the post statuses of the site, as WordPress's post statuses controller shows them. */
import type { Context, Identity } from '@loom/contracts';
import * as core from '../../routes';
import { bind, filterByContext, forbidden, links, wpError, type Binding, type RestRequest } from '@loom/service-kit';
import { canEditSomeType } from './types';

type StatusObject = core.StatusObject;
const { STATUSES } = core;

/** The statuses the collection lists: get_post_stati(['internal' => false]) plus trash, appended. */
const restStatuses = (): StatusObject[] => [
  ...STATUSES.filter((s) => !s.internal),
  ...STATUSES.filter((s) => s.name === 'trash'),
];

const { collection, item } = core.descriptors.statuses;

/** check_read_permission(): public statuses for all; other listed ones (and trash) for anyone who edits posts. */
function canRead(user: Identity | null, status: StatusObject): boolean {
  if (status.public) return true;
  return (!status.internal || status.name === 'trash') && canEditSomeType(user);
}

export function prepareStatus(req: RestRequest, status: StatusObject, context: Context): Record<string, unknown> {
  // WordPress points every status at the posts archive, filtered by the status unless it is publish.
  const archives = `${req.config.restUrl}/${core.CORE}/posts`;
  const data = {
    name: status.label,
    private: status.private,
    protected: status.protected,
    public: status.public,
    queryable: status.publiclyQueryable,
    show_in_list: status.showInAdminAllList,
    slug: status.name,
    date_floating: status.dateFloating,
    _links: links({
      archives: status.name === 'publish' ? archives : `${archives}?status=${encodeURIComponent(status.name)}`,
    }),
  };
  return filterByContext(collection.schema!, data, context);
}

const find = (name: string | undefined) => STATUSES.find((s) => s.name === name);

export const statusBindings: Binding[] = [
  bind(
    collection.endpoints.list,
    (req) =>
      req.params.context !== 'edit' || canEditSomeType(req.user)
        ? true
        : forbidden(req.user, 'rest_cannot_view', 'Sorry, you are not allowed to manage post statuses.'),
    (req) => {
      const visible = restStatuses().filter((s) => canRead(req.user, s));
      return { body: Object.fromEntries(visible.map((s) => [s.name, prepareStatus(req, s, req.params.context)])) };
    },
  ),
  // As WordPress, the item check is readability only: a readable status is shown in any context.
  bind(
    item.endpoints.read,
    (req) => {
      const status = find(req.params.status);
      if (!status) return wpError('rest_status_invalid');
      return canRead(req.user, status) ? true : forbidden(req.user, 'rest_cannot_read_status');
    },
    (req) => {
      const status = find(req.params.status);
      if (!status) throw wpError('rest_status_invalid');
      return { body: prepareStatus(req, status, req.params.context) };
    },
  ),
];
