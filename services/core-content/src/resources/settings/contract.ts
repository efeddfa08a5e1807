/**
 * core/v2 settings (WP_REST_Settings_Controller): every option WordPress 6.4 registers with show_in_rest, in its
 * registration order (register_initial_settings(), then the site-logo block's site_logo and site_icon), then the
 * discussion options comments use, which WordPress keeps off the REST API but Loom's clients have no other way to
 * change (docs/differences.md). One route: GET reads, POST/PUT/PATCH writes; both need manage_options.
 */
import { z, type ZodTypeAny } from 'zod';
import {
  EDITABLE,
  READABLE,
  endpoint,
  field,
  resource,
  route,
  takesNull,
  toWpSchema,
  wp,
  type ResourceDef,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

const all = ['view', 'edit', 'embed'] as const;

/** A setting's schema as the item schema shows it, and its write argument (which also takes null: "reset"). */
interface SettingDef {
  schema: ZodTypeAny;
  readonly?: boolean;
}

const s = (
  description: string,
  extra: Partial<{ format: 'uri' | 'email'; enum: string[] }> = {},
  check?: { ok: (v: string) => boolean; message: string },
): SettingDef => {
  const base = wp((extra.enum ? z.enum(extra.enum as [string, ...string[]]) : z.string()).describe(description), extra);
  return { schema: check ? base.refine(check.ok, check.message) : base };
};

/** An IANA zone the runtime knows (or '': the gmt_offset applies). */
const knownZone = (zone: string): boolean => {
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const i = (description: string, bounds: { min?: number; max?: number } = {}): SettingDef => {
  let schema = z.number().int();
  if (bounds.min !== undefined) schema = schema.min(bounds.min);
  if (bounds.max !== undefined) schema = schema.max(bounds.max);
  return { schema: schema.describe(description) };
};
const b = (description: string): SettingDef => ({ schema: z.boolean().describe(description) });
const OPEN_CLOSED = ['open', 'closed'];

/** The settings, by REST name, in WordPress's order. */
export const SETTINGS: Readonly<Record<string, SettingDef>> = {
  title: s('Site title.'),
  description: s('Site tagline.'),
  url: { ...s('Site URL.', { format: 'uri' }), readonly: true },
  email: s('This address is used for admin purposes, like new user notification.', { format: 'email' }),
  // WordPress keeps the old value of an unknown zone or language and answers 200; Loom refuses it (400).
  timezone: s(
    'A city in the same timezone as you.',
    {},
    {
      ok: knownZone,
      message: 'The timezone you have entered is not valid. Please select a valid timezone.',
    },
  ),
  date_format: s('A date format for all date strings.'),
  time_format: s('A time format for all time strings.'),
  // Loom is stricter than WordPress's absint(): a day number is 0 (Sunday) to 6.
  start_of_week: i('A day number of the week that the week should start on.', { min: 0, max: 6 }),
  language: s(
    'WordPress locale code.',
    {},
    {
      ok: (v) => v === '' || v === 'en_US',
      message: 'Loom has no translations installed: the only language is en_US.',
    },
  ),
  use_smilies: b('Convert emoticons like :-) and :-P to graphics on display.'),
  default_category: i('Default post category.', { min: 0 }),
  default_post_format: s('Default post format.'),
  posts_per_page: i('Blog pages show at most.'),
  show_on_front: s(
    'What to show on the front page',
    {},
    {
      ok: (v) => v === 'posts' || v === 'page',
      message: 'show_on_front is posts or page.',
    },
  ),
  page_on_front: i('The ID of the page that should be displayed on the front page', { min: 0 }),
  page_for_posts: i('The ID of the page that should display the latest posts', { min: 0 }),
  default_ping_status: s('Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.', {
    enum: OPEN_CLOSED,
  }),
  default_comment_status: s('Allow people to submit comments on new posts.', { enum: OPEN_CLOSED }),
  site_logo: i('Site logo.', { min: 0 }),
  site_icon: i('Site icon.', { min: 0 }),
  comment_registration: b('Users must be registered and logged in to comment.'),
  require_name_email: b('Comment author must fill out name and email.'),
  comment_moderation: b('Comment must be manually approved.'),
  comment_previously_approved: b('Comment author must have a previously approved comment.'),
  comment_max_links: i('Hold a comment in the queue if it contains this many links or more (0: no limit).', {
    min: 0,
  }),
  moderation_keys: s('Comments holding any of these words (one per line) wait in the moderation queue.'),
  disallowed_keys: s('Comments holding any of these words (one per line) go to the trash.'),
  close_comments_for_old_posts: b('Automatically close comments on old articles.'),
  close_comments_days_old: i('Close comments on articles older than this many days.', { min: 0 }),
  thread_comments: b('Enable threaded (nested) comments.'),
  thread_comments_depth: i('How many levels deep threaded comments nest.', { min: 1, max: 10 }),
  comments_notify: b('Email the post author whenever anyone posts a comment.'),
  moderation_notify: b('Email the moderators whenever a comment is held for moderation.'),
};

export const settingsResource: ResourceDef = resource(
  'settings',
  Object.fromEntries(Object.entries(SETTINGS).map(([name, d]) => [name, field(d.schema, [...all])])),
);

/** The write arguments: every setting but the read-only ones, each optional and nullable (null deletes the option). */
const writeArgs = Object.fromEntries(
  Object.entries(SETTINGS)
    .filter(([, d]) => !d.readonly)
    .map(([name, d]) => [
      name,
      // null resets (takesNull); the index shows the setting's own type, as WordPress does.
      takesNull(wp(d.schema.nullable().optional(), { type: toWpSchema(d.schema).type })),
    ]),
);

export const settings = {
  item: route(
    CORE,
    `/${CORE}/settings`,
    { read: endpoint(READABLE, {}), update: endpoint(EDITABLE, writeArgs) },
    settingsResource,
  ),
};
