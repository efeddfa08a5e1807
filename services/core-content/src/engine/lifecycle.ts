/**
 * The seam for what follows a post's life without being part of it: revisions and autosaves (issue item 6)
 * register here rather than being called from the repository. WordPress's equivalents are the
 * `post_updated` / `wp_after_insert_post` actions (wp_save_post_revision hangs off them), `before_delete_post`
 * (revisions go with their parent) and wp_get_latest_revision_id_and_total_count() for the links.
 */
import { listeners } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { PostDoc } from './post';

export interface RevisionSummary {
  count: number;
  /** The newest revision's id, when count > 0 (the `predecessor-version` link). */
  latestId?: number;
}

/** Who saved, and how: WordPress's current user and DOING_AUTOSAVE. */
export interface SaveContext {
  /** The user making the change (0 for none: scheduled publishing). */
  userId: number;
  /** An autosave writing the post itself (wp_save_post_revision stores nothing then). */
  autosave?: boolean;
}

export interface PostLifecycle {
  /** After a create (`previous` null) or an update, once the post and its terms are stored. */
  saved?(current: PostDoc, previous: PostDoc | null, store: Store, by: SaveContext): Promise<void>;
  /** After a permanent delete. */
  deleted?(post: PostDoc, store: Store): Promise<void>;
  /** The `version-history` link's count and the latest revision (several posts at once, for a page of results). */
  revisions?(posts: PostDoc[], store: Store): Promise<Map<number, RevisionSummary>>;
}

const registered = listeners<PostLifecycle>();
const hooks = registered.all;

/** Registers a listener (the revisions module does this once, at start-up). Returns a function removing it. */
export const onPostLifecycle = (hook: PostLifecycle): (() => void) => registered.add(hook);

export async function postSaved(
  current: PostDoc,
  previous: PostDoc | null,
  store: Store,
  by: SaveContext = { userId: 0 },
): Promise<void> {
  for (const h of hooks) await h.saved?.(current, previous, store, by);
}

export async function postDeleted(post: PostDoc, store: Store): Promise<void> {
  for (const h of hooks) await h.deleted?.(post, store);
}

/** Revision counts for a page of posts; 0 for every post until a listener answers. */
export async function revisionSummaries(posts: PostDoc[], store: Store): Promise<Map<number, RevisionSummary>> {
  const out = new Map<number, RevisionSummary>(posts.map((p) => [p.id, { count: 0 }]));
  for (const h of hooks) {
    if (!h.revisions) continue;
    for (const [id, summary] of await h.revisions(posts, store)) out.set(id, summary);
  }
  return out;
}
