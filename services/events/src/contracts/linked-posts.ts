/**
 * The Events Calendar's linked post types (venues and organizers, upstream tribe/events/v1): one factory for
 * their resource schema, archive and write arguments and routes, as the plugin builds both from one base.
 * Field order follows the plugin's response (reference A.2.1 / A.2.2).
 */
import { z, type ZodTypeAny } from 'zod';
import { field, resource, resourceRoutes, type FieldDef } from '@loom/contracts';
import { archiveOf } from '@loom/contracts';
import { wp } from '@loom/contracts';
import { idParam, pageParam } from '@loom/contracts';
import { sanitizeTextField, sanitizeTitle } from '@loom/contracts';

export const EVENTS_NS = 'events/v1';
/** The plugin silently caps `per_page` of its archives at 50. */
export const LINKED_MAX_PER_PAGE = 50;
export const LINKED_STATUSES = ['publish', 'draft', 'pending', 'private', 'future'] as const;

/** The linked post types The Events Calendar has. */
export type LinkedPostName = 'venue' | 'organizer';

export interface LinkedPostSpec {
  /** Post type as stored (`tribe_venue`, `tribe_organizer`). */
  type: string;
  /** Route base under events/v1 and archive key (`venues`, `organizers`). */
  restBase: string;
  /** Schema title and the field holding the name; the plugin's error codes start with it (`venue-is-in-trash`). */
  name: LinkedPostName;
  /** The type's own writable string fields (address, phone...), in response order. */
  strings: string[];
  /**
   * Flags shown as booleans after the strings (venue: show_map, show_map_link). The plugin declares them as string
   * arguments read with tribe_is_truthy ("yes", "on", "1", "true"...; any other string is false); default true.
   */
  flags: string[];
}

const ALL = ['view', 'edit'] as ('view' | 'edit')[];
const ro = (schema: ZodTypeAny): FieldDef => field(schema, ALL, { readonly: true });
const rw = (schema: ZodTypeAny): FieldDef => field(schema, ALL);

export function linkedPostResource(s: LinkedPostSpec) {
  const strings: Record<string, FieldDef> = {};
  for (const f of s.strings) strings[f] = rw(z.string().describe(`The ${s.name} ${f}.`));
  const flags: Record<string, FieldDef> = {};
  for (const f of s.flags) flags[f] = rw(z.boolean().describe(`The ${s.name} ${f} flag (default true).`));
  return resource(s.name, {
    id: ro(z.number().int().describe(`The ${s.name} WordPress post ID.`)),
    author: rw(z.string().describe(`The ${s.name} author WordPress post ID.`)),
    status: rw(
      z.enum(['publish', 'draft', 'pending', 'private', 'future', 'trash']).describe(`The ${s.name} post status.`),
    ),
    date: rw(z.string().describe(`The ${s.name} creation date in the site time zone (YYYY-MM-DD HH:MM:SS).`)),
    date_utc: rw(z.string().describe(`The ${s.name} creation date in UTC (YYYY-MM-DD HH:MM:SS).`)),
    modified: ro(z.string().describe(`The ${s.name} last modification date in the site time zone.`)),
    modified_utc: ro(z.string().describe(`The ${s.name} last modification date in UTC.`)),
    url: ro(wp(z.string().describe(`The URL to the ${s.name} page.`), { format: 'uri' })),
    [s.name]: rw(z.string().describe(`The ${s.name} name.`)),
    description: rw(z.string().describe(`The ${s.name} long description.`)),
    excerpt: ro(z.string().describe(`The ${s.name} short description.`)),
    slug: rw(z.string().describe(`The ${s.name} slug.`)),
    ...strings,
    ...flags,
    global_id: ro(z.string().describe(`The ${s.name} ID used to globally identify it in Event Aggregator.`)),
    global_id_lineage: ro(
      z.array(z.string()).describe(`An array containing the lineage of where this ${s.name} comes from.`),
    ),
  });
}

/** Archive arguments (reference A.1): `search` is checked by the handler (archive-bad-search-string). */
export function linkedArchiveArgs(s: LinkedPostSpec) {
  return {
    page: pageParam().describe(`The archive page to return.`),
    per_page: z
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(`The number of ${s.restBase} to return on each page (at most ${LINKED_MAX_PER_PAGE}).`),
    search: z
      .any()
      .optional()
      .describe(`Limit results to ${s.restBase} containing the specified string in the title or description.`),
    event: z.number().int().min(1).optional().describe(`Only ${s.restBase} linked to this event post ID.`),
    has_events: z.boolean().optional().describe(`Only ${s.restBase} that have (true) or do not have (false) events.`),
    only_with_upcoming: z.boolean().default(false).describe(`Only ${s.restBase} that have upcoming events.`),
    status: z.string().optional().describe(`The ${s.name} post status, or a comma-separated list of them.`),
  };
}

/**
 * Write arguments; the name is required on create only. `inline`: a venue or organizer given inside an event write,
 * which the plugin checks with the arguments' validate callbacks only (has_valid_params), not their types, so a
 * flag may be a boolean there.
 */
export function linkedWriteArgs(s: LinkedPostSpec, creating: boolean, inline = false) {
  const name = z.string().transform(sanitizeTextField).describe(`The ${s.name} name.`);
  const extra: Record<string, ZodTypeAny> = {};
  for (const f of s.strings) extra[f] = z.string().optional().describe(`The ${s.name} ${f}.`);
  const flag = inline ? z.union([z.boolean(), z.string()]) : z.string();
  for (const f of s.flags)
    extra[f] = flag
      .optional()
      .describe(`Whether the ${s.name} ${f} flag is on (a truthy word such as "yes" or "true").`);
  return {
    [s.name]: creating ? name : name.optional(),
    author: z.number().int().min(1).optional().describe(`The ${s.name} author ID.`),
    date: z.string().optional().describe(`The ${s.name} publication date in the site time zone.`),
    date_utc: z.string().optional().describe(`The ${s.name} publication date in UTC.`),
    description: z.string().optional().describe(`The ${s.name} description.`),
    status: z.enum(LINKED_STATUSES).optional().describe(`The ${s.name} post status.`),
    slug: z.string().transform(sanitizeTitle).optional().describe(`The ${s.name} slug.`),
    image: z.union([z.number().int(), z.string()]).optional().describe(`The ${s.name} featured image ID or URL.`),
    ...extra,
  };
}

export function linkedPostRoutes(s: LinkedPostSpec) {
  const schema = linkedPostResource(s);
  const id = () => idParam(`The ${s.name} post ID.`);
  const slug = () => z.string().describe(`The ${s.name} slug.`);
  return resourceRoutes({
    namespace: EVENTS_NS,
    base: s.restBase,
    schema,
    docs: { list: archiveOf(s.restBase) },
    collection: { list: linkedArchiveArgs(s), create: linkedWriteArgs(s, true) },
    // The plugin registers GET, then DELETE, then the update methods: its index and Allow list them so.
    item: { read: { id: id() }, delete: { id: id() }, update: { id: id(), ...linkedWriteArgs(s, false) } },
    bySlug: {
      read: { slug: slug() },
      delete: { slug: slug() },
      update: { ...linkedWriteArgs(s, false), slug: slug() },
    },
  });
}

export type LinkedPostRoutes = ReturnType<typeof linkedPostRoutes>;
