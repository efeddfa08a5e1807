/**
 * schema.org Event, as the plugin's Tribe__Events__JSON_LD__Event builds it: the post's name, excerpt and link
 * (json-ld/post.ts), start and end with their offset in the event's zone (`+00:00`, never `Z`), the venue as
 * `location` and the first organizer, each as their own JSON-LD, and an offer when the event has a cost: its
 * price as shown without symbol, the site's currency code, valid from the day of publication.
 */
import type { RestRequest } from '@loom/service-kit';
import type { DateTime } from 'luxon';
import { featuredImage, type Image } from '../images';
import { postJsonLd } from '../json-ld/post';
import type { LinkedPostDoc } from '../linked-posts/repository';
import { organizerType } from '../organizers/type';
import { eventSettings } from '../settings';
import { venueType } from '../venues/type';
import { offerPrice } from './cost';
import type { EventDoc } from './repository';

/** PHP's date( 'c' ). */
const iso = (t: DateTime) => t.toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");

export async function eventJsonLd(
  req: RestRequest,
  d: EventDoc,
  x: { start: DateTime; end: DateTime; url: string; image: Image; venue?: LinkedPostDoc; organizers: LinkedPostDoc[] },
): Promise<Record<string, unknown>> {
  const settings = eventSettings(req);
  const ld = postJsonLd(
    'Event',
    { title: d.title, excerpt: d.excerpt, content: d.description, image: x.image, url: x.url },
    true,
  );
  // What the plugin's event-status filter adds to every event it does not mark as moved online or canceled.
  ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  ld.eventStatus = 'https://schema.org/EventScheduled';
  ld.startDate = iso(x.start);
  ld.endDate = iso(x.end);
  if (x.venue) ld.location = venueType.jsonLd(req, x.venue, await featuredImage(req, x.venue.image));
  const organizer = x.organizers[0];
  if (organizer) ld.organizer = organizerType.jsonLd(req, organizer, await featuredImage(req, organizer.image));
  const price = offerPrice(
    { cost: d.cost ?? '', currency_symbol: d.currency_symbol ?? '', currency_position: d.currency_position ?? '' },
    settings,
  );
  if (price !== '') {
    ld.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: settings.currencyCode,
      url: x.url,
      category: 'primary',
      availability: 'inStock',
      // date( DATE_ATOM, strtotime( get_the_date() ) ): the publication day (site time), at midnight UTC.
      validFrom: `${d.date.slice(0, 10)}T00:00:00+00:00`,
    };
  }
  ld.performer = 'Organization';
  return ld;
}
