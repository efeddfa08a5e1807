/**
 * events/v1 event categories and event tags (spec 2.15, 4.5; reference A.1 "Terms archives", A.2.3): The Events
 * Calendar's term endpoints, which wrap WordPress's terms controller for `tribe_events_cat` and `post_tag`.
 * Arguments as the plugin registers them (Archive_Category / Archive_Tag READ_args, Single_Category /
 * Single_Tag CREATE_args and EDIT_args); its validate callbacks (existing terms, existing events, non-empty
 * strings) are run by the service before the permission check, as WordPress does.
 */
import { z } from 'zod';
import { field, resource, resourceRoutes, type FieldDef } from '@loom/contracts';
import { archiveOf } from '@loom/contracts';
import { wp } from '@loom/contracts';
import { pageParam } from '@loom/contracts';
import { sanitizeTextField, sanitizeTitle } from '@loom/contracts';
import { EVENTS_NS } from './linked-posts';

/** The plugin silently caps `per_page` of its term archives at 50 (tribe_rest_event_category_max_per_page). */
export const EVENT_TERMS_MAX_PER_PAGE = 50;

export interface EventTaxonomySpec {
  /** Taxonomy as stored and shown in `taxonomy`. */
  taxonomy: 'tribe_events_cat' | 'post_tag';
  /** Route base under events/v1 and archive key. */
  restBase: 'categories' | 'tags';
  hierarchical: boolean;
  /** How the plugin's argument descriptions name one term. */
  label: string;
}

export const eventCategorySpec: EventTaxonomySpec = {
  taxonomy: 'tribe_events_cat',
  restBase: 'categories',
  hierarchical: true,
  label: 'event category',
};
export const eventTagSpec: EventTaxonomySpec = {
  taxonomy: 'post_tag',
  restBase: 'tags',
  hierarchical: false,
  label: 'event tag',
};

const ALL = ['view', 'edit'] as ('view' | 'edit')[];
const ro = (schema: z.ZodTypeAny): FieldDef => field(schema, ALL, { readonly: true });
const rw = (schema: z.ZodTypeAny): FieldDef => field(schema, ALL);

/**
 * One `Term` schema for both routes, as the plugin's /doc has one (Term_Definition_Provider): WordPress's REST
 * term fields with `link` renamed `url`, plus `urls`. `parent` is answered for event categories only.
 */
export const eventTermResource = resource('term', {
  id: ro(z.number().int().describe('The WordPress term ID.')),
  count: ro(z.number().int().describe('The number of published events associated with the term.')),
  description: rw(z.string().describe('The term description.')),
  name: rw(z.string().describe('The term name.')),
  slug: rw(z.string().describe('The term slug.')),
  taxonomy: ro(z.enum(['tribe_events_cat', 'post_tag']).describe('The taxonomy the term belongs to.')),
  parent: rw(z.number().int().describe('The term parent term if any (event categories only).')),
  meta: ro(z.object({}).passthrough().describe('Meta fields.')),
  url: ro(wp(z.string().describe('The URL to the term archive page.'), { format: 'uri' })),
  urls: ro(
    z
      .object({ self: z.string(), collection: z.string(), up: z.string().optional() })
      .describe('The events/v1 URLs of the term, its collection and its parent.'),
  ),
});

/** Archive arguments (Archive_Category / Archive_Tag READ_args), in the plugin's order. */
export function eventTermArchiveArgs(t: EventTaxonomySpec) {
  const plural = t.restBase === 'categories' ? 'event categories' : 'event tags';
  return {
    page: pageParam().describe('The archive page to return'),
    per_page: z
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(`The number of ${plural} to return on each page (at most ${EVENT_TERMS_MAX_PER_PAGE})`),
    search: z.string().optional().describe('Limit results to those matching a string'),
    exclude: z.array(z.number().int()).optional().describe('Ensure result set exclude specific IDs'),
    include: z.array(z.number().int()).optional().describe('Limit result set to specific IDs'),
    order: z.enum(['asc', 'desc']).optional().describe('Order sort attribute ascending or descending'),
    // A non-empty string (is_string); a value WordPress's term query does not know sorts by name, as get_terms() does.
    orderby: z.string().optional().describe('Sort collection by term attribute'),
    // The plugin declares the default as the string '1' (spec 4.5: "default true as the value 1").
    hide_empty: wp(z.boolean().default(true).describe('Whether to hide terms not assigned to any posts'), {
      default: '1',
    }),
    ...(t.hierarchical
      ? { parent: z.number().int().optional().describe('Limit result set to terms assigned to a specific parent') }
      : {}),
    post: z.number().int().optional().describe('Limit result set to terms assigned to a specific post'),
    event: z
      .number()
      .int()
      .optional()
      .describe('Limit result set to terms assigned to a specific event (an alias of the "post" parameter)'),
    slug: z.string().optional().describe('Limit result set to terms with a specific slug'),
  };
}

/** Create arguments (Single_Category / Single_Tag CREATE_args); on update none is required. */
export function eventTermWriteArgs(t: EventTaxonomySpec, creating: boolean) {
  // As WordPress's pre_term_name / sanitize_title filters do to what wp_insert_term stores.
  const name = z.string().transform(sanitizeTextField).describe(`The ${t.label} name`);
  return {
    name: creating ? name : name.optional(),
    description: z.string().optional().describe(`The ${t.label} description`),
    slug: z.string().transform(sanitizeTitle).optional().describe(`The ${t.label} slug`),
    ...(t.hierarchical ? { parent: z.number().int().optional().describe(`The ${t.label} parent term ID`) } : {}),
  };
}

export function eventTermRoutes(t: EventTaxonomySpec) {
  const id = () => z.number().int().describe(`the ${t.label} term ID`);
  // The plugin registers GET, then the update methods, then DELETE.
  return resourceRoutes({
    namespace: EVENTS_NS,
    base: t.restBase,
    schema: eventTermResource,
    docs: { list: archiveOf(t.restBase) },
    collection: { list: eventTermArchiveArgs(t), create: eventTermWriteArgs(t, true) },
    item: { read: { id: id() }, update: { id: id(), ...eventTermWriteArgs(t, false) }, delete: { id: id() } },
  });
}

export type EventTermRoutes = ReturnType<typeof eventTermRoutes>;

export const eventCategories = eventTermRoutes(eventCategorySpec);
export const eventTags = eventTermRoutes(eventTagSpec);
