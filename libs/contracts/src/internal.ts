/**
 * Service-to-service calls under `/_loom/...`: never proxied under `/rest`, and the auth ones only answer
 * callers that prove they hold LOOM_INTERNAL_SECRET (header `x-loom-internal`, see the kit's internal.ts).
 */
import { z } from 'zod';
import { roles } from './identity';

export const INTERNAL_HEADER = 'x-loom-internal';
/**
 * The answer's side (`/_loom/routes`): a service proves it holds the same secret with an HMAC of the caller's
 * `x-loom-internal`, so that the gateway never takes routes from a stack with another secret.
 */
export const INTERNAL_ANSWER_HEADER = 'x-loom-internal-answer';

/**
 * core-content → gateway, on a 200 answer to a GET that depends on its URL and its caller's identity alone: until
 * for how long it stays right while nothing is written (milliseconds until the next scheduled publication, or `none`). The gateway
 * may keep such an answer (its answer cache) and never passes the header on.
 */
export const SHAREABLE_HEADER = 'x-loom-shareable';

/** core-content: check `Authorization: Basic` credentials (login or email + application password). */
export const AUTH_APP_PASSWORD_PATH = '/_loom/auth/app-password';
/** core-content: check a login password (the sign-in pages: authorize-application's and wp-login.php). */
export const AUTH_LOGIN_PATH = '/_loom/auth/login';

export const authRequestSchema = z.object({
  /** A login, or an email address (told apart by `@`, as WordPress does). */
  username: z.string().max(200),
  password: z.string().max(200),
  /** The client's address, recorded as the application password's `last_ip`. */
  ip: z.string().max(64).optional(),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;

/** A verified caller; the gateway signs it into the identity header. */
export const authenticatedSchema = z.object({
  id: z.number().int().positive(),
  login: z.string(),
  name: z.string(),
  roles: z.array(z.enum(roles)),
  /** uuid of the application password used (absent for a login-password check). */
  app_password: z.string().optional(),
});
export type Authenticated = z.infer<typeof authenticatedSchema>;

/**
 * 200 `{ user }` on success; on failure 401 with WordPress's codes as the body's `code`:
 * `invalid_username`, `invalid_email`, `incorrect_password` (WordPress's messages).
 */
export const authResponseSchema = z.object({
  user: authenticatedSchema,
  /** The check recorded the password's use (last_used, last_ip, at most daily): a write the gateway did not forward. */
  recorded: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * The login check may start a site session for the user it signs in (the sign-in cookie's, kept as WordPress keeps
 * session tokens in user meta): `ttl_s` is how long it lasts, `ua` the browser's User-Agent, kept with it.
 */
export const loginRequestSchema = authRequestSchema.extend({
  session: z
    .object({
      ttl_s: z.number().int().positive(),
      ua: z.string().max(500).optional(),
    })
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** With `session` asked for: its token (only ever in this answer and the cookie) and expiry (seconds since the epoch). */
export const loginResponseSchema = authResponseSchema.extend({
  session: z.object({ token: z.string(), expiration: z.number().int() }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** core-content: is this session (the user's id and the cookie's token) still live? `{ user }`, null when not. */
export const AUTH_SESSION_PATH = '/_loom/auth/session';
/** core-content: end this session (sign out); `{ ended }` says whether it was live. */
export const AUTH_SESSION_END_PATH = '/_loom/auth/session/end';

export const sessionRequestSchema = z.object({
  user_id: z.number().int().positive(),
  token: z.string().min(1).max(200),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;
export const sessionResponseSchema = z.object({ user: authenticatedSchema.nullable() });
export const sessionEndResponseSchema = z.object({ ended: z.boolean() });

/** core-content: `GET /_loom/users/<id>` → `{id, name, slug}` of an existing user, 404 `rest_user_invalid_id` otherwise (events checks an event's `author`). */
export const USERS_PATH = '/_loom/users';
export const userRefSchema = z.object({ id: z.number().int().positive(), name: z.string(), slug: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/**
 * core-content: `GET /_loom/oembed-post?url=<url>` → the publicly viewable post, page or attachment a URL of this site
 * names (url_to_postid + is_post_publicly_viewable), in the parts oEmbed shows; 404 `oembed_invalid_url` otherwise.
 * The oembed service asks it for `/oembed/1.0/embed`, the proxy's local URLs and the embed pages.
 */
export const OEMBED_POST_PATH = '/_loom/oembed-post';
export const oembedPostSchema = z.object({
  id: z.number().int().positive(),
  /** The post type (`post`, `page`, `attachment`). */
  type: z.string(),
  /** get_the_title(), as a page shows it ("Protected: " before a password-protected post's title). */
  title: z.string(),
  /** get_permalink(). */
  link: z.string(),
  /** The author's display name and archive URL; null when the post's author no longer exists. */
  author: z.object({ name: z.string(), url: z.string() }).nullable(),
  /** the_excerpt() as rendered HTML; '' for a password-protected post. */
  excerpt: z.string(),
  /** Whether the post is password-protected. */
  protected: z.boolean(),
  /** _thumbnail_id: the featured image's media id, 0 for none. */
  featured_media: z.number().int().nonnegative(),
  /** An attachment's MIME type (image/..., video/...), '' for other types. */
  mime_type: z.string(),
});
export type OembedPost = z.infer<typeof oembedPostSchema>;

/**
 * events: `GET /_loom/event-search?search=&include=&exclude=&limit=` → the published events core/v2/search lists
 * among the posts (WP_Query `s` over post_type tribe_events, post_status publish), first `limit` of them in
 * WordPress's order (relevance rank when searching, then post_date descending), with how many there are in all.
 * `include` and `exclude` are comma lists of ids. core-content merges them with its own posts by rank and date.
 */
export const EVENT_SEARCH_PATH = '/_loom/event-search';
export const eventSearchHitSchema = z.object({
  id: z.number().int().positive(),
  /** get_the_title(). */
  title: z.string(),
  /** get_permalink(). */
  link: z.string(),
  /** post_date, site time, as core-content keeps it (`YYYY-MM-DDTHH:MM:SS`). */
  date: z.string(),
  /** parse_search_order()'s rank (0 without a search): lower first. */
  rank: z.number().int().nonnegative(),
});
export type EventSearchHit = z.infer<typeof eventSearchHitSchema>;
export const eventSearchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  items: z.array(eventSearchHitSchema),
});
export type EventSearchResult = z.infer<typeof eventSearchResultSchema>;
