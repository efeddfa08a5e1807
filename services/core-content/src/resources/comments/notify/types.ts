/**
 * What notifyComment reads of a comment and its post: the fields WordPress's mails use. The comments resource's
 * documents hold at least these (the names are the REST fields'; `status` and `content` as stored).
 */
export interface NotifyComment {
  id: number;
  /** comment_post_ID. */
  post: number;
  /** comment_parent: 0 for a top-level comment. */
  parent: number;
  /** user_id: the commenter's user id, 0 for a visitor. */
  author: number;
  author_name: string;
  author_email: string;
  author_url: string;
  author_ip: string;
  /** comment_content as stored (the raw text, kses'ed on save). */
  content: string;
  /** comment_approved as stored: `1` approved, `0` held, `spam`, `trash`. */
  status: string;
  /** comment_type: `comment`, `pingback` or `trackback`. */
  type: string;
  date: string;
}

export interface NotifyPost {
  id: number;
  /** post_title as stored (raw). */
  title: string;
  /** post_author: a user id, 0 for none. */
  author: number;
  /** post_status and post_type: whether its author may still read it, and edit its comments. */
  status: string;
  type: string;
  /** For a trashed post, the status it had (its author's rights follow that one). */
  trashed_from?: string;
  /** get_permalink(). */
  link: string;
}

/** What happened to a comment: each is a change notification; some are mail too (see notifyComment). */
export type CommentChange = 'created' | 'approved' | 'held' | 'spammed' | 'trashed' | 'deleted';

export interface CommentEvent {
  kind: CommentChange;
  /** The comment as it is after the change (its `status` says whether a new one was held). */
  comment: NotifyComment;
  post: NotifyPost;
  /**
   * get_current_user_id(): who made the change, 0 when anonymous. Default: the comment's author for `created`, 0
   * otherwise. A post author who approves a comment on their own post is not mailed about it, as in WordPress.
   */
  actor?: number;
}
