/**
 * events/v1 events (spec 2.12, 4.5; reference A.1–A.3): The Events Calendar's event resource, its archive
 * parameters and its write arguments. Field order follows the plugin's get_event_data().
 */
import { z, type ZodTypeAny } from 'zod';
import { field, resource, resourceRoutes, type FieldDef } from '@loom/contracts';
import { archiveOf } from '@loom/contracts';
import { wp } from '@loom/contracts';
import { idParam, pageParam } from '@loom/contracts';
import { sanitizeTitle } from '@loom/contracts';
import { EVENTS_NS, LINKED_STATUSES } from './linked-posts';

/** The plugin silently caps `per_page` of the event archive at 50 (tribe_rest_event_max_per_page). */
export const EVENTS_MAX_PER_PAGE = 50;
/** Statuses a client may ask the archives for (WordPress's registered statuses; `any` is none of them). */
export const EVENT_FILTER_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;

const ALL = ['view', 'edit'] as ('view' | 'edit')[];
const ro = (schema: ZodTypeAny): FieldDef => field(schema, ALL, { readonly: true });
const rw = (schema: ZodTypeAny): FieldDef => field(schema, ALL);

const dateDetails = () =>
  z
    .object({
      year: z.string(),
      month: z.string(),
      day: z.string(),
      hour: z.string(),
      minutes: z.string(),
      seconds: z.string(),
    })
    .describe('The date parts, each a zero-padded string.');

export const eventResource = resource('event', {
  id: ro(z.number().int().describe('The event WordPress post ID.')),
  global_id: ro(z.string().describe('The event ID used to globally identify it in Event Aggregator.')),
  global_id_lineage: ro(
    z.array(z.string()).describe('An array containing the lineage of where this event comes from.'),
  ),
  author: rw(z.string().describe('The event author WordPress post ID.')),
  status: rw(z.enum(['publish', 'draft', 'pending', 'private', 'future', 'trash']).describe('The event post status.')),
  date: rw(z.string().describe('The event creation date in the site time zone (YYYY-MM-DD HH:MM:SS).')),
  date_utc: rw(z.string().describe('The event creation date in UTC (YYYY-MM-DD HH:MM:SS).')),
  modified: ro(z.string().describe('The event last modification date in the site time zone.')),
  modified_utc: ro(z.string().describe('The event last modification date in UTC.')),
  url: ro(wp(z.string().describe('The URL to the event page.'), { format: 'uri' })),
  rest_url: ro(wp(z.string().describe('The events/v1 URL of the event.'), { format: 'uri' })),
  title: rw(z.string().describe('The event name.')),
  description: rw(z.string().describe('The event long description.')),
  excerpt: rw(z.string().describe('The event short description.')),
  slug: rw(z.string().describe('The event slug.')),
  image: rw(z.union([z.literal(false), z.record(z.any())]).describe('The event featured image details, or false.')),
  all_day: rw(z.boolean().describe('Whether the event lasts the whole day.')),
  start_date: rw(z.string().describe('The event start date in the event time zone (YYYY-MM-DD HH:MM:SS).')),
  start_date_details: ro(dateDetails()),
  end_date: rw(z.string().describe('The event end date in the event time zone (YYYY-MM-DD HH:MM:SS).')),
  end_date_details: ro(dateDetails()),
  utc_start_date: ro(z.string().describe('The event start date in UTC.')),
  utc_start_date_details: ro(dateDetails()),
  utc_end_date: ro(z.string().describe('The event end date in UTC.')),
  utc_end_date_details: ro(dateDetails()),
  timezone: rw(z.string().describe('The event time zone (an IANA name or a UTC offset such as UTC+2).')),
  timezone_abbr: ro(z.string().describe('The abbreviation of the event time zone at the event start.')),
  cost: rw(z.string().describe('The event cost, formatted for display.')),
  cost_details: ro(
    z
      .object({
        currency_symbol: z.string(),
        currency_code: z.string(),
        currency_position: z.string(),
        values: z.array(z.string()),
      })
      .describe('The event cost details.'),
  ),
  website: rw(wp(z.string().describe('The event website URL (the event page when none is set).'), { format: 'uri' })),
  show_map: rw(z.boolean().describe('Whether the map should be shown for the event.')),
  show_map_link: rw(z.boolean().describe('Whether the map link should be shown for the event.')),
  hide_from_listings: rw(z.boolean().describe('Whether the event is hidden from the calendar views.')),
  sticky: rw(z.boolean().describe('Whether the event is sticky in the calendar views.')),
  featured: rw(z.boolean().describe('Whether the event is featured.')),
  categories: rw(z.array(z.record(z.any())).describe('The event categories.')),
  tags: rw(z.array(z.record(z.any())).describe('The event tags.')),
  venue: rw(z.union([z.record(z.any()), z.array(z.any())]).describe('The event venue, or an empty array.')),
  organizer: rw(z.array(z.record(z.any())).describe('The event organizers.')),
  json_ld: ro(z.record(z.any()).describe('The event schema.org JSON-LD data (single event requests only).')),
});

/** A list of ids or slugs, as a CSV string or an array (Tribe__Utils__Array::list_to_array). */
const idOrSlugList = (description: string) =>
  z
    .array(z.union([z.number().int(), z.string()]))
    .optional()
    .describe(description);
const idList = (description: string) => z.array(z.number().int().min(1)).optional().describe(description);
/** A date string in any form strtotime() reads; checked by the handler (rest_invalid_param). */
const dateString = (description: string) => z.string().optional().describe(description);

/** Archive parameters (spec 4.5, reference A.3), in the plugin's order. */
export const eventArchiveArgs = {
  page: pageParam().describe('The archive page to return.'),
  per_page: z
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(`The number of events to return on each page (at most ${EVENTS_MAX_PER_PAGE}).`),
  start_date: dateString('Events that start on or after the specified date (default: the start of yesterday).'),
  end_date: dateString('Events that end on or before the specified date (default: about two years from now).'),
  starts_before: dateString('Events that start before the specified date.'),
  starts_after: dateString('Events that start after the specified date.'),
  ends_before: dateString('Events that end before the specified date.'),
  ends_after: dateString('Events that end after the specified date.'),
  strict_dates: z.boolean().default(false).describe('Use the exact times given instead of including the whole days.'),
  search: z.string().optional().describe('Events should contain the specified string in the title or description.'),
  categories: idOrSlugList('Events should be assigned one of the specified categories slugs or IDs.'),
  tags: idOrSlugList('Events should be assigned one of the specified tags slugs or IDs.'),
  venue: idList('Events should be assigned one of the specified venue IDs.'),
  organizer: idList('Events should be assigned one of the specified organizer IDs.'),
  featured: z.boolean().optional().describe('Events should be filtered by their featured status.'),
  status: z.string().optional().describe('The event post status, or a comma-separated list of them.'),
  geoloc: z
    .boolean()
    .optional()
    .describe('Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data.'),
  geoloc_lat: wp(
    z
      .number()
      .optional()
      .describe(
        'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng.',
      ),
    { format: 'double' },
  ),
  geoloc_lng: wp(
    z
      .number()
      .optional()
      .describe(
        'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat.',
      ),
    { format: 'double' },
  ),
  include: idList(
    'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
  ),
  post_parent: z
    .number()
    .int()
    .optional()
    .describe('Events should be filtered by their post_parent being the specified one.'),
  ticketed: z
    .boolean()
    .optional()
    .describe('Filter events with or without tickets (true needs the Event Tickets add-on).'),
};

/** A linked post given inline: an id, `{id}`, or the fields of a new venue/organizer. */
const linkedValue = z.union([z.number().int(), z.record(z.any())]);

/** Write arguments (spec 2.12); title, start_date and end_date are required on create only. */
export function eventWriteArgs(creating: boolean) {
  const req = <T extends ZodTypeAny>(s: T) => (creating ? s : s.optional());
  return {
    author: z.number().int().min(1).optional().describe('The event author ID.'),
    date: z.string().optional().describe('The event publication date.'),
    date_utc: z.string().optional().describe('The event publication date (UTC timezone).'),
    title: req(z.string().describe('The event title.')),
    description: z.string().optional().describe('The event description.'),
    slug: z.string().transform(sanitizeTitle).optional().describe('The event slug.'),
    excerpt: z.string().optional().describe('The event excerpt.'),
    status: z.enum(LINKED_STATUSES).optional().describe('The event post status.'),
    timezone: z.string().optional().describe('The event timezone.'),
    all_day: creating
      ? z.boolean().default(false).describe('Whether the event lasts the whole day or not.')
      : z.boolean().optional().describe('Whether the event lasts the whole day or not.'),
    start_date: req(z.string().describe('The event start date and time.')),
    end_date: req(z.string().describe('The event end date and time.')),
    image: z.union([z.number().int(), z.string()]).optional().describe('The event featured image ID or URL.'),
    cost: z.union([z.string(), z.number()]).optional().describe('The event cost.'),
    website: z.string().optional().describe('The event website URL.'),
    show_map: z.boolean().optional().describe('Whether the event should show a map or not.'),
    show_map_link: z.boolean().optional().describe('Whether the event should show a map link or not.'),
    hide_from_listings: z.boolean().optional().describe('Whether events should be hidden in the calendar view or not.'),
    sticky: z.boolean().optional().describe('Whether the event should be sticky in the calendar view or not.'),
    featured: z.boolean().optional().describe('Whether the event should be featured on the site or not.'),
    categories: idOrSlugList('The event category IDs, slugs or names.'),
    tags: idOrSlugList('The event tag IDs, slugs or names.'),
    venue: z
      .union([linkedValue, z.array(linkedValue)])
      .optional()
      .describe('The event venue ID or data.'),
    organizer: z
      .union([linkedValue, z.array(linkedValue)])
      .optional()
      .describe('The event organizer IDs or data.'),
  };
}

const id = () => idParam('The event post ID.');
const slug = () => z.string().describe('The event slug.');

export const eventRoutes = resourceRoutes({
  namespace: EVENTS_NS,
  base: 'events',
  schema: eventResource,
  docs: { list: archiveOf('events') },
  collection: { list: eventArchiveArgs, create: eventWriteArgs(true) },
  // The plugin registers GET, then DELETE, then the update methods: its index and Allow list them so.
  item: { read: { id: id() }, delete: { id: id() }, update: { id: id(), ...eventWriteArgs(false) } },
  bySlug: { read: { slug: slug() }, delete: { slug: slug() }, update: { ...eventWriteArgs(false), slug: slug() } },
});
