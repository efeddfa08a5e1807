/**
 * The block type registry (WP_Block_Type_Registry) that both block rendering and the block-types REST resource
 * read: core's block types from block.json (core-blocks.json, written by scripts/generate-block-types.js from
 * @wordpress/block-library 8.19, the version WordPress 6.4 bundles) plus the active theme's own blocks.
 * Each is registered as register_block_type_from_metadata() registers it in 6.4 (wp-includes/blocks.php).
 */
import coreBlocks from './core-blocks.json';
import { withSupportAttributes } from './supports';

type Json = Record<string, unknown>;

/** One block.json read from disk, and whether a render callback comes with it. */
export interface BlockMetadataSource {
  metadata: Json;
  dynamic: boolean;
  /** One of WordPress's own blocks (wp-includes/blocks): its styles follow core's rules. */
  core?: boolean;
  /** Whether a `file:` script named by the metadata has its `.asset.php` beside it (register_block_script_handle). */
  hasAsset?(path: string): boolean;
}

/** WP_Block_Type's public properties, as the REST API reads them. */
export interface BlockType {
  name: string;
  api_version: number;
  title: string;
  description: string;
  category: string | null;
  parent: string[] | null;
  ancestor: string[] | null;
  icon: string | null;
  keywords: unknown[];
  textdomain: null;
  styles: unknown[];
  variations: unknown[];
  selectors: Json;
  supports: Json | null;
  example: unknown;
  /** get_attributes(): block.json's, `lock`, then those the supports add. */
  attributes: Json;
  uses_context: unknown[];
  provides_context: Json | null;
  block_hooks: Record<string, string>;
  editor_script_handles: string[];
  script_handles: string[];
  view_script_handles: string[];
  editor_style_handles: string[];
  style_handles: string[];
  /** is_dynamic(): registered with a render callback. */
  is_dynamic: boolean;
}

export interface RegistryOptions {
  /**
   * wp_should_load_separate_core_block_assets() at `init`: true for block themes (_add_default_theme_supports), and
   * only then are core blocks' style handles registered (register_block_style_handle returns false otherwise).
   */
  separateCoreAssets: boolean;
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** generate_block_asset_handle(). */
function assetHandle(name: string, field: string, index: number): string {
  if (name.startsWith('core/')) {
    let handle = name.replace('core/', 'wp-block-');
    if (field.startsWith('editor')) handle += '-editor';
    if (field.startsWith('view')) handle += '-view';
    return index > 0 ? `${handle}-${index + 1}` : handle;
  }
  const suffix: Record<string, string> = {
    editorScript: 'editor-script',
    script: 'script',
    viewScript: 'view-script',
    editorStyle: 'editor-style',
    style: 'style',
  };
  const handle = `${name.replace(/\//g, '-')}-${suffix[field]}`;
  return index > 0 ? `${handle}-${index + 1}` : handle;
}

const FILE_PREFIX = 'file:';
const stripFile = (s: string) => (s.startsWith(FILE_PREFIX) ? s.slice(FILE_PREFIX.length).replace(/^\.\//, '') : s);

/** The handles of one script or style field, each entry as register_block_{script,style}_handle() returns it. */
function handles(
  metadata: Json,
  field: string,
  one: (value: string, index: number) => string | false,
): string[] | undefined {
  const value = metadata[field];
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return;
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  list.forEach((v, i) => {
    if (typeof v !== 'string' || v === '') return;
    const r = one(v, i);
    if (r) out.push(r);
  });
  return out;
}

/** register_block_type_from_metadata() → WP_Block_Type, for one block.json. */
export function blockTypeFromMetadata(src: BlockMetadataSource, opts: RegistryOptions): BlockType {
  const metadata: Json = { ...src.metadata };
  const name = String(metadata.name);
  const core = src.core === true;
  if (name.startsWith('core/')) {
    const short = name.slice('core/'.length);
    metadata.style ??= `wp-block-${short}`;
    metadata.editorStyle ??= `wp-block-${short}-editor`;
  }
  // register_block_script_handle(): a handle as it is; a file: path becomes a generated handle when its asset file exists.
  const script = (field: string) =>
    handles(metadata, field, (v, i) => {
      if (!v.startsWith(FILE_PREFIX)) return v;
      const asset = stripFile(v).replace(/\.js$/, '.asset.php');
      return core || src.hasAsset?.(asset) ? assetHandle(name, field, i) : false;
    });
  // register_block_style_handle().
  const style = (field: string) =>
    handles(metadata, field, (v, i) => {
      const isHandle = !v.startsWith(FILE_PREFIX);
      if (core) {
        if (!opts.separateCoreAssets || !isHandle) return false;
        return i === 0 ? assetHandle(name, field, i) : v;
      }
      return isHandle ? v : assetHandle(name, field, i);
    });

  const attributes: Json = isObj(metadata.attributes) ? { ...metadata.attributes } : {};
  if (!Object.hasOwn(attributes, 'lock')) attributes.lock = { type: 'object' };
  const supports = isObj(metadata.supports) ? metadata.supports : null;
  const type: BlockType = {
    name,
    api_version: typeof metadata.apiVersion === 'number' ? metadata.apiVersion : 1,
    title: typeof metadata.title === 'string' ? metadata.title : '',
    description: typeof metadata.description === 'string' ? metadata.description : '',
    category: typeof metadata.category === 'string' ? metadata.category : null,
    parent: Array.isArray(metadata.parent) ? (metadata.parent as string[]) : null,
    ancestor: Array.isArray(metadata.ancestor) ? (metadata.ancestor as string[]) : null,
    icon: typeof metadata.icon === 'string' ? metadata.icon : null,
    keywords: Array.isArray(metadata.keywords) ? metadata.keywords : [],
    // Not among register_block_type_from_metadata()'s mapped properties: every block type has none.
    textdomain: null,
    styles: Array.isArray(metadata.styles) ? metadata.styles : [],
    variations: Array.isArray(metadata.variations) ? metadata.variations : [],
    selectors: isObj(metadata.selectors) ? metadata.selectors : {},
    supports,
    example: metadata.example ?? null,
    attributes: {},
    uses_context: Array.isArray(metadata.usesContext) ? metadata.usesContext : [],
    provides_context: isObj(metadata.providesContext) ? metadata.providesContext : null,
    block_hooks: blockHooks(name, metadata.blockHooks),
    editor_script_handles: script('editorScript') ?? [],
    script_handles: script('script') ?? [],
    view_script_handles: script('viewScript') ?? [],
    editor_style_handles: style('editorStyle') ?? [],
    style_handles: style('style') ?? [],
    is_dynamic: src.dynamic,
  };
  type.attributes = withSupportAttributes(type, attributes);
  return type;
}

/** blockHooks → block_hooks: WordPress's position names; a block hooked to itself or an unknown position is skipped. */
function blockHooks(name: string, hooks: unknown): Record<string, string> {
  const positions: Record<string, string> = {
    before: 'before',
    after: 'after',
    firstChild: 'first_child',
    lastChild: 'last_child',
  };
  const out: Record<string, string> = Object.create(null);
  if (!isObj(hooks)) return out;
  for (const [anchor, position] of Object.entries(hooks))
    if (anchor !== name && typeof position === 'string' && Object.hasOwn(positions, position))
      out[anchor] = positions[position]!;
  return { ...out };
}

/** WP_Block_Type_Registry: block types by name, in registration order. */
export class BlockTypeRegistry {
  private readonly types = new Map<string, BlockType>();

  register(type: BlockType): void {
    // WP_Block_Type_Registry::register(): a name registered already is refused (the first one stays).
    if (!this.types.has(type.name)) this.types.set(type.name, type);
  }

  get(name: string): BlockType | undefined {
    return this.types.get(name);
  }

  all(): BlockType[] {
    return [...this.types.values()];
  }
}

/** block.json `name`: a namespace and a name (WP_Block_Type_Registry::register()'s pattern, lower case only). */
export const BLOCK_NAME = /^[a-z0-9-]+\/[a-z0-9-]+$/;

/** Core's block types, then `extra` (the theme's), as WordPress registers them on `init`. */
export function createBlockTypeRegistry(opts: RegistryOptions, extra: BlockMetadataSource[] = []): BlockTypeRegistry {
  const registry = new BlockTypeRegistry();
  for (const b of coreBlocks.blocks as Array<{ dynamic: boolean; metadata: Json }>)
    registry.register(blockTypeFromMetadata({ ...b, core: true }, opts));
  for (const b of extra)
    if (typeof b.metadata.name === 'string' && BLOCK_NAME.test(b.metadata.name))
      registry.register(blockTypeFromMetadata(b, opts));
  return registry;
}
