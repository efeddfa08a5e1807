/**
 * core/v2/comments and comments/<id>: WP_REST_Comments_Controller's permission checks, then the rules
 * (rules.ts) and the repository, then the response shaped by context. Codes, messages and statuses are
 * WordPress's; every stored change is announced to onCommentEvent (events.ts).
 */
import { isIP } from 'node:net';
import { CHANGE_HEADER, formatChangeHint, type Context } from '@loom/contracts';
import { sanitizeCommentContent, wpFilterKses, wpStripAllTags } from '@loom/rendering';
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
import { sanitizeTextField, sanitizeUrl } from '@loom/contracts';
import { dateWithGmt, localOfQueryDate, nowStamps } from '../../engine/dates';
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
import { comments as routes, type CommentText } from './contract';
import { discussion } from './discussion';
import { onCommentEvent, type CommentEventKind } from './events';
import { prepareComments } from './presenter';
import { APPROVALS, CommentRepository, postFields, type Approval, type CommentDoc } from './repository';
import { approvalFor, checkDuplicate, checkFlood, lengthError, type NewComment } from './rules';
import { checkThread } from './threads';

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

/** The client's address (REMOTE_ADDR, an IPv4-mapped one as IPv4), or 127.0.0.1 when there is no valid one. */
function clientAddress(req: RestRequest): string {
  const ip = (req.clientIp ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return isIP(ip) ? ip : '127.0.0.1';
}

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

const KIND_OF: Record<Approval, CommentEventKind | null> = {
  '1': 'approved',
  '0': 'held',
  spam: 'spammed',
  trash: 'trashed',
  'post-trashed': null,
};

/** The change notification's action for a status change (the gateway reads it from CHANGE_HEADER). */
const hintFor = (c: CommentDoc, kind: CommentEventKind | null): Record<string, string> =>
  kind && kind !== 'created' && kind !== 'deleted'
    ? { [CHANGE_HEADER]: formatChangeHint({ resource: 'comments', action: kind, item_id: c.id }) }
    : {};

// ---------------------------------------------------------------------------------------------------------
// Statuses

/** WP_Comment_Query's `status`: hold, approve, all (or empty), any, or a stored value by name. */
function approvalsFor(status: string): Approval[] {
  if (status === 'hold') return ['0'];
  if (status === 'approve') return ['1'];
  if (status === 'all' || status === '') return ['0', '1'];
  if (status === 'any') return [...APPROVALS];
  return (APPROVALS as readonly string[]).includes(status) ? [status as Approval] : [];
}

/** wp_get_comment_status(): the status handle_status_param compares a request with. */
const currentStatus = (a: Approval) =>
  a === '1' ? 'approved' : a === '0' ? 'unapproved' : a === 'post-trashed' ? null : a;

/** handle_status_param(): the status a request asks for, or null when it changes nothing or names none. */
function requestedApproval(status: string, c: CommentDoc): Approval | null {
  if (status === currentStatus(c.approved)) return null;
  switch (status) {
    case 'approved':
    case 'approve':
    case '1':
      return '1';
    case 'hold':
    case '0':
      return '0';
    case 'spam':
      return 'spam';
    case 'trash':
      return 'trash';
    // wp_unspam_comment / wp_untrash_comment: back to what it was (its trash meta), else held.
    case 'unspam':
    case 'untrash':
      return c.trashed_from && c.trashed_from !== 'post-trashed' ? c.trashed_from : '0';
    default:
      return null;
  }
}

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

/** The author fields of a user (display name, e-mail, URL), as prepare_item_for_database and create_item take them. */
async function userFields(req: RestRequest, id: number) {
  const user = await new UserRepository(req.store).get(id);
  if (!user) throw wpError('rest_comment_author_invalid');
  return { user_id: user.id, author_name: user.name, author_email: user.email, author_url: user.url };
}

type Prepared = Partial<NewComment & { date: string; date_gmt: string }>;

/** prepare_item_for_database(): the request's fields, under the comment's names. */
async function prepareFields(req: CreateRequest | UpdateRequest): Promise<Prepared> {
  const p = req.params;
  const out: Prepared = {};
  const text = p.content as CommentText | undefined;
  if (text?.raw !== undefined) out.content = text.raw.trim();
  if (p.post !== undefined) out.post = p.post;
  if (p.parent !== undefined) out.parent = p.parent;
  if (p.author !== undefined) Object.assign(out, await userFields(req, p.author));
  if (p.author_name !== undefined) out.author_name = p.author_name;
  if (p.author_email !== undefined) out.author_email = p.author_email;
  if (p.author_url !== undefined) out.author_url = p.author_url;
  if (p.author_ip !== undefined && moderates(req.user)) out.author_ip = p.author_ip;
  if (p.author_user_agent) out.agent = p.author_user_agent;
  const clock = siteClock(req.config);
  const date = p.date ? dateWithGmt(clock, p.date, false) : p.date_gmt ? dateWithGmt(clock, p.date_gmt, true) : null;
  if (date) Object.assign(out, { date: date.local, date_gmt: date.gmt });
  return out;
}

/** wp_filter_comment()'s save filters (pre_comment_author_name, _content, _author_url, _author_email). */
function filtered(req: RestRequest, c: Prepared): Prepared {
  const out = { ...c };
  if (c.author_name !== undefined) out.author_name = wpFilterKses(sanitizeTextField(c.author_name));
  if (c.author_email !== undefined) out.author_email = wpFilterKses(c.author_email.trim());
  if (c.author_url !== undefined) out.author_url = wpFilterKses(sanitizeUrl(wpStripAllTags(c.author_url)));
  if (c.content !== undefined)
    out.content = sanitizeCommentContent(c.content, {
      unfilteredHtml: can(req.user, 'unfiltered_html'),
      homeUrl: req.config.homeUrl,
    });
  if (c.agent !== undefined) out.agent = c.agent.slice(0, 254);
  return out;
}

function checkLengths(c: Prepared): void {
  const code = lengthError(c);
  if (code) throw wpError(code);
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
