/**
 * core/v2/comments and comments/<id>: WP_REST_Comments_Controller's permission checks, then the rules
 * (rules.ts) and the repository, then the response shaped by context. Codes, messages and statuses are
 * WordPress's; every stored change is announced to onCommentEvent (events.ts).
 */
import { CHANGE_HEADER, formatChangeHint, type Context } from '@loom/contracts';
import {
  bind,
  can,
  deletedAnswer,
  forbidden,
  pageWindow,
  paginationHeaders,
  siteClock,
  wpError,
  ROLE_CAPABILITIES,
  type Binding,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { localOfQueryDate, nowStamps } from '../../engine/dates';
import { POSTS, type PostDoc } from '../../engine/repository';
import { UserRepository } from '../users/repository';
import {
  canChangeComment,
  canReadComment,
  canReadPostOf,
  moderates,
  passwordGiven,
  visibilityFilter,
  visibilityOnPost,
} from './access';
import { comments as routes } from './contract';
import { discussion } from './discussion';
import { onCommentEvent, type CommentEventKind } from './events';
import { prepareComments } from './presenter';
import { CommentRepository, postFields, type CommentDoc } from './repository';
import { approvalFor, checkDuplicate, checkFlood, type NewComment } from './rules';
import { checkThread } from './threads';
import { approvalsFor, KIND_OF, requestedApproval } from './statuses';
import { checkLengths, clientAddress, filtered, prepareFields, userFields } from './input';

type ListRequest = RequestOf<typeof routes.collection.endpoints.list>;
type CreateRequest = RequestOf<typeof routes.collection.endpoints.create>;
type ReadRequest = RequestOf<typeof routes.item.endpoints.read>;
type UpdateRequest = RequestOf<typeof routes.item.endpoints.update>;
type DeleteRequest = RequestOf<typeof routes.item.endpoints.delete>;

const repo = (req: RestRequest) => new CommentRepository(req.store);
const collectionUrl = (req: RestRequest) => `${req.config.restUrl}/core/v2/comments`;
const getPost = (req: RestRequest, id: number): Promise<PostDoc | null> =>
  id > 0 ? req.store.collection<PostDoc>(POSTS).findOne({ id }) : Promise.resolve(null);
const present = async (req: RestRequest, c: CommentDoc, context: Context) =>
  (await prepareComments(req, [c], context))[0]!;

/** The comment a route names and its post, loaded once per request (get_comment() of the controller). */
const load = (req: RestRequest): Promise<{ comment: CommentDoc; post: PostDoc | null }> =>
  req.memo('comment', async () => {
    const comment = await repo(req).get(Number(req.params.id));
    if (!comment) throw wpError('rest_comment_invalid_id');
    const post = comment.post ? await getPost(req, comment.post) : null;
    if (comment.post && !post) throw wpError('rest_post_invalid_id');
    return { comment, post };
  });

/** Announces a stored change; a failing listener is logged, never the request's failure. */
async function announce(req: RestRequest, kind: CommentEventKind, comment: CommentDoc, post: PostDoc | null) {
  try {
    await onCommentEvent(
      { store: req.store, config: req.config, log: req.log, discussion: discussion() },
      { kind, comment, post, by: req.user?.id ?? 0 },
    );
  } catch (e) {
    req.log.error({ err: e, comment: comment.id, kind }, 'comment event listener failed');
  }
}

/** The change notification's action for a status change (the gateway reads it from CHANGE_HEADER). */
const hintFor = (c: CommentDoc, kind: CommentEventKind | null): Record<string, string> =>
  kind && kind !== 'created' && kind !== 'deleted'
    ? { [CHANGE_HEADER]: formatChangeHint({ resource: 'comments', action: kind, item_id: c.id }) }
    : {};

/** Applies a requested status; the comment as it is now and what the change was (null: none). */
async function handleStatus(
  req: RestRequest,
  c: CommentDoc,
  status: string | undefined,
): Promise<{ comment: CommentDoc; kind: CommentEventKind | null }> {
  const to = status === undefined ? null : requestedApproval(status, c);
  if (to === null) return { comment: c, kind: null };
  const changed = await repo(req).setApproval(c, to, nowStamps(siteClock(req.config)).gmt);
  return changed ? { comment: changed, kind: KIND_OF[to] } : { comment: c, kind: null };
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function listPermission(req: ListRequest) {
  const p = req.params;
  for (const id of p.post) {
    const post = await getPost(req, id);
    const unlocked = p.post.length === 1 && !!post && passwordGiven(req, post, p.password);
    if (id && post && !(await canReadPostOf(req, post, unlocked))) return forbidden(req.user, 'rest_cannot_read_post');
    if (id === 0 && !moderates(req.user)) {
      return forbidden(req.user, 'rest_cannot_read', 'Sorry, you are not allowed to read comments without a post.');
    }
  }
  if (p.context === 'edit' && !moderates(req.user))
    return forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit comments.');
  if (!can(req.user, 'edit_posts')) {
    const refused = [
      p.author?.length ? 'author' : null,
      p.author_exclude?.length ? 'author_exclude' : null,
      p.author_email ? 'author_email' : null,
      p.type !== 'comment' ? 'type' : null,
      p.status !== 'approve' ? 'status' : null,
    ].filter((n): n is string => n !== null);
    if (refused.length)
      return forbidden(req.user, 'rest_forbidden_param', `Query parameter not permitted: ${refused.join(', ')}`);
  }
  return true as const;
}

async function list(req: ListRequest) {
  const p = req.params;
  const clock = siteClock(req.config);
  const { offset, page } = pageWindow(p);
  // One post the caller may read (the check above) narrows visibility to that post's own rules.
  const only = p.post.length === 1 ? await getPost(req, p.post[0]!) : null;
  const visibility = only ? visibilityOnPost(req.user, only) : visibilityFilter(req.user);
  const queryDate = (v: string | undefined) => (v ? (localOfQueryDate(clock, v) ?? undefined) : undefined);
  // Every comment is of type `comment`: other types (pings) have none.
  const typed = ['comment', 'all', ''].includes(p.type);
  const { items, total } = await repo(req).query({
    approved: typed ? approvalsFor(p.status) : [],
    visibility,
    posts: p.post,
    parents: p.parent,
    parentsExclude: p.parent_exclude,
    authors: p.author,
    authorsExclude: p.author_exclude,
    authorEmail: p.author_email,
    include: p.include,
    exclude: p.exclude,
    after: queryDate(p.after),
    before: queryDate(p.before),
    search: p.search || undefined,
    orderby: p.orderby,
    order: p.order,
    perPage: p.per_page,
    offset,
  });
  return {
    body: await prepareComments(req, items, p.context as Context),
    headers: paginationHeaders({ total, perPage: p.per_page, page }, collectionUrl(req), req.rawQuery),
  };
}

async function readPermission(req: ReadRequest) {
  const { comment, post } = await load(req);
  if (req.params.context === 'edit' && !moderates(req.user))
    return forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit comments.');
  const unlocked = !!post && passwordGiven(req, post, req.params.password);
  if (!(await canReadComment(req, comment, post, unlocked)))
    return forbidden(req.user, 'rest_cannot_read', 'Sorry, you are not allowed to read this comment.');
  if (post && !(await canReadPostOf(req, post, unlocked))) return forbidden(req.user, 'rest_cannot_read_post');
  return true as const;
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** comments_open() with _close_comments_for_old_post(): open, and not too old when old posts close. */
function commentsOpen(post: PostDoc, nowMs: number): boolean {
  if (post.comment_status !== 'open') return false;
  const o = discussion();
  if (!o.closeForOldPosts || post.type !== 'post' || !o.closeDaysOld || !post.date_gmt) return true;
  return Date.parse(`${post.date_gmt}Z`) > nowMs - o.closeDaysOld * 86_400_000;
}

async function createPermission(req: CreateRequest) {
  const p = req.params;
  const o = discussion();
  if (!req.user && (o.commentRegistration || !o.allowAnonymous)) throw wpError('rest_comment_login_required');
  const moderator = moderates(req.user);
  if (req.has('author') && p.author !== (req.user?.id ?? 0) && !moderator)
    return forbidden(req.user, 'rest_comment_invalid_author');
  if (req.has('author_ip') && !moderator && (!req.clientIp || p.author_ip !== clientAddress(req)))
    return forbidden(req.user, 'rest_comment_invalid_author_ip');
  if (req.has('status') && !moderator) return forbidden(req.user, 'rest_comment_invalid_status');
  const post = await getPost(req, p.post ?? 0);
  if (!post) throw wpError('rest_comment_invalid_post_id');
  if (post.status === 'draft') throw wpError('rest_comment_draft_post');
  if (post.status === 'trash') throw wpError('rest_comment_trash_post');
  if (!(await canReadPostOf(req, post, passwordGiven(req, post, p.password))))
    return forbidden(req.user, 'rest_cannot_read_post');
  if (!commentsOpen(post, siteClock(req.config).now())) throw wpError('rest_comment_closed');
  return true as const;
}

async function create(req: CreateRequest) {
  const p = req.params;
  if (p.id !== undefined && p.id !== null && p.id !== '' && p.id !== 0) throw wpError('rest_comment_exists');
  if (p.type !== undefined && p.type !== null && p.type !== '' && p.type !== 'comment')
    throw wpError('rest_invalid_comment_type');
  const prepared = await prepareFields(req);
  const o = discussion();
  if ((prepared.content ?? '') === '') throw wpError('rest_comment_content_invalid');
  const missingAuthor = !prepared.user_id && !prepared.author_name && !prepared.author_email && !prepared.author_url;
  if (req.user && missingAuthor) Object.assign(prepared, await userFields(req, req.user.id));
  if (o.requireNameEmail && (!prepared.author_name || !prepared.author_email))
    throw wpError('rest_comment_author_data_required');
  const c: NewComment = {
    post: prepared.post ?? 0,
    parent: prepared.parent ?? 0,
    user_id: prepared.user_id ?? 0,
    author_name: prepared.author_name ?? '',
    author_email: prepared.author_email ?? '',
    author_url: prepared.author_url ?? '',
    author_ip: prepared.author_ip ?? clientAddress(req),
    agent: prepared.agent ?? String(req.incoming?.headers['user-agent'] ?? ''),
    content: prepared.content ?? '',
  };
  checkLengths(c);
  const post = (await getPost(req, c.post))!;
  await checkThread(req.store, c, o);

  // wp_allow_comment(): duplicates, then floods (moderators are not throttled), then the verdict.
  const saved = filtered(req, c) as NewComment;
  await checkDuplicate(req.store, saved);
  const moderator = moderates(req.user);
  if (!moderator) await checkFlood(req.store, { userId: req.user?.id ?? 0, ip: c.author_ip, email: c.author_email });
  // The post's author and moderators (the comment's user, whoever sent it) "get respect": approved at once.
  const commenter = c.user_id ? await new UserRepository(req.store).get(c.user_id) : null;
  const respected =
    !!commenter &&
    (commenter.id === post.author || commenter.roles.some((r) => ROLE_CAPABILITIES[r].has('moderate_comments')));
  const approved = await approvalFor(req.store, c, o, { respected, homeUrl: req.config.homeUrl });

  const now = nowStamps(siteClock(req.config));
  let comment = await repo(req).insert({
    ...saved,
    author_email_key: saved.author_email.toLowerCase(),
    date: prepared.date ?? now.local,
    date_gmt: prepared.date_gmt ?? now.gmt,
    approved,
    type: 'comment',
    ...postFields(post),
  });
  ({ comment } = await handleStatus(req, comment, p.status));
  await announce(req, 'created', comment, post);
  return {
    status: 201,
    body: await present(req, comment, moderator ? 'edit' : 'view'),
    headers: { Location: `${collectionUrl(req)}/${comment.id}` },
  };
}

async function changePermission(req: UpdateRequest | DeleteRequest, code: 'rest_cannot_edit' | 'rest_cannot_delete') {
  const { post } = await load(req);
  if (canChangeComment(req.user, post)) return true as const;
  return code === 'rest_cannot_edit'
    ? forbidden(req.user, code, 'Sorry, you are not allowed to edit this comment.')
    : forbidden(req.user, code, 'Sorry, you are not allowed to delete this comment.');
}

async function update(req: UpdateRequest) {
  const p = req.params;
  const { comment: previous } = await load(req);
  if (p.type !== undefined && p.type !== null && p.type !== previous.type) throw wpError('rest_comment_invalid_type');
  const prepared = await prepareFields(req);
  let post = await getPost(req, previous.post);
  if (prepared.post) {
    post = await getPost(req, prepared.post);
    if (!post) throw wpError('rest_comment_invalid_post_id', { message: 'Invalid post ID.' });
  }
  if (prepared.content !== undefined && prepared.content === '') throw wpError('rest_comment_content_invalid');
  checkLengths(prepared);
  const set: Partial<CommentDoc> = filtered(req, prepared);
  if (set.author_email !== undefined) set.author_email_key = set.author_email.toLowerCase();
  if (post && post.id !== previous.post) Object.assign(set, postFields(post));
  const edited = Object.keys(set).length ? await repo(req).update(previous, set) : previous;
  const { comment, kind } = await handleStatus(req, edited, p.status);
  if (kind) await announce(req, kind, comment, post);
  return { body: await present(req, comment, 'edit'), headers: hintFor(comment, kind) };
}

async function remove(req: DeleteRequest) {
  const { comment, post } = await load(req);
  if (req.params.force) {
    const previous = await present(req, comment, 'edit');
    if (!(await repo(req).deletePermanently(comment)))
      throw wpError('rest_cannot_delete', { message: 'The comment cannot be deleted.', status: 500 });
    await announce(req, 'deleted', comment, post);
    return deletedAnswer(previous);
  }
  if (comment.approved === 'trash')
    throw wpError('rest_already_trashed', { message: 'The comment has already been trashed.' });
  const trashed = await repo(req).setApproval(comment, 'trash', nowStamps(siteClock(req.config)).gmt);
  if (!trashed) throw wpError('rest_cannot_delete', { message: 'The comment cannot be deleted.', status: 500 });
  await announce(req, 'trashed', trashed, post);
  return { body: await present(req, trashed, 'edit') };
}

export const commentBindings: Binding[] = [
  bind(routes.collection.endpoints.list, listPermission, list),
  bind(routes.collection.endpoints.create, createPermission, create),
  bind(routes.item.endpoints.read, readPermission, async (req) => ({
    body: await present(req, (await load(req)).comment, req.params.context as Context),
  })),
  bind(routes.item.endpoints.update, (req) => changePermission(req, 'rest_cannot_edit'), update),
  bind(routes.item.endpoints.delete, (req) => changePermission(req, 'rest_cannot_delete'), remove),
];
