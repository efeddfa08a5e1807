/**
 * `GET /`: a small page linking to the REST roots (the /wp-json face and /rest), the API reference and the sign-in page
 * (each link answers), JSON for clients that prefer it, and WordPress's discovery header naming the /wp-json face,
 * which node-wpapi follows from the site's address. With the face off (LOOM_WP_FACE), the header names /rest.
 */
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '../src';
import { freePort, listen, startCore, startGateway, type Running } from '@loom/testing';

// wpapi ships CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WPAPI = require('wpapi') as {
  discover(url: string): Promise<{ namespace(ns: string): Record<string, unknown> }>;
};

let core: Running;
let gw: Gateway;
let server: Running;
let site: string;
beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  // The site's name and tagline are core-content's settings (initial values from its environment).
  core = await startCore({ LOOM_SITE_NAME: 'Wool & <Linen>', LOOM_SITE_DESCRIPTION: 'Yarns "for" knitters' });
  gw = await startGateway({
    upstreams: { 'core-content': core.url },
    config: testConfig('gateway', { LOOM_BASE_URL: site }),
  });
  await gw.siteOptionsRead;
  server = await listen(gw.app, port);
});
afterAll(async () => {
  await server.close();
  gw.close();
  await core.close();
});

const DISCOVERY = () => `<${site}/wp-json/>; rel="https://api.w.org/"`;

test('a browser gets an HTML page whose links (REST root, API reference, OpenAPI document, sign-in) all answer', async () => {
  const r = await fetch(`${site}/`, {
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/html/);
  expect(r.headers.get('link')).toBe(DISCOVERY());
  expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
  const html = await r.text();
  // Site name and description escaped, never markup.
  expect(html).toContain('<h1>Wool &#38; &#60;Linen&#62;</h1>');
  expect(html).toContain('Yarns &#34;for&#34; knitters');
  expect(html).not.toContain('<Linen>');

  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
  expect(hrefs).toEqual([
    `${site}/wp-json/`,
    `${site}/rest/`,
    `${site}/api-docs/`,
    `${site}/api-docs/openapi.json`,
    `${site}/admin/authorize-application?app_name=API+client`,
  ]);
  const [wpJson, rest, docs, openapi, signIn] = await Promise.all(hrefs.map((h) => fetch(h)));
  expect(wpJson!.status).toBe(200);
  expect(Object.keys(((await wpJson!.json()) as { routes: object }).routes)).toContain('/wp/v2/posts');
  expect(rest!.status).toBe(200);
  expect(Object.keys(((await rest!.json()) as { routes: object }).routes)).toContain('/core/v2/posts');
  expect(docs!.status).toBe(200);
  expect(docs!.headers.get('content-type')).toMatch(/^text\/html/);
  expect(openapi!.status).toBe(200);
  expect(((await openapi!.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  expect(signIn!.status).toBe(200);
  expect(await signIn!.text()).toMatch(/name="log"[\s\S]*name="pwd"/);
});

test('a client that prefers JSON gets the same links as JSON; curl (*/*) gets the page; HEAD carries the discovery header', async () => {
  const r = await request(gw.app).get('/').set('Accept', 'application/json');
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers.link).toBe(DISCOVERY());
  expect(r.headers.vary).toMatch(/Accept/);
  expect(r.body).toEqual({
    name: 'Wool & <Linen>',
    description: 'Yarns "for" knitters',
    url: site,
    rest_url: `${site}/rest/`,
    wp_json_url: `${site}/wp-json/`,
    docs_url: `${site}/api-docs/`,
    openapi_url: `${site}/api-docs/openapi.json`,
    sign_in_url: `${site}/admin/authorize-application?app_name=API+client`,
  });
  expect((await request(gw.app).get('/').set('Accept', '*/*')).headers['content-type']).toMatch(/^text\/html/);
  const head = await request(gw.app).head('/');
  expect(head.status).toBe(200);
  expect(head.headers.link).toBe(DISCOVERY());
});

test("node-wpapi discovers the API from the site's address: the /wp-json face, in WordPress's names", async () => {
  const wp = await WPAPI.discover(`${site}/`);
  expect(typeof wp.namespace('wp/v2').posts).toBe('function');
  expect(() => wp.namespace('core/v2')).toThrow();
});

test('with the face off (LOOM_WP_FACE=off), the page and the discovery header name /rest alone', async () => {
  const off = await startGateway(
    { upstreams: { 'core-content': core.url }, config: testConfig('gateway', { LOOM_BASE_URL: site }) },
    { LOOM_WP_FACE: 'off' },
  );
  try {
    const r = await request(off.app).get('/').set('Accept', 'application/json');
    expect(r.headers.link).toBe(`<${site}/rest/>; rel="https://api.w.org/"`);
    expect(r.body.rest_url).toBe(`${site}/rest/`);
    expect(r.body).not.toHaveProperty('wp_json_url');
    const html = (await request(off.app).get('/').set('Accept', 'text/html')).text;
    expect(html).toContain(`href="${site}/rest/"`);
    expect(html).not.toContain('wp-json');
  } finally {
    off.close();
  }
});

test('REST requests by query string and other paths are unchanged: /?rest_route= is not the page, unknown paths are JSON 404s', async () => {
  expect((await request(gw.app).get('/?rest_route=/')).body).toHaveProperty('routes');
  const empty = await request(gw.app).get('/?rest_route=');
  expect(empty.status).toBe(404);
  expect(empty.body.code).toBe('rest_no_route');
  const other = await request(gw.app).get('/nothing-here');
  expect(other.status).toBe(404);
  expect(other.body.code).toBe('rest_no_route');
  expect((await request(gw.app).post('/')).status).toBe(404);
});
