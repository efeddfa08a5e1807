/**
 * The event routes (Archive_Event, Single_Event, Single_Event_Slug): the plugin's permission checks
 * (`rest_forbidden` from permission callbacks, its own codes from handlers), then the repository, then the
 * response as get_event_data() builds it.
 */
import { events, sanitizeTitle } from '@loom/contracts';
import { can, capabilityType, pageWindow, siteClock, type Binding, type RestRequest } from '@loom/service-kit';
import { DateTime, type Zone } from 'luxon';
import { formatWall, requireDate, siteZone, zoneFrom, zoneName } from '../dates';
import { adjustEventTermCounts, resolveEventTerms } from '../event-terms';
import { checkImage } from '../images';
import { invalidParam as invalid, tecError } from '../messages';
import { archiveAnswer } from '../posts/archive';
import { capPostOf, pathSlug, postTypeBindings, renamedSlug } from '../posts/bindings';
import { authorOf, modifiedNow, publicationDate, scaleStatus, scheduled } from '../posts/writes';
import { parseCost } from './cost';
import { resolveLinked } from './linked';
import { EventRepository, type EventDoc, type EventQuery } from './repository';
import { prepareEvent, prepareEvents } from './response';

type Params = Record<string, unknown>;
const routes = events.eventRoutes;
const caps = capabilityType('tribe_events');
const repo = (req: RestRequest) => new EventRepository(req.store);
const capPost = (doc: EventDoc) => capPostOf(doc, caps);
const utcWall = (t: DateTime) => formatWall(t.toUTC());

/** The event an item route names, by id or by slug. */
async function find(req: RestRequest): Promise<EventDoc | null> {
  const slug = req.route === routes.bySlug ? pathSlug(req) : undefined;
  return slug !== undefined ? repo(req).getBySlug(slug) : repo(req).get(Number(req.params.id));
}
async function requireEvent(req: RestRequest): Promise<EventDoc> {
  const doc = await find(req);
  if (doc) return doc;
  throw req.route === routes.bySlug ? repo(req).notFound() : await repo(req).missing(Number(req.params.id));
}

// ---------------------------------------------------------------------------------------------------------
// Dates

const siteZoneOf = (req: RestRequest): Zone => siteZone(siteClock(req.config));

/** A date parameter read in `zone` (the plugin's is_time: "Invalid parameter." when it is not one). */
const parseIn = (value: unknown, param: string, zone: Zone, now: DateTime) => requireDate(value, param, zone, now, 'Invalid parameter.');

/** Start and end as stored, from what was written (and, on update, what the event had). */
function eventDates(req: RestRequest, p: Params, current?: EventDoc) {
  let zone: Zone;
  if (typeof p.timezone === 'string' && p.timezone.trim()) {
    const z = zoneFrom(p.timezone.trim());
    if (!z) throw invalid('timezone');
    zone = z;
  } else {
    zone = (current && zoneFrom(current.timezone)) || siteZoneOf(req);
  }
  const now = DateTime.now().setZone(zone);
  const wall = (w: string) => DateTime.fromSQL(w, { zone });
  let start = p.start_date !== undefined ? parseIn(p.start_date, 'start_date', zone, now) : wall(current!.start_date);
  let end = p.end_date !== undefined ? parseIn(p.end_date, 'end_date', zone, now) : wall(current!.end_date);
  const allDay = p.all_day !== undefined ? p.all_day === true : (current?.all_day ?? false);
  // All-day events span whole days in their zone, as the plugin stores them (00:00:00 to 23:59:59).
  if (allDay) {
    start = start.startOf('day');
    end = end.endOf('day').set({ millisecond: 0 });
  }
  if (end < start) throw invalid('end_date', 'The event end date must not be before its start date.');
  return {
    all_day: allDay,
    timezone: zoneName(zone),
    start_date: formatWall(start),
    end_date: formatWall(end),
    utc_start_date: utcWall(start),
    utc_end_date: utcWall(end),
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
  if (!current || ['start_date', 'end_date', 'timezone', 'all_day'].some((k) => p[k] !== undefined)) Object.assign(out, eventDates(req, p, current));
  Object.assign(out, publicationDate(req, p));
  if (p.image !== undefined) out.image = await checkImage(req, p.image as number | string);
  if (p.cost !== undefined) Object.assign(out, parseCost(p.cost as string | number));
  if (p.website !== undefined) {
    const w = String(p.website).trim();
    if (w && !/^https?:\/\/\S+$/i.test(w)) throw invalid('website');
    out.website = w;
  }
  for (const f of ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'] as const) if (p[f] !== undefined) out[f] = p[f] === true;
  for (const mode of ['check', true] as const) {
    if (p.categories !== undefined) out.categories = await resolveEventTerms(req, 'tribe_events_cat', p.categories as unknown[], 'categories', mode);
    if (p.tags !== undefined) out.tags = await resolveEventTerms(req, 'post_tag', p.tags as unknown[], 'tags', mode);
    if (p.venue !== undefined) out.venue = await resolveLinked(req, events.venueSpec, p.venue, mode === 'check');
    if (p.organizer !== undefined) out.organizer = await resolveLinked(req, events.organizerSpec, p.organizer, mode === 'check');
  }
  return out;
}

async function create(req: RestRequest) {
  const p = req.params as Params;
  const author = await authorOf(req, caps, p.author);
  const data = await eventInput(req, p);
  const stamp = modifiedNow(req);
  const doc = await repo(req).create({
    title: '',
    description: '',
    excerpt: '',
    cost: '',
    currency_symbol: '',
    currency_position: '',
    show_map: true,
    show_map_link: true,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    ...(data as Omit<EventDoc, 'id' | 'type' | 'slug'>),
    slug: p.slug as string | undefined,
    author,
    status: scheduled(scaleStatus(req, caps, p.status as string | undefined), data.date_gmt ?? stamp.modified_gmt),
    date: data.date ?? stamp.modified,
    date_gmt: data.date_gmt ?? stamp.modified_gmt,
    ...stamp,
  });
  await adjustEventTermCounts(req.store, null, doc);
  return { status: 201, body: await prepareEvent(req, doc) };
}

async function update(req: RestRequest) {
  const doc = await requireEvent(req);
  const p = req.params as Params;
  const author = p.author !== undefined ? await authorOf(req, caps, p.author, doc.author) : undefined;
  const set: Partial<EventDoc> = { ...(await eventInput(req, p, doc)), ...modifiedNow(req) };
  if (p.status !== undefined) set.status = scaleStatus(req, caps, p.status as string, doc.status);
  if (set.status !== undefined || set.date_gmt !== undefined) set.status = scheduled(set.status ?? doc.status, set.date_gmt ?? doc.date_gmt);
  if (author !== undefined) set.author = author;
  // By id, `slug` is the new slug; by slug, a body slug other than the path's renames the event.
  const slug = req.route === routes.bySlug ? renamedSlug(req, p.slug, sanitizeTitle) : p.slug !== undefined ? sanitizeTitle(String(p.slug)) : undefined;
  if (slug !== undefined) set.slug = slug;
  const saved = await repo(req).save(doc, set);
  await adjustEventTermCounts(req.store, doc, saved);
  return { body: await prepareEvent(req, saved) };
}

async function trash(req: RestRequest) {
  const doc = await requireEvent(req);
  if (doc.status === 'trash') throw tecError('event-is-in-trash', 410);
  const trashed = await repo(req).save(doc, { status: 'trash', trashed_from: doc.status, ...modifiedNow(req) });
  await adjustEventTermCounts(req.store, doc, trashed);
  return { body: await prepareEvent(req, trashed) };
}

async function read(req: RestRequest) {
  const doc = await requireEvent(req);
  const canEdit = can(req.user, 'edit_post', { post: capPost(doc) });
  if (doc.status === 'trash' && !canEdit) throw tecError('event-no-longer-available', 403);
  // Published events are public (anonymous callers included); others need read_post.
  if (doc.status !== 'publish' && doc.status !== 'trash' && !can(req.user, 'read_post', { post: capPost(doc) })) throw tecError('event-not-accessible', 403);
  return { body: await prepareEvent(req, doc, { single: true }) };
}

// ---------------------------------------------------------------------------------------------------------
// The archive

const DATE_FILTERS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

async function list(req: RestRequest) {
  const p = req.params as Params & { page: number; per_page: number; strict_dates: boolean };
  const perPage = Math.min(p.per_page, events.EVENTS_MAX_PER_PAGE);
  const zone = siteZoneOf(req);
  const now = DateTime.now().setZone(zone);
  const inclusive = !p.strict_dates;
  const endOfDay = (t: DateTime) => (inclusive ? t.endOf('day').set({ millisecond: 0 }) : t);

  // Geolocation needs the plugin's Pro add-on: accepted and checked, then (as without the add-on) not applied.
  if ((p.geoloc_lat === undefined) !== (p.geoloc_lng === undefined)) {
    const missing = p.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
    throw invalid(missing, `${missing} is required with ${missing === 'geoloc_lat' ? 'geoloc_lng' : 'geoloc_lat'}.`);
  }
  if (typeof p.geoloc_lat === 'number' && Math.abs(p.geoloc_lat) > 90) throw invalid('geoloc_lat');
  if (typeof p.geoloc_lng === 'number' && Math.abs(p.geoloc_lng) > 180) throw invalid('geoloc_lng');

  // Dates in the site's zone; the defaults cover upcoming and ongoing events (from the start of yesterday) for two years.
  const relative = DATE_FILTERS.some((k) => p[k] !== undefined);
  const q: Omit<EventQuery, 'statuses' | 'ownStatuses' | 'perPage' | 'offset'> = {};
  const echo: Record<string, string> = {};
  let start: DateTime | undefined = p.start_date !== undefined ? parseIn(p.start_date, 'start_date', zone, now) : relative ? undefined : now.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0, millisecond: 0 });
  let end: DateTime | undefined = p.end_date !== undefined ? parseIn(p.end_date, 'end_date', zone, now) : relative ? undefined : now.plus({ months: 24 }).set({ millisecond: 0 });
  if (inclusive) {
    start = start?.startOf('day');
    end = end && endOfDay(end);
  }
  for (const k of DATE_FILTERS) {
    if (p[k] === undefined) continue;
    const t = endOfDay(parseIn(p[k], k, zone, now));
    echo[k] = formatWall(t);
    q[({ starts_before: 'startsBefore', starts_after: 'startsAfter', ends_before: 'endsBefore', ends_after: 'endsAfter' } as const)[k]] = utcWall(t);
  }
  if (p.include !== undefined) {
    // With `include`, date filters are void (the plugin's tribe_remove_date_filters).
    q.include = p.include as number[];
    start = end = undefined;
  }
  if (start) q.endsFrom = utcWall(start);
  if (end) q.startsUntil = utcWall(end);

  // Statuses: without edit_posts only `publish`; with it, any registered status (default: all but trash).
  let statuses: string[];
  if (typeof p.status === 'string' && p.status.trim()) {
    statuses = p.status.split(',').map((s) => s.trim()).filter(Boolean);
    const allowed = can(req.user, caps.edit_posts) ? statuses.every((s) => (events.EVENT_FILTER_STATUSES as readonly string[]).includes(s)) : statuses.length === 1 && statuses[0] === 'publish';
    if (!allowed) throw invalid('status');
  } else {
    statuses = can(req.user, caps.edit_posts) ? ['publish', 'future', 'draft', 'pending', 'private'] : ['publish'];
  }
  // Others' unpublished events only for those who may edit others' events (the plugin would list them to any editor of its own).
  const others = can(req.user, caps.edit_others_posts);
  const query: EventQuery = {
    ...q,
    statuses: others ? statuses : statuses.filter((s) => s === 'publish'),
    ownStatuses: others ? [] : statuses.filter((s) => s !== 'publish'),
    ownerId: req.user?.id,
    perPage,
    offset: pageWindow({ page: p.page, per_page: perPage }).offset,
  };
  if (typeof p.search === 'string' && p.search) query.search = p.search;
  if (p.categories !== undefined) query.categories = await resolveEventTerms(req, 'tribe_events_cat', p.categories as unknown[], 'categories', false);
  if (p.tags !== undefined) query.tags = await resolveEventTerms(req, 'post_tag', p.tags as unknown[], 'tags', false);
  for (const [param, spec] of [['venue', events.venueSpec], ['organizer', events.organizerSpec]] as const) {
    const ids = p[param] as number[] | undefined;
    if (!ids?.length) continue;
    const found = await req.store.collection('posts').count({ id: { $in: ids }, type: spec.type });
    if (found !== new Set(ids).size) throw invalid(param);
    query[param] = ids;
  }
  if (p.featured !== undefined) query.featured = p.featured === true;
  if (p.post_parent !== undefined) {
    if (!(await repo(req).get(p.post_parent as number))) throw tecError('rest-invalid-event-id', 400);
    // Events have no parents here (recurrences need the Pro add-on), so no event matches.
    query.include = [];
  }

  const { items, total } = await repo(req).query(query);
  const page = p.page;
  if (page > 1 && !items.length) throw tecError('event-archive-page-not-found', 404);

  // rest_url: the effective arguments (defaults included), in the plugin's order.
  const args: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (start) args.start_date = formatWall(start);
  if (end) args.end_date = formatWall(end);
  if (query.search) args.search = query.search;
  for (const k of ['categories', 'tags', 'venue', 'organizer'] as const) if (Array.isArray(p[k]) && (p[k] as unknown[]).length) args[k] = (p[k] as unknown[]).join(',');
  if (p.featured !== undefined) args.featured = p.featured ? '1' : '0';
  if (typeof p.status === 'string' && p.status) args.status = p.status;
  if (p.include !== undefined) args.include = (p.include as number[]).join(',');
  Object.assign(args, echo);
  if (p.strict_dates) args.strict_dates = 'true';
  const base = `${req.config.restUrl}/${events.EVENTS_NS}/events/`;
  return archiveAnswer(base, 'events', await prepareEvents(req, items), args, { page, perPage, total });
}

// ---------------------------------------------------------------------------------------------------------

export const eventBindings = (): Binding[] => postTypeBindings(routes, { caps, find, list, create, read, update, trash });
