/**
 * `{base_url}/admin/authorize-application`, the page the index advertises for application passwords
 * (WordPress's wp-admin/authorize-application.php, without JavaScript):
 *
 *   GET  → 400 error page for a bad request; otherwise the sign-in form, or the approval screen when the
 *          browser holds a valid session.
 *   POST action=log_in                          → account password checked by core-content (throttled
 *          like Basic auth, login/sign-in.ts); success sets the page's session cookie and the site's (the
 *          person is signed in to the site too, as on wp-login.php) and 303s back to GET; failure shows the
 *          form again with WordPress's message, status 200 as wp-login.php does.
 *   POST action=authorize_application_password  → `approve`: create the password through core-content as
 *          the signed-in user, then 302 to success_url with site_url, user_login, password (or show the
 *          password once); `reject`: 302 to reject_url (else success_url) with success=false, or a page.
 *
 * Every POST must come with the CSRF token of its form (see session.ts) and, when the browser says where
 * it comes from, from the site's own origin; otherwise 403 with WordPress's "The link you followed has
 * expired." The form body is parsed here only (the proxy never parses /rest bodies).
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { KitConfig } from '@loom/service-kit';
import { normaliseAppPassword } from '../auth/basic';
import { CoreUnavailable, type CoreClient } from '../auth/core-client';
import { parseCookies, setCookie } from '../cookies';
import type { SignIn } from '../login/sign-in';
import { approvePage, errorPage, PAGE_HEADERS, passwordPage, rejectedPage, signInPage } from './html';
import {
  addQueryArgs,
  MESSAGES,
  paramsQuery,
  readParams,
  rejectRedirect,
  validateParams,
  type AuthorizeParams,
} from './params';
import { NONCE_COOKIE, PageSecrets, SESSION_COOKIE, SESSION_TTL_MS, type PageSession } from './session';

export const AUTHORIZE_PATH = '/admin/authorize-application';

export interface AuthorizePageOptions {
  config: KitConfig;
  siteName: string;
  core: CoreClient;
  /** The account-password sign-in, shared with wp-login.php (login/sign-in.ts). */
  signIn: SignIn;
}

const CANNOT = 'Cannot Authorize Application';
const EXPIRED = 'The link you followed has expired.';

function last(form: URLSearchParams, key: string): string {
  const all = form.getAll(key);
  return all.length ? all[all.length - 1] : '';
}

export function authorizePage(opts: AuthorizePageOptions): Router {
  const { config, core } = opts;
  const site = new URL(config.baseUrl);
  const pageUrl = `${config.baseUrl}${AUTHORIZE_PATH}`;
  const scope = { path: `${site.pathname.replace(/\/+$/, '')}/admin`, secure: site.protocol === 'https:' };
  const secrets = new PageSecrets(config.internalSecret);
  const router = express.Router();

  const send = (res: Response, status: number, html: string, headers: Record<string, string> = {}) => {
    res.status(status).set(PAGE_HEADERS).set(headers).send(html);
  };
  const redirect = (res: Response, status: 302 | 303, location: string) => {
    // The URL may carry the new password: never cached, never passed on as a Referer.
    res.status(status).set({ Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
  };
  const retry = (p: AuthorizeParams) => {
    const q = paramsQuery(p);
    return q ? `${pageUrl}?${q}` : pageUrl;
  };
  const invalid = (res: Response, errors: string[]) =>
    send(res, 400, errorPage(CANNOT, `${MESSAGES.notAllowed} ${errors.join(' ')}`));
  const expired = (res: Response, p: AuthorizeParams) =>
    send(res, 403, errorPage('Something went wrong.', EXPIRED, { href: retry(p), text: 'Please try again.' }));

  /** The CSRF nonce cookie: reused while valid (several tabs keep working), otherwise issued now. */
  const nonceFor = (req: Request, res: Response): string => {
    const existing = parseCookies(req.headers.cookie)[NONCE_COOKIE];
    if (secrets.isNonce(existing)) return existing;
    const nonce = secrets.newNonce();
    res.append('Set-Cookie', setCookie(NONCE_COOKIE, nonce, scope));
    return nonce;
  };
  const endSession = (res: Response) => res.append('Set-Cookie', setCookie(SESSION_COOKIE, '', scope, 0));

  const signInForm = (
    req: Request,
    res: Response,
    p: AuthorizeParams,
    status: number,
    error?: string,
    login?: string,
    headers?: Record<string, string>,
  ) =>
    send(
      res,
      status,
      signInPage({
        siteName: opts.siteName,
        action: pageUrl,
        token: secrets.csrfToken(nonceFor(req, res)),
        params: p,
        error,
        login,
      }),
      headers,
    );
  const approveForm = (
    req: Request,
    res: Response,
    p: AuthorizeParams,
    session: PageSession,
    status: number,
    error?: string,
  ) =>
    send(
      res,
      status,
      approvePage({
        action: pageUrl,
        token: secrets.csrfToken(nonceFor(req, res), session.sid),
        params: p,
        user: session.user,
        siteUrl: config.baseUrl,
        error,
      }),
    );

  router.get(AUTHORIZE_PATH, (req, res) => {
    res.locals.route = AUTHORIZE_PATH;
    const q = req.url.indexOf('?');
    const params = readParams(new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1)));
    const errors = validateParams(params);
    if (errors.length) return invalid(res, errors);
    const session = secrets.openSession(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
    if (session) return approveForm(req, res, params, session, 200);
    signInForm(req, res, params, 200);
  });

  const signIn = async (req: Request, res: Response, form: URLSearchParams, p: AuthorizeParams) => {
    // wp-login.php: sanitize_user() trims the login; the password is taken as typed.
    const username = last(form, 'log').trim();
    const outcome = await opts.signIn(req, { username, password: last(form, 'pwd') });
    if (!outcome.ok)
      return signInForm(req, res, p, outcome.status, outcome.message, username || undefined, outcome.headers);
    // Signed in to the site too (its session cookie), as WordPress's authorize page asks for a site login.
    res.append('Set-Cookie', outcome.cookie);
    const session = secrets.newSession(outcome.user);
    res.append('Set-Cookie', setCookie(SESSION_COOKIE, secrets.sealSession(session), scope, SESSION_TTL_MS / 1000));
    // Post/redirect/get: reloading the approval screen must not resubmit the password.
    redirect(res, 303, retry(p));
  };

  const approve = async (req: Request, res: Response, p: AuthorizeParams, session: PageSession) => {
    let created;
    try {
      created = await core.createAppPassword(
        session.user,
        { name: p.appName, ...(p.appId ? { app_id: p.appId } : {}) },
        res.locals.requestId as string,
      );
    } catch (err) {
      if (err instanceof CoreUnavailable)
        return approveForm(
          req,
          res,
          p,
          session,
          503,
          'The application password could not be created right now. Please try again later.',
        );
      throw err;
    }
    // A 401 from core-content (the user is gone) is not an HTTP-auth challenge for this page: 403.
    if (!created.ok)
      return approveForm(
        req,
        res,
        p,
        session,
        created.error.status === 401 ? 403 : created.error.status,
        created.error.message,
      );
    // The session has done its job; a new authorization asks for the password again.
    endSession(res);
    if (!p.successUrl) return send(res, 200, passwordPage(p.appName, created.password));
    // WordPress redirects with the password as generated (no spaces); the page shows it chunked.
    redirect(
      res,
      302,
      addQueryArgs(p.successUrl, {
        site_url: config.baseUrl,
        user_login: session.user.login,
        password: normaliseAppPassword(created.password),
      }),
    );
  };

  const reject = (res: Response, p: AuthorizeParams) => {
    endSession(res);
    const to = rejectRedirect(p);
    if (to) return redirect(res, 302, to);
    send(res, 200, rejectedPage(p.appName));
  };

  router.post(
    AUTHORIZE_PATH,
    express.text({ type: 'application/x-www-form-urlencoded', limit: '16kb' }),
    async (req, res, next) => {
      res.locals.route = AUTHORIZE_PATH;
      try {
        const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
        const params = readParams(form);
        const action = last(form, 'action');
        const origin = req.get('origin');
        // A browser that names the page the form came from must name ours ("null" included: sandboxed).
        if (origin !== undefined && origin !== site.origin) return expired(res, params);

        const cookies = parseCookies(req.headers.cookie);
        const session = secrets.openSession(cookies[SESSION_COOKIE]);
        // Deciding needs a live session (one that ended, by expiry or a decision, sends the person back to
        // sign in), and the token of that session's screen.
        if (action !== 'log_in' && !session) return expired(res, params);
        if (
          !secrets.checkCsrf(
            last(form, '_csrf'),
            cookies[NONCE_COOKIE],
            session && action !== 'log_in' ? session.sid : '',
          )
        )
          return expired(res, params);

        const rejecting = action === 'authorize_application_password' && form.has('reject');
        const errors = validateParams(params, { requireName: !rejecting });
        if (errors.length) return invalid(res, errors);

        if (action === 'log_in') return await signIn(req, res, form, params);
        if (action === 'authorize_application_password' && session) {
          // `approve` and `reject` are the names of the submit buttons, as in WordPress's form.
          if (rejecting) return reject(res, params);
          if (form.has('approve')) return await approve(req, res, params, session);
        }
        send(res, 400, errorPage(CANNOT, 'The request could not be understood.'));
      } catch (err) {
        next(err);
      }
    },
  );

  // A form body over the limit, or one that cannot be read: a page, not the REST error handler's JSON.
  router.use(AUTHORIZE_PATH, (err: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || !err.status || err.status >= 500) return next(err);
    send(res, err.status, errorPage(CANNOT, 'The request could not be read.'));
  });

  return router;
}
