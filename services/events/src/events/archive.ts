/**
 * The event archive (Archive_Event::get): its date window, filters and statuses, then the answer with the
 * plugin's rest_url, which echoes the query arguments it knows in their order (`status` too, `categories` and
 * `tags` never), then adds `venue`, `organizer` and `featured` in a second step, re-encoding what came before.
 * Events hidden from listings are never listed (the repository).
 */
import { errorBody } from '@loom/contracts';
import * as events from '../contracts';
import { capabilityType, pageWindow, siteClock, wpError, type RequestOf } from '@loom/service-kit';
import { DateTime } from 'luxon';
import { formatWall, requireDate, siteZone } from '../dates';
import { resolveEventTerms, withDescendants } from '../event-terms';
import { invalidParam as invalid, invalidParamError, invalidParams } from '../messages';
import { archiveAnswer, QueryUrl, type QueryValue } from '../posts/archive';
import { listStatuses } from '../posts/statuses';
import { EventRepository, type EventQuery } from './repository';
import { prepareEvents } from './response';

type ArchiveRequest = RequestOf<typeof events.eventRoutes.collection.endpoints.list>;
type Params = ArchiveRequest['params'];

const caps = capabilityType('tribe_events');
const DATE_FILTERS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
const FILTER_FIELDS = {
  starts_before: 'startsBefore',
  starts_after: 'startsAfter',
  ends_before: 'endsBefore',
  ends_after: 'endsAfter',
} as const;
const utcWall = (t: DateTime) => formatWall(t.toUTC());

/** Parameters the plugin's validate callbacks refuse before the archive is queried. */
function checkArguments(p: Params): void {
  // supports_ticketed(): filtering by tickets needs the Event Tickets add-on, which Loom does not have.
  if (p.ticketed === true) throw invalidParamError('ticketed', errorBody('event-tickets-not-active'));
  // Geolocation needs the plugin's Pro add-on: accepted and checked, then (as without the add-on) not applied.
  if ((p.geoloc_lat === undefined) !== (p.geoloc_lng === undefined)) {
    const missing = p.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
    throw invalid(missing, `${missing} is required with ${missing === 'geoloc_lat' ? 'geoloc_lng' : 'geoloc_lat'}.`);
  }
  if (typeof p.geoloc_lat === 'number' && Math.abs(p.geoloc_lat) > 90) throw invalid('geoloc_lat');
  if (typeof p.geoloc_lng === 'number' && Math.abs(p.geoloc_lng) > 180) throw invalid('geoloc_lng');
}

export async function eventArchive(req: ArchiveRequest) {
  const p = req.params;
  checkArguments(p);
  const perPage = Math.min(p.per_page, events.EVENTS_MAX_PER_PAGE);
  const zone = siteZone(siteClock(req.config));
  const now = DateTime.now().setZone(zone);
  const inclusive = !p.strict_dates;
  const endOfDay = (t: DateTime) => (inclusive ? t.endOf('day').set({ millisecond: 0 }) : t);
  const parse = (param: 'start_date' | 'end_date' | (typeof DATE_FILTERS)[number]) =>
    requireDate(p[param], param, zone, now, 'Invalid parameter.');

  // Dates in the site's zone. The defaults: yesterday 23:59 (so from the start of yesterday) and two years on;
  // given dates take whole days unless strict_dates. starts_* / ends_* drop the defaults.
  const relative = DATE_FILTERS.some((k) => p[k] !== undefined);
  const defaultStart = now.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0, millisecond: 0 });
  const defaultEnd = now.plus({ months: 24 }).set({ millisecond: 0 });
  let start = p.start_date !== undefined ? parse('start_date') : relative ? undefined : defaultStart;
  let end = p.end_date !== undefined ? parse('end_date') : relative ? undefined : defaultEnd;
  if (inclusive) {
    start = start?.startOf('day');
    end = end && endOfDay(end);
  }
  const q: Partial<EventQuery> = {};
  const filters: Partial<Record<(typeof DATE_FILTERS)[number], string>> = {};
  for (const k of DATE_FILTERS) {
    if (p[k] === undefined) continue;
    const t = endOfDay(parse(k));
    filters[k] = formatWall(t);
    q[FILTER_FIELDS[k]] = utcWall(t);
  }
  // With `include` the dates are void (tribe_remove_date_filters); the rest_url shows the raw defaults then.
  let echoStart = start && formatWall(start);
  let echoEnd = end && formatWall(end);
  if (p.include !== undefined) {
    q.include = p.include;
    [echoStart, echoEnd] = [formatWall(defaultStart), formatWall(defaultEnd)];
  } else {
    // What starts on or after start_date and ends on or before end_date (filter_by_starts_on_or_after and
    // filter_by_ends_on_or_before, in 6.2.9 as in 6.17.1): an event already running at start_date, or still running
    // at end_date, is not listed. Instants are compared, as the plugin does in its `site` timezone mode.
    if (start) q.startsFrom = utcWall(start);
    if (end) q.endsUntil = utcWall(end);
  }

  const status = listStatuses(req, caps, p.status);
  const query: EventQuery = {
    ...q,
    ...status.query,
    ownerId: req.user?.id,
    perPage,
    offset: pageWindow({ page: p.page, per_page: perPage }).offset,
  };
  if (typeof p.search === 'string' && p.search) query.search = p.search;
  if (p.categories !== undefined)
    query.categories = await withDescendants(
      req,
      'tribe_events_cat',
      await resolveEventTerms(req, 'tribe_events_cat', p.categories as unknown[], 'categories', false),
    );
  if (p.tags !== undefined) query.tags = await resolveEventTerms(req, 'post_tag', p.tags as unknown[], 'tags', false);
  for (const [param, spec] of [
    ['venue', events.venueSpec],
    ['organizer', events.organizerSpec],
  ] as const) {
    const ids = p[param];
    if (!ids?.length) continue;
    const found = await req.store.collection('posts').count({ id: { $in: ids }, type: spec.type });
    // is_venue_id_list / is_organizer_id_list.
    if (found !== new Set(ids).size) throw invalidParams([param]);
    query[param] = ids;
  }
  if (p.featured !== undefined) query.featured = p.featured === true;
  const repo = new EventRepository(req.store);
  if (p.post_parent !== undefined) {
    // is_event_id, the argument's validate callback.
    if (!(await repo.get(p.post_parent))) throw invalidParams(['post_parent']);
    // Events have no parents here (recurrences need the Pro add-on), so no event matches.
    query.include = [];
  }

  const { items, total } = await repo.query(query);
  const page = p.page;
  if (page > 1 && !items.length) throw wpError('event-archive-page-not-found');

  const text = (v: unknown): QueryValue => (v === undefined ? undefined : String(v));
  let url = QueryUrl.first(`${req.config.restUrl}/${events.EVENTS_NS}/events/`, [
    ['page', String(page)],
    ['per_page', String(perPage)],
    ['start_date', relative && p.start_date === undefined ? undefined : echoStart],
    ['end_date', relative && p.end_date === undefined ? undefined : echoEnd],
    ['search', text(p.search)],
    ['geoloc', p.geoloc ? '1' : undefined],
    ['geoloc_lat', p.geoloc ? String(p.geoloc_lat ?? '') : undefined],
    ['geoloc_lng', p.geoloc ? String(p.geoloc_lng ?? '') : undefined],
    ['status', status.echo],
    ['post_parent', text(p.post_parent)],
    ['include', p.include === undefined ? undefined : p.include.join(',')],
    ...DATE_FILTERS.map((k): [string, QueryValue] => [k, filters[k]]),
  ]);
  const extras: [string, QueryValue][] = [
    ['venue', p.venue?.join(',')],
    ['organizer', p.organizer?.join(',')],
    ['featured', p.featured === undefined ? undefined : p.featured === true && '1'],
  ];
  if (extras.some(([, v]) => v !== undefined)) url = url.add(extras);
  return archiveAnswer(url, 'events', await prepareEvents(req, items), { page, perPage, total });
}
