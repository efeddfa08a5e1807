/**
 * A venue or organizer as the plugin answers it (reference A.2.1 / A.2.2): its fields in order, then
 * array_filter, which drops every empty value (empty strings, false, null); venues then always carry
 * show_map and show_map_link (default true), and both end with the global ids.
 */
import type { events } from '@loom/contracts';
import type { RestRequest } from '@loom/service-kit';
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

const isEmpty = (v: unknown) => v === '' || v === false || v === null || v === undefined || v === 0 || v === '0' || (Array.isArray(v) && !v.length);

export function prepareLinkedPost(req: RestRequest, spec: events.LinkedPostSpec, doc: LinkedPostDoc): Record<string, unknown> {
  const host = new URL(req.config.baseUrl).host;
  const globalId = `${host}?id=${doc.id}`;
  const ordered: Record<string, unknown> = {
    id: doc.id,
    author: String(doc.author),
    status: doc.status,
    date: doc.date,
    date_utc: doc.date_gmt,
    modified: doc.modified,
    modified_utc: doc.modified_gmt,
    url: `${req.config.homeUrl}/${spec.name}/${doc.slug}/`,
    [spec.name]: doc.name,
    description: autop(doc.description),
    excerpt: doc.excerpt,
    slug: doc.slug,
  };
  for (const f of spec.strings) ordered[f] = doc.meta[f];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ordered)) if (!isEmpty(v)) out[k] = v;
  for (const f of spec.booleans) out[f] = doc.meta[f] !== false;
  out.global_id = globalId;
  out.global_id_lineage = [globalId];
  return out;
}
