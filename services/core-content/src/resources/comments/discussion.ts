/**
 * WordPress's discussion options (Settings → Discussion) with WordPress's defaults. Until Loom serves the settings
 * resource they come from the environment (docs/configuration.md), read once at start; every replica reads the
 * same environment, so they agree.
 */
import { envInt, envSwitch } from '@loom/service-kit';

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

export function loadDiscussionSettings(env: NodeJS.ProcessEnv): DiscussionSettings {
  return {
    commentRegistration: envSwitch(env, 'LOOM_COMMENT_REGISTRATION', false),
    allowAnonymous: envSwitch(env, 'LOOM_COMMENTS_ALLOW_ANONYMOUS', false),
    requireNameEmail: envSwitch(env, 'LOOM_COMMENTS_REQUIRE_NAME_EMAIL', true),
    moderation: envSwitch(env, 'LOOM_COMMENT_MODERATION', false),
    previouslyApproved: envSwitch(env, 'LOOM_COMMENT_PREVIOUSLY_APPROVED', true),
    maxLinks: envInt(env, 'LOOM_COMMENT_MAX_LINKS', 2),
    moderationKeys: words(env.LOOM_COMMENT_MODERATION_KEYS),
    disallowedKeys: words(env.LOOM_COMMENT_DISALLOWED_KEYS),
    closeForOldPosts: envSwitch(env, 'LOOM_CLOSE_COMMENTS_FOR_OLD_POSTS', false),
    closeDaysOld: envInt(env, 'LOOM_CLOSE_COMMENTS_DAYS_OLD', 14),
    threadComments: envSwitch(env, 'LOOM_THREAD_COMMENTS', true),
    threadDepth: envInt(env, 'LOOM_THREAD_COMMENTS_DEPTH', 5, 1),
    commentsNotify: envSwitch(env, 'LOOM_COMMENTS_NOTIFY', true),
    moderationNotify: envSwitch(env, 'LOOM_MODERATION_NOTIFY', true),
  };
}

let active: DiscussionSettings = loadDiscussionSettings({});

/** Sets the settings the comment routes use (buildApp, once per process; tests build one app at a time). */
export function activateDiscussion(settings: DiscussionSettings): void {
  active = settings;
}

export const discussion = (): DiscussionSettings => active;
