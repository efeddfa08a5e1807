/**
 * The site's options (WordPress's Settings screens): what `GET /core/v2/settings` shows and every service reads.
 * core-content owns them (its store); the other services hold a live copy, fetched from `SITE_OPTIONS_PATH` and
 * refreshed when a change notification for `settings` arrives (service-kit's site-options follower).
 */

/** core-content's internal endpoint: `GET` answers `{rev, values}` (304 when `?rev=` is already the current one). */
export const SITE_OPTIONS_PATH = '/_loom/site-options';

/**
 * The revision of the site options a service answered with (every answer carries it): the gateway keeps an
 * answer in its cache only when it holds that revision too, so none made before a change outlives it there.
 */
export const SITE_REV_HEADER = 'x-loom-site-rev';

/** The notification resource a settings write is published under (`loom.changes.core_v2.settings`). */
export const SITE_OPTIONS_RESOURCE = 'settings';

export type OpenClosed = 'open' | 'closed';

/**
 * The values, under their REST names where WordPress shows them in `settings` (title is blogname, email is
 * admin_email, timezone is timezone_string, language is WPLANG) and their option names otherwise.
 */
export interface SiteOptionValues {
  title: string;
  description: string;
  email: string;
  timezone: string;
  /** Not a REST setting (the index shows it): hours east of UTC, used when `timezone` is empty. */
  gmt_offset: string;
  date_format: string;
  time_format: string;
  start_of_week: number;
  language: string;
  use_smilies: boolean;
  default_category: number;
  default_post_format: string;
  posts_per_page: number;
  show_on_front: string;
  page_on_front: number;
  page_for_posts: number;
  default_ping_status: OpenClosed;
  default_comment_status: OpenClosed;
  /** null until set, as WordPress's option is absent on a new site. */
  site_logo: number | null;
  site_icon: number;
  /** Derived by core-content (it owns the media): get_site_icon_url(), '' when there is no icon. */
  site_icon_url: string;
  /** get_option( 'stylesheet' ): the active theme, the deployment's (LOOM_THEME), not a REST setting. */
  stylesheet: string;
  // The discussion options comments use (Settings → Discussion).
  comment_registration: boolean;
  require_name_email: boolean;
  comment_moderation: boolean;
  comment_previously_approved: boolean;
  comment_max_links: number;
  moderation_keys: string;
  disallowed_keys: string;
  close_comments_for_old_posts: boolean;
  close_comments_days_old: number;
  thread_comments: boolean;
  thread_comments_depth: number;
  comments_notify: boolean;
  moderation_notify: boolean;
}

/** WordPress's values on a new site (populate_options()), where Loom has no environment variable for them. */
export const SITE_OPTION_DEFAULTS: SiteOptionValues = {
  title: 'Loom',
  description: '',
  email: 'admin@example.com',
  timezone: '',
  gmt_offset: '0',
  date_format: 'F j, Y',
  time_format: 'g:i a',
  start_of_week: 1,
  language: 'en_US',
  use_smilies: true,
  default_category: 1,
  default_post_format: '0',
  posts_per_page: 10,
  show_on_front: 'posts',
  page_on_front: 0,
  page_for_posts: 0,
  default_ping_status: 'open',
  default_comment_status: 'open',
  site_logo: null,
  site_icon: 0,
  site_icon_url: '',
  stylesheet: '',
  comment_registration: false,
  require_name_email: true,
  comment_moderation: false,
  comment_previously_approved: true,
  comment_max_links: 2,
  moderation_keys: '',
  disallowed_keys: '',
  close_comments_for_old_posts: false,
  close_comments_days_old: 14,
  thread_comments: true,
  thread_comments_depth: 5,
  comments_notify: true,
  moderation_notify: true,
};

/** What the internal endpoint answers: the values and their revision (0: nothing stored yet). */
export interface SiteOptionsAnswer {
  rev: number;
  values: SiteOptionValues;
}
