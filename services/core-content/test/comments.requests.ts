/**
 * What the comments suites do in a core/v2 world (@loom/testing's startWorld): posts to comment on, and comments
 * written without the flood rule getting in the way (a test of that rule writes its comments itself).
 */
import { as, make, type Caller, type World } from '@loom/testing';

export const BASE = 'http://loom.test';

/** A post made by the administrator (published unless said otherwise). */
export const newPost = (w: World, extra: Record<string, unknown> = {}) =>
  make(as(w, 'administrator'), 'posts', {
    title: `Post ${Math.random().toString(36).slice(2, 8)}`,
    status: 'publish',
    ...extra,
  });

/**
 * POST /core/v2/comments as the caller, its last comment forgotten by the flood rule first (wp_throttle_comment_flood
 * wants 15 s between two comments of one user, address or e-mail address).
 */
export async function comment(w: World, caller: Caller | Record<string, string>, body: Record<string, unknown>) {
  await w.core.store.collection('comment_flood').deleteMany({});
  return as(w, caller).post('/core/v2/comments', body);
}

/** A comment that must be created (fails the test otherwise); its body. */
export async function made(w: World, caller: Caller, body: Record<string, unknown>) {
  const r = await comment(w, caller, body);
  if (r.status !== 201) throw new Error(`creating a comment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown> & { id: number };
}

/** An approved comment by the administrator (moderators are approved at once). */
export const approved = (w: World, post: number, extra: Record<string, unknown> = {}) =>
  made(w, 'administrator', { post, content: `A comment ${Math.random().toString(36).slice(2, 10)}`, ...extra });

/** A comment as the store keeps it. */
export const stored = (w: World, id: number) => w.core.store.collection('comments').findOne({ id });
