#!/usr/bin/env node
/**
 * Writes src/block-types/core-blocks.json, the core block types Loom registers: every block.json of
 * @wordpress/block-library at the version WordPress 6.4 bundles (8.19.x), in WordPress's registration order, each
 * marked `dynamic` when 6.4 registers it with a render callback (a PHP file beside it).
 *
 *   node libs/rendering/scripts/generate-block-types.js <dir>
 *
 * <dir> is either WordPress's wp-includes/blocks (each block in <name>/block.json, its PHP in <name>.php), or the
 * unpacked `npm pack @wordpress/block-library@8.19.x` (package/src/<name>/block.json, its PHP in
 * package/src/<name>/index.php). Nothing here is read at run time but the JSON it writes.
 */
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: generate-block-types.js <wp-includes/blocks | unpacked @wordpress/block-library>');
  process.exit(2);
}
const root = existsSync(join(dir, 'package', 'src')) ? join(dir, 'package', 'src') : resolve(dir);
const names = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(root, e.name, 'block.json')))
  .map((e) => e.name)
  .sort();

const dynamic = (name) => existsSync(join(root, `${name}.php`)) || existsSync(join(root, name, 'index.php'));

// WordPress 6.4 registers on `init`, in the order blocks/index.php adds the hooks: the two widget blocks, then the
// dynamic blocks (require-dynamic-blocks.php, alphabetical), then the static ones (require-static-blocks.php).
const FIRST = ['legacy-widget', 'widget-group'];
const order = [
  ...FIRST.filter((n) => names.includes(n)),
  ...names.filter((n) => !FIRST.includes(n) && dynamic(n)),
  ...names.filter((n) => !FIRST.includes(n) && !dynamic(n)),
];

const blocks = order.map((name) => {
  const metadata = JSON.parse(readFileSync(join(root, name, 'block.json'), 'utf8'));
  delete metadata.$schema;
  return { dynamic: dynamic(name), metadata };
});

const out = resolve(__dirname, '../src/block-types/core-blocks.json');
writeFileSync(out, `${JSON.stringify({ blocks }, null, 1)}\n`);
console.log(`wrote ${blocks.length} block types (${blocks.filter((b) => b.dynamic).length} dynamic) to ${out}`);
