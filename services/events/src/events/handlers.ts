/**
 * The event routes (Single_Event, Single_Event_Slug; the archive is archive.ts): the plugin's permission checks
 * (`rest_forbidden` from permission callbacks, its own codes from handlers), then the repository, then the
 * response as get_event_data() builds it.
 */
import { sanitizeTitle } from '@loom/contracts';
import * as events from '../contracts';
import {
  can,
  capabilityType,
  siteClock,
  wpError,
  type Binding,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { DateTime, type Zone } from 'luxon';
import { formatWall, requireDate, siteTimezoneString, zoneFrom } from '../dates';
import { adjustEventTermCounts, resolveEventTerms } from '../event-terms';
import { checkImage } from '../images';
import { invalidParam as invalid, invalidParams } from '../messages';
import { organizerType } from '../organizers/type';
import { capPostOf, pathSlug, postTypeBindings, renamedSlug } from '../posts/bindings';
import { slugChanges } from '../posts/slugs';
import { authorOf, newPostDates, publicationDate, scaleStatus, scheduled, updatedPostDates } from '../posts/writes';
import { venueType } from '../venues/type';
import { eventArchive } from './archive';
import { parseCost } from './cost';
import { resolveLinked } from './linked';
import { EventRepository, type EventDoc } from './repository';
import { prepareEvent } from './response';

const routes = events.eventRoutes;
/** A write of an event: created, or updated by id or by slug; its parameters typed from the contracts. */
type WriteRequest =
  | RequestOf<typeof routes.collection.endpoints.create>
  | RequestOf<typeof routes.item.endpoints.update>
  | RequestOf<typeof routes.bySlug.endpoints.update>;
type Params = WriteRequest['params'];
const caps = capabilityType('tribe_events');
const repo = (req: RestRequest) => new EventRepository(req.store);
const capPost = (doc: EventDoc) => capPostOf(doc, caps);

/** The event an item route names, by id or by slug. */
async function find(req: RestRequest): Promise<EventDoc | null> {
  const slug = req.route === routes.bySlug ? pathSlug(req) : undefined;
  return slug !== undefined ? repo(req).getBySlug(slug) : repo(req).get(Number(req.params.id));
}
/**
 * is_event_id / is_event_slug, the item routes' argument checks, run before permissions: an id or slug naming no
 * event (in any status; another type's id included) is `rest_invalid_param`, in 6.2.9 as in 6.17.1.
 */
async function validateItem(req: RestRequest): Promise<void> {
  if (!(await find(req))) throw invalidParams([req.route === routes.bySlug ? 'slug' : 'id']);
}
/** The event of an item route, which validateItem found (gone since: the plugin's event-not-found). */
async function requireEvent(req: RestRequest): Promise<EventDoc> {
  const doc = await find(req);
  if (doc) return doc;
  throw repo(req).notFound();
}

// ---------------------------------------------------------------------------------------------------------
// Dates

/**
 * The event's zone and its `timezone` as stored: one written (an IANA name or a manual offset), else the event's
 * own, else the site's (Tribe__Timezones::wp_timezone_string: `UTC+0` on a site without a timezone).
 */
function eventZone(req: RestRequest, p: Params, current?: EventDoc): { zone: Zone; timezone: string } {
  if (typeof p.timezone === 'string' && p.timezone.trim()) {
    // Kept as written (`UTC+5.5` stays so), as the plugin keeps _EventTimezone.
    const timezone = p.timezone.trim();
    const zone = zoneFrom(timezone);
    if (!zone) throw invalid('timezone');
    return { zone, timezone };
  }
  const timezone = current && zoneFrom(current.timezone) ? current.timezone : siteTimezoneString(siteClock(req.config));
  return { zone: zoneFrom(timezone)!, timezone };
}

/** Start and end as stored, from what was written (and, on update, what the event had). */
function eventDates(req: RestRequest, p: Params, current?: EventDoc) {
  const { zone, timezone } = eventZone(req, p, current);
  const now = DateTime.now().setZone(zone);
  const wall = (w: string) => DateTime.fromSQL(w, { zone });
  // A date parameter read in the zone (the plugin's is_time: "Invalid parameter." when it is not one).
  const parse = (param: 'start_date' | 'end_date') => requireDate(p[param], param, zone, now, 'Invalid parameter.');
  let start = p.start_date !== undefined ? parse('start_date') : wall(current!.start_date);
  let end = p.end_date !== undefined ? parse('end_date') : wall(current!.end_date);
  const allDay = p.all_day !== undefined ? p.all_day === true : (current?.all_day ?? false);
  // All-day events span whole days in their zone, as the plugin stores them (00:00:00 to 23:59:59).
  if (allDay) {
    start = start.startOf('day');
    end = end.endOf('day').set({ millisecond: 0 });
  }
  // prepare_event_date_meta (6.2.9, unchanged in 6.17.1) takes the UTC dates from the dates as written, then moves
  // an end before the start to the start and leaves its UTC end as it was (sample 252).
  const utcEnd = formatWall(end.toUTC());
  if (end < start) end = start;
  return {
    all_day: allDay,
    timezone,
    start_date: formatWall(start),
    end_date: formatWall(end),
    utc_start_date: formatWall(start.toUTC()),
    utc_end_date: utcEnd,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes

/**
 * The stored fields a create or update sets, from validated parameters. Terms, venues and organizers named by
 * data are created last, after every other input (theirs included) was checked: a rejected write creates nothing.
 */
async function eventInput(req: RestRequest, p: Params, current?: EventDoc): Promise<Partial<EventDoc>> {
  const out: Partial<EventDoc> = {};
  if (p.title !== undefined) out.title = String(p.title).trim();
  if (p.description !== undefined) out.description = String(p.description).trim();
  if (p.excerpt !== undefined) out.excerpt = String(p.excerpt).trim();
  if (!current || (['start_date', 'end_date', 'timezone', 'all_day'] as const).some((k) => p[k] !== undefined))
    Object.assign(out, eventDates(req, p, current));
  if (p.image !== undefined) out.image = await checkImage(req, p.image);
  if (p.cost !== undefined) Object.assign(out, parseCost(p.cost));
  if (p.website !== undefined) {
    const w = String(p.website).trim();
    if (w && !/^https?:\/\/\S+$/i.test(w)) throw invalid('website');
    // A create drops empty values (array_filter), so a new event stores no website and shows its permalink; an
    // update stores the empty one, which then shows as ''.
    if (w || current) out.website = w;
  }
  for (const f of ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'] as const)
    if (p[f] !== undefined) out[f] = p[f] === true;
  for (const mode of ['check', true] as const) {
    if (p.categories !== undefined)
      out.categories = await resolveEventTerms(req, 'tribe_events_cat', p.categories as unknown[], 'categories', mode);
    if (p.tags !== undefined) out.tags = await resolveEventTerms(req, 'post_tag', p.tags as unknown[], 'tags', mode);
    if (p.venue !== undefined) out.venue = await resolveLinked(req, venueType, p.venue, mode === 'check');
    if (p.organizer !== undefined)
      out.organizer = await resolveLinked(req, organizerType, p.organizer, mode === 'check');
  }
  return out;
}

async function create(req: RequestOf<typeof routes.collection.endpoints.create>) {
  const p = req.params;
  const author = await authorOf(req, caps, p.author);
  const data = await eventInput(req, p);
  const status = scaleStatus(req, caps, p.status);
  const dates = newPostDates(req, publicationDate(req, p), status);
  const doc = await repo(req).create({
    title: '',
    description: '',
    excerpt: '',
    cost: '',
    currency_symbol: '',
    currency_position: '',
    // The plugin stores tribe_is_truthy( null ) for flags a write leaves out: off.
    show_map: false,
    show_map_link: false,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    ...(data as Omit<EventDoc, 'id' | 'type' | 'slug'>),
    slug: p.slug,
    author,
    status: scheduled(status, dates.date_gmt),
    ...dates,
  });
  await adjustEventTermCounts(req.store, null, doc);
  return { status: 201, body: await prepareEvent(req, doc) };
}

async function update(
  req: RequestOf<typeof routes.item.endpoints.update> | RequestOf<typeof routes.bySlug.endpoints.update>,
) {
  const doc = await requireEvent(req);
  const p = req.params;
  const author = p.author !== undefined ? await authorOf(req, caps, p.author, doc.author) : undefined;
  const set: Partial<EventDoc> = await eventInput(req, p, doc);
  const status = p.status !== undefined ? scaleStatus(req, caps, p.status, doc.status) : doc.status;
  Object.assign(set, updatedPostDates(req, publicationDate(req, p), status, doc));
  set.status = scheduled(status, set.date_gmt!);
  if (author !== undefined) set.author = author;
  // By id, `slug` is the new slug; by slug, a body slug other than the path's renames the event.
  const requested =
    req.route === routes.bySlug
      ? renamedSlug(req, p.slug, sanitizeTitle)
      : p.slug !== undefined
        ? sanitizeTitle(String(p.slug))
        : undefined;
  const changes = slugChanges(doc, { status: set.status, title: set.title ?? doc.title, requested });
  const saved = await repo(req).save(doc, { ...set, ...changes.set }, changes.unset);
  await adjustEventTermCounts(req.store, doc, saved);
  return { body: await prepareEvent(req, saved) };
}

async function trash(req: RestRequest) {
  const doc = await requireEvent(req);
  if (doc.status === 'trash') throw wpError('event-is-in-trash');
  const changes = slugChanges(doc, { status: 'trash', title: doc.title });
  const trashed = await repo(req).save(doc, {
    status: 'trash',
    ...updatedPostDates(req, undefined, 'trash', doc),
    ...changes.set,
  });
  await adjustEventTermCounts(req.store, doc, trashed);
  return { body: await prepareEvent(req, trashed) };
}

async function read(req: RestRequest) {
  const doc = await requireEvent(req);
  // Published events are public (anonymous callers included); others, the trashed ones too, need read_post.
  if (doc.status !== 'publish' && !can(req.user, 'read_post', { post: capPost(doc) }))
    throw wpError('event-not-accessible');
  return { body: await prepareEvent(req, doc, { single: true }) };
}

export const eventBindings = (): Binding[] =>
  postTypeBindings(routes, { caps, find, list: eventArchive, create, read, update, trash, validateItem });
