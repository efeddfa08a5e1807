/**
 * core/v2 post-like types (spec 2.1, 2.3-2.9, 4.6): the posts controller's item schema, collection parameters
 * (query sets P, G, M, I, B, N), write arguments and routes (WP_REST_Posts_Controller: field order, contexts,
 * descriptions, enums, defaults), for any registered type. A type's own differences come from its definition
 * (core/post-types/<type>.ts), never from a branch on its name here.
 */
import { z, type ZodTypeAny } from 'zod';
import {
  field,
  resource,
  resourceRoutes,
  type FieldDef,
  type ResourceDef,
  hiddenArg,
  sanitizedOnly,
  wp,
  type WpSchema,
  contextParam,
  excludeParam,
  forceParam,
  idParam,
  includeParam,
  offsetParam,
  orderParam,
  pageParam,
  perPageParam,
  searchParam,
  sanitizeError,
  sanitizeTitle,
} from '@loom/contracts';
import {
  FILTER_STATUSES,
  allPostTypes,
  controllerOf,
  derived,
  schemaSupports as supports,
  taxonomiesOf,
  WRITE_STATUSES,
  type ArgsMap,
  type PostTypeObject,
  type TaxonomyObject,
} from './registry';
import { CORE } from '../terms/contract';
import { textArg } from './text-arg';

export { type TextInput } from './text-arg';

/** get_post_format_slugs(), `standard` first. */
export const POST_FORMATS = [
  'standard',
  'aside',
  'chat',
  'gallery',
  'link',
  'image',
  'quote',
  'status',
  'video',
  'audio',
] as const;

export const POST_SEARCH_COLUMNS = ['post_title', 'post_content', 'post_excerpt'] as const;

export const postOrderby = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
] as const;

const ALL = ['view', 'edit', 'embed'] as const;
const VE = ['view', 'edit'] as const;
const ro = { readonly: true };
const dateTime = (description: string) => wp(z.string().describe(description), { format: 'date-time' });
const nullableDateTime = (description: string) =>
  wp(z.string().nullable().describe(description), { format: 'date-time' });

/** One registered meta key's schema: its type, default and (where registered) enum. */
const metaKeySchema = (t: PostTypeObject, key: string, dflt: number | string): WpSchema => ({
  type: typeof dflt === 'number' ? 'integer' : 'string',
  default: dflt,
  ...(t.metaEnums[key] ? { enum: [...t.metaEnums[key]] } : {}),
});

/** The meta object's schema: each registered key with its type and default. */
function metaSchema(t: PostTypeObject): WpSchema {
  const properties: Record<string, WpSchema> = {};
  for (const [key, dflt] of Object.entries(t.meta)) properties[key] = metaKeySchema(t, key, dflt);
  return { description: 'Meta fields.', type: 'object', properties };
}

function metaFields(t: PostTypeObject): Record<string, FieldDef> {
  return Object.fromEntries(
    Object.entries(t.meta).map(([key, dflt]) => {
      const { default: d, enum: values } = metaKeySchema(t, key, dflt);
      return [
        key,
        field(
          wp(typeof dflt === 'number' ? z.number().int() : z.string(), {
            default: d,
            ...(values ? { enum: values } : {}),
          }),
          [...VE],
        ),
      ];
    }),
  );
}

/** The item schema (get_item_schema), properties in WordPress's order; the type's own over the posts controller's. */
export function postResource(t: PostTypeObject): ResourceDef {
  const fields: Record<string, FieldDef> = {
    date: field(nullableDateTime("The date the post was published, in the site's timezone."), [...ALL]),
    date_gmt: field(nullableDateTime('The date the post was published, as GMT.'), [...VE]),
    guid: field(
      z
        .object({ raw: z.string().optional(), rendered: z.string().optional() })
        .describe('The globally unique identifier for the post.'),
      [...VE],
      {
        readonly: true,
        properties: {
          raw: field(z.string().describe('GUID for the post, as it exists in the database.'), ['edit'], ro),
          rendered: field(z.string().describe('GUID for the post, transformed for display.'), [...VE], ro),
        },
      },
    ),
    id: field(z.number().int().describe('Unique identifier for the post.'), [...ALL], ro),
    link: field(wp(z.string().describe('URL to the post.'), { format: 'uri' }), [...ALL], ro),
    modified: field(dateTime("The date the post was last modified, in the site's timezone."), [...VE], ro),
    modified_gmt: field(dateTime('The date the post was last modified, as GMT.'), [...VE], ro),
    slug: field(z.string().describe('An alphanumeric identifier for the post unique to its type.'), [...ALL]),
    status: field(z.enum(WRITE_STATUSES).describe('A named status for the post.'), [...VE]),
    type: field(z.string().describe('Type of post.'), [...ALL], ro),
    password: field(z.string().describe('A password to protect access to the content and excerpt.'), ['edit']),
  };
  if (t.viewable) {
    fields.permalink_template = field(z.string().describe('Permalink template for the post.'), ['edit'], ro);
    fields.generated_slug = field(
      z.string().describe('Slug automatically generated from the post title.'),
      ['edit'],
      ro,
    );
    fields.class_list = field(
      z.array(z.string()).describe('An array of the class names for the post container element.'),
      [...VE],
      ro,
    );
  }
  if (t.hierarchical) fields.parent = field(z.number().int().describe('The ID for the parent of the post.'), [...VE]);
  if (supports(t, 'title')) {
    fields.title = field(
      z.object({ raw: z.string().optional(), rendered: z.string().optional() }).describe('The title for the post.'),
      [...ALL],
      {
        properties: {
          raw: field(z.string().describe('Title for the post, as it exists in the database.'), ['edit']),
          rendered: field(z.string().describe('HTML title for the post, transformed for display.'), [...ALL], ro),
        },
      },
    );
  }
  if (supports(t, 'editor')) {
    fields.content = field(z.object({}).describe('The content for the post.'), [...VE], {
      properties: {
        raw: field(z.string().describe('Content for the post, as it exists in the database.'), ['edit']),
        rendered: field(z.string().describe('HTML content for the post, transformed for display.'), [...VE], ro),
        block_version: field(
          z.number().int().describe('Version of the content block format used by the post.'),
          ['edit'],
          ro,
        ),
        protected: field(z.boolean().describe('Whether the content is protected with a password.'), [...ALL], ro),
      },
    });
  }
  if (supports(t, 'author'))
    fields.author = field(z.number().int().describe('The ID for the author of the post.'), [...ALL]);
  if (supports(t, 'excerpt')) {
    fields.excerpt = field(z.object({}).describe('The excerpt for the post.'), [...ALL], {
      properties: {
        raw: field(z.string().describe('Excerpt for the post, as it exists in the database.'), ['edit']),
        rendered: field(z.string().describe('HTML excerpt for the post, transformed for display.'), [...ALL], ro),
        protected: field(z.boolean().describe('Whether the excerpt is protected with a password.'), [...ALL], ro),
      },
    });
  }
  if (supports(t, 'thumbnail'))
    fields.featured_media = field(z.number().int().describe('The ID of the featured media for the post.'), [...ALL]);
  if (supports(t, 'comments')) {
    fields.comment_status = field(
      z.enum(['open', 'closed']).describe('Whether or not comments are open on the post.'),
      [...VE],
    );
    fields.ping_status = field(z.enum(['open', 'closed']).describe('Whether or not the post can be pinged.'), [...VE]);
  }
  if (supports(t, 'page-attributes'))
    fields.menu_order = field(z.number().int().describe('The order of the post in relation to other posts.'), [...VE]);
  if (supports(t, 'post-formats'))
    fields.format = field(z.enum(POST_FORMATS).describe('The format for the post.'), [...VE]);
  if (supports(t, 'custom-fields')) {
    fields.meta = field(z.object({}).describe('Meta fields.'), [...VE], { properties: metaFields(t) });
  }
  fields.template = field(z.string().describe('The theme file to use to display the post.'), [...VE]);
  for (const tax of taxonomiesOf(t.name)) {
    fields[tax.restBase] = field(
      z.array(z.number().int()).describe(`The terms assigned to the post in the ${tax.name} taxonomy.`),
      [...VE],
    );
  }
  return resource(t.name, t.rest?.fields ? t.rest.fields(fields) : fields);
}

// ---------------------------------------------------------------------------------------------------------
// Collection parameters (spec 4.6, query set P and G)

const idList = (description: string) => z.array(z.number().int()).default([]).describe(description);

/** The taxonomy filter of prepare_taxonomy_limit_schema: a term id list, or {terms, include_children, operator}. */
function taxonomyLimit(tax: TaxonomyObject, exclude: boolean): ZodTypeAny {
  const list = wp(z.array(z.number().int()).describe('Match terms with the listed IDs.'), { title: 'Term ID List' });
  const props: Record<string, ZodTypeAny> = { terms: z.array(z.number().int()).default([]).describe('Term IDs.') };
  if (tax.hierarchical)
    props.include_children = z
      .boolean()
      .default(false)
      .describe('Whether to include child terms in the terms limiting the result set.');
  if (!exclude)
    props.operator = z
      .enum(['AND', 'OR'])
      .default('OR')
      .describe('Whether items must be assigned all or any of the specified terms.');
  const query = wp(z.object(props).strict().describe('Perform an advanced term query.'), {
    title: 'Term ID Taxonomy Query',
  });
  const description = exclude
    ? `Limit result set to items except those with specific terms assigned in the ${tax.restBase} taxonomy.`
    : `Limit result set to items with specific terms assigned in the ${tax.restBase} taxonomy.`;
  // WordPress lists the object form first in `type`, the list form first in `oneOf`.
  return wp(z.union([list, query]).optional().describe(description), { type: ['object', 'array'] });
}

/** get_collection_params() for a post type, in WordPress's order (trunk, limited to spec 4.6's set). */
export function postCollectionArgs(t: PostTypeObject): ArgsMap {
  const pageAttributes = supports(t, 'page-attributes');
  const args: ArgsMap = {
    context: contextParam('view'),
    page: pageParam(),
    per_page: perPageParam(t.rest?.perPage ?? 10),
    search: searchParam(),
    after: dateTime('Limit response to posts published after a given ISO8601 compliant date.').optional(),
    modified_after: dateTime('Limit response to posts modified after a given ISO8601 compliant date.').optional(),
  };
  if (supports(t, 'author')) {
    args.author = idList('Limit result set to posts assigned to specific authors.');
    args.author_exclude = idList('Ensure result set excludes posts assigned to specific authors.');
  }
  args.before = dateTime('Limit response to posts published before a given ISO8601 compliant date.').optional();
  args.modified_before = dateTime('Limit response to posts modified before a given ISO8601 compliant date.').optional();
  args.exclude = excludeParam();
  args.include = includeParam();
  if (pageAttributes)
    args.menu_order = z
      .number()
      .int()
      .optional()
      .describe('Limit result set to posts with a specific menu_order value.');
  args.offset = offsetParam();
  args.order = orderParam(t.rest?.order ?? 'desc');
  args.orderby = z
    .enum([...postOrderby, ...(pageAttributes ? (['menu_order'] as const) : [])] as [string, ...string[]])
    .default(t.rest?.orderby ?? 'date')
    .describe('Sort collection by post attribute.');
  if (t.hierarchical) {
    args.parent = idList('Limit result set to items with particular parent IDs.');
    args.parent_exclude = idList('Limit result set to all items except those of a particular parent ID.');
  }
  args.search_columns = z
    .array(z.enum(POST_SEARCH_COLUMNS))
    .default([])
    .describe('Array of column names to be searched.');
  args.slug = z.array(z.string()).optional().describe('Limit result set to posts with one or more specific slugs.');
  // WordPress shows the default as the string 'publish'; the sanitize callback turns lists into arrays.
  args.status = wp(
    z
      .array(z.enum(FILTER_STATUSES))
      .default(['publish'])
      .describe('Limit result set to posts assigned one or more statuses.'),
    { default: 'publish' },
  );
  const taxonomies = taxonomiesOf(t.name);
  if (taxonomies.length) {
    args.tax_relation = z
      .enum(['AND', 'OR'])
      .optional()
      .describe('Limit result set based on relationship between multiple taxonomies.');
    for (const tax of taxonomies) {
      args[tax.restBase] = taxonomyLimit(tax, false);
      args[`${tax.restBase}_exclude`] = taxonomyLimit(tax, true);
    }
  }
  return t.rest?.collectionArgs ? t.rest.collectionArgs(args) : args;
}

// ---------------------------------------------------------------------------------------------------------
// Write arguments (get_endpoint_args_for_item_schema)

/** meta: any object (check_meta_is_array); each registered key is validated by the handler, as WordPress does. */
function metaArg(t: PostTypeObject) {
  return sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v, ctx) =>
          v && typeof v === 'object'
            ? (v as Record<string, unknown>)
            : v === ''
              ? {}
              : sanitizeError(ctx, 'rest_invalid_param', 'Invalid parameter.'),
        )
        .optional(),
      metaSchema(t),
    ),
  );
}

/**
 * `status` on update: WordPress's check_status lets the post's current status through even when the enum has no
 * such value (a trashed post may be sent back with status trash), so the handler checks the enum; here only
 * the type is checked. On create the enum is checked here.
 */
function statusArg(updating: boolean) {
  const description = 'A named status for the post.';
  if (!updating) return z.enum(WRITE_STATUSES).optional().describe(description);
  return sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v, ctx) =>
          typeof v === 'string' ? v : sanitizeError(ctx, 'rest_invalid_type', 'status is not of type string.'),
        )
        .optional(),
      { description, type: 'string', enum: [...WRITE_STATUSES] },
    ),
  );
}

export function postWriteArgs(t: PostTypeObject, updating: boolean): ArgsMap {
  const args: ArgsMap = {
    date: nullableDateTime("The date the post was published, in the site's timezone.").optional(),
    date_gmt: nullableDateTime('The date the post was published, as GMT.').optional(),
    slug: z
      .string()
      .transform(sanitizeTitle)
      .optional()
      .describe('An alphanumeric identifier for the post unique to its type.'),
    status: statusArg(updating),
    password: z.string().optional().describe('A password to protect access to the content and excerpt.'),
  };
  if (t.hierarchical) args.parent = z.number().int().optional().describe('The ID for the parent of the post.');
  if (supports(t, 'title')) {
    args.title = textArg(
      'The title for the post.',
      {
        raw: { description: 'Title for the post, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: {
          description: 'HTML title for the post, transformed for display.',
          type: 'string',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
      'title',
    );
  }
  if (supports(t, 'editor')) {
    args.content = textArg(
      'The content for the post.',
      {
        raw: { description: 'Content for the post, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: {
          description: 'HTML content for the post, transformed for display.',
          type: 'string',
          context: ['view', 'edit'],
          readonly: true,
        },
        block_version: {
          description: 'Version of the content block format used by the post.',
          type: 'integer',
          context: ['edit'],
          readonly: true,
        },
        protected: {
          description: 'Whether the content is protected with a password.',
          type: 'boolean',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
      'text',
    );
  }
  if (supports(t, 'author')) args.author = z.number().int().optional().describe('The ID for the author of the post.');
  if (supports(t, 'excerpt')) {
    args.excerpt = textArg(
      'The excerpt for the post.',
      {
        raw: { description: 'Excerpt for the post, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: {
          description: 'HTML excerpt for the post, transformed for display.',
          type: 'string',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
        protected: {
          description: 'Whether the excerpt is protected with a password.',
          type: 'boolean',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
      'text',
    );
  }
  if (supports(t, 'thumbnail'))
    args.featured_media = z.number().int().optional().describe('The ID of the featured media for the post.');
  if (supports(t, 'comments')) {
    args.comment_status = z
      .enum(['open', 'closed'])
      .optional()
      .describe('Whether or not comments are open on the post.');
    args.ping_status = z.enum(['open', 'closed']).optional().describe('Whether or not the post can be pinged.');
  }
  if (supports(t, 'page-attributes'))
    args.menu_order = z.number().int().optional().describe('The order of the post in relation to other posts.');
  if (supports(t, 'post-formats')) args.format = z.enum(POST_FORMATS).optional().describe('The format for the post.');
  if (supports(t, 'custom-fields')) args.meta = metaArg(t);
  args.template = z.string().optional().describe('The theme file to use to display the post.');
  for (const tax of taxonomiesOf(t.name)) {
    args[tax.restBase] = z
      .array(z.number().int())
      .optional()
      .describe(`The terms assigned to the post in the ${tax.name} taxonomy.`);
  }
  const own = t.rest?.writeArgs ? t.rest.writeArgs(args, updating) : args;
  // Not an argument WordPress lists, but create refuses it (rest_post_exists), so the handler must see it.
  if (!updating) own.id = hiddenArg(sanitizedOnly(z.unknown().optional()));
  return own;
}

// ---------------------------------------------------------------------------------------------------------
// Routes

const postId = () => idParam('Unique identifier for the post.');

export function postTypeRoutes(t: PostTypeObject) {
  const schema = postResource(t);
  return {
    type: t,
    ...resourceRoutes({
      namespace: CORE,
      base: t.restBase,
      schema,
      allowBatch: t.rest?.allowBatch ?? false,
      noun: t.rest?.noun,
      docs: t.rest?.docs,
      collection: { list: postCollectionArgs(t), create: postWriteArgs(t, false) },
      item: {
        read: {
          id: postId(),
          context: contextParam('view'),
          // Only where the schema has a password (menu items have none).
          ...(schema.fields.password
            ? { password: z.string().optional().describe('The password for the post if it is password protected.') }
            : {}),
        },
        update: { id: postId(), ...postWriteArgs(t, true) },
        delete: { id: postId(), force: forceParam('Whether to bypass Trash and force deletion.') },
      },
    }),
  };
}

export type PostTypeRoutes = ReturnType<typeof postTypeRoutes>;

/** The routes of every type the posts controller serves, by type name, in registration order. */
export const postTypeRouteTable: () => ReadonlyMap<string, PostTypeRoutes> = derived(
  () =>
    new Map(
      allPostTypes()
        .filter((t) => controllerOf(t) === 'posts')
        .map((t) => [t.name, postTypeRoutes(t)]),
    ),
);

/** The routes of a served type (throws for a type without routes: a programming error). */
export function postTypeRoutesOf(name: string): PostTypeRoutes {
  const r = postTypeRouteTable().get(name);
  if (!r) throw new Error(`post type ${name} has no core/v2 routes`);
  return r;
}
