/**
 * The theme's files the editor's endpoints read, once at start with the rest of the theme: the header of
 * `style.css` (WP_Theme's headers), its style variations (`styles/**\/*.json`, WP_Theme_JSON_Resolver::
 * get_style_variations), its block patterns and the pattern categories it registers. Loom runs no PHP, so a
 * pattern is a `patterns/*.html` file whose header comment holds what WordPress reads from a `patterns/*.php`
 * one (WP_Theme::get_block_patterns), and the categories are `pattern-categories.json` (`{"name": {"label":
 * ..., "description": ...}}`, register_block_pattern_category()'s arguments).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileData, THEME_HEADERS, type ThemeHeader } from './file-data';
import { isObject, readJson } from './json-file';

export interface StyleVariationFile {
  /** Its path under `styles/`, the order WordPress sorts them in. */
  path: string;
  /** Its file name without `.json`: the title of a variation that has none. */
  name: string;
  data: unknown;
}

/** A pattern's properties in register_block_pattern()'s names. */
export interface PatternProperties {
  title: string;
  content: string;
  description?: string;
  viewportWidth?: number;
  inserter?: boolean;
  categories?: string[];
  keywords?: string[];
  blockTypes?: string[];
  postTypes?: string[];
  templateTypes?: string[];
}

/** A pattern as WP_Theme::get_block_patterns() reads it, with its content (the file after its header). */
export interface ThemePattern extends PatternProperties {
  slug: string;
  description: string;
}

export interface PatternCategory {
  name: string;
  label: string;
  description?: string;
}

/** The header of style.css (every header '' when the theme has no style.css). */
export function readThemeHeader(dir: string): Record<ThemeHeader, string> {
  const path = join(dir, 'style.css');
  return fileData(existsSync(path) ? readFileSync(path, 'utf8') : '', THEME_HEADERS);
}

/** Every `*.json` under `styles/`, in any folder, sorted by path (ksort). A file that is not JSON stops the start. */
export function readStyleVariations(dir: string, theme: string): StyleVariationFile[] {
  const root = join(dir, 'styles');
  if (!existsSync(root) || !statSync(root).isDirectory()) return [];
  const out: StyleVariationFile[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && /\.json$/i.test(e.name))
        out.push({ path: p, name: basename(e.name, '.json'), data: readJson(p, `${theme}/${relative(dir, p)}`) });
    }
  };
  walk(root);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const PATTERN_HEADERS = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  viewportWidth: 'Viewport Width',
  inserter: 'Inserter',
  categories: 'Categories',
  keywords: 'Keywords',
  blockTypes: 'Block Types',
  postTypes: 'Post Types',
  templateTypes: 'Template Types',
} as const;

const LISTS = ['categories', 'keywords', 'blockTypes', 'postTypes', 'templateTypes'] as const;

/** wp_parse_list(): split on commas and whitespace. */
const parseList = (s: string): string[] => s.split(/[\s,]+/).filter(Boolean);

/** The file without its leading header comment (`<!-- ... -->`, or a PHP file's `<?php ... ?>` block) and the newline after it. */
function patternContent(text: string): string {
  const m = /^\s*(?:<!--[\s\S]*?-->|<\?php[\s\S]*?\?>)\n?/.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/**
 * WP_Theme::get_block_patterns() over `patterns/*.html`, by file name: files without a slug or a title are left
 * out (WordPress warns and skips them), as are empty ones (_register_theme_block_patterns).
 */
export function readThemePatterns(dir: string): ThemePattern[] {
  const root = join(dir, 'patterns');
  if (!existsSync(root) || !statSync(root).isDirectory()) return [];
  const out: ThemePattern[] = [];
  for (const file of readdirSync(root).sort()) {
    if (!/\.html$/i.test(file) || !statSync(join(root, file)).isFile()) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const h = fileData(text.replace(/-->/g, ''), PATTERN_HEADERS);
    const content = patternContent(text);
    if (!h.slug || !h.title || !content) continue;
    const p: ThemePattern = { slug: h.slug, title: h.title, description: h.description, content };
    for (const key of LISTS) if (h[key]) p[key] = parseList(h[key]);
    const width = parseInt(h.viewportWidth, 10);
    if (h.viewportWidth && width) p.viewportWidth = width;
    if (h.inserter) p.inserter = ['yes', 'true'].includes(h.inserter.toLowerCase());
    out.push(p);
  }
  return out;
}

/** The categories `pattern-categories.json` registers, in its order. */
export function readPatternCategories(dir: string, theme: string): PatternCategory[] {
  const path = join(dir, 'pattern-categories.json');
  if (!existsSync(path)) return [];
  const source = `${theme}/pattern-categories.json`;
  const raw = readJson(path, source);
  if (!isObject(raw)) throw new Error(`${source}: an object of category names and their label and description`);
  return Object.entries(raw).map(([name, v]) => {
    if (!isObject(v) || typeof v.label !== 'string') throw new Error(`${source}: "${name}" has no label`);
    if (v.description !== undefined && typeof v.description !== 'string')
      throw new Error(`${source}: the description of "${name}" is not a string`);
    return { name, label: v.label, ...(v.description !== undefined ? { description: v.description } : {}) };
  });
}
