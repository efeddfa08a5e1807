/**
 * Threads: a reply answers an approved comment of the same post (wp_handle_comment_submission refuses replies to
 * unapproved comments; the REST controller checks nothing, which Loom does not copy), no deeper than
 * thread_comments_depth while threading is on.
 */
import { wpError } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { DiscussionSettings } from './discussion';
import { COMMENTS, type CommentDoc } from './repository';

export async function checkThread(
  store: Store,
  c: { post: number; parent: number },
  o: DiscussionSettings,
): Promise<void> {
  if (!c.parent) return;
  const comments = store.collection<CommentDoc>(COMMENTS);
  const parent = await comments.findOne({ id: c.parent });
  if (!parent || parent.approved !== '1') throw wpError('comment_reply_to_unapproved_comment');
  if (parent.post !== c.post) throw wpError('loom_comment_parent_other_post');
  if (!o.threadComments) return;
  // The parent's depth (1 at the top), counted up its ancestors; the reply goes one deeper.
  let depth = 1;
  const seen = new Set([parent.id]);
  for (let up = parent.parent; up && depth < o.threadDepth && !seen.has(up); depth++) {
    seen.add(up);
    up = (await comments.findOne({ id: up }))?.parent ?? 0;
  }
  if (depth + 1 > o.threadDepth)
    throw wpError('loom_comment_thread_too_deep', {
      message: `Replies may be nested at most ${o.threadDepth} levels deep.`,
    });
}
