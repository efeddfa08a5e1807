/**
 * `{base_url}/wp-admin/admin-ajax.php`, for the one action WordPress's REST clients use: `rest-nonce`
 * (wp_ajax_rest_nonce), where @wordpress/api-fetch's nonce middleware fetches a fresh `wp_rest` nonce once the one it
 * holds is refused. A signed-in browser (same origin, live session) gets the nonce as text; anyone else, and any other
 * action, gets admin-ajax.php's `0` with a 400, as WordPress answers a logged-out request (only `wp_ajax_nopriv_*`
 * actions answer those, and rest-nonce has none). The action is read as `$_REQUEST['action']`: the query, or a
 * form-encoded body, which wins.
 */
import express, { type Request, type Response, type Router } from 'express';
import { NO_CACHE } from '@loom/service-kit';
import type { CookieAuth } from '../auth/cookie';
import { CoreUnavailable } from '../auth/core-client';
import { REST_ACTION } from '../auth/nonce';

export const ADMIN_AJAX_PATH = '/wp-admin/admin-ajax.php';

/** What admin-ajax.php sends with every answer (send_nosniff_header, nocache_headers, send_frame_options_header...). */
const HEADERS = {
  'Content-Type': 'text/html; charset=UTF-8',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
  ...NO_CACHE,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

function actionOf(req: Request): string {
  const fromBody = typeof req.body === 'string' ? new URLSearchParams(req.body).getAll('action') : [];
  const q = req.url.indexOf('?');
  const all = fromBody.length ? fromBody : new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1)).getAll('action');
  return all.length ? all[all.length - 1] : '';
}

export function adminAjax(opts: { auth: CookieAuth }): Router {
  const router = express.Router();
  // Written as they are (Express would rewrite the charset of a Content-Type it is given).
  const answer = (res: Response, status: number, text: string) =>
    void res.writeHead(status, { ...HEADERS, 'Content-Length': Buffer.byteLength(text) }).end(text);
  const handle = async (req: Request, res: Response) => {
    res.locals.route = ADMIN_AJAX_PATH;
    const action = actionOf(req);
    if (!action) return answer(res, 400, '0');
    let signedIn;
    try {
      signedIn = await opts.auth.signedIn(req.headers, res.locals.requestId as string);
    } catch (err) {
      if (!(err instanceof CoreUnavailable)) throw err;
      return answer(res, 503, '0');
    }
    if (!signedIn || action !== 'rest-nonce') return answer(res, 400, '0');
    answer(res, 200, opts.auth.nonce(REST_ACTION, signedIn.session));
  };
  const run = (req: Request, res: Response, next: (err?: unknown) => void) => void handle(req, res).catch(next);
  router.get(ADMIN_AJAX_PATH, run);
  router.post(ADMIN_AJAX_PATH, express.text({ type: 'application/x-www-form-urlencoded', limit: '16kb' }), run);
  return router;
}
