/** The matrix rows of core/v2 comments (WP_REST_Comments_Controller's permission checks). */
import type { MatrixWorld, Row } from './harness';

/** A published post of the administrator's and an approved comment of theirs on it (optionally held). */
async function commented(w: MatrixWorld, extra: Record<string, unknown> = {}): Promise<number> {
  const post = await w.made('posts', { title: w.unique('c'), status: 'publish' });
  return w.made('comments', { post, content: w.unique('comment'), ...extra });
}

/** Each cell comments afresh: the flood rule (15 s between two comments of one user) is forgotten first. */
async function freshPost(w: MatrixWorld, extra: Record<string, unknown> = {}): Promise<number> {
  await w.store.collection('comment_flood').deleteMany({});
  return w.made('posts', { title: w.unique('c'), status: 'publish', ...extra });
}

export const commentsRows: Row[] = [
  { name: 'list comments', method: 'get', path: () => 'comments', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'list comments, edit context',
    method: 'get',
    path: () => 'comments?context=edit',
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'list held comments',
    method: 'get',
    path: () => 'comments?status=hold',
    expect: [401, 403, 200, 200, 200, 200],
  },
  {
    name: "list a private post's comments",
    method: 'get',
    path: async (w) => `comments?post=${await w.made('posts', { title: w.unique('p'), status: 'private' })}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'read an approved comment',
    method: 'get',
    path: async (w) => `comments/${await commented(w)}`,
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: "read someone else's held comment",
    method: 'get',
    path: async (w) => `comments/${await commented(w, { status: 'hold' })}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'read a comment, edit context',
    method: 'get',
    path: async (w) => `comments/${await commented(w)}?context=edit`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'create a comment',
    method: 'post',
    path: async (w) => `comments?post=${await freshPost(w)}`,
    body: (w) => ({ content: w.unique('hello') }),
    expect: [401, 201, 201, 201, 201, 201],
  },
  {
    name: 'create a comment with a status',
    method: 'post',
    path: async (w) => `comments?post=${await freshPost(w)}`,
    body: (w) => ({ content: w.unique('hello'), status: 'approved' }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  {
    name: 'create a comment as another user',
    method: 'post',
    path: async (w) => `comments?post=${await freshPost(w)}`,
    body: (w) => ({ content: w.unique('hello'), author: 1 }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  {
    name: 'create a comment on a closed post',
    method: 'post',
    path: async (w) => `comments?post=${await freshPost(w, { comment_status: 'closed' })}`,
    body: (w) => ({ content: w.unique('hello') }),
    expect: [401, 403, 403, 403, 403, 403],
  },
  {
    name: "update someone else's comment",
    method: 'post',
    path: async (w) => `comments/${await commented(w)}`,
    body: (w) => ({ content: w.unique('edited') }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: "trash someone else's comment",
    method: 'delete',
    path: async (w) => `comments/${await commented(w)}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: "delete someone else's comment",
    method: 'delete',
    path: async (w) => `comments/${await commented(w)}?force=true`,
    expect: [401, 403, 403, 403, 200, 200],
  },
];
