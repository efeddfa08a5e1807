/**
 * core/v2 terms (spec 2.11, term query set T of 4.6): the terms controller's schema, collection parameters, write
 * arguments and routes (WP_REST_Terms_Controller), for any registered taxonomy. A taxonomy's own differences come
 * from its definition (core/taxonomies/<taxonomy>.ts).
 */
import { z } from 'zod';
import {
  field,
  resource,
  resourceRoutes,
  type ResourceDef,
  wp,
  baseCollectionArgs,
  contextParam,
  forceParam,
  idParam,
  nullableIntParam,
  offsetParam,
  orderParam,
  sanitizeTextField,
  sanitizeTitle,
} from '@loom/contracts';
import { allTaxonomies, derived, type ArgsMap, type TaxonomyObject } from '../contract/registry';

export const CORE = 'core/v2';

export const termOrderby = [
  'id',
  'include',
  'name',
  'slug',
  'include_slugs',
  'term_group',
  'description',
  'count',
] as const;

const termId = () => idParam('Unique identifier for the term.');

export function termResource(t: TaxonomyObject): ResourceDef {
  const fields = {
    id: field(z.number().int().describe('Unique identifier for the term.'), ['view', 'embed', 'edit'], {
      readonly: true,
    }),
    count: field(z.number().int().describe('Number of published posts for the term.'), ['view', 'edit'], {
      readonly: true,
    }),
    description: field(z.string().describe('HTML description of the term.'), ['view', 'edit']),
    link: field(wp(z.string().describe('URL of the term.'), { format: 'uri' }), ['view', 'embed', 'edit'], {
      readonly: true,
    }),
    name: field(z.string().describe('HTML title for the term.'), ['view', 'embed', 'edit']),
    slug: field(z.string().describe('An alphanumeric identifier for the term unique to its type.'), [
      'view',
      'embed',
      'edit',
    ]),
    taxonomy: field(z.enum([t.name]).describe('Type attribution for the term.'), ['view', 'embed', 'edit'], {
      readonly: true,
    }),
    ...(t.hierarchical ? { parent: field(z.number().int().describe('The parent term ID.'), ['view', 'edit']) } : {}),
    meta: field(z.object({}).passthrough().describe('Meta fields.'), ['view', 'edit']),
  };
  return resource(t.rest?.title ?? t.name, t.rest?.fields ? t.rest.fields(fields) : fields);
}

/** Term collection query set T. `offset` only on non-hierarchical taxonomies, `parent` only on hierarchical. */
export function termCollectionArgs(t: TaxonomyObject): ArgsMap {
  const args: ArgsMap = {
    ...baseCollectionArgs(),
    ...(t.hierarchical ? {} : { offset: offsetParam() }),
    order: orderParam('asc'),
    orderby: z.enum(termOrderby).default('name').describe('Sort collection by term attribute.'),
    hide_empty: z.boolean().default(false).describe('Whether to hide terms not assigned to any posts.'),
    ...(t.hierarchical
      ? { parent: z.number().int().optional().describe('Limit result set to terms assigned to a specific parent.') }
      : {}),
    post: nullableIntParam('Limit result set to terms assigned to a specific post.'),
    slug: z.array(z.string()).optional().describe('Limit result set to terms with one or more specific slugs.'),
  };
  return t.rest?.collectionArgs ? t.rest.collectionArgs(args) : args;
}

/** Write parameters; `name` is required on create only (WordPress: args from the item schema). */
export function termWriteArgs(t: TaxonomyObject, creating: boolean): ArgsMap {
  const name = z.string().transform(sanitizeTextField).describe('HTML title for the term.');
  const args: ArgsMap = {
    description: z.string().optional().describe('HTML description of the term.'),
    name: creating ? name : name.optional(),
    slug: z
      .string()
      .transform(sanitizeTitle)
      .optional()
      .describe('An alphanumeric identifier for the term unique to its type.'),
    ...(t.hierarchical ? { parent: z.number().int().optional().describe('The parent term ID.') } : {}),
    meta: z.object({}).passthrough().optional().describe('Meta fields.'),
  };
  return t.rest?.writeArgs ? t.rest.writeArgs(args, creating) : args;
}

export function termRoutes(t: TaxonomyObject) {
  return {
    taxonomy: t,
    ...resourceRoutes({
      namespace: CORE,
      base: t.restBase,
      schema: termResource(t),
      allowBatch: t.rest?.allowBatch ?? false,
      collection: { list: termCollectionArgs(t), create: termWriteArgs(t, true) },
      item: {
        read: { id: termId(), context: contextParam('view') },
        update: { id: termId(), ...termWriteArgs(t, false) },
        delete: { id: termId(), force: forceParam('Required to be true, as terms do not support trashing.') },
      },
    }),
  };
}

export type TermRoutes = ReturnType<typeof termRoutes>;

/** The term routes of every taxonomy core/v2 serves, by taxonomy name, in registration order. */
export const termRouteTable: () => ReadonlyMap<string, TermRoutes> = derived(
  () =>
    new Map(
      allTaxonomies()
        .filter((t) => t.rest)
        .map((t) => [t.name, termRoutes(t)]),
    ),
);

export function termRoutesOf(name: string): TermRoutes {
  const r = termRouteTable().get(name);
  if (!r) throw new Error(`taxonomy ${name} has no core/v2 routes`);
  return r;
}
