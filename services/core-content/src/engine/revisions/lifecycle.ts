/**
 * The revisions module's hooks on a post's life (posts/lifecycle.ts), registered once: a revision after each
 * save that changes what revisions keep, revisions and autosaves deleted with their post, and the
 * `version-history` / `predecessor-version` figures for a page of posts.
 */
import { onPostLifecycle, type PostLifecycle } from '../lifecycle';
import { REVISION, RevisionRepository } from './repository';

export const revisionLifecycle: PostLifecycle = {
  async saved(current, previous, store, by) {
    await new RevisionRepository(store).saveRevision(current, previous, by);
  },
  async deleted(post, store) {
    if (post.type !== REVISION) await new RevisionRepository(store).deleteAllOf(post.id);
  },
  async revisions(posts, store) {
    return new RevisionRepository(store).summaries(posts.filter((p) => p.type !== REVISION).map((p) => p.id));
  },
};

let registered = false;

/** Registers the hooks (idempotent: the service module and tests may both ask). */
export function registerRevisionLifecycle(): void {
  if (registered) return;
  registered = true;
  onPostLifecycle(revisionLifecycle);
}
