/**
 * Users: storage and WordPress's user rules (wp_insert_user, wp_update_user, wp_delete_user, WP_User_Query),
 * no HTTP. Used by the REST handlers, the internal auth endpoints, the bootstrap and the CLI alike.
 */
import { ERROR_CODES, own, roles as ROLES, sanitizeTitle, type Role } from '@loom/contracts';
import * as core from '../../routes';
import { ROLE_CAPABILITIES, wpError, WpError } from '@loom/service-kit';
import { DuplicateKeyError, type Collection, type Filter, type Sort, type Store } from '@loom/store';
import { APP_PASSWORDS } from '../application-passwords/repository';
import { publishedAuthors, releaseContent } from './authorship';
import { isEmail, sanitizeUrl } from './fields';
import { hashPassword } from './passwords';
import { destroyAllSessions } from './sessions';

export interface UserDoc extends Record<string, unknown> {
  id: number;
  /** user_login as given; `login_key` (lower case) is what is unique and looked up, as MySQL's collation does. */
  login: string;
  login_key: string;
  email: string;
  email_key: string;
  /** user_nicename. */
  slug: string;
  /** display_name, and its lower-case form for ordering. */
  name: string;
  name_sort: string;
  first_name: string;
  last_name: string;
  nickname: string;
  url: string;
  description: string;
  locale: string;
  roles: Role[];
  /** user_registered, ISO 8601 UTC. */
  registered: string;
  /** scrypt$N$r$p$salt$hash (passwords.ts). Never leaves this service. */
  password_hash: string;
  /** The `persisted_preferences` user meta (the block editor's preferences); absent until first saved. */
  preferences?: Record<string, unknown>;
}

export const USERS = 'users';
export const USER_SEQUENCE = 'users';

/** What a create or an update may set. `login`, `email` and `password` are required to create. */
export interface UserInput {
  login?: string;
  email?: string;
  password?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  url?: string;
  description?: string;
  locale?: string;
  slug?: string;
  roles?: string[];
  preferences?: Record<string, unknown>;
}

export interface UserQuery {
  search?: string;
  /** WordPress limits what callers without list_users may search: id, login, slug and display name. */
  searchAllColumns: boolean;
  include: number[];
  exclude: number[];
  slug?: string[];
  roles?: string[];
  capabilities?: string[];
  /** who=authors: users with a role above subscriber (user_level > 0). */
  authorsOnly: boolean;
  /** has_published_posts: only users with published content of these types. */
  publishedTypes?: readonly string[];
  orderby: string;
  order: 'asc' | 'desc';
  /** 0: no limit (the CLI's full listing). */
  perPage: number;
  offset: number;
}

/** WordPress's default_role option. */
export const DEFAULT_ROLE: Role = 'subscriber';

const SORT_FIELDS: Record<string, string> = {
  id: 'id',
  name: 'name_sort',
  registered_date: 'registered',
  slug: 'slug',
  email: 'email_key',
  url: 'url',
};

/** wp_insert_user()'s codes. */
type InsertErrorCode =
  | 'existing_user_login'
  | 'existing_user_email'
  | 'empty_user_login'
  | 'user_login_too_long'
  | 'user_nicename_too_long'
  | 'user_url_too_long';

/**
 * wp_insert_user()'s errors carry no status, so WordPress answers them with 500 and `data: null` (wpError would add
 * data.status): the table's message, no data.
 */
const insertError = (code: InsertErrorCode) => new WpError(code, ERROR_CODES[code].message, null);

export async function ensureUserIndexes(store: Store): Promise<void> {
  const users = store.collection<UserDoc>(USERS);
  await users.ensureIndex({ fields: ['id'], unique: true });
  await users.ensureIndex({ fields: ['login_key'], unique: true });
  await users.ensureIndex({ fields: ['email_key'], unique: true });
  await users.ensureIndex({ fields: ['slug'], unique: true });
  // The roles filter (and who=authors); the default order (by name), walked for pages rather than sorted whole.
  await users.ensureIndex({ fields: ['roles'] });
  await users.ensureIndex({ fields: ['name_sort'] });
}

/** check_user_password (also applied to the CLI and the bootstrap). */
export function checkPassword(password: string | undefined): string {
  if (!password) throw wpError('rest_user_invalid_password', { message: 'Passwords cannot be empty.' });
  if (password.includes('\\'))
    throw wpError('rest_user_invalid_password', { message: 'Passwords cannot contain the "\\" character.' });
  return password;
}

/** Roles must exist (check_role_update's first test). */
export function checkRoles(list: string[]): Role[] {
  for (const r of list)
    if (!(ROLES as readonly string[]).includes(r))
      throw wpError('rest_user_invalid_role', { message: `The role ${r} does not exist.`, status: 400 });
  return [...new Set(list)] as Role[];
}

export class UserRepository {
  private readonly users: Collection<UserDoc>;

  constructor(private readonly store: Store) {
    this.users = store.collection<UserDoc>(USERS);
  }

  get(id: number): Promise<UserDoc | null> {
    return id > 0 ? this.users.findOne({ id }) : Promise.resolve(null);
  }

  /** rest_user_invalid_id 404 unless the user exists. */
  async require(id: number): Promise<UserDoc> {
    const user = await this.get(id);
    if (!user) throw wpError('rest_user_invalid_id');
    return user;
  }

  byLogin(login: string): Promise<UserDoc | null> {
    return this.users.findOne({ login_key: login.trim().toLowerCase() });
  }

  byEmail(email: string): Promise<UserDoc | null> {
    return this.users.findOne({ email_key: email.trim().toLowerCase() });
  }

  /** As WordPress signs in: the login first, then the email address when the name looks like one. */
  async byLoginOrEmail(name: string): Promise<UserDoc | null> {
    return (await this.byLogin(name)) ?? (isEmail(name) ? await this.byEmail(name) : null);
  }

  count(): Promise<number> {
    return this.users.count({});
  }

  async query(q: UserQuery): Promise<{ items: UserDoc[]; total: number }> {
    const filter = this.filter(q);
    const dir = q.order === 'desc' ? -1 : 1;
    const listOrder =
      q.orderby === 'include' && q.include.length
        ? { key: 'id', list: q.include as unknown[] }
        : q.orderby === 'include_slugs' && q.slug?.length
          ? { key: 'slug', list: q.slug as unknown[] }
          : null;
    const field = own(SORT_FIELDS, q.orderby) ?? 'login_key';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = 1;

    if (!listOrder && !q.publishedTypes) {
      const total = await this.users.count(filter);
      return { items: await this.users.find(filter, { sort, skip: q.offset, limit: q.perPage }), total };
    }
    // Ordering by a given list, or filtering on content, happens here; both walk the matching users only.
    let all = await this.users.find(filter, listOrder ? {} : { sort });
    if (listOrder) {
      const pos = (u: UserDoc) => listOrder.list.indexOf(u[listOrder.key]);
      all.sort((a, b) => pos(a) - pos(b));
    }
    if (q.publishedTypes) {
      const authors = await publishedAuthors(
        this.store,
        all.map((u) => u.id),
        q.publishedTypes,
      );
      all = all.filter((u) => authors.has(u.id));
    }
    return { items: all.slice(q.offset, q.perPage ? q.offset + q.perPage : undefined), total: all.length };
  }

  private filter(q: UserQuery): Filter {
    const and: Filter[] = [];
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.slug?.length) and.push({ slug: { $in: q.slug } });
    if (q.roles?.length) and.push({ roles: { $in: q.roles } });
    if (q.capabilities?.length) {
      const caps = q.capabilities;
      const holders = ROLES.filter((r) => caps.some((c) => c === r || ROLE_CAPABILITIES[r].has(c)));
      and.push({ roles: { $in: holders } });
    }
    if (q.authorsOnly) and.push({ roles: { $in: ROLES.filter((r) => r !== 'subscriber') } });
    if (q.search) and.push(searchFilter(q.search, q.searchAllColumns));
    return and.length ? { $and: and } : {};
  }

  /** wp_insert_user() for a new user. */
  async create(input: UserInput): Promise<UserDoc> {
    const login = checkLogin(input.login);
    if (await this.byLogin(login)) throw insertError('existing_user_login');
    const email = (input.email ?? '').trim();
    if (!isEmail(email)) throw wpError('rest_invalid_email');
    if (await this.byEmail(email)) throw insertError('existing_user_email');
    const password = checkPassword(input.password);
    const roles = input.roles ? checkRoles(input.roles) : [DEFAULT_ROLE];
    const url = checkUrl(input.url ?? '');
    if (input.slug && [...input.slug].length > 50) throw insertError('user_nicename_too_long');

    const first = input.first_name ?? '';
    const last = input.last_name ?? '';
    const name = input.name || (first && last ? `${first} ${last}` : first || last || login);
    const id = await this.store.nextId(USER_SEQUENCE);
    const doc: UserDoc = {
      id,
      login,
      login_key: login.toLowerCase(),
      email,
      email_key: email.toLowerCase(),
      slug: await this.uniqueSlug(input.slug || sanitizeTitle([...login].slice(0, 50).join('')) || String(id), id),
      name,
      name_sort: name.toLowerCase(),
      first_name: first,
      last_name: last,
      nickname: input.nickname || login,
      url,
      description: input.description ?? '',
      locale: input.locale ?? '',
      roles,
      registered: new Date().toISOString(),
      password_hash: await hashPassword(password),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.users.insert(doc);
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        // The unique indexes settle races between two creates.
        if (e.fields.includes('login_key')) throw insertError('existing_user_login');
        if (e.fields.includes('email_key')) throw insertError('existing_user_email');
        if (attempt >= 4) throw e;
        doc.slug = await this.uniqueSlug(doc.slug, id);
      }
    }
  }

  /** wp_update_user() with the REST controller's checks (username fixed, email and slug free for this user). */
  async update(id: number, input: UserInput): Promise<UserDoc> {
    const user = await this.require(id);
    const set: Partial<UserDoc> = {};
    if (input.login && input.login !== user.login) throw wpError('rest_user_invalid_argument');
    if (input.email !== undefined && input.email !== '') {
      const email = input.email.trim();
      const owner = await this.byEmail(email);
      if (owner && owner.id !== id) throw wpError('rest_user_invalid_email');
      Object.assign(set, { email, email_key: email.toLowerCase() });
    }
    if (input.slug && input.slug !== user.slug) {
      if (await this.users.findOne({ slug: input.slug })) throw wpError('rest_user_invalid_slug');
      if ([...input.slug].length > 50) throw insertError('user_nicename_too_long');
      set.slug = input.slug;
    }
    if (input.name !== undefined) {
      // An emptied display name falls back to the login, as wp_update_user does.
      set.name = input.name || user.login;
      set.name_sort = set.name.toLowerCase();
    }
    for (const key of ['first_name', 'last_name', 'nickname', 'description', 'locale'] as const)
      if (input[key] !== undefined) set[key] = input[key];
    if (input.url !== undefined) set.url = checkUrl(input.url);
    if (input.roles !== undefined) set.roles = checkRoles(input.roles);
    if (input.preferences !== undefined) set.preferences = input.preferences;
    if (input.password !== undefined) set.password_hash = await hashPassword(checkPassword(input.password));
    try {
      const updated = (await this.users.updateOne({ id }, { $set: set })) ?? (await this.require(id));
      // A new password ends every session, as WordPress's cookies (which carry a fragment of the hash) stop working.
      if (set.password_hash !== undefined) await destroyAllSessions(this.store, id);
      return updated;
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      if (e.fields.includes('email_key')) throw wpError('rest_user_invalid_email');
      throw wpError('rest_user_invalid_slug');
    }
  }

  async setPassword(id: number, password: string): Promise<void> {
    const hash = await hashPassword(checkPassword(password));
    if (!(await this.users.updateOne({ id }, { $set: { password_hash: hash } }))) throw wpError('rest_user_invalid_id');
    await destroyAllSessions(this.store, id);
  }

  /**
   * wp_delete_user( $id, $reassign ): content first (reassigned or deleted), then the user's passwords, sessions and
   * the user.
   */
  async delete(id: number, reassign: number | null): Promise<UserDoc> {
    const user = await this.require(id);
    await releaseContent(this.store, id, reassign);
    await this.store.collection(APP_PASSWORDS).deleteMany({ user_id: id });
    await destroyAllSessions(this.store, id);
    if (!(await this.users.deleteOne({ id })))
      throw wpError('rest_cannot_delete', { message: 'The user cannot be deleted.', status: 500 });
    return user;
  }

  /** wp_insert_user's nicename rule: `slug`, else `slug-2`, `slug-3`... (kept within 50 characters). */
  private async uniqueSlug(slug: string, id: number): Promise<string> {
    const taken = async (s: string) => (await this.users.count({ slug: s, id: { $ne: id } })) > 0;
    if (!(await taken(slug))) return slug;
    for (let n = 2; ; n++) {
      const alt = `${[...slug].slice(0, 49 - String(n).length).join('')}-${n}`;
      if (!(await taken(alt))) return alt;
    }
  }
}

/** validate_username and wp_insert_user's login checks. */
function checkLogin(value: string | undefined): string {
  const login = (value ?? '').trim();
  if (!login) throw insertError('empty_user_login');
  if (!core.isValidUsername(login)) {
    throw wpError('rest_user_invalid_username');
  }
  if ([...login].length > 60) throw insertError('user_login_too_long');
  return login;
}

function checkUrl(value: string): string {
  const url = sanitizeUrl(value);
  if ([...url].length > 100) throw insertError('user_url_too_long');
  return url;
}

/**
 * WP_User_Query's search: `*term*` in the REST API, so a substring match. The columns depend on the term and on
 * whether the caller may list users; an id matches exactly.
 */
function searchFilter(search: string, allColumns: boolean): Filter {
  const term = search.replace(/^\*+|\*+$/g, '');
  let columns: string[];
  if (!allColumns) columns = ['id', 'login', 'slug', 'name'];
  else if (term.includes('@')) columns = ['email'];
  else if (/^\s*[+-]?\d+(\.\d+)?\s*$/.test(term)) columns = ['login', 'id'];
  else if (/^https?:\/\//i.test(term)) columns = ['url'];
  else columns = ['login', 'url', 'email', 'slug', 'name'];
  const or: Filter[] = columns.map((c) =>
    c === 'id' ? { id: /^\d+$/.test(term) ? Number(term) : -1 } : { [c]: { $contains: term } },
  );
  return { $or: or };
}
