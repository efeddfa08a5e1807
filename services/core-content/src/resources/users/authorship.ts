/**
 * What users have to do with content: whether someone has published anything (authors of published content are
 * public, as in WordPress) and what happens to their content when they are deleted. Read straight from the
 * `posts` collection (documents with `author`, `status`, `type`) that the posts repository will own.
 */
import * as core from '../../routes';
import type { Store } from '@loom/store';
import { deleteAuthorContent } from '../../engine/repository';
import { REVISION } from '../../engine/revisions/repository';

export const POSTS = 'posts';

/**
 * Post types wp_delete_user() deletes with their author (delete_with_user, from the registry, and revisions,
 * which WordPress registers with it); others are left in place.
 */
export const DELETE_WITH_USER = core.derived(() => [
  ...core
    .allPostTypes()
    .filter((t) => t.deleteWithUser)
    .map((t) => t.name),
  REVISION,
]);

interface PostRef extends Record<string, unknown> {
  author?: number;
  status?: string;
  type?: string;
}

/** count_user_posts( $id, $types ) > 0, for the given statuses (publish; private too for readers who may see it). */
export async function hasContent(
  store: Store,
  userId: number,
  opts: { statuses: string[]; types?: readonly string[] },
): Promise<boolean> {
  const types = [...(opts.types ?? core.REST_POST_TYPES())];
  return (
    (await store
      .collection<PostRef>(POSTS)
      .findOne({ author: userId, status: { $in: opts.statuses }, type: { $in: types } })) !== null
  );
}

/** The users among `ids` with published content of `types` (WP_User_Query's has_published_posts). */
export async function publishedAuthors(store: Store, ids: number[], types: readonly string[]): Promise<Set<number>> {
  const out = new Set<number>();
  // One indexed lookup per candidate: user lists are short next to post lists.
  for (const id of ids) if (await hasContent(store, id, { statuses: ['publish'], types })) out.add(id);
  return out;
}

/**
 * wp_delete_user( $id, $reassign ): every post of the user goes to `reassign`, or, with null, the types that are
 * deleted with their author go, through the posts repository (term counts, child pages, revisions).
 */
export async function releaseContent(store: Store, userId: number, reassign: number | null): Promise<void> {
  if (reassign === null) await deleteAuthorContent(store, userId, DELETE_WITH_USER());
  else await store.collection<PostRef>(POSTS).updateMany({ author: userId }, { $set: { author: reassign } });
}

export async function ensureAuthorshipIndexes(store: Store): Promise<void> {
  // Authorship lookups (above) are by author; the posts repository adds its own indexes (ensurePostIndexes).
  await store.collection(POSTS).ensureIndex({ fields: ['author'] });
}
