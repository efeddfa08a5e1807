/**
 * Venues (`tribe_venue`): `stateprovince` derived from the state or province (Tribe__Events__Venue::save_meta),
 * and their schema.org Place (Tribe__Events__JSON_LD__Venue: an address, telephone and website, no link of its
 * own without the Pro add-on).
 */
import * as events from '../contracts';
import { escAttr as escHtml } from '@loom/rendering';
import { arrayFilter } from '../array-filter';
import { postJsonLd } from '../json-ld/post';
import type { LinkedPostType } from '../linked-posts/type';

const UNITED_STATES = ['US', 'United States'];

/** save_meta(): a state in the United States (or with no country), else the province. */
function stateProvince(meta: Record<string, unknown>): string {
  const state = String(meta.state ?? '');
  const country = String(meta.country ?? '');
  return state && (!country || UNITED_STATES.includes(country)) ? state : String(meta.province ?? '');
}

export const venueType: LinkedPostType = {
  spec: events.venueSpec,
  routes: events.venues,
  eventField: 'venue',

  // A stateprovince of its own wins; otherwise it follows the state, province or country a write changes.
  deriveMeta(meta, written) {
    if (written.stateprovince) return {};
    return ['state', 'province', 'country', 'stateprovince'].some((k) => k in written)
      ? { stateprovince: stateProvince(meta) }
      : {};
  },

  jsonLd(_req, doc, image) {
    const m = doc.meta as Record<string, string | undefined>;
    const e = (v: string | undefined) => escHtml(v ?? '');
    // tribe_get_region(): the stored stateprovince, else by country.
    const region = m.stateprovince || (m.country === 'United States' ? e(m.state) : e(m.province));
    const ld = postJsonLd(
      'Place',
      { title: doc.name, excerpt: doc.excerpt, content: doc.description, image, url: '' },
      false,
    );
    const address = arrayFilter({
      streetAddress: e(m.address),
      addressLocality: e(m.city),
      addressRegion: region,
      postalCode: e(m.zip),
      addressCountry: e(m.country),
    });
    return { ...ld, address: { '@type': 'PostalAddress', ...address }, telephone: e(m.phone), sameAs: m.website ?? '' };
  },
};
