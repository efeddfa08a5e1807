/**
 * Post slugs (post_name) as wp_unique_post_slug() makes them: no check while draft or pending; flat types unique
 * within their type (a numeric post slug would clash with date archives under `/%postname%/`); hierarchical
 * types unique among siblings and attachments (and never `page2`-like or numeric); attachments unique across
 * every type; templates unique within their type and theme (wp_filter_wp_template_unique_post_slug, which answers
 * before the feed names are checked). Feed names and `embed` are never used as they are. Collisions get `-2`, `-3`, ...
 */
import * as core from './contract';
import type { Collection, Filter } from '@loom/store';
import type { SlugRule } from './behaviour';

/** Types whose slugs differ from every post's (attachments): siblings avoid theirs too. */
const slugsEverywhere = core.derived(() => core.allPostTypes().filter((t) => t.slugScope === 'everywhere').map((t) => t.name));

/** Feed names ($wp_rewrite->feeds). */
const FEEDS = ['feed', 'rdf', 'rss', 'rss2', 'atom'];

/** The post_name column's length. */
export const SLUG_MAX = 200;

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
      for (let i = 0; i < bytes.length; ) {
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

export interface SlugTarget {
  id: number;
  status: string;
  type: string;
  parent: number;
  /** The type's rule (its behaviour's `slugs`). */
  rule: SlugRule;
  /** The slug the post has now (a stored numeric slug may stay). */
  currentSlug?: string;
  /** The post's theme (templates: the scope of their slugs). */
  theme?: string;
}

/** Statuses wp_unique_post_slug() leaves alone: their posts may share a slug (they get a unique one when published). */
export const SHARED_SLUG_STATUSES: readonly string[] = ['draft', 'pending', 'auto-draft'];

/**
 * wp_unique_post_slug(). `from` (2 or more) skips the slug itself and the suffixes below it: a write whose slug
 * a concurrent write took moves on from there.
 */
export async function uniquePostSlug(posts: Collection, slug: string, t: SlugTarget, from = 1): Promise<string> {
  if (SHARED_SLUG_STATUSES.includes(t.status)) return slug;
  // Attachments' slugs differ from every post's; hierarchical types' from their siblings' and attachments'.
  const scope = scopeFilter(t);
  // The template filter answers before wp_unique_post_slug() looks at feed names.
  const bad = (t.rule.reserved?.(slug, t.currentSlug) ?? false) || (t.rule.scope !== 'theme' && (FEEDS.includes(slug) || slug === 'embed'));
  // WordPress tests the found post_name's truthiness, so '' and '0' never count as taken.
  const taken = async (candidate: string) => candidate !== '' && candidate !== '0' && (await posts.count({ ...scope, slug: candidate, id: { $ne: t.id } })) > 0;
  if (from <= 1 && !(await taken(slug)) && !bad) return slug;
  for (let suffix = Math.max(2, from); ; suffix++) {
    const alt = `${truncateSlug(slug, SLUG_MAX - (String(suffix).length + 1))}-${suffix}`;
    if (!(await taken(alt))) return alt;
  }
}

/** The posts a slug must differ from, by the type's scope. */
function scopeFilter(t: SlugTarget): Filter {
  switch (t.rule.scope) {
    case 'everywhere':
      return {};
    case 'siblings':
      return { type: { $in: [t.type, ...slugsEverywhere()] }, parent: t.parent };
    case 'theme':
      return { type: t.type, theme: t.theme ?? '' };
    case 'type':
      return { type: t.type };
  }
}

/** The suffix uniquePostSlug() gave `slug` made from `base` (1: none). */
export function slugSuffix(slug: string, base: string): number {
  const m = /-(\d+)$/.exec(slug);
  return slug !== base && m && slug === `${truncateSlug(base, SLUG_MAX - (m[1]!.length + 1))}-${m[1]}` ? Number(m[1]) : 1;
}

/**
 * The key under which the store's sparse unique index holds a post's slug, when wp_unique_post_slug() makes
 * that slug unique: the type and slug, plus the parent in a hierarchical type (pages are unique among their
 * siblings, templates within their theme). None while the status lets posts share a slug, nor for '' and '0', which never count as taken.
 * Attachments, unique across every type in WordPress, do not exist yet: their rule is only uniquePostSlug's check.
 */
export function slugKey(post: { type: string; status: string; slug: string; parent: number; theme?: unknown }, rule: SlugRule): string | undefined {
  if (SHARED_SLUG_STATUSES.includes(post.status) || post.slug === '' || post.slug === '0') return undefined;
  if (rule.scope === 'siblings') return JSON.stringify([post.type, post.parent, post.slug]);
  if (rule.scope === 'theme') return JSON.stringify([post.type, String(post.theme ?? ''), post.slug]);
  return JSON.stringify([post.type, post.slug]);
}

/** wp_add_trashed_suffix_to_post_name_for_post(): `slug__trashed`, so the slug is free for other posts. */
export function trashedSlug(slug: string): string {
  return slug.endsWith('__trashed') ? slug : `${truncateSlug(slug, 191)}__trashed`;
}
