/**
 * core/v2 comments: WP_REST_Comments_Controller's item schema, collection parameters, write arguments and routes
 * (`comments`, `comments/<id>`). Not batchable, as in WordPress.
 */
import { z } from 'zod';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  READABLE,
  contextParam,
  endpoint,
  field,
  forceParam,
  idListParam,
  idParam,
  offsetParam,
  orderParam,
  resource,
  route,
  sanitizeError,
  sanitizeKey,
  sanitizeTextField,
  sanitizeUrl,
  sanitizedOnly,
  hiddenArg,
  wp,
  baseCollectionArgs,
  type ResourceDef,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';
import { AVATAR_SIZES } from '../users/contract';

const all = ['view', 'edit', 'embed'] as const;
const ro = { readonly: true };
const uri = (description: string) => wp(z.string().describe(description), { format: 'uri' });
const dateTime = (description: string) => wp(z.string().describe(description), { format: 'date-time' });

/** WP_Comment_Query's orderby values the REST API offers. */
export const commentOrderby = ['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'] as const;

const avatarUrls = () =>
  field(
    z
      .object(
        Object.fromEntries(
          AVATAR_SIZES.map((s) => [String(s), uri(`Avatar URL with image size of ${s} pixels.`).optional()]),
        ),
      )
      .describe('Avatar URLs for the comment author.'),
    [...all],
    {
      readonly: true,
      properties: Object.fromEntries(
        AVATAR_SIZES.map((s) => [String(s), field(uri(`Avatar URL with image size of ${s} pixels.`), [...all])]),
      ),
    },
  );

/** The item schema, in WordPress's order (show_avatars is on, as WordPress's default). */
export const commentResource: ResourceDef = resource('comment', {
  id: field(z.number().int().describe('Unique identifier for the comment.'), [...all], ro),
  author: field(z.number().int().describe('The ID of the user object, if author was a user.'), [...all]),
  author_email: field(wp(z.string().describe('Email address for the comment author.'), { format: 'email' }), ['edit']),
  author_ip: field(wp(z.string().describe('IP address for the comment author.'), { format: 'ip' }), ['edit']),
  author_name: field(z.string().describe('Display name for the comment author.'), [...all]),
  author_url: field(uri('URL for the comment author.'), [...all]),
  author_user_agent: field(z.string().describe('User agent for the comment author.'), ['edit']),
  content: field(z.object({}).passthrough().describe('The content for the comment.'), [...all], {
    properties: {
      raw: field(z.string().describe('Content for the comment, as it exists in the database.'), ['edit']),
      rendered: field(z.string().describe('HTML content for the comment, transformed for display.'), [...all], ro),
    },
  }),
  date: field(dateTime("The date the comment was published, in the site's timezone."), [...all]),
  date_gmt: field(dateTime('The date the comment was published, as GMT.'), ['view', 'edit']),
  link: field(uri('URL to the comment.'), [...all], ro),
  parent: field(z.number().int().describe('The ID for the parent of the comment.'), [...all]),
  post: field(z.number().int().describe('The ID of the associated post object.'), ['view', 'edit']),
  status: field(z.string().describe('State of the comment.'), ['view', 'edit']),
  type: field(z.string().describe('Type of the comment.'), [...all], ro),
  author_avatar_urls: avatarUrls(),
  meta: field(z.object({}).passthrough().describe('Meta fields.'), ['view', 'edit']),
});

/** The comment's text: a string, or an object with `raw` (prepare_item_for_database reads either). */
export interface CommentText {
  raw?: string;
}

const contentArg = () =>
  sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v): CommentText => {
          if (typeof v === 'string') return { raw: v };
          if (v && typeof v === 'object' && !Array.isArray(v)) {
            const raw = (v as Record<string, unknown>).raw;
            if (typeof raw === 'string') return { raw };
          }
          return {};
        })
        .optional(),
      {
        description: 'The content for the comment.',
        type: 'object',
        properties: {
          raw: {
            description: 'Content for the comment, as it exists in the database.',
            type: 'string',
            context: ['edit'],
          },
          rendered: {
            description: 'HTML content for the comment, transformed for display.',
            type: 'string',
            context: ['view', 'edit', 'embed'],
            readonly: true,
          },
        },
      },
    ),
  );

/** check_comment_author_email(): an empty address is allowed (an update may clear it), any other must be valid. */
const authorEmailArg = () =>
  sanitizedOnly(
    wp(
      z
        .string()
        .transform((v, ctx) =>
          v === '' || /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/.test(v)
            ? v
            : sanitizeError(ctx, 'rest_invalid_email', 'Invalid email address.'),
        )
        .optional(),
      { description: 'Email address for the comment author.', type: 'string', format: 'email' },
    ),
  );

/** The write arguments from the item schema: a create has post and parent default to 0, as WordPress's do. */
export function commentWriteArgs(creating: boolean) {
  const int = (description: string) =>
    creating ? z.number().int().default(0).describe(description) : z.number().int().optional().describe(description);
  return {
    author: z.number().int().optional().describe('The ID of the user object, if author was a user.'),
    author_email: authorEmailArg(),
    author_ip: wp(z.string().optional().describe('IP address for the comment author.'), { format: 'ip' }),
    author_name: z.string().transform(sanitizeTextField).optional().describe('Display name for the comment author.'),
    author_url: uri('URL for the comment author.').transform(sanitizeUrl).optional(),
    author_user_agent: z
      .string()
      .transform(sanitizeTextField)
      .optional()
      .describe('User agent for the comment author.'),
    content: contentArg(),
    date: dateTime("The date the comment was published, in the site's timezone.").optional(),
    date_gmt: dateTime('The date the comment was published, as GMT.').optional(),
    parent: int('The ID for the parent of the comment.'),
    post: int('The ID of the associated post object.'),
    status: z.string().transform(sanitizeKey).optional().describe('State of the comment.'),
    meta: z.object({}).passthrough().optional().describe('Meta fields.'),
    // What the controller reads without listing it: `type` (refused unless `comment`).
    type: hiddenArg(sanitizedOnly(z.unknown().optional())),
  };
}

/** A create's arguments, and what create_item reads unlisted: an `id` (rest_comment_exists) and the post's `password`. */
const commentCreateArgs = () => ({
  ...commentWriteArgs(true),
  id: hiddenArg(sanitizedOnly(z.unknown().optional())),
  password: hiddenArg(z.string().optional()),
});

const intList = (description: string) => idListParam(description);

/** GET /comments (get_collection_params). */
export function commentCollectionArgs() {
  const { context, page, per_page, search } = baseCollectionArgs();
  return {
    context,
    page,
    per_page,
    search,
    after: dateTime('Limit response to comments published after a given ISO8601 compliant date.').optional(),
    author: z
      .array(z.number().int())
      .optional()
      .describe('Limit result set to comments assigned to specific user IDs. Requires authorization.'),
    author_exclude: z
      .array(z.number().int())
      .optional()
      .describe('Ensure result set excludes comments assigned to specific user IDs. Requires authorization.'),
    author_email: wp(
      z.string().optional().describe('Limit result set to that from a specific author email. Requires authorization.'),
      { format: 'email', default: null },
    ),
    before: dateTime('Limit response to comments published before a given ISO8601 compliant date.').optional(),
    exclude: intList('Ensure result set excludes specific IDs.'),
    include: intList('Limit result set to specific IDs.'),
    offset: offsetParam(),
    order: orderParam('desc'),
    orderby: z.enum(commentOrderby).default('date_gmt').describe('Sort collection by comment attribute.'),
    parent: intList('Limit result set to comments of specific parent IDs.'),
    parent_exclude: intList('Ensure result set excludes specific parent IDs.'),
    post: intList('Limit result set to comments assigned to specific post IDs.'),
    status: z
      .string()
      .transform(sanitizeKey)
      .default('approve')
      .describe('Limit result set to comments assigned a specific status. Requires authorization.'),
    type: z
      .string()
      .transform(sanitizeKey)
      .default('comment')
      .describe('Limit result set to comments assigned a specific type. Requires authorization.'),
    password: z.string().optional().describe('The password for the post if it is password protected.'),
  };
}

const commentId = () => idParam('Unique identifier for the comment.');
const passwordArg = () =>
  z
    .string()
    .optional()
    .describe('The password for the parent post of the comment (if the post is password protected).');

export const comments = {
  collection: route(
    CORE,
    `/${CORE}/comments`,
    {
      list: endpoint(READABLE, commentCollectionArgs()),
      create: endpoint(CREATABLE, commentCreateArgs()),
    },
    commentResource,
  ),
  item: route(
    CORE,
    `/${CORE}/comments/<id>`,
    {
      read: endpoint(READABLE, { id: commentId(), context: contextParam('view'), password: passwordArg() }),
      update: endpoint(EDITABLE, { id: commentId(), ...commentWriteArgs(false) }),
      delete: endpoint(DELETABLE, {
        id: commentId(),
        force: forceParam('Whether to bypass Trash and force deletion.'),
        password: passwordArg(),
      }),
    },
    commentResource,
  ),
};
