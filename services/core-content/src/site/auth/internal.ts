/**
 * core-content's service-to-service endpoints (outside /rest, so the gateway never proxies them): the two credential
 * checks (`/_loom/auth/app-password`, `/_loom/auth/login`: POST JSON `{username, password, ip?}`, the login's with
 * `session?` to start a site session, answered `{user}` or a WordPress error), the site sessions the sign-in cookie
 * names (`/_loom/auth/session`, `/_loom/auth/session/end`: POST JSON `{user_id, token}`), and a user's public
 * reference (`GET /_loom/users/<id>`). Only callers proving they hold LOOM_INTERNAL_SECRET get past requireInternal;
 * bodies are parsed after that check, never before.
 */
import type { Express, RequestHandler } from 'express';
import type { z } from 'zod';
import {
  AUTH_APP_PASSWORD_PATH,
  AUTH_LOGIN_PATH,
  AUTH_SESSION_END_PATH,
  AUTH_SESSION_PATH,
  USERS_PATH,
  authRequestSchema,
  errorBody,
  loginRequestSchema,
  sessionRequestSchema,
  type UserRef,
} from '@loom/contracts';
import { internalJsonBody, requireInternal, WpError, type KitConfig, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { warmUpDummy } from '../../resources/users/passwords';
import { UserRepository } from '../../resources/users/repository';
import { authenticateAppPassword, authenticateLogin, checkSession, endSession } from './authenticate';

const jsonBody = internalJsonBody('4kb');

function endpoint<S extends z.ZodType>(
  schema: S,
  check: (store: Store, input: z.infer<S>) => Promise<unknown>,
  deps: { store: Store; log: Logger },
): RequestHandler {
  return async (req, res) => {
    // Credentials in the answer's inputs must never sit in a cache.
    res.set('Cache-Control', 'no-store');
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const params = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'body'), i.message]));
      const body = errorBody('rest_invalid_param', {
        message: `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
        data: { params },
      });
      res.status(body.data.status).json(body);
      return;
    }
    try {
      res.json(await check(deps.store, parsed.data));
    } catch (e) {
      if (e instanceof WpError) {
        res.status(e.status).json(e.toBody());
        return;
      }
      deps.log.error({ err: e }, 'credential check failed');
      const body = errorBody('internal_server_error');
      res.status(body.data.status).json(body);
    }
  };
}

export function mountInternalAuth(app: Express, deps: { config: KitConfig; store: Store; log: Logger }): void {
  void warmUpDummy();
  const guard = requireInternal(deps.config.internalSecret);
  app.post(AUTH_APP_PASSWORD_PATH, guard, jsonBody, endpoint(authRequestSchema, authenticateAppPassword, deps));
  app.post(AUTH_LOGIN_PATH, guard, jsonBody, endpoint(loginRequestSchema, authenticateLogin, deps));
  app.post(AUTH_SESSION_PATH, guard, jsonBody, endpoint(sessionRequestSchema, checkSession, deps));
  app.post(AUTH_SESSION_END_PATH, guard, jsonBody, endpoint(sessionRequestSchema, endSession, deps));
  // Other services' typed clients read a user's public reference (events: an event's author) here.
  app.get(`${USERS_PATH}/:id`, guard, async (req, res) => {
    const raw = String(req.params.id ?? '');
    const id = /^\d+$/.test(raw) ? Number(raw) : 0;
    const user = id ? await new UserRepository(deps.store).get(id).catch(() => null) : null;
    if (!user) {
      const body = errorBody('rest_user_invalid_id');
      res.status(body.data.status).json(body);
      return;
    }
    const ref: UserRef = { id: user.id, name: user.name, slug: user.slug };
    res.json(ref);
  });
}
