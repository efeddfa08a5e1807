/**
 * The addresses every events/v1 post answers with: its permalink (get_permalink) and its global id
 * (Tribe__Utils__Global_ID: the home URL's host and path, never its scheme or port, then `?id=<id>`).
 */
import type { RestRequest } from '@loom/service-kit';
import { canRead } from './bindings';
import type { BasePostDoc } from './repository';
import { isNoSlug } from './slugs';

/** The global id's prefix of each home URL (a site has one; parsed once). */
const prefixes = new Map<string, string>();

export function globalId(req: Pick<RestRequest, 'config'>, id: number): string {
  let prefix = prefixes.get(req.config.homeUrl);
  if (prefix === undefined) {
    const home = new URL(req.config.homeUrl);
    prefix = `${home.hostname}${home.pathname.replace(/\/+$/, '')}`;
    if (prefixes.size < 64) prefixes.set(req.config.homeUrl, prefix);
  }
  return `${prefix}?id=${id}`;
}

/**
 * get_permalink(): `<home>/<base>/<slug>/` for a post its reader may view (published, or private and readable),
 * else the plain link wp_force_plain_post_permalink() gives drafts, pending, scheduled and trashed posts.
 */
export function permalink(req: RestRequest, base: string, doc: BasePostDoc): string {
  const viewable = doc.status === 'publish' || (doc.status === 'private' && canRead(req, doc));
  return linkOf(req.config.homeUrl, base, doc, viewable);
}

/** get_permalink() once it is known whether the reader may view the post. */
export function linkOf(homeUrl: string, base: string, doc: BasePostDoc, viewable: boolean): string {
  if (viewable && !isNoSlug(doc.slug)) return `${homeUrl}/${base}/${doc.slug}/`;
  return `${homeUrl}/?post_type=${doc.type}&p=${doc.id}`;
}
