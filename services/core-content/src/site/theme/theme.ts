/**
 * The active theme, read from its directory once at start (a deployed theme does not change under a running
 * process): its block templates and template parts (`templates/*.html`, `parts/*.html`, or the older
 * `block-templates/`, `block-template-parts/`), theme.json's custom templates and template-part areas, and the menu
 * locations it registers (`menu-locations.json`: `{"name": "Description"}`, register_nav_menus()'s array; Loom runs
 * no PHP), and what the editor's endpoints read (editor-files.ts: style.css's header, style variations, patterns and
 * pattern categories). A directory without `templates/index.html` is a classic theme: it has no block templates.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseBlocks, serializeBlocks, type ParsedBlock } from '@loom/rendering';
import { checkedLocation, type MenuLocation, type ThemeSettings } from './settings';
import {
  readPatternCategories,
  readStyleVariations,
  readThemeHeader,
  readThemePatterns,
  type PatternCategory,
  type StyleVariationFile,
  type ThemePattern,
} from './editor-files';
import type { ThemeHeader } from './file-data';
import { isObject, readJson } from './json-file';

export type TemplateType = 'wp_template' | 'wp_template_part';

/** get_allowed_block_template_part_areas(). */
export const TEMPLATE_PART_AREAS = ['uncategorized', 'header', 'footer'] as const;

/** _filter_block_template_part_area(): an area WordPress knows, else `uncategorized`. */
export const filterPartArea = (area: unknown): string =>
  (TEMPLATE_PART_AREAS as readonly unknown[]).includes(area) ? (area as string) : 'uncategorized';

/** A template or part file as _build_block_template_result_from_file() reads it. */
export interface ThemeFile {
  slug: string;
  type: TemplateType;
  /** The markup as WordPress serves it: template-part blocks given the theme they belong to. */
  content: string;
  /** theme.json's title for it ('' when it names none). */
  title: string;
  /** A custom template's post types (theme.json `postTypes`, `['page']` by default); undefined when theme.json does not list it. */
  postTypes?: readonly string[];
  /** A part's area (`uncategorized` when theme.json does not list it). */
  area?: string;
}

export interface Theme {
  /** get_stylesheet(). */
  name: string;
  dir: string;
  /** wp_is_block_theme(): a theme with an index template. */
  isBlockTheme: boolean;
  /** The theme's files of a type, by slug order. */
  files(type: TemplateType): readonly ThemeFile[];
  /** The file of that type and slug (none for another type, a revision's). */
  file(type: string, slug: string): ThemeFile | undefined;
  /** The menu locations the theme registers. */
  menuLocations: readonly MenuLocation[];
  /** style.css's header (WP_Theme::get()). */
  header: Readonly<Record<ThemeHeader, string>>;
  /** theme.json as the file has it; null when the theme has none (wp_theme_has_theme_json()). */
  json: Readonly<Record<string, unknown>> | null;
  styleVariations: readonly StyleVariationFile[];
  patterns: readonly ThemePattern[];
  patternCategories: readonly PatternCategory[];
}

interface ThemeJson {
  customTemplates?: Array<{ name?: unknown; title?: unknown; postTypes?: unknown }>;
  templateParts?: Array<{ name?: unknown; title?: unknown; area?: unknown }>;
}

/** _inject_theme_attribute_in_template_part_block(), over every block of the file. */
export function injectTheme(blocks: ParsedBlock[], theme: string): void {
  for (const block of blocks) {
    if (block.blockName === 'core/template-part' && !Object.hasOwn(block.attrs ?? {}, 'theme'))
      block.attrs = { ...block.attrs, theme };
    injectTheme(block.innerBlocks, theme);
  }
}

/** The `*.html` files of a folder, as slug → path (none when the folder is missing). */
function htmlFiles(dir: string): Array<[string, string]> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.html') && statSync(join(dir, f)).isFile())
    .map((f): [string, string] => [f.slice(0, -'.html'.length), join(dir, f)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function loadTheme(settings: Pick<ThemeSettings, 'name' | 'root'>): Theme {
  const dir = join(settings.root, settings.name);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new Error(`LOOM_THEME: no theme directory ${dir} (LOOM_THEME_ROOT ${settings.root})`);

  const jsonPath = join(dir, 'theme.json');
  const jsonFile = existsSync(jsonPath) ? readJson(jsonPath, `${settings.name}/theme.json`) : null;
  const json: ThemeJson = isObject(jsonFile) ? (jsonFile as ThemeJson) : {};
  const custom = new Map<string, { title: string; postTypes: string[] }>();
  for (const item of Array.isArray(json.customTemplates) ? json.customTemplates : []) {
    if (!isObject(item) || typeof item.name !== 'string') continue;
    const postTypes = Array.isArray(item.postTypes)
      ? item.postTypes.filter((t): t is string => typeof t === 'string')
      : ['page'];
    custom.set(item.name, { title: typeof item.title === 'string' ? item.title : '', postTypes });
  }
  const parts = new Map<string, { title: string; area: string }>();
  for (const item of Array.isArray(json.templateParts) ? json.templateParts : []) {
    if (!isObject(item) || typeof item.name !== 'string') continue;
    parts.set(item.name, { title: typeof item.title === 'string' ? item.title : '', area: filterPartArea(item.area) });
  }

  // get_block_template_folders(): the older folder names when the theme has either of them.
  const legacy = existsSync(join(dir, 'block-templates')) || existsSync(join(dir, 'block-template-parts'));
  const folders: Record<TemplateType, string> = legacy
    ? { wp_template: 'block-templates', wp_template_part: 'block-template-parts' }
    : { wp_template: 'templates', wp_template_part: 'parts' };

  const read = (type: TemplateType): Map<string, ThemeFile> => {
    const out = new Map<string, ThemeFile>();
    for (const [slug, path] of htmlFiles(join(dir, folders[type]))) {
      const blocks = parseBlocks(readFileSync(path, 'utf8'));
      injectTheme(blocks, settings.name);
      const file: ThemeFile = { slug, type, content: serializeBlocks(blocks), title: '' };
      const data = type === 'wp_template' ? custom.get(slug) : parts.get(slug);
      if (data) file.title = data.title;
      if (type === 'wp_template' && custom.has(slug)) file.postTypes = custom.get(slug)!.postTypes;
      if (type === 'wp_template_part') file.area = parts.get(slug)?.area ?? 'uncategorized';
      out.set(slug, file);
    }
    return out;
  };
  const files = new Map<string, Map<string, ThemeFile>>([
    ['wp_template', read('wp_template')],
    ['wp_template_part', read('wp_template_part')],
  ]);

  const menuLocations: MenuLocation[] = [];
  const locationsPath = join(dir, 'menu-locations.json');
  if (existsSync(locationsPath)) {
    const source = `${settings.name}/menu-locations.json`;
    const raw = readJson(locationsPath, source);
    if (!isObject(raw)) throw new Error(`${source}: an object of location names and descriptions`);
    for (const [name, description] of Object.entries(raw)) {
      if (typeof description !== 'string') throw new Error(`${source}: the description of "${name}" is not a string`);
      menuLocations.push(checkedLocation(name, description, menuLocations, source));
    }
  }

  return {
    name: settings.name,
    dir,
    isBlockTheme: files.get('wp_template')!.has('index'),
    files: (type) => [...files.get(type)!.values()],
    file: (type, slug) => files.get(type)?.get(slug),
    menuLocations,
    header: readThemeHeader(dir),
    json: isObject(jsonFile) ? jsonFile : null,
    styleVariations: readStyleVariations(dir, settings.name),
    patterns: readThemePatterns(dir),
    patternCategories: readPatternCategories(dir, settings.name),
  };
}
