/**
 * core/v2/search (WP_REST_Search_Controller with WordPress's three handlers: posts, terms, post formats): its item
 * schema, collection parameters and route. The subtypes are derived from the registry as the handlers' constructors
 * derive them: the public post types shown in REST but attachments, plus the events service's `tribe_events`
 * (registered by The Events Calendar after the core types); the public taxonomies shown in REST. The post-format
 * handler has none.
 */
import { z } from 'zod';
import { READABLE, endpoint, field, resource, route, wp, pageParam, perPageParam, searchParam } from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';
import { derived, servedPostTypes, servedTaxonomies } from '../../engine/contract/registry';
import { EVENT_SUBTYPE } from './events';

export const SEARCH_TYPES = ['post', 'term', 'post-format'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** WP_REST_Search_Controller::TYPE_ANY. */
export const ANY = 'any';

/** Core's own post subtypes (WP_REST_Post_Search_Handler: public, show_in_rest, never attachment). */
export const corePostSubtypes = derived(() =>
  servedPostTypes()
    .filter((t) => t.public && t.name !== 'attachment')
    .map((t) => t.name),
);

/** Each handler's subtypes (get_subtypes()). */
export const searchSubtypes = derived((): Record<SearchType, string[]> => ({
  post: [...corePostSubtypes(), EVENT_SUBTYPE],
  term: servedTaxonomies()
    .filter((t) => t.visibility.public)
    .map((t) => t.name),
  'post-format': [],
}));

const VE = ['view', 'embed'] as const;
const ro = { readonly: true };

const searchResult = derived(() =>
  resource('search-result', {
    id: field(
      wp(z.union([z.number().int(), z.string()]).describe('Unique identifier for the object.'), {}),
      [...VE],
      ro,
    ),
    title: field(z.string().describe('The title for the object.'), [...VE], ro),
    url: field(wp(z.string().describe('URL to the object.'), { format: 'uri' }), [...VE], ro),
    type: field(z.enum(SEARCH_TYPES).describe('Object type.'), [...VE], ro),
    subtype: field(
      z.enum([...new Set(Object.values(searchSubtypes()).flat())] as [string, ...string[]]).describe('Object subtype.'),
      [...VE],
      ro,
    ),
  }),
);

/** get_collection_params(): the controller's context (view, embed), page, per_page, search, then its own. */
function searchArgs() {
  const subtypes = [...new Set(Object.values(searchSubtypes()).flat()), ANY] as string[] as [string, ...string[]];
  return {
    context: z
      .enum(VE)
      .default('view')
      .describe('Scope under which the request is made; determines fields present in response.'),
    page: pageParam(),
    per_page: perPageParam(10),
    search: searchParam(),
    type: z.enum(SEARCH_TYPES).default('post').describe('Limit results to items of an object type.'),
    // WordPress shows the default as the string 'any'; its sanitize callback turns lists into arrays.
    subtype: wp(
      z.array(z.enum(subtypes)).default([ANY]).describe('Limit results to items of one or more object subtypes.'),
      { default: ANY },
    ),
    exclude: z.array(z.number().int()).default([]).describe('Ensure result set excludes specific IDs.'),
    include: z.array(z.number().int()).default([]).describe('Limit result set to specific IDs.'),
  };
}

export const search = derived(() => ({
  collection: route(CORE, `/${CORE}/search`, { list: endpoint(READABLE, searchArgs()) }, searchResult()),
}));
