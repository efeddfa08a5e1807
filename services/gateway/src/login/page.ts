/**
 * `{base_url}/wp-login.php`: signing in to the site in a browser, as WordPress's wp-login.php (without JavaScript):
 *
 *   GET                      → the sign-in form (`redirect_to` kept; `loggedout=true` says "You are now logged out.").
 *   POST log, pwd            → account password checked by core-content (login/sign-in.ts: throttled like Basic auth);
 *        [rememberme, redirect_to]  success starts a site session, sets its cookie (kept until the session expires
 *                             with `rememberme`, else until the browser closes) and 302s to `redirect_to` when it is on
 *                             this site (wp_safe_redirect), else to the front page; failure shows the form again with
 *                             WordPress's message, status 200 as wp-login.php does.
 *   GET action=logout&_wpnonce=<log-out nonce>[&redirect_to]
 *                            → ends the session in core-content (on every replica), removes the cookie and 302s to
 *                             `redirect_to` (on this site) or `wp-login.php?loggedout=true`. Without the session's
 *                             nonce: 403 with WordPress's question and a link that carries it (wp_nonce_ays).
 *
 * Unlike wp-login.php, a sign-in POST must carry its form's CSRF token (double submit with a cookie scoped to this
 * page, as the authorize page's) and, when the browser names the page it comes from, come from the site's origin.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { KitConfig } from '@loom/service-kit';
import type { CookieAuth } from '../auth/cookie';
import { CoreUnavailable, type CoreClient } from '../auth/core-client';
import type { SessionCookies } from '../auth/session-cookie';
import { errorPage, PAGE_HEADERS } from '../authorize/html';
import { phpUrlencode } from '../authorize/params';
import { PageSecrets } from '../authorize/session';
import { parseCookies, setCookie } from '../cookies';
import { loginPage, logoutQuestionPage } from './html';
import type { SignIn } from './sign-in';

export const LOGIN_PATH = '/wp-login.php';
const CSRF_COOKIE = 'loom_login_csrf';
const LOG_OUT = 'log-out';

export interface LoginPageOptions {
  config: KitConfig;
  siteName: string;
  signIn: SignIn;
  core: CoreClient;
  cookies: SessionCookies;
  auth: CookieAuth;
  now: () => number;
}

/** PHP's `$_REQUEST[key]`: the last of repeated keys. */
function last(source: URLSearchParams, key: string): string {
  const all = source.getAll(key);
  return all.length ? all[all.length - 1] : '';
}

/**
 * wp_validate_redirect(): `target` (absolute, or relative to the site) when it stays on the site's origin, else
 * `fallback`. The WHATWG parser reads it as the browser will (`//evil.example`, `/\evil.example` leave the site).
 */
export function safeRedirect(target: string, siteOrigin: string, fallback: string): string {
  if (!target) return fallback;
  try {
    const url = new URL(target, `${siteOrigin}/`);
    return url.origin === siteOrigin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

export function loginPages(opts: LoginPageOptions): Router {
  const { config, cookies, auth } = opts;
  const site = new URL(config.baseUrl);
  const pageUrl = `${config.baseUrl}${LOGIN_PATH}`;
  const home = `${config.baseUrl}/`;
  const csrfPath = `${site.pathname.replace(/\/+$/, '')}${LOGIN_PATH}`;
  const secrets = new PageSecrets(config.internalSecret);
  const router = express.Router();

  const send = (res: Response, status: number, html: string, headers: Record<string, string> = {}) => {
    res.status(status).set(PAGE_HEADERS).set(headers).send(html);
  };
  const redirect = (res: Response, location: string) => {
    res.status(302).set({ Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
  };
  const queryOf = (req: Request) => {
    const q = req.url.indexOf('?');
    return new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
  };

  /** The form's CSRF nonce cookie: reused while valid, otherwise issued now. */
  const csrfNonce = (req: Request, res: Response): string => {
    const existing = parseCookies(req.headers.cookie)[CSRF_COOKIE];
    if (secrets.isNonce(existing)) return existing;
    const nonce = secrets.newNonce();
    const secure = site.protocol === 'https:' || req.secure;
    res.append('Set-Cookie', setCookie(CSRF_COOKIE, nonce, { path: csrfPath, secure }));
    return nonce;
  };

  const form = (
    req: Request,
    res: Response,
    status: number,
    f: { redirectTo: string; login?: string; error?: string; message?: string },
    headers?: Record<string, string>,
  ) =>
    send(
      res,
      status,
      loginPage({ siteName: opts.siteName, action: pageUrl, token: secrets.csrfToken(csrfNonce(req, res)), ...f }),
      headers,
    );

  const expired = (res: Response, redirectTo: string) => {
    const retry = redirectTo ? `${pageUrl}?redirect_to=${phpUrlencode(redirectTo)}` : pageUrl;
    send(
      res,
      403,
      errorPage('Something went wrong.', 'The link you followed has expired.', {
        href: retry,
        text: 'Please try again.',
      }),
    );
  };

  /** wp_logout_url( $redirect_to ). */
  const logoutUrl = (nonce: string, redirectTo: string) =>
    `${pageUrl}?action=logout${redirectTo ? `&redirect_to=${phpUrlencode(redirectTo)}` : ''}&_wpnonce=${nonce}`;

  const logout = async (req: Request, res: Response, q: URLSearchParams) => {
    // Whose nonce it must be: the cookie's session (live or not: ending it again is harmless), else a visitor's.
    const session = cookies.read(req.headers, opts.now());
    const redirectTo = last(q, 'redirect_to');
    if (!auth.verify(last(q, '_wpnonce'), LOG_OUT, session))
      return send(res, 403, logoutQuestionPage(opts.siteName, logoutUrl(auth.nonce(LOG_OUT, session), redirectTo)));
    if (session) {
      try {
        await opts.core.endSession(session, res.locals.requestId as string);
      } catch (err) {
        if (!(err instanceof CoreUnavailable)) throw err;
        return send(
          res,
          503,
          errorPage('Something went wrong.', 'Signing out is not available right now. Please try again later.'),
        );
      }
      auth.forget(session);
    }
    res.append('Set-Cookie', cookies.clear(req.secure));
    redirect(res, safeRedirect(redirectTo, site.origin, `${pageUrl}?loggedout=true`));
  };

  router.get(LOGIN_PATH, async (req, res, next) => {
    res.locals.route = LOGIN_PATH;
    try {
      const q = queryOf(req);
      if (last(q, 'action') === 'logout') return await logout(req, res, q);
      const message = last(q, 'loggedout') === 'true' ? 'You are now logged out.' : undefined;
      form(req, res, 200, { redirectTo: last(q, 'redirect_to'), message });
    } catch (err) {
      next(err);
    }
  });

  router.post(
    LOGIN_PATH,
    express.text({ type: 'application/x-www-form-urlencoded', limit: '16kb' }),
    async (req, res, next) => {
      res.locals.route = LOGIN_PATH;
      try {
        const body = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
        const redirectTo = last(body, 'redirect_to') || last(queryOf(req), 'redirect_to');
        const origin = req.get('origin');
        if (origin !== undefined && origin !== site.origin) return expired(res, redirectTo);
        if (!secrets.checkCsrf(last(body, '_csrf'), parseCookies(req.headers.cookie)[CSRF_COOKIE]))
          return expired(res, redirectTo);
        // wp-login.php: sanitize_user() trims the login; the password is taken as typed.
        const username = last(body, 'log').trim();
        const outcome = await opts.signIn(req, {
          username,
          password: last(body, 'pwd'),
          persistent: body.has('rememberme'),
        });
        if (!outcome.ok) {
          const shown = { redirectTo, login: username, error: outcome.message };
          return form(req, res, outcome.status, shown, outcome.headers);
        }
        res.append('Set-Cookie', outcome.cookie);
        redirect(res, safeRedirect(redirectTo, site.origin, home));
      } catch (err) {
        next(err);
      }
    },
  );

  // A form body over the limit, or one that cannot be read: a page, not the REST error handler's JSON.
  router.use(LOGIN_PATH, (err: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || !err.status || err.status >= 500) return next(err);
    send(res, err.status, errorPage('Something went wrong.', 'The request could not be read.'));
  });

  return router;
}
