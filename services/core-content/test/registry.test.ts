/**
 * The content-type registry drives what a client discovers (issue 12): every link the `types` and `taxonomies`
 * descriptors advertise answers from a route that exists, and every served type and taxonomy of the registry is in
 * the route index with its routes (collection, item, revisions, autosaves) and their arguments as the contracts
 * derive them.
 */
import { routeEntry, type RouteDef } from '@loom/contracts';
import { core } from '@loom/core-content';
import { as, startWorld, type World } from '@loom/testing';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const REST = 'http://loom.test/rest';

/** Every href of every descriptor's _links (curies are templates, not links). */
async function descriptorLinks(path: string): Promise<string[]> {
  const r = await as(world, 'administrator').get(`${path}?context=edit`);
  expect(r.status).toBe(200);
  return Object.values(r.body as Record<string, { _links: Record<string, Array<{ href: string }>> }>).flatMap((d) =>
    Object.entries(d._links)
      .filter(([rel]) => rel !== 'curies')
      .flatMap(([, list]) => list.map((l) => l.href)),
  );
}

test('every _links href of the types and taxonomies descriptors answers from a route that exists', async () => {
  const hrefs = [
    ...new Set([...(await descriptorLinks('/core/v2/types')), ...(await descriptorLinks('/core/v2/taxonomies'))]),
  ];
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  for (const href of hrefs) {
    expect(href.startsWith(`${REST}/`)).toBe(true);
    const r = await as(world, 'administrator').get(href.slice(REST.length));
    expect([href, r.status, r.body.code]).toEqual([href, 200, undefined]);
  }
});

test('every served type and taxonomy of the registry is in the index, with its routes and their arguments', async () => {
  const index = await as(world, 'anonymous').get('/');
  const routes = index.body.routes as Record<string, unknown>;
  const expectRoute = (r: RouteDef) => expect([r.pattern, routes[r.pattern]]).toEqual([r.pattern, routeEntry(r, REST)]);
  const types = await as(world, 'anonymous').get('/core/v2/types');
  const taxonomies = await as(world, 'anonymous').get('/core/v2/taxonomies');
  for (const t of core.servedPostTypes()) {
    // Each type's routes as its controller registers them (the posts controller's or the templates controller's).
    const own = core.servedTypeRoutes(t.name);
    for (const r of own) expectRoute(r);
    expect(own.map((r) => r.pattern)).toContain(`/core/v2/${t.restBase}`);
    // Revisions exactly where the type supports them; autosaves where its controller keeps them.
    expect(own.some((r) => r.pattern.endsWith('/revisions'))).toBe(t.supports.includes('revisions'));
    expect(own.some((r) => r.pattern.endsWith('/autosaves'))).toBe(Boolean(t.rest?.autosaves));
    expect(types.body[t.name]).toMatchObject({ slug: t.name, rest_base: t.restBase });
  }
  for (const t of core.servedTaxonomies()) {
    const r = core.termRoutesOf(t.name);
    expectRoute(r.collection);
    expectRoute(r.item);
    expect(taxonomies.body[t.name]).toMatchObject({ slug: t.name, rest_base: t.restBase });
  }
  // And nothing the registry does not serve: no route under a registered type's base without its routes.
  for (const t of core.allPostTypes().filter((x) => !x.rest)) expect(routes[`/core/v2/${t.restBase}`]).toBeUndefined();
});
