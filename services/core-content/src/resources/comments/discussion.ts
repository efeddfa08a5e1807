/**
 * WordPress's discussion options (Settings → Discussion), as the comment routes read them: site options
 * (resources/settings), changed through `core/v2/settings` and live in every replica; their LOOM_COMMENT_*
 * variables are initial values only (docs/configuration.md). Whether anonymous callers may comment is WordPress's
 * rest_allow_anonymous_comments filter, not an option, so it stays a setting of the deployment.
 */
import type { SiteOptionValues } from '@loom/contracts';
import { envInt, envSwitch } from '@loom/service-kit';
import { siteOptions } from '../../site/site-options';

export interface DiscussionSettings {
  /** comment_registration: only signed-in users may comment (also what the REST API asks of anonymous callers). */
  commentRegistration: boolean;
  /** The rest_allow_anonymous_comments filter: whether anonymous callers may comment at all (WordPress: no). */
  allowAnonymous: boolean;
  /** require_name_email: a comment needs its author's name and e-mail address. */
  requireNameEmail: boolean;
  /** comment_moderation: every new comment waits for a moderator. */
  moderation: boolean;
  /** comment_previously_approved: an author needs an approved comment already, else the new one waits. */
  previouslyApproved: boolean;
  /** comment_max_links: a comment with this many links or more waits (0: no limit). */
  maxLinks: number;
  /** moderation_keys: a comment holding one of these waits. */
  moderationKeys: string[];
  /** disallowed_keys: a comment holding one of these goes to the trash. */
  disallowedKeys: string[];
  /** close_comments_for_old_posts and close_comments_days_old: posts older than that many days take no comments. */
  closeForOldPosts: boolean;
  closeDaysOld: number;
  /** thread_comments and thread_comments_depth: how deep replies nest. */
  threadComments: boolean;
  threadDepth: number;
  /** comments_notify and moderation_notify: whom WordPress mails (the post's author; the moderators). */
  commentsNotify: boolean;
  moderationNotify: boolean;
}

/** A list option: words or phrases separated by newlines (WordPress's form) or commas (as LOOM_FORMS_DISALLOWED_KEYS). */
const words = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(/\r?\n|,/)
    .map((w) => w.trim())
    .filter(Boolean);

type DiscussionOptions = Pick<
  SiteOptionValues,
  | 'comment_registration'
  | 'require_name_email'
  | 'comment_moderation'
  | 'comment_previously_approved'
  | 'comment_max_links'
  | 'moderation_keys'
  | 'disallowed_keys'
  | 'close_comments_for_old_posts'
  | 'close_comments_days_old'
  | 'thread_comments'
  | 'thread_comments_depth'
  | 'comments_notify'
  | 'moderation_notify'
>;

/** The discussion options' initial values from the environment (WordPress's defaults where a variable is unset). */
export function initialDiscussionOptions(env: NodeJS.ProcessEnv): DiscussionOptions {
  return {
    comment_registration: envSwitch(env, 'LOOM_COMMENT_REGISTRATION', false),
    require_name_email: envSwitch(env, 'LOOM_COMMENTS_REQUIRE_NAME_EMAIL', true),
    comment_moderation: envSwitch(env, 'LOOM_COMMENT_MODERATION', false),
    comment_previously_approved: envSwitch(env, 'LOOM_COMMENT_PREVIOUSLY_APPROVED', true),
    comment_max_links: envInt(env, 'LOOM_COMMENT_MAX_LINKS', 2),
    moderation_keys: words(env.LOOM_COMMENT_MODERATION_KEYS).join('\n'),
    disallowed_keys: words(env.LOOM_COMMENT_DISALLOWED_KEYS).join('\n'),
    close_comments_for_old_posts: envSwitch(env, 'LOOM_CLOSE_COMMENTS_FOR_OLD_POSTS', false),
    close_comments_days_old: envInt(env, 'LOOM_CLOSE_COMMENTS_DAYS_OLD', 14),
    thread_comments: envSwitch(env, 'LOOM_THREAD_COMMENTS', true),
    thread_comments_depth: envInt(env, 'LOOM_THREAD_COMMENTS_DEPTH', 5, 1),
    comments_notify: envSwitch(env, 'LOOM_COMMENTS_NOTIFY', true),
    moderation_notify: envSwitch(env, 'LOOM_MODERATION_NOTIFY', true),
  };
}

let allowAnonymous = false;

/** LOOM_COMMENTS_ALLOW_ANONYMOUS (buildApp, once per process; tests build one app at a time). */
export function activateDiscussion(env: NodeJS.ProcessEnv): void {
  allowAnonymous = envSwitch(env, 'LOOM_COMMENTS_ALLOW_ANONYMOUS', false);
}

/** The options in force now. */
export function discussion(): DiscussionSettings {
  const o = siteOptions();
  return {
    commentRegistration: o.comment_registration,
    allowAnonymous,
    requireNameEmail: o.require_name_email,
    moderation: o.comment_moderation,
    previouslyApproved: o.comment_previously_approved,
    maxLinks: o.comment_max_links,
    moderationKeys: words(o.moderation_keys),
    disallowedKeys: words(o.disallowed_keys),
    closeForOldPosts: o.close_comments_for_old_posts,
    closeDaysOld: o.close_comments_days_old,
    threadComments: o.thread_comments,
    threadDepth: o.thread_comments_depth,
    commentsNotify: o.comments_notify,
    moderationNotify: o.moderation_notify,
  };
}
