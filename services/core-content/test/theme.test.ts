/**
 * The theme core-content serves (src/theme): its settings from the environment, what stops the process at start
 * (a missing theme, malformed theme.json or menu-locations.json, a malformed LOOM_MENU_LOCATIONS), and the template
 * hierarchy lookups walk (get_template_hierarchy, every branch).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBlocks, serializeBlocks, type ParsedBlock } from '@loom/rendering';
import { DEFAULT_THEME, loadTheme, loadThemeSettings, SHIPPED_THEME_ROOT } from '../src/site/theme';
import { templateHierarchy } from '../src/engine/templates';
import { startCore } from './helpers';

const root = mkdtempSync(join(tmpdir(), 'loom-theme-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('settings (LOOM_THEME, LOOM_THEME_ROOT, LOOM_MENU_LOCATIONS)', () => {
  test('defaults: the shipped theme, whose menu locations count', () => {
    expect(loadThemeSettings({})).toEqual({ name: DEFAULT_THEME, root: SHIPPED_THEME_ROOT, menuLocations: null });
    expect(loadTheme(loadThemeSettings({})).menuLocations).toEqual([
      { name: 'primary', description: 'Primary menu' },
      { name: 'footer', description: 'Footer menu' },
    ]);
  });

  test('LOOM_MENU_LOCATIONS: name:Description pairs in order (a name alone describes itself); empty: none', () => {
    expect(
      loadThemeSettings({ LOOM_MENU_LOCATIONS: ' header : Header navigation , social-links,legal:Legal: small print' })
        .menuLocations,
    ).toEqual([
      { name: 'header', description: 'Header navigation' },
      { name: 'social-links', description: 'social-links' },
      { name: 'legal', description: 'Legal: small print' },
    ]);
    expect(loadThemeSettings({ LOOM_MENU_LOCATIONS: '' }).menuLocations).toEqual([]);
  });

  test('malformed values stop the process at start', () => {
    expect(() => loadThemeSettings({ LOOM_MENU_LOCATIONS: 'main menu:Main' })).toThrow(/LOOM_MENU_LOCATIONS/);
    expect(() => loadThemeSettings({ LOOM_MENU_LOCATIONS: 'a:A,a:B' })).toThrow(/twice/);
    for (const name of ['../etc', 'a/b', 'a|b', '..'])
      expect(() => loadThemeSettings({ LOOM_THEME: name })).toThrow(/LOOM_THEME/);
  });

  test('a theme that cannot be read stops core-content from starting', async () => {
    mkdirSync(join(root, 'bad-json'));
    writeFileSync(join(root, 'bad-json', 'theme.json'), '{ "version": 2, ');
    mkdirSync(join(root, 'bad-menus'));
    writeFileSync(join(root, 'bad-menus', 'menu-locations.json'), JSON.stringify({ 'main menu': 'Main' }));
    await expect(startCore({ env: { LOOM_THEME_ROOT: root, LOOM_THEME: 'missing' } })).rejects.toThrow(
      /no theme directory/,
    );
    await expect(startCore({ env: { LOOM_THEME_ROOT: root, LOOM_THEME: 'bad-json' } })).rejects.toThrow(
      /bad-json\/theme.json/,
    );
    await expect(startCore({ env: { LOOM_THEME_ROOT: root, LOOM_THEME: 'bad-menus' } })).rejects.toThrow(
      /bad-menus\/menu-locations.json/,
    );
  });
});

describe('the shipped theme', () => {
  const dir = join(SHIPPED_THEME_ROOT, DEFAULT_THEME);
  const files = ['templates', 'parts'].flatMap((folder) => readdirSync(join(dir, folder)).map((f) => join(folder, f)));

  test("its files are block markup WordPress's parser reads whole, and writes back unchanged", () => {
    expect(files.length).toBe(20);
    for (const path of files) {
      const text = readFileSync(join(dir, path), 'utf8');
      const blocks = parseBlocks(text);
      const stray: string[] = [];
      const walk = (list: ParsedBlock[]) => {
        for (const b of list) {
          if (b.blockName === null && b.innerHTML.trim()) stray.push(b.innerHTML);
          walk(b.innerBlocks);
        }
      };
      walk(blocks);
      expect([path, stray, blocks.some((b) => b.blockName !== null), serializeBlocks(blocks) === text]).toEqual([
        path,
        [],
        true,
        true,
      ]);
    }
  });

  test("theme.json's custom templates and parts all have their file", () => {
    const json = JSON.parse(readFileSync(join(dir, 'theme.json'), 'utf8')) as {
      customTemplates: Array<{ name: string }>;
      templateParts: Array<{ name: string }>;
    };
    for (const t of json.customTemplates) expect(files).toContain(`templates/${t.name}.html`);
    for (const p of json.templateParts) expect(files).toContain(`parts/${p.name}.html`);
  });
});

describe('get_template_hierarchy()', () => {
  test.each([
    ['index', false, '', ['index']],
    ['my-landing', true, '', ['page', 'singular', 'index']],
    ['front-page', false, '', ['front-page', 'home', 'index']],
    ['page-about', false, '', ['page-about', 'page', 'singular', 'index']],
    ['page-about', false, 'page', ['page-about', 'page', 'singular', 'index']],
    ['single-post-hello', false, '', ['single-post-hello', 'single-post', 'single', 'singular', 'index']],
    ['single-post', false, '', ['single-post', 'single', 'singular', 'index']],
    [
      'single-product-coat',
      false,
      'single-product',
      ['single-product-coat', 'single-product', 'single', 'singular', 'index'],
    ],
    ['category-news', false, '', ['category-news', 'category', 'archive', 'index']],
    ['tag-linen', false, '', ['tag-linen', 'tag', 'archive', 'index']],
    ['author-jane', false, '', ['author-jane', 'author', 'archive', 'index']],
    ['archive-products', false, '', ['archive-products', 'archive', 'index']],
    [
      'taxonomy-category-news',
      false,
      '',
      ['taxonomy-category-news', 'taxonomy-category', 'taxonomy', 'archive', 'index'],
    ],
    ['taxonomy-category', false, '', ['taxonomy-category', 'taxonomy', 'archive', 'index']],
    ['taxonomy-genre-rock', false, '', ['taxonomy-genre-rock', 'archive', 'index']],
    ['date', false, '', ['date', 'archive', 'index']],
    ['attachment', false, '', ['attachment', 'single', 'singular', 'index']],
    ['search', false, '', ['search', 'index']],
    ['404', false, '', ['404', 'index']],
  ])('%s (custom: %s, prefix: "%s")', (slug, isCustom, prefix, expected) => {
    expect(templateHierarchy(slug, isCustom, prefix)).toEqual(expected);
  });
});
