/**
 * Templates and template parts (spec 2.8, 4.6): WP_REST_Templates_Controller's item schema, collection and write
 * arguments and routes (with `lookup`), and the template revisions and autosaves controllers of WordPress 6.4, for
 * every type the registry serves with the templates controller. A type's own differences (`is_custom`, `area`)
 * come from its definition (core/post-types/template*.ts), never from a branch on its name here.
 *
 * Ids are `theme//slug` strings. Their route patterns match spec 1.2's one or two segments (also `theme//slug`, as
 * WordPress writes them) with a named group whose only inner group closes right before it does, so clients that
 * read a group up to its first `)` (node-wpapi's discovery) compile it; WordPress's own pattern nests a capturing
 * group and a trailing class, which they cannot.
 */
import { z } from 'zod';
import {
  CREATABLE,
  DELETABLE,
  READABLE,
  endpoint,
  field,
  resource,
  resourceRoutes,
  route,
  type FieldDef,
  type ResourceDef,
  nounOf,
  hiddenArg,
  wp,
  type WpSchema,
  contextParam,
  forceParam,
} from '@loom/contracts';
import {
  allPostTypes,
  WRITE_STATUSES,
  controllerOf,
  derived,
  type ArgsMap,
  type PostTypeObject,
} from '../contract/registry';
import { revisionCollectionArgs } from '../revisions/contract';
import { CORE } from '../terms/contract';

const ALL = ['embed', 'view', 'edit'] as const;
const VE = ['view', 'edit'] as const;
const ro = { readonly: true };

/** The slug pattern (WordPress writes `[a-zA-Z0-9_\%-]+`; `\%` is no valid escape in a JavaScript `u` regex). */
export const TEMPLATE_SLUG_PATTERN = /[a-zA-Z0-9_%-]+/;

const CONTENT_PROPERTIES: Record<string, WpSchema> = {
  raw: {
    description: 'Content for the template, as it exists in the database.',
    type: 'string',
    context: ['view', 'edit'],
  },
  block_version: {
    description: 'Version of the content block format used by the template.',
    type: 'integer',
    context: ['edit'],
    readonly: true,
  },
};
const TITLE_PROPERTIES: Record<string, WpSchema> = {
  raw: {
    description: 'Title for the template, as it exists in the database.',
    type: 'string',
    context: ['view', 'edit', 'embed'],
  },
  rendered: {
    description: 'HTML title for the template, transformed for display.',
    type: 'string',
    context: ['view', 'edit', 'embed'],
    readonly: true,
  },
};

/** get_item_schema(): the controller's fields, then the type's own (is_custom, area). */
export function templateResource(t: PostTypeObject): ResourceDef {
  const text = (description: string, properties: Record<string, FieldDef>) =>
    field(wp(z.any().describe(description), { type: ['object', 'string'] }), [...ALL], { properties });
  const fields: Record<string, FieldDef> = {
    id: field(z.string().describe('ID of template.'), [...ALL], ro),
    slug: field(z.string().min(1).regex(TEMPLATE_SLUG_PATTERN).describe('Unique slug identifying the template.'), [
      ...ALL,
    ]),
    theme: field(z.string().describe('Theme identifier for the template.'), [...ALL]),
    type: field(z.string().describe('Type of template.'), [...ALL]),
    source: field(z.string().describe('Source of template'), [...ALL], ro),
    origin: field(z.string().describe('Source of a customized template'), [...ALL], ro),
    content: text('Content of template.', {
      raw: field(z.string().describe(CONTENT_PROPERTIES.raw!.description!), [...VE]),
      block_version: field(z.number().int().describe(CONTENT_PROPERTIES.block_version!.description!), ['edit'], ro),
    }),
    title: text('Title of template.', {
      raw: field(z.string().describe(TITLE_PROPERTIES.raw!.description!), ['view', 'edit', 'embed']),
      rendered: field(z.string().describe(TITLE_PROPERTIES.rendered!.description!), ['view', 'edit', 'embed'], ro),
    }),
    description: field(z.string().describe('Description of template.'), [...ALL]),
    status: field(z.enum(WRITE_STATUSES).describe('Status of template.'), [...ALL]),
    wp_id: field(z.number().int().describe('Post ID.'), [...ALL], ro),
    has_theme_file: field(z.boolean().describe('Theme file exists.'), [...ALL], ro),
    author: field(z.number().int().describe('The ID for the author of the template.'), ['view', 'edit', 'embed']),
    modified: field(
      wp(z.string().describe("The date the template was last modified, in the site's timezone."), {
        format: 'date-time',
      }),
      [...VE],
      ro,
    ),
  };
  return resource(t.name, t.rest?.fields ? t.rest.fields(fields) : fields);
}

/** A revision or autosave of a template: the template's shape plus `parent` (the revision controller's schema). */
export function templateRevisionResource(parent: ResourceDef): ResourceDef {
  return resource(parent.title, {
    ...parent.fields,
    parent: field(z.number().int().describe('The ID for the parent of the revision.'), ['view', 'edit', 'embed']),
  });
}

/**
 * get_collection_params(). The spec names WordPress's `wp_id` filter `ref_id`; WordPress clients send `wp_id`, which
 * is read too (unlisted).
 */
export function templateCollectionArgs(): ArgsMap {
  return {
    context: contextParam('view'),
    ref_id: z.number().int().optional().describe('Limit to the specified post id.'),
    wp_id: hiddenArg(z.number().int().optional()),
    area: z.string().optional().describe('Limit to the specified template part area.'),
    post_type: z.string().optional().describe('Post type to get the templates for.'),
  };
}

/** content / title: a string, or an object with `raw`; the controller reads either (prepare_item_for_database). */
const textArg = (description: string, properties: Record<string, WpSchema>, creating: boolean) => {
  const base = z.any().describe(description);
  return wp(creating ? base.default('') : base.optional(), {
    type: ['object', 'string'],
    properties,
    ...(creating ? { default: '' } : {}),
  });
};

/** get_endpoint_args_for_item_schema(): the writable fields (create: slug required, schema defaults), then the type's own. */
export function templateWriteArgs(t: PostTypeObject, updating: boolean): ArgsMap {
  const slug = z.string().min(1).regex(TEMPLATE_SLUG_PATTERN).describe('Unique slug identifying the template.');
  const args: ArgsMap = {
    slug: updating ? slug.optional() : slug,
    theme: z.string().optional().describe('Theme identifier for the template.'),
    type: z.string().optional().describe('Type of template.'),
    content: textArg('Content of template.', CONTENT_PROPERTIES, !updating),
    title: textArg('Title of template.', TITLE_PROPERTIES, !updating),
    description: updating
      ? z.string().optional().describe('Description of template.')
      : z.string().default('').describe('Description of template.'),
    status: updating
      ? z.enum(WRITE_STATUSES).optional().describe('Status of template.')
      : z.enum(WRITE_STATUSES).default('publish').describe('Status of template.'),
    author: z.number().int().optional().describe('The ID for the author of the template.'),
  };
  return t.rest?.writeArgs ? t.rest.writeArgs(args, updating) : args;
}

/** The id in a template route's path (a route-level argument in WordPress, so listed on every endpoint). */
const templateIdArg = () => z.string().optional().describe('The id of a template');

export function templateTypeRoutes(t: PostTypeObject) {
  const schema = templateResource(t);
  const revisionSchema = templateRevisionResource(schema);
  const base = `/${CORE}/${t.restBase}`;
  const updateArgs = templateWriteArgs(t, true);
  // `?source=theme`: read the theme's file, or revert to it (update). WordPress reads it without listing it.
  const source = () => hiddenArg(z.string().optional());
  const main = resourceRoutes({
    namespace: CORE,
    base: t.restBase,
    schema,
    collection: { list: templateCollectionArgs(), create: templateWriteArgs(t, false) },
    itemPath: '<template_id>',
    item: {
      read: { id: templateIdArg(), context: contextParam('view'), source: source() },
      update: { id: templateIdArg(), ...updateArgs, source: source() },
      delete: { id: templateIdArg(), force: forceParam('Whether to bypass Trash and force deletion.') },
    },
  });
  const lookup = route(
    CORE,
    `${base}/lookup`,
    {
      read: endpoint(
        READABLE,
        {
          slug: z.string().describe('The slug of the template to get the fallback for'),
          is_custom: z
            .boolean()
            .optional()
            .describe('Indicates if a template is custom or part of the template hierarchy'),
          template_prefix: z
            .string()
            .optional()
            .describe(
              'The template prefix for the created template. This is used to extract the main template type, e.g. in `taxonomy-books` extracts the `taxonomy`',
            ),
        },
        { docs: { summary: `Look up the fallback ${nounOf(t.restBase).one} for a slug` } },
      ),
    },
    schema,
  );
  const revisions = {
    collection: route(
      CORE,
      `${base}/<template_parent>/revisions`,
      { list: endpoint(READABLE, { ...revisionCollectionArgs(), parent: templateIdArg() }) },
      revisionSchema,
    ),
    item: route(
      CORE,
      `${base}/<template_parent>/revisions/<id>`,
      {
        read: endpoint(READABLE, {
          parent: templateIdArg(),
          id: z.number().int().optional().describe('Unique identifier for the revision.'),
          context: contextParam('view'),
        }),
        delete: endpoint(DELETABLE, {
          parent: templateIdArg(),
          id: z.number().int().optional().describe('Unique identifier for the revision.'),
          force: forceParam('Required to be true, as revisions do not support trashing.'),
        }),
      },
      revisionSchema,
    ),
  };
  const autosaves = t.rest?.autosaves
    ? {
        collection: route(
          CORE,
          `${base}/<template_id>/autosaves`,
          {
            list: endpoint(READABLE, { id: templateIdArg(), context: contextParam('view') }),
            create: endpoint(CREATABLE, { id: templateIdArg(), ...updateArgs }),
          },
          revisionSchema,
        ),
        item: route(
          CORE,
          `${base}/<template_parent>/autosaves/<id>`,
          {
            read: endpoint(READABLE, {
              parent: templateIdArg(),
              id: z.number().int().optional().describe('The ID for the autosave.'),
              context: contextParam('view'),
            }),
          },
          revisionSchema,
        ),
      }
    : null;
  return { type: t, collection: main.collection, lookup, item: main.item, revisions, autosaves };
}

export type TemplateTypeRoutes = ReturnType<typeof templateTypeRoutes>;

/** The routes of every type the templates controller serves, by type name, in registration order. */
export const templateTypeRouteTable: () => ReadonlyMap<string, TemplateTypeRoutes> = derived(
  () =>
    new Map(
      allPostTypes()
        .filter((t) => controllerOf(t) === 'templates')
        .map((t) => [t.name, templateTypeRoutes(t)]),
    ),
);

export function templateTypeRoutesOf(name: string): TemplateTypeRoutes {
  const r = templateTypeRouteTable().get(name);
  if (!r) throw new Error(`post type ${name} has no templates routes`);
  return r;
}

/** WordPress's order: the collection, lookup, the item, then revisions and autosaves. */
export const templateRouteList = (r: TemplateTypeRoutes) => [
  r.collection,
  r.lookup,
  r.item,
  r.revisions.collection,
  r.revisions.item,
  ...(r.autosaves ? [r.autosaves.collection, r.autosaves.item] : []),
];
