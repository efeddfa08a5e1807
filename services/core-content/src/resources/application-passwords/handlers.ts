/**
 * core/v2/users/<user_id>/application-passwords[/introspect|/<uuid>]: WP_REST_Application_Passwords_Controller.
 * Every check is edit_user on the user in the path (a user manages their own; administrators anyone's), each with
 * WordPress's own code and message. `<user_id>` and `<uuid>` come from the path, as WordPress does not declare them.
 */
import type { AuthErrorCode, Context } from '@loom/contracts';
import * as core from '../../routes';
import {
  bind,
  can,
  deletedAnswer,
  filterByContext,
  forbidden,
  links,
  wpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';
import { UserRepository, type UserDoc } from '../users/repository';
import { AppPasswordRepository, type AppPasswordDoc } from './repository';

const routes = core.applicationPasswords;
const repo = (req: RestRequest) => new AppPasswordRepository(req.store);

function pathParam(req: RestRequest, name: 'user_id' | 'uuid'): string {
  return req.route.regex.exec(req.path)?.groups?.[name] ?? '';
}

/** get_user(): `me` is the caller (401 when anonymous); an id must name an existing user. */
async function targetUser(req: RestRequest): Promise<UserDoc> {
  const raw = pathParam(req, 'user_id');
  const users = new UserRepository(req.store);
  if (raw === 'me') {
    if (!req.user) throw wpError('rest_not_logged_in');
    return users.require(req.user.id);
  }
  return users.require(Number(raw));
}

/** gmdate( 'Y-m-d\TH:i:s' ). */
const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function present(req: RestRequest, user: UserDoc, item: AppPasswordDoc, context: Context, password?: string) {
  const data = {
    uuid: item.uuid,
    app_id: item.app_id || '',
    name: item.name,
    created: gmt(item.created),
    last_used: item.last_used ? gmt(item.last_used) : null,
    last_ip: item.last_ip || null,
    ...(password ? { password } : {}),
    _links: links({ self: `${req.config.restUrl}/core/v2/users/${user.id}/application-passwords/${item.uuid}` }),
  };
  return filterByContext(routes.collection.schema!, data, context);
}

/** A meta capability on the path's user (all of them map to edit_user), refused with WordPress's code (and its message). */
const check = (capability: string, code: AuthErrorCode) => async (req: RestRequest) => {
  const user = await targetUser(req);
  return can(req.user, capability, { userId: user.id }) ? (true as const) : forbidden(req.user, code);
};

export const applicationPasswordBindings: Binding[] = [
  bind(
    routes.collection.endpoints.list,
    check('list_app_passwords', 'rest_cannot_list_application_passwords'),
    async (req) => {
      const user = await targetUser(req);
      const items = await repo(req).list(user.id);
      return { body: items.map((i) => present(req, user, i, req.params.context as Context)) };
    },
  ),
  bind(
    routes.collection.endpoints.create,
    check('create_app_password', 'rest_cannot_create_application_passwords'),
    async (req) => {
      const user = await targetUser(req);
      const { password, item } = await repo(req).create(user.id, {
        name: req.params.name as string,
        app_id: req.params.app_id as string | undefined,
      });
      const body = present(req, user, item, 'edit', password);
      return {
        status: 201,
        body,
        headers: { Location: `${req.config.restUrl}/core/v2/users/${user.id}/application-passwords/${item.uuid}` },
      };
    },
  ),
  bind(
    routes.collection.endpoints.deleteAll,
    check('delete_app_passwords', 'rest_cannot_delete_application_passwords'),
    async (req) => ({ body: { deleted: true, count: await repo(req).deleteAll((await targetUser(req)).id) } }),
  ),
  bind(
    routes.introspect.endpoints.read,
    async (req) => {
      const user = await targetUser(req);
      return req.user?.id === user.id
        ? (true as const)
        : forbidden(req.user, 'rest_cannot_introspect_app_password_for_non_authenticated_user');
    },
    async (req) => {
      const user = await targetUser(req);
      const uuid = req.user?.app_password;
      if (!uuid) throw wpError('rest_no_authenticated_app_password');
      const item = await repo(req).get(user.id, uuid);
      if (!item) throw wpError('rest_application_password_not_found', { status: 500 });
      return { body: present(req, user, item, req.params.context as Context) };
    },
  ),
  bind(routes.item.endpoints.read, check('read_app_password', 'rest_cannot_read_application_password'), async (req) => {
    const user = await targetUser(req);
    return {
      body: present(req, user, await repo(req).require(user.id, pathParam(req, 'uuid')), req.params.context as Context),
    };
  }),
  bind(
    routes.item.endpoints.update,
    check('edit_app_password', 'rest_cannot_edit_application_password'),
    async (req) => {
      const user = await targetUser(req);
      const item = await repo(req).update(user.id, pathParam(req, 'uuid'), {
        name: req.params.name as string | undefined,
      });
      return { body: present(req, user, item, 'edit') };
    },
  ),
  bind(
    routes.item.endpoints.delete,
    check('delete_app_password', 'rest_cannot_delete_application_password'),
    async (req) => {
      const user = await targetUser(req);
      const r = repo(req);
      const item = await r.require(user.id, pathParam(req, 'uuid'));
      const previous = present(req, user, item, 'edit');
      if (!(await r.delete(user.id, item.uuid))) throw wpError('rest_application_password_not_found');
      return deletedAnswer(previous);
    },
  ),
];
