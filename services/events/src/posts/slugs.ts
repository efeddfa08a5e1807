/**
 * post_name as wp_insert_post() sets it for events, venues and organizers:
 * - a draft or pending event written without a slug has none (''), until it leaves those statuses, when it gets
 *   its title's; venues and organizers always have one, as the plugin names them from their title whatever their
 *   status (Tribe__Events__Venue::create, __Organizer::create);
 * - trashing adds `__trashed` (remembering the slug), so a new post of the same title gets the clean slug;
 *   leaving the trash gives the remembered slug back.
 * The store's unique (type, slug) index cannot hold several empty slugs, so a post without one stores a
 * placeholder no sanitized slug can equal (`#<id>`), and is answered as ''.
 */
import { sanitizeTitle } from '@loom/contracts';
import { isFloating, SLUG_MAX, trashedSlug, truncateSlug } from '@loom/post-engine';

// wp_add_trashed_suffix_to_post_name_for_post() (@loom/post-engine, shared with core-content), re-exported for this service.
export { trashedSlug };

const PLACEHOLDER = '#';
export const noSlug = (id: number) => `${PLACEHOLDER}${id}`;
export const isNoSlug = (slug: string) => slug.startsWith(PLACEHOLDER);

/** The post's post_name as answered. */
export const postName = (doc: { slug: string }) => (isNoSlug(doc.slug) ? '' : doc.slug);

export interface SlugPost {
  id: number;
  status: string;
  slug: string;
  desired_slug?: string;
}

/**
 * The slug a write stores: a placeholder (no slug), or the base to make unique; undefined when it keeps its own.
 * `requested` is the sanitized slug sent, `title` the post's title after the write; `named`: a post type named
 * from its title in every status.
 */
export function slugForWrite(a: { id: number; status: string; title: string; requested?: string; previous?: SlugPost; named?: boolean }): string | undefined {
  const { previous } = a;
  if (previous && a.status === 'trash' && previous.status !== 'trash') return trashedSlug(postName(previous));
  if (a.requested) return truncateSlug(a.requested, SLUG_MAX);
  let current = previous ? postName(previous) : '';
  // Leaving the trash: the slug it had before.
  if (previous?.status === 'trash' && a.status !== 'trash') current = previous.desired_slug ?? current;
  if (current && a.requested === undefined) return current === previous?.slug ? undefined : current;
  return isFloating(a.status) && !a.named ? noSlug(a.id) : fromTitle(a);
}

/** sanitize_title( title, id ), at most SLUG_MAX characters (its utf8_uri_encode( $title, 200 )): the id when the title gives nothing. */
const fromTitle = (a: { id: number; title: string }) => truncateSlug(sanitizeTitle(a.title), SLUG_MAX) || String(a.id);

/**
 * What an update moving `previous` to `status` changes besides its fields: the slug (slugForWrite), and the trash
 * bookkeeping (the status and slug it had, set on entering the trash and dropped on leaving it).
 */
export function slugChanges(previous: SlugPost & { trashed_from?: string }, a: { status: string; title: string; requested?: string; named?: boolean }): { set: Record<string, string>; unset: string[] } {
  const set: Record<string, string> = {};
  const unset: string[] = [];
  const slug = slugForWrite({ id: previous.id, ...a, previous });
  if (slug !== undefined && slug !== previous.slug) set.slug = slug;
  if (a.status === 'trash' && previous.status !== 'trash') Object.assign(set, { trashed_from: previous.status, desired_slug: postName(previous) });
  if (previous.status === 'trash' && a.status !== 'trash') unset.push('trashed_from', 'desired_slug');
  return { set, unset };
}
