/**
 * Another theme directory (LOOM_THEME_ROOT, LOOM_THEME) through the gateway: a classic theme has no block templates
 * (samples 185-188) and registers its menu locations (sample 182); a block theme in the older folders
 * (`block-templates/`, `block-template-parts/`) without theme.json; LOOM_MENU_LOCATIONS replacing the theme's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, err, startWorld, type World } from '@loom/testing';

const root = mkdtempSync(join(tmpdir(), 'loom-themes-'));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

write('classic-ref/style.css', '/*\nTheme Name: Classic reference\n*/\n');
write(
  'classic-ref/menu-locations.json',
  JSON.stringify({ primary: 'Primary menu', footer: 'Footer menu', social: 'Social links' }),
);
write('legacy-ref/style.css', '/*\nTheme Name: Legacy folders\n*/\n');
write(
  'legacy-ref/block-templates/index.html',
  '<!-- wp:template-part {"slug":"header"} /-->\n<!-- wp:post-content /-->\n',
);
write(
  'legacy-ref/block-templates/landing.html',
  '<!-- wp:group -->\n<div class="wp-block-group"><!-- wp:template-part {"slug":"header","theme":"elsewhere"} /--></div>\n<!-- /wp:group -->\n',
);
write('legacy-ref/block-template-parts/header.html', '<!-- wp:site-title /-->\n');
write('legacy-ref/menu-locations.json', JSON.stringify({ primary: 'Primary menu' }));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a classic theme (samples 182, 185-188)', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ LOOM_THEME_ROOT: root, LOOM_THEME: 'classic-ref' });
  });
  afterAll(() => w.close());
  const admin = () => as(w, 'administrator');

  test('no templates or parts; an id of the theme is 404; creating still stores one (185-188)', async () => {
    expect((await admin().get('/core/v2/templates')).body).toEqual([]);
    expect((await admin().get('/core/v2/template-parts')).body).toEqual([]);
    expect(err(await admin().get('/core/v2/templates/classic-ref//index'))).toEqual({
      status: 404,
      code: 'rest_template_not_found',
    });
    const made = await admin().post('/core/v2/templates', {
      slug: 'classic-landing',
      title: 'Classic landing',
      content: '<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: 'classic-ref//classic-landing',
      theme: 'classic-ref',
      source: 'custom',
      has_theme_file: false,
      is_custom: true,
    });
    expect(((await admin().get('/core/v2/templates')).body as Array<{ id: string }>).map((t) => t.id)).toEqual([
      'classic-ref//classic-landing',
    ]);
  });

  test('lookup finds nothing: the template of nulls, as WordPress 6.4 answers it', async () => {
    const r = await admin().get('/core/v2/templates/lookup?slug=index');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: null, slug: null, content: { raw: null }, wp_id: 0, modified: false });
    expect(r.body._links.self).toEqual([{ href: 'http://loom.test/rest/core/v2/templates/' }]);
  });

  test('no page templates: only the empty template passes', async () => {
    const r = await admin().post('/core/v2/pages', { title: 'x', template: 'classic-landing' });
    expect(r.body.data.params).toEqual({ template: 'template is not one of .' });
    expect((await admin().post('/core/v2/pages', { title: 'x', template: '' })).status).toBe(201);
  });

  test("its menu locations are the theme's (182)", async () => {
    expect(Object.keys((await admin().get('/core/v2/menu-locations')).body)).toEqual(['primary', 'footer', 'social']);
    expect((await admin().post('/core/v2/menus', { name: 'Social', locations: ['social'] })).status).toBe(201);
  });
});

describe('a block theme in the older folders, without theme.json; LOOM_MENU_LOCATIONS given', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ LOOM_THEME_ROOT: root, LOOM_THEME: 'legacy-ref', LOOM_MENU_LOCATIONS: 'legal:Legal links' });
  });
  afterAll(() => w.close());
  const admin = () => as(w, 'administrator');

  test('templates and parts from block-templates/ and block-template-parts/; titles are slugs, areas uncategorized', async () => {
    expect((await admin().get('/core/v2/templates?_fields=id,title,is_custom')).body).toEqual([
      { id: 'legacy-ref//index', title: { raw: 'Index', rendered: 'Index' }, is_custom: false },
      { id: 'legacy-ref//landing', title: { raw: 'landing', rendered: 'landing' }, is_custom: true },
    ]);
    expect((await admin().get('/core/v2/template-parts?_fields=id,title,area')).body).toEqual([
      { id: 'legacy-ref//header', title: { raw: 'header', rendered: 'header' }, area: 'uncategorized' },
    ]);
    // A template part without a theme is given this one's; one naming a theme keeps it.
    const landing = await admin().get('/core/v2/templates/legacy-ref//landing');
    expect((landing.body.content as { raw: string }).raw).toBe(
      '<!-- wp:group -->\n<div class="wp-block-group"><!-- wp:template-part {"slug":"header","theme":"elsewhere"} /--></div>\n<!-- /wp:group -->\n',
    );
    expect(((await admin().get('/core/v2/templates/legacy-ref//index')).body.content as { raw: string }).raw).toBe(
      '<!-- wp:template-part {"slug":"header","theme":"legacy-ref"} /-->\n<!-- wp:post-content /-->\n',
    );
  });

  test('a custom template theme.json does not list serves every public type', async () => {
    expect((await admin().post('/core/v2/posts', { title: 'x', template: 'landing' })).body.template).toBe('landing');
    expect((await admin().post('/core/v2/pages', { title: 'x', template: 'landing' })).body.template).toBe('landing');
  });

  test("LOOM_MENU_LOCATIONS replaces the theme's locations", async () => {
    expect(Object.keys((await admin().get('/core/v2/menu-locations')).body)).toEqual(['legal']);
    expect(err(await admin().post('/core/v2/menus', { name: 'Main', locations: ['primary'] }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});
