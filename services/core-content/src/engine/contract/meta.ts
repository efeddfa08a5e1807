/** Meta keys registered with show_in_rest (spec 2.1's meta object), shared by the types that carry them. */

/** The forum component's nine counters (integers, default 0), on posts, pages, media, menu items and blocks. */
export const FORUM_META_KEYS = [
  '_forum_topic_count',
  '_forum_reply_count',
  '_forum_total_topic_count',
  '_forum_total_reply_count',
  '_forum_voice_count',
  '_forum_anonymous_reply_count',
  '_forum_topic_count_hidden',
  '_forum_reply_count_hidden',
  '_forum_subforum_count',
] as const;

export const FORUM_META_DEFAULTS: Readonly<Record<string, number>> = Object.fromEntries(
  FORUM_META_KEYS.map((k) => [k, 0]),
);

/** Posts and pages add core's `footnotes` (a string, default empty). */
export const POST_META_DEFAULTS: Readonly<Record<string, number | string>> = { ...FORUM_META_DEFAULTS, footnotes: '' };
