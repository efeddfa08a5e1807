/** What every dynamic block's render callback shares: its attributes with defaults, and its wrapper attributes. */
import type { ParsedBlock } from '../blocks';
import { escAttr } from '../escape';
import { createBlockTypeRegistry, type BlockType, type BlockTypeRegistry } from '../block-types/registry';
import { applyBlockSupports } from '../block-types/supports';

let core: BlockTypeRegistry | undefined;
/** Core's block types (their supports and attribute defaults do not depend on the theme). */
export function coreBlockType(name: string): BlockType | undefined {
  core ??= createBlockTypeRegistry({ separateCoreAssets: false });
  return core.get(name);
}

type Attrs = Record<string, unknown>;

/** WP_Block::$attributes: the parsed attributes, each missing one given its declared default. */
export function attributesWithDefaults(block: ParsedBlock): Attrs {
  const attrs: Attrs = { ...(block.attrs ?? {}) };
  const declared = block.blockName ? (coreBlockType(block.blockName)?.attributes ?? {}) : {};
  for (const [key, schema] of Object.entries(declared)) {
    const s = schema as { default?: unknown };
    if (!Object.hasOwn(attrs, key) && Object.hasOwn(s, 'default')) attrs[key] = structuredClone(s.default);
  }
  return attrs;
}

/** get_block_wrapper_attributes( $extra ): style, class and id merged (extra first), then the other extras. */
export function wrapperAttributes(block: ParsedBlock, extra: Record<string, string> = {}): string {
  const type = block.blockName ? coreBlockType(block.blockName) : undefined;
  const supports: Record<string, string | undefined> = type ? applyBlockSupports(type, block.attrs ?? {}) : {};
  const out: Array<[string, string]> = [];
  for (const name of ['style', 'class', 'id']) {
    const mine = supports[name];
    const theirs = extra[name];
    if (!mine && !theirs) continue;
    out.push([name, mine && theirs ? `${theirs} ${mine}` : (mine ?? theirs)!]);
  }
  for (const [name, value] of Object.entries(extra))
    if (!['style', 'class', 'id'].includes(name)) out.push([name, value]);
  return out.map(([k, v]) => `${k}="${escAttr(v)}"`).join(' ');
}

/** A dynamic block: what it reads from the site (async, before rendering), then its markup from that (sync). */
export interface DynamicBlock<D = unknown> {
  /** Its markup follows the site's clock (today's date), not only stored data: no answer made with it may be kept. */
  readsClock?: boolean;
  /** `loadInner`: what the dynamic blocks of other markup read (a navigation post's blocks). */
  load(
    attrs: Attrs,
    port: import('./port').DynamicBlockData,
    loadInner: (contents: string[]) => Promise<import('../blocks').BlockContext>,
  ): Promise<D>;
  render(block: ParsedBlock, attrs: Attrs, data: D, env: RenderEnv): string;
}

/** What a render callback may use besides its data. */
export interface RenderEnv {
  port: import('./port').DynamicBlockData;
  /** wp_unique_id( $prefix ): numbered per rendering, from 1. */
  uniqueId(prefix: string): string;
  /**
   * is_user_logged_in(): true for the block renderer (it needs a signed-in editor); false in content, which is
   * rendered alike for every reader (as an anonymous visitor sees it).
   */
  loggedIn: boolean;
  /** render_block() of other blocks (a navigation's), in this rendering's context with `extra` over it. */
  renderBlocks(blocks: ParsedBlock[], extra?: Partial<import('../blocks').BlockContext>): string;
}
