/**
 * What the revisions and autosaves routes of every parent type share (WP_REST_Revisions_Controller::get_items and
 * get_item, WP_REST_Autosaves_Controller::create_item), whatever the parent's id or shape: the page of a post's
 * revisions with WordPress's argument and pagination errors, one revision of a post, and storing an autosave.
 */
import { wpError, type RestRequest } from '@loom/service-kit';
import type { PostTypeBehaviour } from '../behaviour';
import { nowStamps, siteClock } from '../dates';
import { PostRepository, type PostDoc, type PostInput } from '../repository';
import { postCan } from '../behaviour';
import {
  fieldsDiffer,
  revisionsEnabled,
  RevisionRepository,
  type RevisionDoc,
  type RevisionFields,
} from './repository';

type Params = Record<string, unknown>;

export const invalidRevision = () => wpError('rest_post_invalid_id', { message: 'Invalid revision ID.' });
const mismatch = (parent: number) =>
  wpError('rest_revision_parent_id_mismatch', {
    message: `The revision does not belong to the specified parent with id of "${parent}"`,
  });

export interface RevisionPage {
  items: RevisionDoc[];
  total: number;
  /** undefined: every revision (no per_page). */
  perPage?: number;
  page: number;
}

/** get_items(): a page of the post's revisions, from the revisions collection arguments of the request. */
export async function revisionPage(req: RestRequest, parent: PostDoc): Promise<RevisionPage> {
  const p = req.params as Params & {
    page: number;
    include: number[];
    exclude: number[];
    orderby: string;
    order: 'asc' | 'desc';
  };
  if (p.orderby === 'relevance' && !p.search) throw wpError('rest_no_search_term_defined');
  if (p.orderby === 'include' && !p.include.length) {
    throw wpError('rest_orderby_include_missing_include');
  }
  const perPage = typeof p.per_page === 'number' ? p.per_page : undefined;
  const page = p.page;
  if (!revisionsEnabled(parent.type)) return { items: [], total: 0, perPage, page };
  // WP_Query: a given offset (absint) replaces the page's window; with no per_page there is no window.
  const hasOffset = typeof p.offset === 'number';
  const offset = Math.min(
    hasOffset ? Math.abs(p.offset as number) : (page - 1) * (perPage ?? 0),
    Number.MAX_SAFE_INTEGER,
  );
  const { items, total } = await new RevisionRepository(req.store).query(parent.id, {
    search: (p.search as string | undefined) || undefined,
    include: p.include,
    exclude: p.exclude,
    orderby: p.orderby,
    order: p.order,
    perPage,
    offset,
  });
  const maxPages = perPage ? Math.ceil(total / perPage) : total > 0 ? 1 : 0;
  const rawOffset = hasOffset ? (p.offset as number) : 0;
  if (total > 0) {
    if (rawOffset >= total) throw wpError('rest_revision_invalid_offset_number');
    if (!rawOffset && page > maxPages) throw wpError('rest_revision_invalid_page_number');
  }
  return { items, total, perPage, page };
}

/** get_item(): the revision the request's `id` names, which must belong to the parent. */
export async function revisionOf(req: RestRequest, parentId: number): Promise<RevisionDoc> {
  const revision = await new RevisionRepository(req.store).get(Number((req.params as Params).id));
  if (!revision) throw invalidRevision();
  if (revision.parent !== parentId) throw mismatch(parentId);
  return revision;
}

/**
 * create_item() of the autosaves controller: the author's own draft is updated itself (DOING_AUTOSAVE: no revision)
 * and returned; otherwise the user's one autosave of the post is created or replaced (create_post_autosave as in
 * WordPress 6.4: a write whose fields equal the post's returns the user's autosave as it is, or makes one when there
 * is none; rest_autosave_no_changes, which older versions answered, is gone from 6.4's PHP).
 */
export async function storeAutosave(
  req: RestRequest,
  rules: PostTypeBehaviour,
  post: PostDoc,
  input: PostInput,
): Promise<PostDoc> {
  const userId = req.user?.id ?? 0;
  const clock = siteClock(req.config);
  if ((post.status === 'draft' || post.status === 'auto-draft') && post.author === userId) {
    const posts = new PostRepository(req.store, rules, clock, req.config.homeUrl);
    return (
      await posts.update(post.id, rules.autosaveText ? input : {}, {
        userId,
        canPublish: postCan(req.user, 'publish_post', post),
        autosave: true,
      })
    ).current;
  }
  const r = new RevisionRepository(req.store);
  const old = await r.autosaveOf(post.id, userId);
  const date = nowStamps(clock);
  if (!rules.autosaveText) {
    // The write carries no text, so nothing differs from the user's autosave: WordPress answers that one as it is.
    return old ?? r.insert(post, { title: '', content: '', excerpt: '' }, { author: userId, autosave: true, date });
  }
  // Only the fields the request sent are compared, and with the post, not with the autosave.
  const over = (base: RevisionFields): RevisionFields => ({
    title: input.title ?? base.title,
    content: input.content ?? base.content,
    excerpt: input.excerpt ?? base.excerpt,
  });
  if (old && !fieldsDiffer(over(post), post)) return old;
  return old
    ? r.replaceAutosave(old, over(old), { author: userId, date })
    : r.insert(post, over(post), { author: userId, autosave: true, date });
}
