/**
 * What a create or an update sends, as prepare_item_for_database() reads it and wp_filter_comment() saves it: the
 * request's fields under the comment's names, the author's from an account, the save filters and the length limits.
 */
import { isIP } from 'node:net';
import { sanitizeTextField, sanitizeUrl } from '@loom/contracts';
import { sanitizeCommentContent, wpFilterKses, wpStripAllTags } from '@loom/rendering';
import { can, siteClock, wpError, type RequestOf, type RestRequest } from '@loom/service-kit';
import { dateWithGmt } from '../../engine/dates';
import { UserRepository } from '../users/repository';
import { moderates } from './access';
import { comments as routes, type CommentText } from './contract';
import { lengthError, type NewComment } from './rules';

type WriteRequest =
  RequestOf<typeof routes.collection.endpoints.create> | RequestOf<typeof routes.item.endpoints.update>;

/** The client's address (REMOTE_ADDR, an IPv4-mapped one as IPv4), or 127.0.0.1 when there is no valid one. */
export function clientAddress(req: RestRequest): string {
  const ip = (req.clientIp ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return isIP(ip) ? ip : '127.0.0.1';
}

/** The author fields of a user (display name, e-mail, URL), as prepare_item_for_database and create_item take them. */
export async function userFields(req: RestRequest, id: number) {
  const user = await new UserRepository(req.store).get(id);
  if (!user) throw wpError('rest_comment_author_invalid');
  return { user_id: user.id, author_name: user.name, author_email: user.email, author_url: user.url };
}

export type Prepared = Partial<NewComment & { date: string; date_gmt: string }>;

/** prepare_item_for_database(): the request's fields, under the comment's names. */
export async function prepareFields(req: WriteRequest): Promise<Prepared> {
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
export function filtered(req: RestRequest, c: Prepared): Prepared {
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

export function checkLengths(c: Prepared): void {
  const code = lengthError(c);
  if (code) throw wpError(code);
}
