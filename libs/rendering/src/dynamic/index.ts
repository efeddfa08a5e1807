/**
 * The dynamic blocks whose data the site owns, rendered with real data: their data is read first (async, through
 * the caller's port), then blocks render synchronously as before. Content without these blocks reads nothing.
 */
import { parseBlocks, renderBlock, type BlockContext, type BlockRenderer, type ParsedBlock } from '../blocks';
import { archives } from './archives';
import { calendar } from './calendar';
import { categories } from './categories';
import { latestComments } from './latest-comments';
import { latestPosts } from './latest-posts';
import { navigation } from './navigation';
import { pageList } from './page-list';
import type { DynamicBlockData } from './port';
import { tagCloud } from './tag-cloud';
import { attributesWithDefaults, type DynamicBlock, type RenderEnv } from './wrapper';

export const DYNAMIC_BLOCKS: ReadonlyMap<string, DynamicBlock> = new Map<string, DynamicBlock>([
  ['core/latest-posts', latestPosts as DynamicBlock],
  ['core/archives', archives as DynamicBlock],
  ['core/categories', categories as DynamicBlock],
  ['core/tag-cloud', tagCloud as DynamicBlock],
  ['core/latest-comments', latestComments as DynamicBlock],
  ['core/page-list', pageList as DynamicBlock],
  ['core/calendar', calendar as DynamicBlock],
  ['core/navigation', navigation as DynamicBlock],
]);

// An opening delimiter as WP_Block_Parser reads one: any whitespace around the name, `core/` optional.
const MARKER = new RegExp(
  `<!--\\s+wp:(?:core/)?(?:${[...DYNAMIC_BLOCKS.keys()].map((n) => n.slice('core/'.length)).join('|')})\\s`,
);

/** Whether a block's markup follows the site's clock (its answer must not be kept: see DynamicBlock.readsClock). */
export const blockReadsClock = (name: string): boolean => DYNAMIC_BLOCKS.get(name)?.readsClock === true;

/** Whether rendering `content` reads other site data (so its HTML cannot be kept by its raw text alone). */
export const hasDynamicBlocks = (content: string): boolean => content.includes('wp:') && MARKER.test(content);

const keyOf = (name: string, attrs: Record<string, unknown>) => `${name} ${JSON.stringify(attrs)}`;

/** The data of every dynamic block in `contents`, keyed by block and attributes (one read for equal blocks). */
export async function loadDynamicBlocks(contents: string[], port: DynamicBlockData): Promise<BlockContext> {
  const wanted = new Map<string, { block: DynamicBlock; attrs: Record<string, unknown> }>();
  const walk = (blocks: ParsedBlock[]) => {
    for (const b of blocks) {
      const dyn = b.blockName ? DYNAMIC_BLOCKS.get(b.blockName) : undefined;
      if (dyn) {
        const attrs = attributesWithDefaults(b);
        wanted.set(keyOf(b.blockName!, attrs), { block: dyn, attrs });
      }
      walk(b.innerBlocks);
    }
  };
  for (const c of contents) if (hasDynamicBlocks(c)) walk(parseBlocks(c));
  if (!wanted.size) return {};
  const data = new Map<string, unknown>();
  const loadInner = (inner: string[]) => loadDynamicBlocks(inner, port);
  await Promise.all([...wanted].map(async ([key, w]) => data.set(key, await w.block.load(w.attrs, port, loadInner))));
  const readsClock = [...wanted.values()].some((w) => w.block.readsClock === true);
  return { dynamic: { port, data, ...(readsClock ? { readsClock } : {}) } };
}

/** The render callbacks of the dynamic blocks, reading what loadDynamicBlocks() read ('' without it). */
export function dynamicRenderers(): Record<string, BlockRenderer> {
  const out: Record<string, BlockRenderer> = {};
  for (const [name, dyn] of DYNAMIC_BLOCKS)
    out[name] = (block, ctx) => {
      const loaded = ctx.dynamic;
      if (!loaded) return '';
      const attrs = attributesWithDefaults(block);
      const key = keyOf(name, attrs);
      if (!loaded.data.has(key)) return '';
      let n = 0;
      const counters = (loaded.counters ??= new Map<string, number>());
      const env: RenderEnv = {
        port: loaded.port,
        loggedIn: false,
        renderBlocks: (blocks, extra = {}) => blocks.map((b) => renderBlock(b, { ...ctx, ...extra })).join(''),
        uniqueId: (prefix) => {
          n = (counters.get(prefix) ?? 0) + 1;
          counters.set(prefix, n);
          return `${prefix}${n}`;
        },
      };
      return dyn.render(block, attrs, loaded.data.get(key), env);
    };
  return out;
}

/**
 * Renders one block as the block renderer endpoint does (render_block() of a block built from its attributes),
 * for its signed-in caller.
 */
export async function renderDynamicBlock(
  name: string,
  attrs: Record<string, unknown>,
  port: DynamicBlockData,
  renderers: Readonly<Record<string, BlockRenderer>>,
): Promise<string | undefined> {
  const dyn = DYNAMIC_BLOCKS.get(name);
  if (!dyn) return undefined;
  const block: ParsedBlock = { blockName: name, attrs, innerBlocks: [], innerHTML: '', innerContent: [] };
  const full = attributesWithDefaults(block);
  const data = await dyn.load(full, port, (inner) => loadDynamicBlocks(inner, port));
  const counters = new Map<string, number>();
  const uniqueId = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}${n}`;
  };
  const ctx: BlockContext = { renderers, dynamic: { port, data: new Map(), counters } };
  const renderBlocks = (blocks: ParsedBlock[], extra: Partial<BlockContext> = {}) =>
    blocks.map((b) => renderBlock(b, { ...ctx, ...extra })).join('');
  return dyn.render(block, full, data, { port, loggedIn: true, uniqueId, renderBlocks });
}
