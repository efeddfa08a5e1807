/**
 * The API reference: `GET /api-docs/openapi.json`, the OpenAPI 3.1 document of the whole API, made from the
 * route index in help context (the services' own descriptions of what they serve, generated from the
 * contracts; see openApiFromIndex), and `GET /api-docs/`, Swagger UI rendering it (swagger-ui-dist, served
 * from node_modules: no CDN). "Try it out" sends requests to `/rest` on the page's own origin.
 *
 * Outside /rest on purpose: no path under /rest can be taken by anything but a namespace's routes.
 */
import { dirname, join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { openApiFromIndex, type RouteEntry } from '@loom/contracts';
import type { KitConfig } from '@loom/service-kit';

export const API_DOCS_PATH = '/api-docs';
export const OPENAPI_PATH = `${API_DOCS_PATH}/openapi.json`;
/** How long a made document is served again (the index it comes from changes only when a service is deployed). */
export const DOC_CACHE_MS = 5000;

const UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files of the package served (its index.html would load the Petstore example). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
};

// Swagger UI styles elements inline and shows data: images; scripts and requests stay on this origin.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="favicon-32x32.png">
<link rel="stylesheet" href="swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="swagger-ui-bundle.js"></script>
<script src="init.js"></script>
</body>
</html>
`;

// Relative to the page, so the document and "try it" follow the origin the page was opened on.
const INIT = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#api-reference', deepLinking: true, docExpansion: 'list', filter: true, tryItOutEnabled: false, validatorUrl: null, persistAuthorization: false });\n`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function apiDocs(deps: {
  config: KitConfig;
  siteName: string;
  routes: () => Promise<Record<string, RouteEntry>>;
}): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const restPath = new URL(deps.config.restUrl).pathname;

  router.get(API_DOCS_PATH, (_req, res) => res.redirect(301, `${API_DOCS_PATH}/`));
  router.get(`${API_DOCS_PATH}/`, (_req: Request, res: Response) => {
    res.set({ 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' });
    res.type('html').send(page(escapeHtml(`${deps.siteName} API reference`)));
  });
  router.get(`${API_DOCS_PATH}/init.js`, (_req, res) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' }).type('text/javascript').send(INIT);
  });
  // Made at most once per DOC_CACHE_MS: each making reads every service's routes in help context.
  let cached: { at: number; doc: Promise<Record<string, unknown>> } | undefined;
  const make = async () =>
    openApiFromIndex(await deps.routes(), {
      title: `${deps.siteName} REST API`,
      version: '0.1.0',
      description: `The JSON REST interface of ${deps.siteName}, compatible with WordPress's (\`core/v2\` is WordPress's \`wp/v2\`, \`/rest\` is \`/wp-json\`). Generated from the route index: every route the running services serve.`,
      serverUrl: restPath,
      authorizationUrl: `${deps.config.baseUrl}/admin/authorize-application`,
    });
  router.get(OPENAPI_PATH, async (_req, res, next) => {
    try {
      if (!cached || Date.now() - cached.at > DOC_CACHE_MS) {
        const doc = make();
        cached = { at: Date.now(), doc };
        doc.catch(() => (cached = undefined));
      }
      const doc = await cached.doc;
      res
        .set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
        .json(doc);
    } catch (err) {
      next(err);
    }
  });
  for (const [file, type] of Object.entries(ASSETS)) {
    router.get(`${API_DOCS_PATH}/${file}`, (_req, res) => {
      res.type(type).sendFile(join(UI_DIR, file), { maxAge: '1d', headers: { 'X-Content-Type-Options': 'nosniff' } });
    });
  }
  return router;
}
