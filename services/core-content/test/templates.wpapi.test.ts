/**
 * node-wpapi (the `wpapi` client) against the live index through the gateway: its discovery (WPAPI.discover: the
 * Link header, then the index) must compile every route Loom advertises, templates included, where WordPress's own
 * template patterns break it; a request is built for every route, each matching the route it came from; and a few
 * real template requests go through it with an application password.
 */
import { compilePattern } from '@loom/contracts';
import { as, freePort, listen, startWorld, type Running, type World } from '@loom/testing';

// wpapi ships CommonJS without types: its discovery and the helpers its route tree is built with.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WPAPI = require('wpapi') as WpapiStatic;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const splitPath = require('wpapi/lib/util/split-path') as (route: string) => string[];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { namedGroupRE } = require('wpapi/lib/util/named-group-regexp') as { namedGroupRE: RegExp };

interface WpRequest {
  setPathPart(level: number, value: string): WpRequest;
  param(name: string, value: unknown): WpRequest;
  auth(credentials: { username: string; password: string }): WpRequest;
  get(): Promise<unknown>;
  toString(): string;
  [setter: string]: unknown;
}
interface Wpapi {
  namespace(ns: string): Record<string, (() => WpRequest) | undefined>;
}
interface WpapiStatic {
  discover(url: string): Promise<Wpapi>;
}

/** wpapi's names for path setters: `application-passwords` → `applicationPasswords` (resources keep their own). */
const camel = (s: string) => s.replace(/[_-]+\w/g, (m) => m.replace(/[_-]+/, '').toUpperCase());

/** A value for a path placeholder that its own pattern accepts (wpapi validates each part): a template id where one fits, a block name for the block renderer. */
function sampleFor(groupPattern: string): string {
  const accepts = new RegExp(`^${groupPattern}$`, 'i');
  const value = ['atelier//index', '7', 'me', 'core/paragraph'].find((v) => accepts.test(v));
  if (!value) throw new Error(`no sample value for ${groupPattern}`);
  return value;
}

let w: World;
let server: Running;
let wp: Wpapi;
let credentials: { username: string; password: string };

beforeAll(async () => {
  // The index's links name the listening gateway, so discovery can follow them.
  const port = await freePort();
  w = await startWorld({ LOOM_BASE_URL: `http://127.0.0.1:${port}` });
  server = await listen(w.gw.app, port);
  const [username, password] = Buffer.from(w.auth.administrator.Authorization!.replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':') as [string, string];
  credentials = { username, password };
  // Customised, then changed: the template has a revision.
  await as(w, 'administrator').post('/core/v2/templates/atelier//index', { content: 'one' });
  await as(w, 'administrator').post('/core/v2/templates/atelier//index', { content: 'two' });
  wp = await WPAPI.discover(`${server.url}/rest/`);
});
afterAll(async () => {
  await server.close();
  await w.close();
});

test('discovery compiles every route of the index, templates included, and builds a request for each', async () => {
  const index = (await fetch(`${server.url}/rest/`).then((r) => r.json())) as {
    routes: Record<string, { namespace: string }>;
  };
  const built: string[] = [];
  for (const [pattern, entry] of Object.entries(index.routes)) {
    const ns = entry.namespace;
    // wpapi makes no handler for namespace roots (nor for batch/v1, which is its namespace's root).
    if (!ns || pattern === `/${ns}`) continue;
    const [resource, ...rest] = splitPath(pattern.replace(`/${ns}/`, ''));
    const handlers = wp.namespace(ns);
    const handler = handlers[resource!];
    expect([pattern, typeof handler]).toEqual([pattern, 'function']);
    const req = handler!.call(handlers);
    rest.forEach((component, i) => {
      const group = component.match(namedGroupRE);
      if (group) req.setPathPart(i + 1, sampleFor(group[2]!));
      // `edit` (media/<id>/edit) is also WPRequest's own edit() (context=edit), which wins: the part is set by level.
      else if (component === 'edit') req.setPathPart(i + 1, component);
      else (req[camel(component)] as () => WpRequest).call(req);
    });
    // wpapi checks every part against the route's own patterns here.
    const path = new URL(req.toString()).pathname.replace(/^\/rest/, '');
    expect([pattern, compilePattern(pattern).test(path)]).toEqual([pattern, true]);
    built.push(path);
  }
  expect(built).toContain('/core/v2/templates/atelier//index');
  expect(built).toContain('/core/v2/template-parts/atelier//index/autosaves/7');
  expect(built.length).toBe(
    Object.entries(index.routes).filter(([p, e]) => e.namespace && p !== `/${e.namespace}`).length,
  );
});

test('template requests through wpapi: the list, an item by `theme//slug`, lookup, revisions', async () => {
  const core = wp.namespace('core/v2');
  const templates = () => core.templates!.call(core).auth(credentials);
  const list = (await templates().get()) as Array<{ id: string }>;
  expect(list.map((t) => t.id)).toContain('atelier//single');
  expect(
    ((await (templates().id as (v: string) => WpRequest)('atelier//single').get()) as { title: { raw: string } }).title
      .raw,
  ).toBe('Single Posts');
  expect(
    ((await (templates().lookup as () => WpRequest)().param('slug', 'page-about').get()) as { id: string }).id,
  ).toBe('atelier//page');
  const item = (templates().id as (v: string) => WpRequest)('atelier//index');
  const revisions = (await (item.revisions as () => WpRequest).call(item).get()) as Array<{
    id: string;
    content: { raw: string };
  }>;
  expect(revisions.map((r) => [r.id, r.content.raw])).toEqual([['atelier//index', 'two']]);
  const parts = core['template-parts']!.call(core).auth(credentials);
  expect(((await (parts.id as (v: string) => WpRequest)('atelier//header').get()) as { area: string }).area).toBe(
    'header',
  );
});
