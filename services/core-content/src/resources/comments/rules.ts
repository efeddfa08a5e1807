/**
 * The rules that keep a site's comments clean, as wp_allow_comment() applies them to a new comment: duplicates,
 * flooding, then moderation (check_comment) and the disallowed words (wp_check_comment_disallowed_list); and
 * wp_check_comment_data_max_lengths(). Duplicates and flooding hold across replicas: each is a claim the store
 * settles (a unique key), never a read followed by a write.
 */
import type { ErrorCode } from '@loom/contracts';
import { renderCommentText, wpStripAllTags } from '@loom/rendering';
import { wpError } from '@loom/service-kit';
import { DuplicateKeyError, type Store } from '@loom/store';
import { UserRepository } from '../users/repository';
import type { DiscussionSettings } from './discussion';
import { COMMENTS, dupeKey, type Approval, type CommentDoc } from './repository';

/** What wp_allow_comment() reads of a new comment. */
export interface NewComment {
  post: number;
  parent: number;
  user_id: number;
  author_name: string;
  author_email: string;
  author_url: string;
  author_ip: string;
  agent: string;
  content: string;
}

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * wp_check_comment_data_max_lengths() with MySQL's column sizes: the name and the text in bytes (tinytext and text,
 * less WordPress's margin of 10), the e-mail address and URL in characters of their varchar columns.
 */
export function lengthError(c: Partial<NewComment>): ErrorCode | null {
  if (c.author_name !== undefined && utf8Length(c.author_name) > 245) return 'comment_author_column_length';
  if (c.author_email !== undefined && utf8Length(c.author_email) > 100) return 'comment_author_email_column_length';
  if (c.author_url !== undefined && utf8Length(c.author_url) > 200) return 'comment_author_url_column_length';
  if (c.content !== undefined && utf8Length(c.content) > 65525) return 'comment_content_column_length';
  return null;
}

/**
 * The duplicate check: the same text by the same author (and address, when one is given) as a reply to the same
 * comment of the same post, outside the trash.
 */
export async function checkDuplicate(store: Store, c: NewComment): Promise<void> {
  const comments = store.collection<CommentDoc>(COMMENTS);
  const found = c.author_email
    ? await comments.findOne({ dupe_key: dupeKey(c) })
    : await comments.findOne({
        post: c.post,
        parent: c.parent,
        author_name: c.author_name,
        content: c.content,
        approved: { $ne: 'trash' },
      });
  if (found) throw wpError('comment_duplicate');
}

const FLOOD = 'comment_flood';
/** wp_throttle_comment_flood(): 15 seconds between two comments. */
const FLOOD_GAP_MS = 15_000;

export async function ensureFloodIndexes(store: Store): Promise<void> {
  await store.collection(FLOOD).ensureIndex({ fields: ['key'], unique: true });
}

/** Claims `key`'s turn to comment: refused while its last claim is less than the gap old. */
async function claimTurn(store: Store, key: string, now: number): Promise<boolean> {
  const turns = store.collection<{ key: string; at: number }>(FLOOD);
  try {
    await turns.insert({ key, at: now });
    return true;
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
  }
  return (await turns.updateOne({ key, at: { $lte: now - FLOOD_GAP_MS } }, { $set: { at: now } })) !== null;
}

/**
 * wp_check_comment_flood(): a signed-in user's comments are counted by account, an anonymous one's by address, and
 * both by e-mail address. Moderators are not throttled (the caller skips this for them).
 */
export async function checkFlood(
  store: Store,
  who: { userId: number; ip: string; email: string },
  now = Date.now(),
): Promise<void> {
  const keys = [who.userId ? `user:${who.userId}` : `ip:${who.ip}`];
  if (who.email) keys.push(`email:${who.email.toLowerCase()}`);
  for (const key of keys) if (!(await claimTurn(store, key, now))) throw wpError('comment_flood');
}

/** preg_match( "#$word#iu", $field ) for each listed word: a case-insensitive substring. */
const holdsWord = (words: string[], fields: string[]): boolean =>
  words.some((w) => {
    const word = w.toLowerCase();
    return fields.some((f) => f.toLowerCase().includes(word));
  });

/**
 * check_comment(): false (hold the comment) under manual moderation, with too many links, with a moderation word in
 * any field, or, when authors need an approved comment already, for an author without one.
 */
async function passesModeration(store: Store, c: NewComment, o: DiscussionSettings, homeUrl: string): Promise<boolean> {
  if (o.moderation) return false;
  const text = renderCommentText(c.content, homeUrl);
  if (o.maxLinks && (text.match(/<a [^>]*href/gi)?.length ?? 0) >= o.maxLinks) return false;
  if (holdsWord(o.moderationKeys, [c.author_name, c.author_email, c.author_url, text, c.author_ip, c.agent]))
    return false;
  if (!o.previouslyApproved) return true;
  if (c.author_name === '' || c.author_email === '') return false;
  const comments = store.collection<CommentDoc>(COMMENTS);
  const user = await new UserRepository(store).byEmail(c.author_email);
  const approved = user
    ? await comments.findOne({ user_id: user.id, approved: '1' })
    : await comments.findOne({
        author_email_key: c.author_email.toLowerCase(),
        author_name: c.author_name,
        approved: '1',
      });
  // WordPress also looks for the whole moderation list inside the address.
  const listed = o.moderationKeys.length > 0 && c.author_email.includes(o.moderationKeys.join('\n'));
  return approved !== null && !listed;
}

/**
 * wp_allow_comment()'s verdict once duplicates and floods are past: the post's author and moderators are approved;
 * anyone else is checked (check_comment), and a disallowed word sends the comment to the trash (WordPress's choice
 * while the trash is on, EMPTY_TRASH_DAYS).
 */
export async function approvalFor(
  store: Store,
  c: NewComment,
  o: DiscussionSettings,
  opts: { respected: boolean; homeUrl: string },
): Promise<Approval> {
  if (opts.respected) return '1';
  let approved: Approval = (await passesModeration(store, c, o, opts.homeUrl)) ? '1' : '0';
  const fields = [
    c.author_name,
    c.author_email,
    c.author_url,
    c.content,
    wpStripAllTags(c.content),
    c.author_ip,
    c.agent,
  ];
  if (holdsWord(o.disallowedKeys, fields)) approved = 'trash';
  return approved;
}
