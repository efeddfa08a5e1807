/**
 * Scheduling: a write's `publish` with a date a minute or more ahead is `future` (wp_insert_post), and scheduled
 * posts become `publish` once their date has come, as WordPress's cron publishes them
 * (check_and_publish_future_post). Loom has no cron: reads look for due posts first, at most once a second, with
 * one indexed query (status, date_gmt).
 */
import type { Collection, Doc } from '@loom/store';
import { wallClockMs } from './dates';

/** How far ahead a `publish` date must be for wp_insert_post() to schedule the post (MINUTE_IN_SECONDS). */
export const SCHEDULE_AHEAD_MS = 60_000;

/**
 * wp_insert_post()'s publish/future switch: `publish` with a GMT date at least a minute ahead of now becomes
 * `future`; `future` with one less than a minute ahead (or past) becomes `publish`; other statuses, and posts
 * without a GMT date (null), are left as they are. Both times are taken to the second (strtotime of gmdate stamps).
 */
export function statusForDate(status: string, dateGmt: string | null, now: number): string {
  if (dateGmt === null || (status !== 'publish' && status !== 'future')) return status;
  const ahead = wallClockMs(dateGmt) - Math.floor(now / 1000) * 1000;
  if (status === 'publish' && ahead >= SCHEDULE_AHEAD_MS) return 'future';
  if (status === 'future' && ahead < SCHEDULE_AHEAD_MS) return 'publish';
  return status;
}

/** The least time between two looks for due posts, in milliseconds. */
export const DUE_CHECK_INTERVAL = 1000;

/** Whether to look for due posts at `now` (and, if so, that it was done then); `force` looks whatever the last look. */
export type DueCheck = (now: number, force?: boolean) => boolean;

/** A new once-a-second check (its first look is always due). Each service decides what one check covers. */
export function createDueCheck(): DueCheck {
  let last = 0;
  return (now, force = false) => {
    if (!force && now - last < DUE_CHECK_INTERVAL) return false;
    last = now;
    return true;
  };
}

/** What publishing reads of a post. */
export interface DuePost extends Doc {
  id: number;
  status: string;
}

export interface PublishHooks<T extends DuePost> {
  /** More to set on `post` as it is published (wp_publish_post's default terms), besides the status. */
  changes?(post: T): Promise<Partial<T>>;
  /** After `before` was published as `after` (term counts, revisions). */
  published?(before: T, after: T): Promise<void>;
}

/**
 * Publishes the scheduled posts in `posts` whose `date_gmt` is `nowGmt` or earlier (in the collection's stamp form),
 * up to 100 a call; a post another writer moved out of `future` meanwhile is left as it is.
 */
export async function publishDue<T extends DuePost>(
  posts: Collection<T>,
  nowGmt: string,
  hooks: PublishHooks<T> = {},
): Promise<void> {
  const due = await posts.find({ status: 'future', date_gmt: { $lte: nowGmt } }, { limit: 100 });
  for (const post of due) {
    const set = { status: 'publish', ...(await hooks.changes?.(post)) };
    const done = await posts.updateOne({ id: post.id, status: 'future' }, { $set: set });
    if (done) await hooks.published?.(post, done);
  }
}
