/**
 * core/v2 users: WP_REST_Users_Controller's item schema, collection parameters, write arguments and routes
 * (`users`, `users/<id>`, `users/me`). WordPress keeps users in core; so does Loom (core-content).
 */
import { z } from 'zod';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  READABLE,
  endpoint,
  field,
  resource,
  route,
  type ResourceDef,
  sanitizedOnly,
  wp,
  baseCollectionArgs,
  contextParam,
  forceParam,
  idParam,
  offsetParam,
  orderParam,
  sanitizeError,
  sanitizeTextField,
  sanitizeTitle,
} from '@loom/contracts';
import { derived, REST_POST_TYPES } from '../../engine/contract/registry';
import { CORE } from '../../engine/terms/contract';

/** rest_get_avatar_sizes(). */
export const AVATAR_SIZES = [24, 48, 96] as const;

/** The locales a user may choose (WordPress: '' for the site default, en_US, and installed languages). */
export const USER_LOCALES = ['', 'en_US'] as const;

export const userOrderby = [
  'id',
  'include',
  'name',
  'registered_date',
  'slug',
  'include_slugs',
  'email',
  'url',
] as const;

const all = ['embed', 'view', 'edit'] as const;
const ro = { readonly: true };
const uri = (description: string) => wp(z.string().describe(description), { format: 'uri' });

export const userResource: ResourceDef = resource('user', {
  id: field(z.number().int().describe('Unique identifier for the user.'), [...all], ro),
  username: field(z.string().describe('Login name for the user.'), ['edit']),
  name: field(z.string().describe('Display name for the user.'), [...all]),
  first_name: field(z.string().describe('First name for the user.'), ['edit']),
  last_name: field(z.string().describe('Last name for the user.'), ['edit']),
  email: field(wp(z.string().describe('The email address for the user.'), { format: 'email' }), ['edit']),
  url: field(uri('URL of the user.'), [...all]),
  description: field(z.string().describe('Description of the user.'), [...all]),
  link: field(uri('Author URL of the user.'), [...all], ro),
  locale: field(z.enum(USER_LOCALES).describe('Locale for the user.'), ['edit']),
  nickname: field(z.string().describe('The nickname for the user.'), ['edit']),
  slug: field(z.string().describe('An alphanumeric identifier for the user.'), [...all]),
  registered_date: field(
    wp(z.string().describe('Registration date for the user.'), { format: 'date-time' }),
    ['edit'],
    ro,
  ),
  roles: field(z.array(z.string()).describe('Roles assigned to the user.'), ['edit']),
  // Never displayed: an empty context list keeps it out of every response.
  password: field(z.string().describe('Password for the user (never included).'), []),
  capabilities: field(wp(z.any().describe('All capabilities assigned to the user.'), { type: 'object' }), ['edit'], ro),
  extra_capabilities: field(
    wp(z.any().describe('Any extra capabilities assigned to the user.'), { type: 'object' }),
    ['edit'],
    ro,
  ),
  avatar_urls: field(
    z
      .object(
        Object.fromEntries(
          AVATAR_SIZES.map((s) => [String(s), uri(`Avatar URL with image size of ${s} pixels.`).optional()]),
        ),
      )
      .describe('Avatar URLs for the user.'),
    [...all],
    {
      readonly: true,
      properties: Object.fromEntries(
        AVATAR_SIZES.map((s) => [String(s), field(uri(`Avatar URL with image size of ${s} pixels.`), [...all])]),
      ),
    },
  ),
  meta: field(z.object({}).passthrough().describe('Meta fields.'), ['view', 'edit']),
});

/** GET /users. `roles`, `capabilities`, edit context and email/registered_date ordering need list_users. */
export function userCollectionArgs() {
  return {
    ...baseCollectionArgs(),
    offset: offsetParam(),
    order: orderParam('asc'),
    orderby: z.enum(userOrderby).default('name').describe('Sort collection by user attribute.'),
    slug: z.array(z.string()).optional().describe('Limit result set to users with one or more specific slugs.'),
    roles: z
      .array(z.string())
      .optional()
      .describe(
        'Limit result set to users matching at least one specific role provided. Accepts csv list or single role.',
      ),
    capabilities: z
      .array(z.string())
      .optional()
      .describe(
        'Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability.',
      ),
    who: z.enum(['authors']).optional().describe('Limit result set to users who are considered authors.'),
    has_published_posts: wp(
      z
        .union([z.boolean(), z.array(z.enum(REST_POST_TYPES()))])
        .optional()
        .describe('Limit result set to users who have published posts.'),
      {
        type: ['boolean', 'array'],
        items: { type: 'string', enum: [...REST_POST_TYPES()] },
        oneOf: undefined,
      },
    ),
  };
}

/** WP_REST_Users_Controller::check_username (validate_username: sanitize_user in strict mode changes nothing). */
export function isValidUsername(value: string): boolean {
  return /^[A-Za-z0-9_.@-]+( [A-Za-z0-9_.@-]+)*$/.test(value);
}

const username = () =>
  z
    .string()
    .transform((v, ctx) =>
      isValidUsername(v)
        ? v
        : sanitizeError(
            ctx,
            'rest_user_invalid_username',
            'This username is invalid because it uses illegal characters. Please enter a valid username.',
          ),
    )
    .describe('Login name for the user.');

/** WP_REST_Users_Controller::check_user_password. */
const password = () =>
  z
    .string()
    .transform((v, ctx) => {
      if (v === '') return sanitizeError(ctx, 'rest_user_invalid_password', 'Passwords cannot be empty.');
      if (v.includes('\\'))
        return sanitizeError(ctx, 'rest_user_invalid_password', 'Passwords cannot contain the "\\" character.');
      return v;
    })
    .describe('Password for the user (never included).');

const text = (description: string) => z.string().transform(sanitizeTextField).describe(description);

/** Write arguments from the item schema: create requires username, email and password; update requires nothing. */
export function userWriteArgs(creating: boolean) {
  const opt = <T extends z.ZodTypeAny>(s: T) => (creating ? s : s.optional());
  return {
    username: opt(username()),
    name: text('Display name for the user.').optional(),
    first_name: text('First name for the user.').optional(),
    last_name: text('Last name for the user.').optional(),
    email: opt(wp(z.string().describe('The email address for the user.'), { format: 'email' })),
    url: uri('URL of the user.').optional(),
    description: z.string().optional().describe('Description of the user.'),
    locale: z.enum(USER_LOCALES).optional().describe('Locale for the user.'),
    nickname: text('The nickname for the user.').optional(),
    slug: z.string().transform(sanitizeTitle).optional().describe('An alphanumeric identifier for the user.'),
    roles: z.array(z.string()).optional().describe('Roles assigned to the user.'),
    password: opt(password()),
    meta: z.object({}).passthrough().optional().describe('Meta fields.'),
  };
}

/**
 * `reassign`: a user id, or false/'false'/'' to delete the user's content (check_reassign). WordPress runs only
 * that callback (no type validation), so `false` gets through although the index says integer.
 */
export const reassignParam = () =>
  sanitizedOnly(
    wp(
      z.unknown().transform((v, ctx): number | false => {
        if (
          (typeof v === 'number' && Number.isFinite(v)) ||
          (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v))
        ) {
          return Math.abs(Math.trunc(Number(v))); // absint()
        }
        if (v === false || v === '' || v === 'false' || v === 0 || v === '0') return false;
        return sanitizeError(ctx, 'rest_invalid_param', 'Invalid user parameter(s).');
      }),
      { type: 'integer', description: "Reassign the deleted user's posts and links to this user ID." },
    ),
  );

const deleteArgs = () => ({
  force: forceParam('Required to be true, as users do not support trashing.'),
  reassign: reassignParam(),
});

const userId = () => idParam('Unique identifier for the user.');

/** The users routes (derived: `has_published_posts` names the registered types). */
export const users = derived(() => ({
  // Not batchable: spec 4.1 lists no users route, as WordPress 6.1 (6.5.1 later allowed the collection).
  collection: route(
    CORE,
    `/${CORE}/users`,
    {
      list: endpoint(READABLE, userCollectionArgs()),
      create: endpoint(CREATABLE, userWriteArgs(true)),
    },
    userResource,
  ),
  item: route(
    CORE,
    `/${CORE}/users/<id>`,
    {
      read: endpoint(READABLE, { id: userId(), context: contextParam('view') }),
      update: endpoint(EDITABLE, { id: userId(), ...userWriteArgs(false) }),
      delete: endpoint(DELETABLE, { id: userId(), ...deleteArgs() }),
    },
    userResource,
  ),
  me: route(
    CORE,
    `/${CORE}/users/me`,
    {
      read: endpoint(READABLE, { context: contextParam('view') }, { docs: { summary: 'Retrieve the current user' } }),
      update: endpoint(EDITABLE, userWriteArgs(false), { docs: { summary: 'Update the current user' } }),
      delete: endpoint(DELETABLE, deleteArgs(), { docs: { summary: 'Delete the current user' } }),
    },
    userResource,
  ),
}));
