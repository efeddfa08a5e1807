/**
 * post_name as wp_insert_post() sets it for events, venues and organizers:
 * - a draft or pending event written without a slug has none (''), until it leaves those statuses, when it gets
 *   its title's; venues and organizers always have one, as the plugin names them from their title whatever their
 *   status (Tribe__Events__Venue::create, __Organizer::create);
 * - trashing adds `__trashed` (remembering the slug, unless it already ends so), so a new post of the same title
 *   gets the clean slug; leaving the trash gives the remembered slug back, whatever slug was sent.
 * The store's unique (type, slug) index cannot hold several empty slugs, so a post without one stores a
 * placeholder no sanitized slug can equal (`#<id>`), and is answered as ''.
 */
import { sanitizeTitle } from '@loom/contracts';
import { isFloating, SLUG_MAX, slugAcrossTrash, trashChanges, trashedSlug, truncateSlug } from '@loom/post-engine';
import { formatUtc } from '../dates/post-dates';

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
 * from its title in every status. As wp_insert_post: the slug sent, else the stored one; across the trash, the
 * remembered slug on leaving it and the stored one with `__trashed` on entering it, whatever was sent
 * (@loom/post-engine's slugAcrossTrash); none then is the title's, unless the status floats.
 */
export function slugForWrite(a: {
  id: number;
  status: string;
  title: string;
  requested?: string;
  previous?: SlugPost;
  named?: boolean;
}): string | undefined {
  const { previous } = a;
  let slug = a.requested !== undefined ? truncateSlug(a.requested, SLUG_MAX) : previous ? postName(previous) : '';
  if (previous)
    slug = slugAcrossTrash(
      slug,
      { status: previous.status, slug: postName(previous), desired_slug: previous.desired_slug },
      a.status,
    );
  if (slug) return slug === previous?.slug ? undefined : slug;
  return isFloating(a.status) && !a.named ? noSlug(a.id) : fromTitle(a);
}

/** sanitize_title( title, id ), at most SLUG_MAX characters (its utf8_uri_encode( $title, 200 )): the id when the title gives nothing. */
const fromTitle = (a: { id: number; title: string }) => truncateSlug(sanitizeTitle(a.title), SLUG_MAX) || String(a.id);

/**
 * What an update moving `previous` to `status` at `now` changes besides its fields: the slug (slugForWrite), and the
 * trash bookkeeping (@loom/post-engine's trashChanges: the status, time and slug without `__trashed` it had, set on
 * entering the trash and dropped on leaving it).
 */
export function slugChanges(
  previous: SlugPost,
  a: { status: string; title: string; requested?: string; named?: boolean },
  now = Date.now(),
): { set: Record<string, string>; unset: string[] } {
  const set: Record<string, string> = {};
  const slug = slugForWrite({ id: previous.id, ...a, previous });
  if (slug !== undefined && slug !== previous.slug) set.slug = slug;
  const trash = trashChanges({ status: previous.status, slug: postName(previous) }, a.status, formatUtc(now));
  Object.assign(set, trash.set);
  return { set, unset: trash.unset };
}
