/**
 * `GET /`: the site's front door. Loom serves no theme pages, so instead of a 404 a person opening the site sees a
 * small page linking to the REST root, the API reference and the sign-in page that hands out application passwords;
 * a client asking for JSON gets the same links as JSON. Both carry WordPress's discovery header
 * (`Link: <…/wp-json/>; rel="https://api.w.org/"`), which is how WordPress clients (node-wpapi's discover(), the
 * mobile apps) find the API from a site's address: it names the /wp-json face, in the names those clients know,
 * and /rest when the face is off (LOOM_WP_FACE).
 */
import express, { type Request, type Response, type Router } from 'express';
import type { KitConfig } from '@loom/service-kit';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs';
import { esc } from './authorize/html';
import { AUTHORIZE_PATH } from './authorize/page';

/** What the sign-in page is asked for from here: an application password for the person's own API client. */
export const SIGN_IN_APP_NAME = 'API client';

export interface SiteLinks {
  rest: string;
  /** The /wp-json face's root, when it is on. */
  wpJson?: string;
  docs: string;
  openapi: string;
  signIn: string;
}

/** The links the front page, and `npm start`'s summary, give (absolute, on LOOM_BASE_URL). */
export function siteLinks(config: Pick<KitConfig, 'baseUrl' | 'restUrl'>, wpJson?: string): SiteLinks {
  return {
    rest: `${config.restUrl}/`,
    ...(wpJson ? { wpJson } : {}),
    docs: `${config.baseUrl}${API_DOCS_PATH}/`,
    openapi: `${config.baseUrl}${OPENAPI_PATH}`,
    signIn: `${config.baseUrl}${AUTHORIZE_PATH}?${new URLSearchParams({ app_name: SIGN_IN_APP_NAME })}`,
  };
}

// No script, no external asset; the one style element is allowed by the CSP's 'unsafe-inline' for styles only.
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

function page(siteName: string, description: string, l: SiteLinks): string {
  const a = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;
  // With the face on, both roots: the one WordPress clients know first, then the specification's.
  const roots = l.wpJson
    ? `<li>${a(l.wpJson, 'REST API root')}: <code>${esc(l.wpJson)}</code>, every route in WordPress's names (<code>wp/v2</code>, <code>tribe/events/v1</code>...), for WordPress clients</li>
<li>${a(l.rest, 'REST API root, specification names')}: <code>${esc(l.rest)}</code>, the same routes in the specification's names (<code>core/v2</code>, <code>events/v1</code>...)</li>`
    : `<li>${a(l.rest, 'REST API root')}: <code>${esc(l.rest)}</code>, the index of every route</li>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(siteName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d2327}code{font-family:ui-monospace,monospace}li{margin:.5rem 0}</style>
</head>
<body>
<h1>${esc(siteName)}</h1>
${description ? `<p>${esc(description)}</p>\n` : ''}<p>This site serves a WordPress-compatible REST API.</p>
<ul>
${roots}
<li>${a(l.docs, 'API reference')}: every route with its parameters, and the ${a(l.openapi, 'OpenAPI document')}</li>
<li>${a(l.signIn, 'Sign in')} to create an application password for an API client (HTTP Basic auth)</li>
</ul>
</body>
</html>
`;
}

export function homePage(deps: {
  config: KitConfig;
  siteName: string;
  siteDescription: string;
  /** The /wp-json face's root when it is on: the root WordPress clients discover. */
  wpJsonUrl?: string;
}): Router {
  const router = express.Router({ strict: true });
  const links = siteLinks(deps.config, deps.wpJsonUrl);
  const discovery = `<${links.wpJson ?? links.rest}>; rel="https://api.w.org/"`;
  router.get('/', (req: Request, res: Response, next) => {
    // `/?rest_route=` (even empty) is a REST request; the rewrite before this turned valid ones into /rest/….
    if (Object.hasOwn(req.query, 'rest_route')) return next();
    res.locals.route = '/';
    res.set({ Link: discovery, Vary: 'Accept', 'X-Content-Type-Options': 'nosniff' });
    // HTML unless the client prefers JSON (browsers send text/html first; fetch() and curl send */*).
    if (req.accepts(['html', 'json']) === 'json') {
      return void res.json({
        name: deps.siteName,
        description: deps.siteDescription,
        url: deps.config.baseUrl,
        rest_url: links.rest,
        ...(links.wpJson ? { wp_json_url: links.wpJson } : {}),
        docs_url: links.docs,
        openapi_url: links.openapi,
        sign_in_url: links.signIn,
      });
    }
    res
      .set('Content-Security-Policy', CSP)
      .type('html')
      .send(page(deps.siteName, deps.siteDescription, links));
  });
  return router;
}
