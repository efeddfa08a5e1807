/**
 * The route index is complete from the first request, with the real processes: started all at once as
 * `npm start` does, `/rest/` asked the moment the gateway listens lists every namespace's routes; a gateway
 * started before its services says so on `/readyz` (503, naming them) and is complete soon after they listen,
 * long before its refresh period.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Cluster, SERVICES, type Proc } from './processes';

const ROOT = resolve(__dirname, '../..');

// A refresh period of a minute: only the quick retry (and the start wait) can complete the index in these tests.
const ENV = { LOOM_INDEX_REFRESH_MS: '60000' };
const EXPECTED_ROUTES = [
  '/core/v2/posts',
  '/core/v2/users/me',
  '/events/v1/events',
  '/formsA/v1',
  '/formsB/v1',
  '/oembed/1.0/embed',
  '/batch/v1',
];

const json = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

/** Polls `url` every 10 ms until anything answers (the process listens), bounded. */
async function listening(url: string): Promise<void> {
  const end = Date.now() + 20000;
  while (Date.now() < end) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  throw new Error(`${url} never answered`);
}

describe('all processes started at once', () => {
  const cluster = new Cluster();
  afterAll(() => cluster.stopAll());

  test('/rest/ asked as soon as the gateway listens lists every namespace and its routes', async () => {
    await cluster.init(ENV);
    // The gateway first, as the fastest process to start: it listens before the services do.
    await Promise.all((['gateway', ...SERVICES] as Proc[]).map((p) => cluster.start(p, 'none')));
    await listening(`${cluster.url()}/healthz`);
    const index = await json(`${cluster.url()}/rest/`);
    expect(index.status).toBe(200);
    // Every namespace is there with its root route (the namespace list itself is fixed; the routes come from the services).
    for (const ns of index.body.namespaces as string[]) expect(index.body.routes).toHaveProperty([`/${ns}`]);
    expect(Object.keys(index.body.routes as object)).toEqual(expect.arrayContaining(EXPECTED_ROUTES));
    const ready = await json(`${cluster.url()}/readyz`);
    expect(ready).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', index: 'complete', missing: [] }),
    });
  }, 60000);

  test("the README's table of what the API serves is true of the live index", async () => {
    const routes = Object.keys(((await json(`${cluster.url()}/rest/`)).body.routes ?? {}) as object);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme
      .slice(readme.indexOf('| Namespace | Resources | State |'))
      .split('\n\n')[0]!
      .split('\n')
      .slice(2);
    expect(table.length).toBeGreaterThan(5);
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const covered = new Set<string>();
    const named = new Set<string>(); // `namespace resource` of every resource the table names
    for (const row of table) {
      const [nsCell, resources, state] = row.replace(/^\|\s*|\s*\|$/g, '').split(' | ');
      const namespaces = ticked(nsCell!);
      namespaces.forEach((ns) => covered.add(ns));
      const inNs = routes.filter((r) => namespaces.some((ns) => r === `/${ns}` || r.startsWith(`/${ns}/`)));
      // `users/<id>/application-passwords` names its last literal segment; the embed pages are not under /rest.
      const segments = ticked(resources!)
        .filter((t) => !t.includes('<permalink>'))
        .map((t) =>
          t
            .split('/')
            .filter((p) => !p.startsWith('<'))
            .pop()!,
        );
      const has = (seg: string) => inNs.some((r) => r.split('/').includes(seg));
      for (const ns of namespaces) for (const seg of segments) named.add(`${ns} ${seg}`);
      for (const seg of segments)
        expect({ row: namespaces.join(), seg, listed: has(seg) }).toEqual({
          row: namespaces.join(),
          seg,
          listed: state!.startsWith('served'),
        });
      if (/roots/.test(state!)) expect(inNs.sort()).toEqual(namespaces.map((ns) => `/${ns}`).sort());
    }
    // Every resource of the index (a namespace's first literal segment) is named in some row.
    for (const r of routes) {
      const ns = (covered.has(r.split('/').slice(1, 3).join('/')) && r.split('/').slice(1, 3).join('/')) || '';
      const seg = r.split('/')[3];
      if (ns && seg && !seg.startsWith('('))
        expect({ route: r, named: named.has(`${ns} ${seg}`) }).toEqual({ route: r, named: true });
    }
    // Every namespace of the index has its row.
    const indexNamespaces = (await json(`${cluster.url()}/rest/`)).body.namespaces as string[];
    for (const ns of indexNamespaces) expect({ ns, inTable: covered.has(ns) }).toEqual({ ns, inTable: true });
  });
});

describe('the gateway started before its services', () => {
  const cluster = new Cluster();
  afterAll(() => cluster.stopAll());

  test('/readyz is 503 naming the missing services, then 200 within a bounded time once they listen', async () => {
    await cluster.init(ENV);
    await cluster.start('gateway', 'healthz');
    const starting = await json(`${cluster.url()}/readyz`);
    expect(starting.status).toBe(503);
    expect(starting.body).toMatchObject({ status: 'starting', service: 'gateway', index: 'incomplete' });
    expect([...(starting.body.missing as string[])].sort()).toEqual([...SERVICES].sort());

    await Promise.all(SERVICES.map((s) => cluster.start(s)));
    const up = Date.now();
    for (;;) {
      if ((await fetch(`${cluster.url()}/readyz`)).status === 200) break;
      // The retry backs off to at most 2 s: well inside this bound, far inside the 60 s refresh period.
      if (Date.now() - up > 5000)
        throw new Error(`index still incomplete: ${JSON.stringify((await json(`${cluster.url()}/readyz`)).body)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const index = await json(`${cluster.url()}/rest/`);
    expect(Object.keys(index.body.routes as object)).toEqual(expect.arrayContaining(EXPECTED_ROUTES));
  }, 60000);
});
