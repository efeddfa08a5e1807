/**
 * Post slugs (post_name) as wp_unique_post_slug() makes them: no check while draft or pending; flat types unique
 * within their type (a numeric post slug would clash with date archives under `/%postname%/`); hierarchical
 * types unique among siblings and attachments (and never `page2`-like or numeric); attachments unique across
 * every type; templates unique within their type and theme (wp_filter_wp_template_unique_post_slug, which answers
 * before the feed names are checked). Feed names and `embed` are never used as they are. Collisions get `-2`, `-3`, ...
 * The pure rules (truncation, `__trashed`, reserved names, suffixes) are @loom/post-engine's, shared with events;
 * the scopes and the store queries are this service's.
 */
import {
  isReservedSlug,
  SHARED_SLUG_STATUSES,
  slugSuffix,
  trashedSlug,
  truncateSlug,
  SLUG_MAX,
  uniqueSlug,
} from '@loom/post-engine';
import * as core from './contract';
import type { Collection, Filter } from '@loom/store';
import type { SlugRule } from './behaviour';

// Shared with events (@loom/post-engine), re-exported for this module's users.
export { SHARED_SLUG_STATUSES, slugSuffix, SLUG_MAX, trashedSlug, truncateSlug };

/** Types whose slugs differ from every post's (attachments): siblings avoid theirs too. */
const slugsEverywhere = core.derived(() =>
  core
    .allPostTypes()
    .filter((t) => t.slugScope === 'everywhere')
    .map((t) => t.name),
);

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

/**
 * wp_unique_post_slug(). `from` (2 or more) skips the slug itself and the suffixes below it: a write whose slug
 * a concurrent write took moves on from there.
 */
export async function uniquePostSlug(posts: Collection, slug: string, t: SlugTarget, from = 1): Promise<string> {
  if (SHARED_SLUG_STATUSES.includes(t.status)) return slug;
  // Attachments' slugs differ from every post's; hierarchical types' from their siblings' and attachments'.
  const scope = scopeFilter(t);
  // The template filter answers before wp_unique_post_slug() looks at feed names.
  const reserved =
    (t.rule.reserved?.(slug, t.currentSlug) ?? false) || (t.rule.scope !== 'theme' && isReservedSlug(slug));
  // WordPress tests the found post_name's truthiness, so '' and '0' never count as taken.
  const taken = async (candidate: string) =>
    candidate !== '' && candidate !== '0' && (await posts.count({ ...scope, slug: candidate, id: { $ne: t.id } })) > 0;
  return uniqueSlug(slug, taken, { reserved, from });
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

/**
 * The key under which the store's sparse unique index holds a post's slug, when wp_unique_post_slug() makes
 * that slug unique: the type and slug, plus the parent in a hierarchical type (pages are unique among their
 * siblings, templates within their theme). None while the status lets posts share a slug, nor for '' and '0', which never count as taken.
 * Attachments, unique across every type in WordPress, do not exist yet: their rule is only uniquePostSlug's check.
 */
export function slugKey(
  post: { type: string; status: string; slug: string; parent: number; theme?: unknown },
  rule: SlugRule,
): string | undefined {
  if (SHARED_SLUG_STATUSES.includes(post.status) || post.slug === '' || post.slug === '0') return undefined;
  if (rule.scope === 'siblings') return JSON.stringify([post.type, post.parent, post.slug]);
  if (rule.scope === 'theme') return JSON.stringify([post.type, String(post.theme ?? ''), post.slug]);
  return JSON.stringify([post.type, post.slug]);
}
