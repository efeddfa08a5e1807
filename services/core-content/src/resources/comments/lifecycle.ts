/**
 * What a post's life does to its comments, whichever route or process changed the post: trashing the post
 * trashes its comments (wp_trash_post_comments: each becomes `post-trashed`, remembering what it was) and
 * untrashing restores them (wp_untrash_post_comments); deleting it for good deletes them (wp_delete_post); and each
 * comment's copy of its post's visibility fields follows the post.
 */
import type { Store } from '@loom/store';
import { onPostLifecycle } from '../../engine/lifecycle';
import type { PostDoc } from '../../engine/repository';
import { APPROVALS, COMMENTS, postFields, recountComments, type CommentDoc } from './repository';

async function trashPostComments(store: Store, post: number): Promise<void> {
  const comments = store.collection<CommentDoc>(COMMENTS);
  for (const approved of APPROVALS.filter((a) => a !== 'post-trashed'))
    await comments.updateMany({ post, approved }, { $set: { approved: 'post-trashed', post_trashed_from: approved } });
}

async function untrashPostComments(store: Store, post: number): Promise<void> {
  const comments = store.collection<CommentDoc>(COMMENTS);
  for (const approved of APPROVALS.filter((a) => a !== 'post-trashed'))
    await comments.updateMany(
      { post, approved: 'post-trashed', post_trashed_from: approved },
      { $set: { approved }, $unset: { post_trashed_from: true } },
    );
}

const sameFields = (a: PostDoc, b: PostDoc) => JSON.stringify(postFields(a)) === JSON.stringify(postFields(b));

/** Registers the listener (service.ts, once). */
export function registerCommentLifecycle(): void {
  onPostLifecycle({
    async saved(current, previous, store) {
      if (!previous) return;
      if (!sameFields(current, previous))
        await store.collection<CommentDoc>(COMMENTS).updateMany({ post: current.id }, { $set: postFields(current) });
      const trashed = current.status === 'trash' && previous.status !== 'trash';
      const restored = previous.status === 'trash' && current.status !== 'trash';
      if (trashed) await trashPostComments(store, current.id);
      if (restored) await untrashPostComments(store, current.id);
      if (trashed || restored) await recountComments(store, current.id);
    },
    async deleted(post, store) {
      await store.collection(COMMENTS).deleteMany({ post: post.id });
    },
  });
}
