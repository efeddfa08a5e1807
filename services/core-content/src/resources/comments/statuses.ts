/**
 * Comment statuses as the REST API names them in requests and WP_Comment_Query reads them, and what a change of
 * status is called in a comment event.
 */
import type { CommentEventKind } from './events';
import { APPROVALS, type Approval, type CommentDoc } from './repository';

/** The event a comment's new status makes. */
export const KIND_OF: Record<Approval, CommentEventKind | null> = {
  '1': 'approved',
  '0': 'held',
  spam: 'spammed',
  trash: 'trashed',
  'post-trashed': null,
};

/** WP_Comment_Query's `status`: hold, approve, all (or empty), any, or a stored value by name. */
export function approvalsFor(status: string): Approval[] {
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
export function requestedApproval(status: string, c: CommentDoc): Approval | null {
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
