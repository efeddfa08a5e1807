/**
 * A venue or organizer as the plugin answers it (reference A.2.1 / A.2.2): its fields in order, then
 * array_filter, which drops every empty value (empty strings, false, null); venues then always carry
 * show_map and show_map_link (default true), and both end with the global ids. `json_ld` only on single reads.
 */
import type { events } from '@loom/contracts';
import type { RestRequest } from '@loom/service-kit';
import { arrayFilter } from '../array-filter';
import { featuredImage, type Image } from '../images';
import type { LinkedPostDoc } from './repository';

/** wpautop's simplest case: paragraphs from blank-line-separated blocks, lone newlines as <br />. */
export function autop(text: string): string {
  const t = text.trim();
  if (!t) return '';
  if (/^<(p|div|h[1-6]|ul|ol|table|blockquote|pre)[\s>]/i.test(t)) return t;
  return t
    .split(/\n\s*\n/)
    .map((block) => `<p>${block.trim().replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');
}

/** Plain text of rendered HTML, for JSON-LD descriptions (the plugin strips tags from the excerpt). */
export const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();


export const globalId = (req: RestRequest, id: number) => `${new URL(req.config.baseUrl).host}?id=${id}`;
export const permalink = (req: RestRequest, base: string, slug: string) => `${req.config.homeUrl}/${base}/${slug}/`;

/** schema.org data of a venue (Place) or organizer (Person), as the plugin's JSON-LD classes build them. */
export function linkedJsonLd(req: RestRequest, spec: events.LinkedPostSpec, doc: LinkedPostDoc, image: Image): Record<string, unknown> {
  const m = doc.meta as Record<string, string | undefined>;
  const base = arrayFilter({
    '@context': 'http://schema.org',
    '@type': spec.type === 'tribe_venue' ? 'Place' : 'Person',
    name: doc.name,
    description: plainText(autop(doc.description)),
    image: image ? image.url : undefined,
    url: permalink(req, spec.name, doc.slug),
  });
  if (spec.type === 'tribe_venue') {
    const address = arrayFilter({ streetAddress: m.address, addressLocality: m.city, addressRegion: m.stateprovince || m.state || m.province, postalCode: m.zip, addressCountry: m.country });
    return arrayFilter({ ...base, address: Object.keys(address).length ? { '@type': 'PostalAddress', ...address } : undefined, telephone: m.phone, sameAs: m.website });
  }
  return arrayFilter({ ...base, telephone: m.phone, email: m.email, sameAs: m.website });
}

export async function prepareLinkedPost(req: RestRequest, spec: events.LinkedPostSpec, doc: LinkedPostDoc, opts: { single?: boolean } = {}): Promise<Record<string, unknown>> {
  const gid = globalId(req, doc.id);
  const image = await featuredImage(req, doc.image);
  const ordered: Record<string, unknown> = {
    id: doc.id,
    author: String(doc.author),
    status: doc.status,
    date: doc.date,
    date_utc: doc.date_gmt,
    modified: doc.modified,
    modified_utc: doc.modified_gmt,
    url: permalink(req, spec.name, doc.slug),
    [spec.name]: doc.name,
    description: autop(doc.description),
    excerpt: doc.excerpt,
    slug: doc.slug,
    image,
  };
  for (const f of spec.strings) ordered[f] = doc.meta[f];
  if (opts.single) ordered.json_ld = linkedJsonLd(req, spec, doc, image);
  const out = arrayFilter(ordered);
  for (const f of spec.booleans) out[f] = doc.meta[f] !== false;
  out.global_id = gid;
  out.global_id_lineage = [gid];
  return out;
}
