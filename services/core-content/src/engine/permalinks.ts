/**
 * Permalinks with the `/%postname%/` structure: get_permalink() (posts `{home}/{slug}/`, pages `{home}/{ancestors}/
 * {slug}/`), the plain `?p=ID` / `?page_id=ID` form wp_force_plain_post_permalink() falls back to, and
 * get_sample_permalink() for `permalink_template` and `generated_slug`.
 */
import { sanitizeTitle } from '@loom/contracts';
import type { PostDoc } from './post';
import { statusObject, type PermalinkContext } from './behaviour';

export type { PermalinkContext } from './behaviour';

/** get_page_uri(): the slugs from the root ancestor down to the post. */
export function pageUri(post: Pick<PostDoc, 'slug'>, ancestors: PostDoc[]): string {
  return [...ancestors]
    .reverse()
    .map((a) => a.slug)
    .concat(post.slug)
    .join('/');
}

/** wp_force_plain_post_permalink(): viewable statuses never, private ones unless readable, protected ones for samples. */
export function forcePlain(status: string, canRead: boolean, sample: boolean): boolean {
  const s = statusObject(status);
  if (!s) return true;
  if (s.public) return false;
  if (s.private && canRead) return false;
  if (s.protected && sample) return false;
  return true;
}

const plain = (c: PermalinkContext, id: number) => `${c.homeUrl}/?${c.rules.plainQuery(id)}`;

/** get_permalink(). */
export function permalink(
  post: Pick<PostDoc, 'id' | 'slug' | 'status'> & Partial<Pick<PostDoc, 'parent'>>,
  c: PermalinkContext,
): string {
  if (c.rules.linksHome?.(post.id)) return `${c.homeUrl}/`;
  // A type whose links are its own (attachments: get_attachment_link, under their parent's).
  if (c.rules.permalink) return c.rules.permalink({ parent: 0, ...post }, c);
  // A type with no permalink structure (not viewable: blocks, navigation) always links in the plain form.
  if (!c.rules.permastructToken || forcePlain(post.status, c.canRead, false) || !post.slug) return plain(c, post.id);
  const path = c.rules.object.hierarchical ? pageUri(post, c.ancestors) : post.slug;
  return `${c.homeUrl}/${path}/`;
}

/**
 * get_sample_permalink( $post, $post->post_title, '' ): drafts, pending and scheduled posts are previewed as if
 * published, and the slug is the title's, made unique as wp_unique_post_slug would (`unique`).
 */
export async function samplePermalink(
  post: Pick<PostDoc, 'id' | 'title' | 'status'> & Partial<Pick<PostDoc, 'parent'>>,
  c: PermalinkContext,
  unique: (slug: string, status: string) => Promise<string>,
): Promise<{ template: string; generatedSlug: string }> {
  const previewed = ['auto-draft', 'draft', 'pending', 'future'].includes(post.status) ? 'publish' : post.status;
  const generatedSlug = await unique(sanitizeTitle(post.title) || String(post.id), previewed);
  let template: string;
  if (c.rules.permalink) {
    template = c.rules.permalink({ id: post.id, status: post.status, parent: post.parent ?? 0, slug: '%postname%' }, c);
  } else if (c.rules.plainSampleWhenHidden && forcePlain(post.status, c.canRead, true)) {
    template = plain(c, post.id);
  } else if (c.rules.object.hierarchical) {
    const parents = c.ancestors.length ? `${pageUri({ slug: '' }, c.ancestors).replace(/\/$/, '')}/` : '';
    template = `${c.homeUrl}/${parents}%pagename%/`;
  } else {
    template = `${c.homeUrl}/${c.rules.permastructToken}/`;
  }
  return { template, generatedSlug };
}
