/**
 * The statuses an archive lists (Archive_Base::filter_post_status_list): without the type's edit_posts only
 * `publish` may be asked for; with it, any registered status, and by default `any` (every status but trash).
 * `any` itself is no registered status, so asking for it is `rest_invalid_param`, in 6.2.9 and still in 6.17.1,
 * although the plugin's rest_url echoes it to editors (their page links answer 400 there too).
 * Others' unpublished posts only for those who may edit others' posts (the plugin lists them to any editor).
 */
import * as events from '../contracts';
import { can, type PostTypeCapNames, type RestRequest } from '@loom/service-kit';
import { invalidParams } from '../messages';

const REGISTERED: readonly string[] = events.EVENT_FILTER_STATUSES;
const ANY = REGISTERED.filter((s) => s !== 'trash');

export interface ListStatuses {
  /** Statuses anyone's posts may show, and those only the caller's own may. */
  query: { statuses: string[]; ownStatuses: string[] };
  /** `status` as the archive's rest_url echoes it. */
  echo: string;
}

export function listStatuses(req: RestRequest, caps: PostTypeCapNames, requested: unknown): ListStatuses {
  const editor = can(req.user, caps.edit_posts);
  let statuses: string[];
  let echo: string;
  if (typeof requested === 'string' && requested.trim()) {
    const asked = requested
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const valid = editor ? asked.every((s) => REGISTERED.includes(s)) : asked.length === 1 && asked[0] === 'publish';
    if (!valid) throw invalidParams(['status']);
    statuses = [...new Set(asked)];
    echo = asked.join(',');
  } else {
    [statuses, echo] = editor ? [ANY, 'any'] : [['publish'], 'publish'];
  }
  const others = can(req.user, caps.edit_others_posts);
  return {
    query: {
      statuses: others ? statuses : statuses.filter((s) => s === 'publish'),
      ownStatuses: others ? [] : statuses.filter((s) => s !== 'publish'),
    },
    echo,
  };
}
