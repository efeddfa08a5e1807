/**
 * The block types of the running site: core's and the active theme's own (`blocks/<name>/block.json` in the
 * theme's directory, registered after core's as a theme's register_block_type( __DIR__ . '/blocks/<name>' )
 * calls would register them). A theme block with a `render` file is dynamic (Loom runs no PHP: it renders ''),
 * and its `file:` scripts get handles when their `.asset.php` is there. One registry per theme, built once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBlockTypeRegistry, type BlockMetadataSource, type BlockTypeRegistry } from '@loom/rendering';
import type { RestRequest } from '@loom/service-kit';
import { themeOf } from './index';
import type { Theme } from './theme';

const registries = new WeakMap<Theme, BlockTypeRegistry>();

/** The theme's block.json files, by folder name; an unreadable or nameless one is skipped, as WordPress skips it. */
export function themeBlocks(dir: string): BlockMetadataSource[] {
  const root = join(dir, 'blocks');
  if (!existsSync(root)) return [];
  const out: BlockMetadataSource[] = [];
  for (const e of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const folder = join(root, e.name);
    const file = join(folder, 'block.json');
    if (!e.isDirectory() || !existsSync(file)) continue;
    let metadata: unknown;
    try {
      metadata = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) continue;
    const m = metadata as Record<string, unknown>;
    out.push({
      metadata: m,
      dynamic: typeof m.render === 'string' && m.render !== '',
      hasAsset: (path) => existsSync(join(folder, path)),
    });
  }
  return out;
}

export function blockTypesOf(req: Pick<RestRequest, 'config'>): BlockTypeRegistry {
  const theme = themeOf(req);
  let r = registries.get(theme);
  if (!r) {
    r = createBlockTypeRegistry({ separateCoreAssets: theme.isBlockTheme }, themeBlocks(theme.dir));
    registries.set(theme, r);
  }
  return r;
}
