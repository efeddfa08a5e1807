/**
 * An event as the plugin answers it (Post_Repository::get_event_data, reference A.2): fields in the plugin's
 * order, dates in the event's zone and in UTC with their details, the cost and its details, the venue object
 * (or `[]`), organizer objects, category and tag objects, and `json_ld` on single reads only.
 */
import { events } from '@loom/contracts';
import { can, capabilityType, type RestRequest } from '@loom/service-kit';
import { DateTime } from 'luxon';
import { dateDetails, zoneAbbr, zoneFrom } from '../dates';
import { eventTermObjects, loadEventTerms } from '../event-terms';
import type { TermDoc } from '@loom/terms';
import { featuredImage, type Image } from '../images';
import type { LinkedPostDoc } from '../linked-posts/repository';
import { autop, globalId, linkedJsonLd, permalink, plainText, prepareLinkedPost } from '../linked-posts/response';
import { capPostOf } from '../posts/bindings';
import { POSTS } from '../posts/repository';
import { costValues, displayCost } from './cost';
import type { EventDoc } from './repository';

const wallToDateTime = (wall: string, zone: string) => DateTime.fromSQL(wall, { zone: zoneFrom(zone) ?? 'UTC' });
const utc = (wall: string) => DateTime.fromSQL(wall, { zone: 'UTC' });

/** Venues and organizers of a page of events, loaded with one query; those the caller may not read are left out. */
async function linkedOf(req: RestRequest, docs: EventDoc[]): Promise<Map<number, LinkedPostDoc>> {
  const ids = [...new Set(docs.flatMap((d) => [...(d.venue ?? []), ...(d.organizer ?? [])]))];
  const found = ids.length ? await req.store.collection<LinkedPostDoc>(POSTS).find({ id: { $in: ids } }) : [];
  const readable = (p: LinkedPostDoc) =>
    p.status === 'publish' || (p.status !== 'trash' && can(req.user, 'read_post', { post: capPostOf(p, capabilityType(`${p.type}s`)) }));
  return new Map(found.filter(readable).map((p) => [p.id, p]));
}

export async function prepareEvents(req: RestRequest, docs: EventDoc[], opts: { single?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const [linked, terms] = await Promise.all([linkedOf(req, docs), loadEventTerms(req, docs.flatMap((d) => [...(d.categories ?? []), ...(d.tags ?? [])]))]);
  return Promise.all(docs.map((d) => prepareOne(req, d, linked, terms, opts.single === true)));
}

export async function prepareEvent(req: RestRequest, doc: EventDoc, opts: { single?: boolean } = {}): Promise<Record<string, unknown>> {
  return (await prepareEvents(req, [doc], opts))[0]!;
}

async function prepareOne(req: RestRequest, d: EventDoc, linked: Map<number, LinkedPostDoc>, terms: Map<number, TermDoc>, single: boolean): Promise<Record<string, unknown>> {
  const gid = globalId(req, d.id);
  const url = permalink(req, 'event', d.slug);
  const start = wallToDateTime(d.start_date, d.timezone);
  const end = wallToDateTime(d.end_date, d.timezone);
  const zone = zoneFrom(d.timezone);
  const venueDoc = (d.venue ?? []).map((id) => linked.get(id)).find((v) => v !== undefined);
  const organizerDocs = (d.organizer ?? []).map((id) => linked.get(id)).filter((o): o is LinkedPostDoc => o !== undefined);
  const [image, categories, tags, venue, organizer] = await Promise.all([
    featuredImage(req, d.image),
    eventTermObjects(req, 'tribe_events_cat', d.categories ?? [], terms),
    eventTermObjects(req, 'post_tag', d.tags ?? [], terms),
    venueDoc ? prepareLinkedPost(req, events.venueSpec, venueDoc) : Promise.resolve([]),
    Promise.all(organizerDocs.map((o) => prepareLinkedPost(req, events.organizerSpec, o))),
  ]);
  const cost = { cost: d.cost ?? '', currency_symbol: d.currency_symbol ?? '', currency_position: d.currency_position ?? '' };
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
    title: d.title,
    description: autop(d.description),
    excerpt: autop(d.excerpt),
    slug: d.slug,
    image,
    all_day: d.all_day,
    start_date: d.start_date,
    start_date_details: dateDetails(start),
    end_date: d.end_date,
    end_date_details: dateDetails(end),
    utc_start_date: d.utc_start_date,
    utc_start_date_details: dateDetails(utc(d.utc_start_date)),
    utc_end_date: d.utc_end_date,
    utc_end_date_details: dateDetails(utc(d.utc_end_date)),
    timezone: d.timezone,
    timezone_abbr: zone ? zoneAbbr(zone, start) : '',
    cost: displayCost(cost),
    cost_details: { currency_symbol: cost.currency_symbol, currency_code: '', currency_position: cost.currency_position, values: costValues(cost.cost) },
    website: d.website ? d.website : url,
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
  if (single) out.json_ld = eventJsonLd(req, d, { start, end, url, image, venue: venueDoc, organizers: organizerDocs, cost });
  return out;
}

/** schema.org Event, as the plugin's Tribe__Events__JSON_LD__Event builds it. */
function eventJsonLd(
  req: RestRequest,
  d: EventDoc,
  x: { start: DateTime; end: DateTime; url: string; image: Image; venue?: LinkedPostDoc; organizers: LinkedPostDoc[]; cost: { cost: string; currency_symbol: string } },
): Record<string, unknown> {
  const iso = (t: DateTime) => t.toISO({ suppressMilliseconds: true }) ?? '';
  const ld: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: d.title,
    description: plainText(autop(d.excerpt || d.description)),
  };
  if (x.image) ld.image = x.image.url;
  Object.assign(ld, {
    url: x.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: iso(x.start),
    endDate: iso(x.end),
  });
  if (x.venue) ld.location = linkedJsonLd(req, events.venueSpec, x.venue, false);
  if (x.organizers.length) ld.organizer = linkedJsonLd(req, events.organizerSpec, x.organizers[0]!, false);
  const values = costValues(x.cost.cost);
  if (values.length) ld.offers = { '@type': 'Offer', price: values[0], priceCurrency: '', url: x.url, category: 'primary', availability: 'inStock', validFrom: iso(DateTime.fromSQL(d.date_gmt, { zone: 'UTC' })) };
  ld.performer = 'Organization';
  return ld;
}
