/**
 * Write rules every events/v1 post type shares (the plugin's Base endpoint and WordPress's wp_insert_post):
 * status scaling, the author, publication and modification dates.
 */
import { can, forbidden, siteClock, type PostTypeCapNames, type RestRequest } from '@loom/service-kit';
import { invalidParam } from '../messages';
import { coreClient } from '../core-client';
import { formatLocal, formatUtc, parseDate } from '../dates/post-dates';

/** scale_back_post_status: publish/future/private without publish rights become pending; none → publish or draft. */
export function scaleStatus(req: RestRequest, caps: PostTypeCapNames, status: string | undefined, current?: string): string {
  const canPublish = can(req.user, caps.publish_posts);
  if (status === undefined) return current ?? (canPublish ? 'publish' : 'draft');
  if ((status === 'publish' || status === 'future' || status === 'private') && !canPublish) return status === current ? current : 'pending';
  return status;
}

/**
 * The post's author: the caller unless another is asked for, which needs edit_others_posts and a user that
 * exists (is_user_id, asked of core-content; taken as given when core-content does not answer).
 */
export async function authorOf(req: RestRequest, caps: PostTypeCapNames, requested: unknown, current?: number): Promise<number> {
  const keep = current ?? req.user!.id;
  const author = typeof requested === 'number' ? requested : keep;
  if (author === keep) return author;
  if (!can(req.user, caps.edit_others_posts)) throw forbidden(req.user);
  if ((await coreClient(req).user(author)) === null) {
    throw invalidParam('author');
  }
  return author;
}

/** `date` (site time) or `date_utc` as stored (`date`, `date_gmt`), when the client sent one. */
export function publicationDate(req: RestRequest, p: Record<string, unknown>): { date: string; date_gmt: string } | undefined {
  const clock = siteClock(req.config);
  let gmt: string | undefined;
  if (p.date_utc !== undefined) gmt = formatUtc(parseDate(clock, String(p.date_utc), true, 'date_utc'));
  else if (p.date !== undefined) gmt = formatUtc(parseDate(clock, String(p.date), false, 'date'));
  return gmt ? { date: formatLocal(clock, Date.parse(gmt.replace(' ', 'T') + 'Z')), date_gmt: gmt } : undefined;
}

/** post_modified and post_modified_gmt of a write at `now`. */
export function modifiedNow(req: RestRequest, now = Date.now()) {
  return { modified: formatLocal(siteClock(req.config), now), modified_gmt: formatUtc(now) };
}

/**
 * wp_insert_post's date rule: `publish` with a date still to come is `future` (scheduled); `future` with a date
 * already past is `publish`.
 */
export function scheduled(status: string, dateGmt: string, now = Date.now()): string {
  const nowGmt = formatUtc(now);
  if (status === 'publish' && dateGmt > nowGmt) return 'future';
  if (status === 'future' && dateGmt <= nowGmt) return 'publish';
  return status;
}
