/**
 * A venue or organizer as the plugin answers it (Post_Repository::get_venue_data / get_organizer_data, reference
 * A.2.1 / A.2.2): its fields in order, rendered as WordPress renders a post's (the_title, the_content,
 * the_excerpt), `json_ld` on single reads, then array_filter, which drops every empty value; venues then always
 * carry their flags (default true), and both end with the global ids.
 */
import type { RestRequest } from '@loom/service-kit';
import { arrayFilter } from '../array-filter';
import { featuredImage } from '../images';
import { globalId, permalink } from '../posts/links';
import { renderPost } from '../posts/render';
import { postName } from '../posts/slugs';
import type { LinkedPostDoc } from './repository';
import type { LinkedPostType } from './type';

export async function prepareLinkedPost(
  req: RestRequest,
  type: LinkedPostType,
  doc: LinkedPostDoc,
  opts: { single?: boolean } = {},
): Promise<Record<string, unknown>> {
  const { spec } = type;
  const gid = globalId(req, doc.id);
  const image = await featuredImage(req, doc.image);
  const rendered = renderPost(doc.id, doc.name, doc.description, doc.excerpt);
  const ordered: Record<string, unknown> = {
    id: doc.id,
    author: String(doc.author),
    status: doc.status,
    date: doc.date,
    date_utc: doc.date_gmt,
    modified: doc.modified,
    modified_utc: doc.modified_gmt,
    url: permalink(req, spec.name, doc),
    [spec.name]: rendered.title,
    description: rendered.description,
    excerpt: rendered.excerpt,
    slug: postName(doc),
    image,
  };
  for (const f of spec.strings) ordered[f] = doc.meta[f];
  if (opts.single) ordered.json_ld = type.jsonLd(req, doc, image);
  const out = arrayFilter(ordered);
  for (const f of spec.flags) out[f] = doc.meta[f] !== false;
  out.global_id = gid;
  out.global_id_lineage = [gid];
  return out;
}
