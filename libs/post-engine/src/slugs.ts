/**
 * The pure part of WordPress's post_name rules (wp-includes/post.php, WordPress 6.4), which core-content's post
 * types and the events service's events, venues and organizers both follow: the column's length and
 * _truncate_post_slug(), the `__trashed` suffix and its bookkeeping, the names wp_unique_post_slug() never leaves
 * as they are and its `-2`, `-3`... suffixes. Which posts a slug must differ from (and so the store queries) stays
 * with each service: `taken` is asked of the caller.
 */

/** The post_name column's length (wp_unique_post_slug() shortens slugs to fit it when adding a suffix). */
export const SLUG_MAX = 200;

/** The length a slug is cut to before `__trashed` is added (wp_add_trashed_suffix_to_post_name_for_post). */
export const TRASHED_SLUG_MAX = 191;

/** The suffix trashing adds to a slug. */
export const TRASHED_SUFFIX = '__trashed';

/** Feed names ($wp_rewrite->feeds): never used as a slug as they are, nor is `embed`. */
export const FEED_NAMES: readonly string[] = ['feed', 'rdf', 'rss', 'rss2', 'atom'];

/** Statuses wp_unique_post_slug() leaves alone: their posts may share a slug (they get a unique one when published). */
export const SHARED_SLUG_STATUSES: readonly string[] = ['draft', 'pending', 'auto-draft'];

/** _truncate_post_slug(): shortened to `length` bytes, never inside a percent-encoded character, no trailing dash. */
export function truncateSlug(slug: string, length = SLUG_MAX): string {
  let s = slug;
  if (s.length > length) {
    s = s.slice(0, length);
    // Drop a percent-encoded UTF-8 character cut in the middle (a stray `%` or `%x`, or an incomplete sequence).
    s = s.replace(/%[0-9a-f]?$/i, '');
    const tail = /((?:%[0-9a-f]{2})+)$/i.exec(s);
    if (tail) {
      const bytes = tail[1]!.match(/%[0-9a-f]{2}/gi)!.map((h) => parseInt(h.slice(1), 16));
      let keep = 0;
      for (let i = 0; i < bytes.length;) {
        const b = bytes[i]!;
        const len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (i + len > bytes.length) break;
        i += len;
        keep = i;
      }
      s = s.slice(0, s.length - (bytes.length - keep) * 3);
    }
  }
  return s.replace(/-+$/, '');
}

/** Whether a slug already carries the trashed suffix (wp_add_trashed_suffix_to_post_name_for_post leaves it as it is). */
export const isTrashedSlug = (slug: string): boolean => slug.endsWith(TRASHED_SUFFIX);

/** wp_add_trashed_suffix_to_post_name_for_post(): `slug__trashed`, the slug cut to 191 bytes first, so it is free for other posts. */
export function trashedSlug(slug: string): string {
  return isTrashedSlug(slug) ? slug : `${truncateSlug(slug, TRASHED_SLUG_MAX)}${TRASHED_SUFFIX}`;
}

/** What the slug rules read of the post before a write. */
export interface SlugBefore {
  status: string;
  /** Its post_name ('' when it has none). */
  slug: string;
  /** The slug remembered when it was trashed (_wp_desired_post_slug). */
  desired_slug?: string;
}

/**
 * wp_insert_post()'s slug across the trash, applied to the `slug` the write would otherwise store: a post leaving
 * the trash gets back the slug it had (when one was remembered, whatever was sent); a post entering it keeps its
 * stored slug with `__trashed` (whatever was sent).
 */
export function slugAcrossTrash(slug: string, previous: SlugBefore, status: string): string {
  if (previous.status === 'trash' && status !== 'trash' && previous.desired_slug) return previous.desired_slug;
  if (status === 'trash' && previous.status !== 'trash') return trashedSlug(previous.slug);
  return slug;
}

/** The trash bookkeeping a post carries while in the trash. */
export interface TrashFields {
  /** Its status before (_wp_trash_meta_status). */
  trashed_from?: string;
  /** When it was trashed, as a UTC stamp (_wp_trash_meta_time). */
  trashed_at?: string;
  /** Its slug before (_wp_desired_post_slug), only when that had no `__trashed`. */
  desired_slug?: string;
}

/**
 * What a write moving `previous` to `status` at `nowGmt` sets and removes of the trash bookkeeping: entering the
 * trash remembers the status, the time and the slug (wp_trash_post, wp_add_trashed_suffix_to_post_name_for_post:
 * not a slug that already ends in `__trashed`); leaving it forgets them (wp_untrash_post, wp_insert_post).
 */
export function trashChanges(
  previous: SlugBefore,
  status: string,
  nowGmt: string,
): { set: TrashFields; unset: (keyof TrashFields)[] } {
  if (status === 'trash' && previous.status !== 'trash') {
    const set: TrashFields = { trashed_from: previous.status, trashed_at: nowGmt };
    if (!isTrashedSlug(previous.slug)) set.desired_slug = previous.slug;
    return { set, unset: [] };
  }
  if (previous.status === 'trash' && status !== 'trash')
    return { set: {}, unset: ['trashed_from', 'trashed_at', 'desired_slug'] };
  return { set: {}, unset: [] };
}

/** Whether wp_unique_post_slug() moves a slug on even when no other post holds it: a feed name, or `embed`. */
export const isReservedSlug = (slug: string): boolean => FEED_NAMES.includes(slug) || slug === 'embed';

/** wp_unique_post_slug()'s candidate with `suffix` (2 or more): the slug shortened to leave room for `-<suffix>` within SLUG_MAX. */
export const suffixedSlug = (slug: string, suffix: number): string =>
  `${truncateSlug(slug, SLUG_MAX - (String(suffix).length + 1))}-${suffix}`;

/** The suffix uniqueSlug() gave `slug` made from `base` (1: none). */
export function slugSuffix(slug: string, base: string): number {
  const m = /-(\d+)$/.exec(slug);
  return slug !== base && m && slug === `${truncateSlug(base, SLUG_MAX - (m[1]!.length + 1))}-${m[1]}`
    ? Number(m[1])
    : 1;
}

/**
 * wp_unique_post_slug()'s search: `slug` itself unless it is taken or `reserved`, else the first of `-2`, `-3`...
 * (suffixedSlug) not taken. `from` (2 or more) skips the slug itself and the suffixes below it: a write whose slug a
 * concurrent write took moves on from there. `taken` asks the service's store (the posts the slug must differ from).
 */
export async function uniqueSlug(
  slug: string,
  taken: (candidate: string) => Promise<boolean>,
  options: { reserved?: boolean; from?: number } = {},
): Promise<string> {
  const from = options.from ?? 1;
  if (from <= 1 && !options.reserved && !(await taken(slug))) return slug;
  for (let suffix = Math.max(2, from); ; suffix++) {
    const alt = suffixedSlug(slug, suffix);
    if (!(await taken(alt))) return alt;
  }
}
