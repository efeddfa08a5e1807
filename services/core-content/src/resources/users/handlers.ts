/**
 * core/v2/users, users/<id> and users/me: WP_REST_Users_Controller's permission checks, then the repository,
 * then the response shaped by context. Error codes, messages and statuses are WordPress's.
 */
import { roles as ROLES, type Context, type Identity } from '@loom/contracts';
import * as core from '../../routes';
import {
  bind,
  can,
  deletedAnswer,
  forbidden,
  pageWindow,
  paginationHeaders,
  wpError,
  ROLE_CAPABILITIES,
  type Binding,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { hasContent } from './authorship';
import { stripTags } from './fields';
import { UserRepository, type UserDoc, type UserInput } from './repository';
import { prepareUser } from './presenter';

type Users = ReturnType<typeof core.users>;
type ListRequest = RequestOf<Users['collection']['endpoints']['list']>;
/** A create or an update (by id or of users/me): the write arguments, typed from the contract. */
type WriteRequest =
  | RequestOf<Users['collection']['endpoints']['create']>
  | RequestOf<Users['item']['endpoints']['update']>
  | RequestOf<Users['me']['endpoints']['update']>;
type DeleteRequest = RequestOf<Users['item']['endpoints']['delete']> | RequestOf<Users['me']['endpoints']['delete']>;

const repo = (req: RestRequest) => new UserRepository(req.store);
const collectionUrl = (req: RestRequest) => `${req.config.restUrl}/core/v2/users`;
const present = (req: RestRequest, user: UserDoc, context: Context) => prepareUser(user, req.config, context);
const listUsers = (req: RestRequest) => can(req.user, 'list_users');
/** Update arguments other than `roles`: sending none of them makes a request roles-only. */
const NON_ROLE_ARGS = (
  Object.keys(core.users().me.endpoints.update.args) as Array<keyof Users['me']['endpoints']['update']['args']>
).filter((k) => k !== 'roles');

/** The user a route is about: `<id>`, or the caller for users/me (0, hence 404, when anonymous, as WordPress). */
type Target = (req: RestRequest) => number;
const byId: Target = (req) => Number(req.params.id);
const me: Target = (req) => req.user?.id ?? 0;

/** The write arguments the client sent, as the repository names them. */
function userInput(req: WriteRequest): UserInput {
  const p = req.params;
  const description = p.description;
  return {
    login: 'username' in p ? p.username : undefined,
    email: p.email,
    password: p.password,
    name: p.name,
    first_name: p.first_name,
    last_name: p.last_name,
    nickname: p.nickname,
    url: p.url,
    // pre_user_description: markup only for callers allowed unfiltered HTML.
    description: description !== undefined && !can(req.user, 'unfiltered_html') ? stripTags(description) : description,
    locale: p.locale,
    slug: p.slug,
    roles: p.roles,
    preferences: metaInput(p.meta),
  };
}

/**
 * The user meta WordPress registers for the REST API: only `persisted_preferences` (an object, where the block
 * editor keeps its preferences); other keys are ignored, as WordPress ignores unregistered meta.
 */
function metaInput(meta: unknown): Record<string, unknown> | undefined {
  if (!meta || typeof meta !== 'object' || !Object.hasOwn(meta, 'persisted_preferences')) return undefined;
  const value = (meta as Record<string, unknown>).persisted_preferences;
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw wpError('rest_invalid_param', {
      message: 'Invalid parameter(s): meta',
      data: { params: { meta: 'meta.persisted_preferences is not of type object.' } },
    });
  }
  return value as Record<string, unknown>;
}

/** check_role_update(): roles must exist, and nobody may take edit_users away from themselves. */
function checkRoleUpdate(caller: Identity | null, targetId: number | null, roles: string[]): void {
  for (const role of roles) {
    if (!(ROLES as readonly string[]).includes(role))
      throw wpError('rest_user_invalid_role', { message: `The role ${role} does not exist.`, status: 400 });
    const r = role as (typeof ROLES)[number];
    if (caller && caller.id === targetId && !ROLE_CAPABILITIES[r].has('edit_users')) {
      throw forbidden(caller, 'rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.');
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Permission checks

function listPermission(req: ListRequest) {
  const p = req.params;
  const list = listUsers(req);
  if (p.roles?.length && !list)
    return forbidden(req.user, 'rest_user_cannot_view', 'Sorry, you are not allowed to filter users by role.');
  if (p.capabilities?.length && !list) {
    return forbidden(req.user, 'rest_user_cannot_view', 'Sorry, you are not allowed to filter users by capability.');
  }
  if (p.context === 'edit' && !list)
    return forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to list users.');
  if ((p.orderby === 'email' || p.orderby === 'registered_date') && !list) {
    return forbidden(req.user, 'rest_forbidden_orderby');
  }
  if (
    p.who === 'authors' &&
    !core.allPostTypes().some((t) => t.supports.includes('author') && can(req.user, t.cap.edit_posts))
  ) {
    return forbidden(req.user, 'rest_forbidden_who');
  }
  return true as const;
}

/** Users may always see themselves; others need list_users, edit_user, or the user to have published content. */
async function readPermission(req: RestRequest) {
  const user = await repo(req).require(byId(req));
  if (req.user?.id === user.id) return true as const;
  const refuse = () => forbidden(req.user, 'rest_user_cannot_view');
  if (req.params.context === 'edit' && !listUsers(req)) return refuse();
  if (listUsers(req) || can(req.user, 'edit_user', { userId: user.id })) return true as const;
  const statuses = can(req.user, 'read_private_posts') ? ['publish', 'private'] : ['publish'];
  return (await hasContent(req.store, user.id, { statuses })) ? (true as const) : refuse();
}

/** Changing roles needs promote_user; a request that only changes roles needs nothing more. */
const updatePermission =
  (target: Target) =>
  async (req: RequestOf<Users['item']['endpoints']['update']> | RequestOf<Users['me']['endpoints']['update']>) => {
    const user = await repo(req).require(target(req));
    if (req.params.roles?.length) {
      if (!can(req.user, 'promote_user', { userId: user.id })) return forbidden(req.user, 'rest_cannot_edit_roles');
      if (!NON_ROLE_ARGS.some((k) => req.has(k))) return true as const;
    }
    return can(req.user, 'edit_user', { userId: user.id })
      ? (true as const)
      : forbidden(req.user, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.');
  };

const deletePermission = (target: Target) => async (req: RestRequest) => {
  const user = await repo(req).require(target(req));
  return can(req.user, 'delete_user', { userId: user.id })
    ? (true as const)
    : forbidden(req.user, 'rest_user_cannot_delete');
};

// ---------------------------------------------------------------------------------------------------------
// Handlers

async function list(req: ListRequest) {
  const p = req.params;
  // Without list_users only authors of published content are listed (unless asking for who=authors).
  let publishedTypes: readonly string[] | undefined =
    p.who !== 'authors' && !listUsers(req) ? core.REST_POST_TYPES() : undefined;
  const hpp = p.has_published_posts;
  if (hpp === true || (Array.isArray(hpp) && hpp.length)) publishedTypes = hpp === true ? core.REST_POST_TYPES() : hpp;
  const { offset, page } = pageWindow(p);
  const { items, total } = await repo(req).query({
    search: p.search,
    searchAllColumns: listUsers(req),
    include: p.include,
    exclude: p.exclude,
    slug: p.slug,
    roles: p.roles,
    capabilities: p.capabilities,
    authorsOnly: p.who === 'authors',
    publishedTypes,
    orderby: p.orderby,
    order: p.order,
    perPage: p.per_page,
    offset,
  });
  return {
    body: items.map((u) => present(req, u, p.context)),
    headers: paginationHeaders({ total, perPage: p.per_page, page }, collectionUrl(req), req.rawQuery),
  };
}

async function create(req: WriteRequest) {
  const input = userInput(req);
  if (input.roles) checkRoleUpdate(req.user, null, input.roles);
  const user = await repo(req).create(input);
  return { status: 201, body: present(req, user, 'edit'), headers: { Location: `${collectionUrl(req)}/${user.id}` } };
}

const update = (target: Target) => async (req: WriteRequest) => {
  const input = userInput(req);
  if (input.roles?.length) checkRoleUpdate(req.user, target(req), input.roles);
  return { body: present(req, await repo(req).update(target(req), input), 'edit') };
};

const remove = (target: Target) => async (req: DeleteRequest) => {
  const r = repo(req);
  const user = await r.require(target(req));
  if (!req.params.force)
    throw wpError('rest_trash_not_supported', {
      message: "Users do not support trashing. Set 'force=true' to delete.",
    });
  const reassign = req.params.reassign === false ? null : req.params.reassign;
  // 0 is "empty" to WordPress: no check, and the content goes to user 0.
  if (reassign && (reassign === user.id || !(await r.get(reassign)))) throw wpError('rest_user_invalid_reassign');
  const previous = present(req, user, 'edit');
  await r.delete(user.id, reassign);
  return deletedAnswer(previous);
};

async function readMe(req: RestRequest) {
  if (!req.user) throw wpError('rest_not_logged_in');
  return { body: present(req, await repo(req).require(req.user.id), req.params.context as Context) };
}

export const userBindings: Binding[] = [
  bind(core.users().collection.endpoints.list, listPermission, list),
  bind(
    core.users().collection.endpoints.create,
    (req) => (can(req.user, 'create_users') ? true : forbidden(req.user, 'rest_cannot_create_user')),
    create,
  ),
  bind(core.users().item.endpoints.read, readPermission, async (req) => ({
    body: present(req, await repo(req).require(byId(req)), req.params.context as Context),
  })),
  bind(core.users().item.endpoints.update, updatePermission(byId), update(byId)),
  bind(core.users().item.endpoints.delete, deletePermission(byId), remove(byId)),
  bind(core.users().me.endpoints.read, null, readMe),
  bind(core.users().me.endpoints.update, updatePermission(me), update(me)),
  bind(core.users().me.endpoints.delete, deletePermission(me), remove(me)),
];
