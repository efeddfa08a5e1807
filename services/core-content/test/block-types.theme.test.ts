/**
 * A theme's own blocks (`blocks/<name>/block.json`, as a theme's register_block_type( __DIR__ . '/blocks/<name>' )
 * registers them) through the gateway: listed after core's, served by namespace and name, static or dynamic as their
 * `render` says; an unreadable block.json is skipped, as WordPress skips it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, err, startWorld, type World } from '@loom/testing';

const root = mkdtempSync(join(tmpdir(), 'loom-theme-blocks-'));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

write('blocky/style.css', '/*\nTheme Name: Blocky\n*/\n');
write('blocky/templates/index.html', '<!-- wp:post-content /-->\n');
write(
  'blocky/blocks/price-tag/block.json',
  JSON.stringify({
    apiVersion: 3,
    name: 'blocky/price-tag',
    title: 'Price tag',
    category: 'widgets',
    description: 'A garment price.',
    attributes: { amount: { type: 'number', default: 0 }, currency: { type: 'string', default: 'EUR' } },
    supports: { html: false },
  }),
);
write(
  'blocky/blocks/stock-level/block.json',
  JSON.stringify({ apiVersion: 3, name: 'blocky/stock-level', title: 'Stock level', render: 'file:./render.php' }),
);
write('blocky/blocks/broken/block.json', '{ not json');

let w: World;
beforeAll(async () => {
  w = await startWorld({ LOOM_THEME_ROOT: root, LOOM_THEME: 'blocky' });
});
afterAll(async () => {
  await w?.close();
  rmSync(root, { recursive: true, force: true });
});

test("the theme's blocks follow core's in the list, and answer by namespace and by name", async () => {
  const list = await as(w, 'editor').get('/core/v2/block-types');
  expect(list.status).toBe(200);
  const names = (list.body as Array<{ name: string }>).map((b) => b.name);
  expect(names.slice(-2)).toEqual(['blocky/price-tag', 'blocky/stock-level']);
  expect(names.filter((n) => n.startsWith('core/')).length).toBeGreaterThan(80);

  const ns = await as(w, 'editor').get('/core/v2/block-types/blocky');
  expect((ns.body as Array<{ name: string }>).map((b) => b.name)).toEqual(['blocky/price-tag', 'blocky/stock-level']);

  const tag = await as(w, 'editor').get('/core/v2/block-types/blocky/price-tag');
  expect(tag.status).toBe(200);
  expect(tag.body).toMatchObject({
    name: 'blocky/price-tag',
    title: 'Price tag',
    category: 'widgets',
    description: 'A garment price.',
    is_dynamic: false,
    attributes: { amount: { type: 'number', default: 0 }, currency: { type: 'string', default: 'EUR' } },
  });
  const stock = await as(w, 'editor').get('/core/v2/block-types/blocky/stock-level');
  expect(stock.body).toMatchObject({ name: 'blocky/stock-level', is_dynamic: true });
  expect(err(await as(w, 'editor').get('/core/v2/block-types/blocky/broken'))).toEqual({
    status: 404,
    code: 'rest_block_type_invalid',
  });
});
