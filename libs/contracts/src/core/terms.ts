/**
 * core/v2 terms (spec 2.11, term query set T of 4.6): categories and tags now; menus and pattern_category
 * are built from the same factory. Shapes follow WordPress's terms controller.
 */
import { z } from 'zod';
import { CREATABLE, DELETABLE, EDITABLE, READABLE, endpoint, field, resource, route, type ResourceDef } from '../define';
import { wp } from '../json-schema';
import { baseCollectionArgs, contextParam, forceParam, idParam, nullableIntParam, offsetParam, orderParam } from '../params';
import { sanitizeTextField, sanitizeTitle } from '../sanitize';

export const CORE = 'core/v2';

/** What distinguishes one term route from another. */
export interface TaxonomyRouteSpec {
  /** Taxonomy key as stored and shown in `taxonomy` (category, post_tag...). */
  taxonomy: string;
  /** Route base under core/v2 (categories, tags...). */
  restBase: string;
  /** Schema title (WordPress shows `tag` for post_tag). */
  title: string;
  hierarchical: boolean;
}

export const termOrderby = ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'] as const;

const termId = () => idParam('Unique identifier for the term.');

export function termResource(t: TaxonomyRouteSpec): ResourceDef {
  return resource(t.title, {
    id: field(z.number().int().describe('Unique identifier for the term.'), ['view', 'embed', 'edit'], { readonly: true }),
    count: field(z.number().int().describe('Number of published posts for the term.'), ['view', 'edit'], { readonly: true }),
    description: field(z.string().describe('HTML description of the term.'), ['view', 'edit']),
    link: field(wp(z.string().describe('URL of the term.'), { format: 'uri' }), ['view', 'embed', 'edit'], { readonly: true }),
    name: field(z.string().describe('HTML title for the term.'), ['view', 'embed', 'edit']),
    slug: field(z.string().describe('An alphanumeric identifier for the term unique to its type.'), ['view', 'embed', 'edit']),
    taxonomy: field(z.enum([t.taxonomy]).describe('Type attribution for the term.'), ['view', 'embed', 'edit'], { readonly: true }),
    ...(t.hierarchical ? { parent: field(z.number().int().describe('The parent term ID.'), ['view', 'edit']) } : {}),
    meta: field(z.object({}).passthrough().describe('Meta fields.'), ['view', 'edit']),
  });
}

/** Term collection query set T. `offset` only on non-hierarchical taxonomies, `parent` only on hierarchical. */
export function termCollectionArgs(t: TaxonomyRouteSpec) {
  return {
    ...baseCollectionArgs(),
    ...(t.hierarchical ? {} : { offset: offsetParam() }),
    order: orderParam('asc'),
    orderby: z.enum(termOrderby).default('name').describe('Sort collection by term attribute.'),
    hide_empty: z.boolean().default(false).describe('Whether to hide terms not assigned to any posts.'),
    ...(t.hierarchical ? { parent: z.number().int().optional().describe('Limit result set to terms assigned to a specific parent.') } : {}),
    post: nullableIntParam('Limit result set to terms assigned to a specific post.'),
    slug: z.array(z.string()).optional().describe('Limit result set to terms with one or more specific slugs.'),
  };
}

/** Write parameters; `name` is required on create only (WordPress: args from the item schema). */
export function termWriteArgs(t: TaxonomyRouteSpec, creating: boolean) {
  const name = z.string().transform(sanitizeTextField).describe('HTML title for the term.');
  return {
    description: z.string().optional().describe('HTML description of the term.'),
    name: creating ? name : name.optional(),
    slug: z.string().transform(sanitizeTitle).optional().describe('An alphanumeric identifier for the term unique to its type.'),
    ...(t.hierarchical ? { parent: z.number().int().optional().describe('The parent term ID.') } : {}),
    meta: z.object({}).passthrough().optional().describe('Meta fields.'),
  };
}

export function termRoutes(t: TaxonomyRouteSpec) {
  const schema = termResource(t);
  const batch = { allowBatch: true };
  return {
    collection: route(
      CORE,
      `/${CORE}/${t.restBase}`,
      {
        list: endpoint(READABLE, termCollectionArgs(t), batch),
        create: endpoint(CREATABLE, termWriteArgs(t, true), batch),
      },
      schema,
    ),
    item: route(
      CORE,
      `/${CORE}/${t.restBase}/<id>`,
      {
        read: endpoint(READABLE, { id: termId(), context: contextParam('view') }, batch),
        update: endpoint(EDITABLE, { id: termId(), ...termWriteArgs(t, false) }, batch),
        delete: endpoint(DELETABLE, { id: termId(), force: forceParam('Required to be true, as terms do not support trashing.') }, batch),
      },
      schema,
    ),
  };
}

export const categoriesTaxonomy: TaxonomyRouteSpec = { taxonomy: 'category', restBase: 'categories', title: 'category', hierarchical: true };
export const tagsTaxonomy: TaxonomyRouteSpec = { taxonomy: 'post_tag', restBase: 'tags', title: 'tag', hierarchical: false };

export const categories = termRoutes(categoriesTaxonomy);
export const tags = termRoutes(tagsTaxonomy);
