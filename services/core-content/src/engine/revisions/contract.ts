/**
 * Revisions and autosaves of post-like types (spec 2.10, 4.6), as WP_REST_Revisions_Controller and
 * WP_REST_Autosaves_Controller register them, for every served type from the registry: revisions when the type
 * supports them, autosaves when its controller keeps them (every type but attachments). Each takes the parent
 * type's item schema (title, content, excerpt and guid are the parent's) and, for autosaves, the parent's update
 * arguments. None of these routes allow batch.
 */
import { z, type ZodTypeAny } from 'zod';
import {
  CREATABLE,
  DELETABLE,
  READABLE,
  endpoint,
  field,
  resource,
  route,
  type FieldDef,
  type ResourceDef,
  hiddenArg,
  wp,
  contextParam,
  excludeParam,
  idParam,
  includeParam,
  offsetParam,
  orderParam,
  pageParam,
  searchParam,
} from '@loom/contracts';
import { postTypeRouteTable, postWriteArgs, type PostTypeRoutes } from '../contract/posts';
import { derived, supports } from '../contract/registry';
import { CORE } from '../terms/contract';

const ALL = ['view', 'edit', 'embed'] as const;
const VE = ['view', 'edit'] as const;
const dateTime = (description: string) => wp(z.string().describe(description), { format: 'date-time' });

export const REVISION_ORDERBY = ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'] as const;

/** get_item_schema(): the base properties, then the parent's title, content, excerpt (and guid in its place). */
export function revisionResource(parent: ResourceDef): ResourceDef {
  const fields: Record<string, FieldDef> = {
    author: field(z.number().int().describe('The ID for the author of the revision.'), [...ALL]),
    date: field(dateTime("The date the revision was published, in the site's timezone."), [...ALL]),
    date_gmt: field(dateTime('The date the revision was published, as GMT.'), [...VE]),
    guid:
      parent.fields.guid ?? field(z.string().describe('GUID for the revision, as it exists in the database.'), [...VE]),
    id: field(z.number().int().describe('Unique identifier for the revision.'), [...ALL]),
    modified: field(dateTime("The date the revision was last modified, in the site's timezone."), [...VE]),
    modified_gmt: field(dateTime('The date the revision was last modified, as GMT.'), [...VE]),
    parent: field(z.number().int().describe('The ID for the parent of the revision.'), [...ALL]),
    slug: field(z.string().describe('An alphanumeric identifier for the revision unique to its type.'), [...ALL]),
  };
  for (const name of ['title', 'content', 'excerpt']) if (parent.fields[name]) fields[name] = parent.fields[name]!;
  return resource(`${parent.title}-revision`, fields);
}

/** The autosaves controller's schema: the revision's plus `preview_link` (edit context). */
export function autosaveResource(parent: ResourceDef): ResourceDef {
  const base = revisionResource(parent);
  return resource(base.title, {
    ...base.fields,
    preview_link: field(wp(z.string().describe('Preview link for the post.'), { format: 'uri' }), ['edit'], {
      readonly: true,
    }),
  });
}

const revisionParent = () => idParam('The ID for the parent of the revision.');
const autosaveParent = () => idParam('The ID for the parent of the autosave.');

/** A revisions collection's per_page: no default (all revisions). */
export const revisionPerPage = () =>
  z.number().int().min(1).max(100).optional().describe('Maximum number of items to be returned in result set.');

/** WP_REST_Revisions_Controller::get_collection_params(): per_page has no default (all revisions). */
export function revisionCollectionArgs() {
  return {
    parent: revisionParent(),
    context: contextParam('view'),
    page: pageParam(),
    per_page: revisionPerPage(),
    search: searchParam(),
    exclude: excludeParam(),
    include: includeParam(),
    offset: offsetParam(),
    order: orderParam('desc'),
    orderby: z.enum(REVISION_ORDERBY).default('date').describe('Sort collection by object attribute.'),
  };
}

/** `/<kind>/<parent>/revisions` and `/<kind>/<parent>/revisions/<id>`. */
export function revisionRoutes(kind: string, parentResource: ResourceDef) {
  const schema = revisionResource(parentResource);
  return {
    kind,
    collection: route(
      CORE,
      `/${CORE}/${kind}/<parent>/revisions`,
      { list: endpoint(READABLE, revisionCollectionArgs()) },
      schema,
    ),
    item: route(
      CORE,
      `/${CORE}/${kind}/<parent>/revisions/<id>`,
      {
        read: endpoint(READABLE, {
          parent: revisionParent(),
          id: idParam('Unique identifier for the revision.'),
          context: contextParam('view'),
        }),
        delete: endpoint(DELETABLE, {
          parent: revisionParent(),
          id: idParam('Unique identifier for the revision.'),
          force: z.boolean().default(false).describe('Required to be true, as revisions do not support trashing.'),
        }),
      },
      schema,
    ),
  };
}

/**
 * `/<kind>/<id>/autosaves` (list, and create with the parent's update arguments) and
 * `/<kind>/<parent>/autosaves/<id>`. The route-level `parent` comes first; a write argument of the same name
 * (a page's parent) takes its place, as register_rest_route merges them.
 */
export function autosaveRoutes(kind: string, parentResource: ResourceDef, writeArgs: Record<string, ZodTypeAny>) {
  const schema = autosaveResource(parentResource);
  // The post's id is the path's `id`; WordPress lists no such argument.
  const pathId = () => hiddenArg(idParam('Unique identifier for the post.'));
  return {
    kind,
    collection: route(
      CORE,
      `/${CORE}/${kind}/<id>/autosaves`,
      {
        list: endpoint(READABLE, { parent: autosaveParent(), context: contextParam('view'), id: pathId() }),
        create: endpoint(CREATABLE, { parent: autosaveParent(), ...writeArgs, id: pathId() }),
      },
      schema,
    ),
    item: route(
      CORE,
      `/${CORE}/${kind}/<parent>/autosaves/<id>`,
      {
        read: endpoint(READABLE, {
          parent: autosaveParent(),
          id: idParam('The ID for the autosave.'),
          context: contextParam('view'),
        }),
      },
      schema,
    ),
  };
}

export type RevisionRoutes = ReturnType<typeof revisionRoutes>;
export type AutosaveRoutes = ReturnType<typeof autosaveRoutes>;

/** The revision and autosave routes of one post-like type (null where the type keeps none). */
export interface RevisionedRoutes {
  revisions: RevisionRoutes | null;
  autosaves: AutosaveRoutes | null;
}

function revisionedRoutes(r: PostTypeRoutes): RevisionedRoutes {
  const { type } = r;
  return {
    revisions: supports(type, 'revisions') ? revisionRoutes(type.restBase, r.item.schema!) : null,
    autosaves: type.rest?.autosaves ? autosaveRoutes(type.restBase, r.item.schema!, postWriteArgs(type, true)) : null,
  };
}

/** The revision and autosave routes of every served type, by type name. */
export const revisionedRouteTable: () => ReadonlyMap<string, RevisionedRoutes> = derived(
  () => new Map([...postTypeRouteTable()].map(([name, r]) => [name, revisionedRoutes(r)])),
);
