/**
 * The permission matrix: every route and method of core/v2 × {anonymous, subscriber, contributor, author, editor,
 * administrator}, checking the status each caller gets (WordPress's 401-anonymous / 403-signed-in rule
 * included). Each cell acts on its own fixture, so no cell depends on another's writes. The rows live per
 * resource in matrix/; a route or method without a row fails the coverage test, so new routes cannot slip by.
 */
import request from 'supertest';
import * as core from '../src/routes';
import { asRole } from '@loom/service-kit';
import { blocksRows } from './matrix/blocks-rows';
import { commentsRows } from './matrix/comments-rows';
import { coreRows } from './matrix/core-rows';
import { mediaRows } from './matrix/media-rows';
import { menusRows } from './matrix/menus-rows';
import { siteRows } from './matrix/site-rows';
import { templatesRows } from './matrix/templates-rows';
import { CALLERS, label, startMatrix, type MatrixWorld, type Row } from './matrix/harness';

const ROWS: Row[] = [
  ...coreRows,
  ...mediaRows,
  ...blocksRows,
  ...menusRows,
  ...templatesRows,
  ...commentsRows,
  ...siteRows,
];

let w: MatrixWorld & { close(): Promise<void> };
beforeAll(async () => {
  w = await startMatrix();
});
afterAll(() => w.close());

describe.each(ROWS)('$name', (row) => {
  test.each(CALLERS.map((c, i) => [label(c), c, row.expect[i]!] as const))(
    '%s → %i',
    async (_label, caller, status) => {
      const path = await row.path(w);
      let req = request(w.app)[row.method](`/rest/core/v2/${path}`).set(asRole(caller));
      if (row.body) req = req.send(row.body(w));
      const r = await req;
      expect({ status: r.status, code: r.status >= 400 ? r.body.code : undefined }).toEqual({
        status,
        code: r.status >= 400 ? expect.any(String) : undefined,
      });
    },
  );
});

test('every route and method of core/v2 has a row', async () => {
  const covered = new Set<string>();
  for (const row of ROWS) {
    const under = (await row.path(w)).split('?')[0];
    const path = under ? `/core/v2/${under}` : '/core/v2';
    const r = core.coreRoutes().find((route) => route.regex.test(path));
    if (r) covered.add(`${row.method.toUpperCase()} ${r.pattern}`);
  }
  // POST, PUT and PATCH are one update endpoint (spec 1.2.2): a POST row covers them.
  const missing = core.coreRoutes().flatMap((r) =>
    Object.values(r.endpoints)
      .map((e) => `${e.methods[0]} ${r.pattern}`)
      .filter((key) => !covered.has(key)),
  );
  expect(missing).toEqual([]);
});
