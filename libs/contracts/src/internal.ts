/**
 * Service-to-service calls under `/_loom/...`: never proxied under `/rest`, and the auth ones only answer
 * callers that prove they hold LOOM_INTERNAL_SECRET (header `x-loom-internal`, see the kit's internal.ts).
 */
import { z } from 'zod';
import { roles } from './identity';

export const INTERNAL_HEADER = 'x-loom-internal';

/** core-content: check `Authorization: Basic` credentials (login or email + application password). */
export const AUTH_APP_PASSWORD_PATH = '/_loom/auth/app-password';
/** core-content: check a login password (the authorize-application page's sign-in). */
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
export const authResponseSchema = z.object({ user: authenticatedSchema });

/** core-content: `GET /_loom/users/<id>` → `{id, name, slug}` of an existing user, 404 `rest_user_invalid_id` otherwise (events checks an event's `author`). */
export const USERS_PATH = '/_loom/users';
export const userRefSchema = z.object({ id: z.number().int().positive(), name: z.string(), slug: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;
