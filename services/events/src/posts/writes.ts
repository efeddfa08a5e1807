/**
 * Write rules every events/v1 post type shares (the plugin's Base endpoint and WordPress's wp_insert_post):
 * status scaling, the author, publication and modification dates.
 */
import { can, forbidden, siteClock, type PostTypeCapNames, type RestRequest } from '@loom/service-kit';
import { invalidParam } from '../messages';
import { coreClient } from '../core-client';
import { formatLocal, formatUtc, parseDate } from '../dates/post-dates';
import { isFloating, statusForDate } from '@loom/post-engine';

/** scale_back_post_status: publish/future/private without publish rights become pending; none → publish or draft. */
export function scaleStatus(
  req: RestRequest,
  caps: PostTypeCapNames,
  status: string | undefined,
  current?: string,
): string {
  const canPublish = can(req.user, caps.publish_posts);
  if (status === undefined) return current ?? (canPublish ? 'publish' : 'draft');
  if ((status === 'publish' || status === 'future' || status === 'private') && !canPublish)
    return status === current ? current : 'pending';
  return status;
}

/**
 * The post's author: the caller unless another is asked for, which needs edit_others_posts and a user that
 * exists (is_user_id, asked of core-content; taken as given when core-content does not answer).
 */
export async function authorOf(
  req: RestRequest,
  caps: PostTypeCapNames,
  requested: unknown,
  current?: number,
): Promise<number> {
  const keep = current ?? req.user!.id;
  const author = typeof requested === 'number' ? requested : keep;
  if (author === keep) return author;
  if (!can(req.user, caps.edit_others_posts)) throw forbidden(req.user);
  if ((await coreClient(req).user(author)) === null) {
    throw invalidParam('author');
  }
  return author;
}

/** WordPress's post_date_gmt of a post whose date floats (a draft or pending post never given one). */
export const ZERO_DATE = '0000-00-00 00:00:00';

/** `date` (site time) or `date_utc` as stored (`date`, `date_gmt`), when the client sent one, and which it was. */
export function publicationDate(
  req: RestRequest,
  p: Record<string, unknown>,
): { date: string; date_gmt: string; from: 'date' | 'date_utc' } | undefined {
  const clock = siteClock(req.config);
  let gmt: string | undefined;
  let from: 'date' | 'date_utc' = 'date_utc';
  if (p.date_utc !== undefined) gmt = formatUtc(parseDate(clock, String(p.date_utc), true, 'date_utc'));
  else if (p.date !== undefined) {
    gmt = formatUtc(parseDate(clock, String(p.date), false, 'date'));
    from = 'date';
  }
  return gmt ? { date: formatLocal(clock, Date.parse(gmt.replace(' ', 'T') + 'Z')), date_gmt: gmt, from } : undefined;
}

/** post_modified and post_modified_gmt of a write at `now`. */
export function modifiedNow(req: RestRequest, now = Date.now()) {
  return { modified: formatLocal(siteClock(req.config), now), modified_gmt: formatUtc(now) };
}

type Given = ReturnType<typeof publicationDate>;
export interface PostDates {
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
}

/**
 * wp_insert_post's dates of a new post with `status`: the given date, else now; a floating status keeps no GMT
 * date unless one was given in UTC; a new post's modification dates are its dates.
 */
export function newPostDates(req: RestRequest, given: Given, status: string): PostDates {
  const now = modifiedNow(req);
  const date = given?.date ?? now.modified;
  const gmt =
    given?.from === 'date_utc'
      ? given.date_gmt
      : isFloating(status)
        ? ZERO_DATE
        : (given?.date_gmt ?? now.modified_gmt);
  return { date, date_gmt: gmt, modified: date, modified_gmt: gmt };
}

/**
 * wp_update_post's dates: a given date replaces the post's; a floating post never given a date moves to now
 * (clear_date), with a GMT date once it leaves the floating statuses. Modified is now.
 */
export function updatedPostDates(
  req: RestRequest,
  given: Given,
  status: string,
  previous: { status: string; date: string; date_gmt: string },
): PostDates {
  const now = modifiedNow(req);
  let { date, date_gmt: gmt } = previous;
  if (given) {
    date = given.date;
    gmt = given.from === 'date_utc' || !isFloating(status) ? given.date_gmt : ZERO_DATE;
  } else if (isFloating(previous.status) && previous.date_gmt === ZERO_DATE) {
    date = now.modified;
    gmt = isFloating(status) ? ZERO_DATE : now.modified_gmt;
  }
  return { date, date_gmt: gmt, ...now };
}

/**
 * wp_insert_post's date rule (@loom/post-engine, as core-content's): `publish` with a date a minute or more ahead
 * is `future` (scheduled); `future` with a date less than a minute ahead is `publish`.
 */
export function scheduled(status: string, dateGmt: string, now = Date.now()): string {
  return statusForDate(status, dateGmt, now);
}
