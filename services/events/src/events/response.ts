/**
 * An event as the plugin answers it (Post_Repository::get_event_data, reference A.2): fields in the plugin's
 * order, dates in the event's zone and in UTC with their details, the cost and its details, the venue object
 * (or `[]`), organizer objects, category and tag objects, and on single reads `json_ld`, with the venue's and
 * organizers' own `json_ld` too (the plugin passes the single context down to them).
 */
import * as events from '../contracts';
import type { RestRequest } from '@loom/service-kit';
import { escAttr as escHtml } from '@loom/rendering';
import type { TermDoc } from '@loom/terms';
import { DateTime } from 'luxon';
import { dateDetails, zoneAbbr, zoneFrom } from '../dates';
import { eventTermObjects, loadEventTerms } from '../event-terms';
import { featuredImage } from '../images';
import type { LinkedPostDoc } from '../linked-posts/repository';
import { prepareLinkedPost } from '../linked-posts/response';
import { organizerType } from '../organizers/type';
import { canRead } from '../posts/bindings';
import { globalId, permalink } from '../posts/links';
import { renderPost } from '../posts/render';
import { POSTS } from '../posts/repository';
import { postName } from '../posts/slugs';
import { eventSettings } from '../settings';
import { venueType } from '../venues/type';
import { costValues, formatCost } from './cost';
import { eventJsonLd } from './json-ld';
import type { EventDoc } from './repository';

const wallToDateTime = (wall: string, zone: string) => DateTime.fromSQL(wall, { zone: zoneFrom(zone) ?? 'UTC' });
const utc = (wall: string) => DateTime.fromSQL(wall, { zone: 'UTC' });

type Details = ReturnType<typeof dateDetails>;
/** An event's dates as answered: what its five stored date fields give (the same fields, the same answer). */
interface EventDates {
  raw: [string, string, string, string, string];
  start: DateTime;
  end: DateTime;
  details: [Details, Details, Details, Details];
  abbr: string;
}
/** Events whose dates are kept, by id (oldest out first); an entry is used only while its stored fields are the same. */
const MAX_DATES = 50_000;
const datesMemo = new Map<number, EventDates>();

function eventDates(d: EventDoc): EventDates {
  const hit = datesMemo.get(d.id);
  if (
    hit &&
    hit.raw[0] === d.timezone &&
    hit.raw[1] === d.start_date &&
    hit.raw[2] === d.end_date &&
    hit.raw[3] === d.utc_start_date &&
    hit.raw[4] === d.utc_end_date
  )
    return hit;
  const start = wallToDateTime(d.start_date, d.timezone);
  const end = wallToDateTime(d.end_date, d.timezone);
  const dates: EventDates = {
    raw: [d.timezone, d.start_date, d.end_date, d.utc_start_date, d.utc_end_date],
    start,
    end,
    details: [
      dateDetails(start),
      dateDetails(end),
      dateDetails(utc(d.utc_start_date)),
      dateDetails(utc(d.utc_end_date)),
    ],
    abbr: zoneAbbr(d.timezone, start),
  };
  if (hit) datesMemo.delete(d.id);
  else if (datesMemo.size >= MAX_DATES) datesMemo.delete(datesMemo.keys().next().value as number);
  datesMemo.set(d.id, dates);
  return dates;
}

/** Venues and organizers of a page of events, loaded with one query; those the caller may not read are left out. */
async function linkedOf(req: RestRequest, docs: EventDoc[]): Promise<Map<number, LinkedPostDoc>> {
  const ids = [...new Set(docs.flatMap((d) => [...(d.venue ?? []), ...(d.organizer ?? [])]))];
  const found = ids.length ? await req.store.collection<LinkedPostDoc>(POSTS).find({ id: { $in: ids } }) : [];
  return new Map(found.filter((p) => p.status !== 'trash' && canRead(req, p)).map((p) => [p.id, p]));
}

export async function prepareEvents(
  req: RestRequest,
  docs: EventDoc[],
  opts: { single?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const [linked, terms] = await Promise.all([
    linkedOf(req, docs),
    loadEventTerms(
      req,
      docs.flatMap((d) => [...(d.categories ?? []), ...(d.tags ?? [])]),
    ),
  ]);
  return Promise.all(docs.map((d) => prepareOne(req, d, linked, terms, opts.single === true)));
}

export async function prepareEvent(
  req: RestRequest,
  doc: EventDoc,
  opts: { single?: boolean } = {},
): Promise<Record<string, unknown>> {
  return (await prepareEvents(req, [doc], opts))[0]!;
}

async function prepareOne(
  req: RestRequest,
  d: EventDoc,
  linked: Map<number, LinkedPostDoc>,
  terms: Map<number, TermDoc>,
  single: boolean,
): Promise<Record<string, unknown>> {
  const gid = globalId(req, d.id);
  const url = permalink(req, 'event', d);
  const dates = eventDates(d);
  const { start, end } = dates;
  const venueDoc = (d.venue ?? []).map((id) => linked.get(id)).find((v) => v !== undefined);
  const organizerDocs = (d.organizer ?? [])
    .map((id) => linked.get(id))
    .filter((o): o is LinkedPostDoc => o !== undefined);
  const [image, categories, tags, venue, organizer] = await Promise.all([
    featuredImage(req, d.image),
    eventTermObjects(req, 'tribe_events_cat', d.categories ?? [], terms),
    eventTermObjects(req, 'post_tag', d.tags ?? [], terms),
    venueDoc ? prepareLinkedPost(req, venueType, venueDoc, { single }) : Promise.resolve([]),
    Promise.all(organizerDocs.map((o) => prepareLinkedPost(req, organizerType, o, { single }))),
  ]);
  const cost = {
    cost: d.cost ?? '',
    currency_symbol: d.currency_symbol ?? '',
    currency_position: d.currency_position ?? '',
  };
  const rendered = renderPost(d.id, d.title, d.description, d.excerpt);
  const out: Record<string, unknown> = {
    id: d.id,
    global_id: gid,
    global_id_lineage: [gid],
    author: String(d.author),
    status: d.status,
    date: d.date,
    date_utc: d.date_gmt,
    modified: d.modified,
    modified_utc: d.modified_gmt,
    url,
    rest_url: `${req.config.restUrl}/${events.EVENTS_NS}/events/${d.id}`,
    title: rendered.title,
    description: rendered.description,
    excerpt: rendered.excerpt,
    slug: postName(d),
    image,
    all_day: d.all_day,
    start_date: d.start_date,
    start_date_details: { ...dates.details[0] },
    end_date: d.end_date,
    end_date_details: { ...dates.details[1] },
    utc_start_date: d.utc_start_date,
    utc_start_date_details: { ...dates.details[2] },
    utc_end_date: d.utc_end_date,
    utc_end_date_details: { ...dates.details[3] },
    timezone: d.timezone,
    timezone_abbr: dates.abbr,
    cost: formatCost(cost, eventSettings(req), true),
    cost_details: {
      currency_symbol: cost.currency_symbol,
      currency_code: '',
      currency_position: cost.currency_position,
      values: costValues(cost.cost),
    },
    // _EventURL through esc_html() once stored, even empty; the permalink while there is none, in every status
    // (get_event_data, in 6.2.9 as in 6.17.1).
    website: d.website !== undefined ? escHtml(d.website) : url,
    // Unset (events stored before they were written) reads as on, as the plugin reads a missing meta.
    show_map: d.show_map !== false,
    show_map_link: d.show_map_link !== false,
    hide_from_listings: d.hide_from_listings === true,
    sticky: d.sticky === true,
    featured: d.featured === true,
    categories,
    tags,
    venue,
    organizer,
  };
  if (single)
    out.json_ld = await eventJsonLd(req, d, { start, end, url, image, venue: venueDoc, organizers: organizerDocs });
  return out;
}
