/**
 * Comments: storage and WordPress's comment rules on it (wp_insert_comment, wp_update_comment, wp_set_comment_status,
 * wp_trash/untrash/spam/unspam_comment, wp_delete_comment, WP_Comment_Query), no HTTP. Each comment carries a
 * copy of what readers' visibility depends on in its post (type, status, author, whether it has a password), so a
 * collection is one indexed query whose total counts only what the caller may see; the post lifecycle keeps the
 * copy current (lifecycle.ts).
 */
import { createHash } from 'node:crypto';
import { own } from '@loom/contracts';
import { wpError } from '@loom/service-kit';
import { DuplicateKeyError, type Collection, type Filter, type Sort, type Store } from '@loom/store';
import { POSTS, type PostDoc } from '../../engine/repository';

export const COMMENTS = 'comments';
const COMMENT_SEQUENCE = 'comments';

/** comment_approved: '1' approved, '0' held, and the others by name. */
export type Approval = '1' | '0' | 'spam' | 'trash' | 'post-trashed';
export const APPROVALS: readonly Approval[] = ['1', '0', 'spam', 'trash', 'post-trashed'];

/** A comment's stored fields but its id and duplicate claim (what an insert gives). */
export interface CommentFields {
  post: number;
  parent: number;
  /** user_id: the commenter's account, 0 for none. */
  user_id: number;
  author_name: string;
  author_email: string;
  /** The address lower-cased: MySQL's collation compares it without case. */
  author_email_key: string;
  author_url: string;
  author_ip: string;
  /** comment_agent. */
  agent: string;
  /** comment_date (site-local) and comment_date_gmt, `YYYY-MM-DDTHH:MM:SS`. */
  date: string;
  date_gmt: string;
  content: string;
  approved: Approval;
  type: 'comment';
  /** _wp_trash_meta_status and _wp_trash_meta_time: what a trashed or spammed comment was, and when. */
  trashed_from?: Approval;
  trashed_at?: string;
  /** The comment's status before its post went to the trash (the post's _wp_trash_meta_comments_status). */
  post_trashed_from?: Approval;
  /** What visibility needs of the post (see the file comment). */
  post_type: string;
  post_status: string;
  post_author: number;
  post_protected: boolean;
}

export interface CommentDoc extends CommentFields, Record<string, unknown> {
  id: number;
  /**
   * wp_allow_comment's duplicate check as a unique claim: post, parent, author, e-mail and content, held by every
   * comment outside the trash, so two replicas cannot store the same comment twice.
   */
  dupe_key?: string;
}

/**
 * Who wrote a comment and where, under WordPress's names and in its order: the first fields of the REST answer
 * (presenter.ts) and of what the comment mails are given (events.ts).
 */
export const commentAuthorship = (c: CommentDoc) => ({
  id: c.id,
  post: c.post,
  parent: c.parent,
  author: c.user_id,
  author_name: c.author_name,
  author_email: c.author_email,
  author_url: c.author_url,
  author_ip: c.author_ip,
});

/** The fields a comment copies from its post. */
export const postFields = (post: PostDoc) => ({
  post_type: post.type,
  // An attachment inherits its parent's status; Loom reads its comments as a published item's.
  post_status: post.status === 'inherit' ? 'publish' : post.status,
  post_author: post.author,
  post_protected: Boolean(post.password),
});

/** The claim's key. MySQL's collation compares the text columns without case, so the key ignores case too. */
export function dupeKey(
  c: Pick<CommentFields, 'post' | 'parent' | 'author_name' | 'author_email' | 'content'>,
): string {
  const text = [c.author_name, c.author_email, c.content].map((s) => s.toLowerCase());
  return createHash('sha256')
    .update(JSON.stringify([c.post, c.parent, ...text]))
    .digest('base64url');
}

export async function ensureCommentIndexes(store: Store): Promise<void> {
  const comments = store.collection<CommentDoc>(COMMENTS);
  await comments.ensureIndex({ fields: ['id'], unique: true });
  await comments.ensureIndex({ fields: ['dupe_key'], unique: true, sparse: true });
  // A post's thread (the common read), newest first; and the single-field indexes the embedded store looks up by.
  await comments.ensureIndex({ fields: ['post', 'approved', 'date_gmt'] });
  await comments.ensureIndex({ fields: ['approved', 'date_gmt'] });
  for (const field of ['post', 'parent', 'approved', 'user_id', 'author_email_key'])
    await comments.ensureIndex({ fields: [field] });
}

export interface CommentQuery {
  approved: Approval[];
  /** The caller's visibility (access.ts), as a filter. */
  visibility?: Filter;
  posts: number[];
  parents: number[];
  parentsExclude: number[];
  authors?: number[];
  authorsExclude?: number[];
  authorEmail?: string;
  include: number[];
  exclude: number[];
  /** Site-local bounds on comment_date. */
  after?: string;
  before?: string;
  search?: string;
  orderby: string;
  order: 'asc' | 'desc';
  perPage: number;
  offset: number;
}

const SORT_FIELDS: Record<string, string> = {
  date: 'date',
  date_gmt: 'date_gmt',
  id: 'id',
  post: 'post',
  parent: 'parent',
  type: 'type',
};

/** WP_Comment_Query's search columns. */
const SEARCH_FIELDS = ['author_name', 'author_email', 'author_url', 'author_ip', 'content'];

export class CommentRepository {
  readonly comments: Collection<CommentDoc>;

  constructor(private readonly store: Store) {
    this.comments = store.collection<CommentDoc>(COMMENTS);
  }

  get(id: number): Promise<CommentDoc | null> {
    return id > 0 ? this.comments.findOne({ id }) : Promise.resolve(null);
  }

  async query(q: CommentQuery): Promise<{ items: CommentDoc[]; total: number }> {
    const and: Filter[] = [{ approved: q.approved.length === 1 ? q.approved[0] : { $in: q.approved } }];
    if (q.visibility) and.push(q.visibility);
    if (q.posts.length) and.push({ post: { $in: q.posts } });
    if (q.parents.length) and.push({ parent: { $in: q.parents } });
    if (q.parentsExclude.length) and.push({ parent: { $nin: q.parentsExclude } });
    if (q.authors?.length) and.push({ user_id: { $in: q.authors } });
    if (q.authorsExclude?.length) and.push({ user_id: { $nin: q.authorsExclude } });
    if (q.authorEmail) and.push({ author_email_key: q.authorEmail.toLowerCase() });
    if (q.include.length) and.push({ id: { $in: q.include } });
    if (q.exclude.length) and.push({ id: { $nin: q.exclude } });
    if (q.after) and.push({ date: { $gt: q.after } });
    if (q.before) and.push({ date: { $lt: q.before } });
    if (q.search) and.push({ $or: SEARCH_FIELDS.map((f) => ({ [f]: { $contains: q.search } })) });
    const filter: Filter = { $and: and };
    const dir = q.order === 'asc' ? 1 : -1;
    if (q.orderby === 'include' && q.include.length) {
      const all = await this.comments.find(filter);
      all.sort((a, b) => q.include.indexOf(a.id) - q.include.indexOf(b.id));
      return { items: all.slice(q.offset, q.offset + q.perPage), total: all.length };
    }
    // WP_Comment_Query breaks ties by comment_ID in the same direction.
    const field = own(SORT_FIELDS, q.orderby) ?? 'date_gmt';
    const sort: Sort = { [field]: dir };
    if (field !== 'id') sort.id = dir;
    const [items, total] = await Promise.all([
      this.comments.find(filter, { sort, skip: q.offset, limit: q.perPage }),
      this.comments.count(filter),
    ]);
    return { items, total };
  }

  /** The ids among `ids` that have replies (prepare_links' `children`). */
  async withChildren(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    return new Set((await this.comments.find({ parent: { $in: ids } })).map((c) => c.parent));
  }

  /**
   * wp_insert_comment(). The duplicate claim settles races: a second identical comment fails with comment_duplicate
   * whichever replica stores it.
   */
  async insert(doc: CommentFields): Promise<CommentDoc> {
    const id = await this.store.nextId(COMMENT_SEQUENCE);
    const claim = doc.approved === 'trash' ? {} : { dupe_key: dupeKey(doc) };
    let stored: CommentDoc;
    try {
      stored = await this.comments.insert({ ...doc, ...claim, id } as CommentDoc);
    } catch (e) {
      if (e instanceof DuplicateKeyError) throw wpError('comment_duplicate');
      throw e;
    }
    if (stored.approved === '1') await countApproved(this.store, stored.post, 1);
    return stored;
  }

  /** wp_update_comment() of the given fields; both posts' counts when the comment moved. */
  async update(previous: CommentDoc, set: Partial<CommentDoc>): Promise<CommentDoc> {
    const next = { ...previous, ...set };
    const key = next.approved === 'trash' ? undefined : dupeKey(next);
    let current: CommentDoc | null;
    try {
      current = await this.comments.updateOne(
        { id: previous.id },
        key ? { $set: { ...set, dupe_key: key } } : { $set: set },
      );
    } catch (e) {
      // An edit may make two comments alike; WordPress allows that, so this one gives up its claim.
      if (!(e instanceof DuplicateKeyError)) throw e;
      current = await this.comments.updateOne({ id: previous.id }, { $set: set, $unset: { dupe_key: true } });
    }
    if (!current) return previous;
    if (current.post !== previous.post && current.approved === '1') {
      await countApproved(this.store, previous.post, -1);
      await countApproved(this.store, current.post, 1);
    }
    return current;
  }

  /**
   * wp_set_comment_status() and its trash/spam bookkeeping: trash and spam remember what the comment was, leaving
   * them forgets it. Returns the comment, or null when nothing changed (WordPress's update of 0 rows), which is also
   * the answer when another request changed the status first: each change is made from the status it was read with.
   */
  async setApproval(comment: CommentDoc, to: Approval, now: string): Promise<CommentDoc | null> {
    if (comment.approved === to) return null;
    const remember = to === 'trash' || to === 'spam';
    const update = {
      $set: remember
        ? { approved: to, trashed_from: comment.approved, trashed_at: now }
        : ({ approved: to } as Partial<CommentDoc>),
      ...(remember ? {} : { $unset: { trashed_from: true as const, trashed_at: true as const } }),
    };
    const from = { id: comment.id, approved: comment.approved };
    let current: CommentDoc | null;
    if (to === 'trash') current = await this.comments.updateOne(from, { ...update, $unset: { dupe_key: true } });
    else {
      current = await this.comments.updateOne(from, update);
      if (current && comment.approved === 'trash') current = await this.reclaim(current);
    }
    const delta = (to === '1' ? 1 : 0) - (comment.approved === '1' ? 1 : 0);
    if (current && delta) await countApproved(this.store, comment.post, delta);
    return current;
  }

  /** A comment leaving the trash takes its duplicate claim back, unless an identical one was written meanwhile. */
  private async reclaim(c: CommentDoc): Promise<CommentDoc> {
    try {
      return (await this.comments.updateOne({ id: c.id }, { $set: { dupe_key: dupeKey(c) } })) ?? c;
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      return c;
    }
  }

  /** wp_delete_comment( $id, true ): the replies move up to the comment's parent. */
  async deletePermanently(comment: CommentDoc): Promise<boolean> {
    await this.comments.updateMany({ parent: comment.id }, { $set: { parent: comment.parent } });
    const deleted = await this.comments.deleteOne({ id: comment.id });
    if (deleted?.approved === '1') await countApproved(this.store, comment.post, -1);
    return deleted !== null;
  }
}

/**
 * wp_update_comment_count(): the post's comment_count is its approved comments, kept by an atomic increment with
 * each single change, so concurrent changes on any replica add up.
 */
async function countApproved(store: Store, post: number, delta: number): Promise<void> {
  if (post) await store.collection<PostDoc>(POSTS).updateOne({ id: post }, { $inc: { comment_count: delta } });
}

/** wp_update_comment_count_now(): counted afresh, after changes to all of a post's comments at once. */
export async function recountComments(store: Store, post: number): Promise<void> {
  if (!post) return;
  const count = await store.collection<CommentDoc>(COMMENTS).count({ post, approved: '1' });
  await store.collection<PostDoc>(POSTS).updateOne({ id: post }, { $set: { comment_count: count } });
}
