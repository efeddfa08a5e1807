/**
 * core/v2/menu-locations through the gateway (WP_REST_Menu_Locations_Controller): the theme's locations from
 * LOOM_MENU_LOCATIONS as an object keyed by location (samples 182, 184), `[]` when there are none (sample 103),
 * rest_menu_location_invalid for an unknown one (sample 105), edit_theme_options only (sample 104).
 */
import { as, err, startWorld, type World } from '@loom/testing';

const REST = 'http://loom.test/rest';
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

let w: World;
beforeAll(async () => {
  w = await startWorld({ LOOM_MENU_LOCATIONS: 'primary:Primary menu,footer:Footer menu,social-links:Social links' });
});
afterAll(() => w.close());

const admin = () => as(w, 'administrator');

const location = (name: string, description: string, menu = 0) => ({
  name,
  description,
  menu,
  _links: {
    self: [{ href: `${REST}/core/v2/menu-locations/${name}` }],
    collection: [{ href: `${REST}/core/v2/menu-locations` }],
    ...(menu ? { 'wp:menu': [{ embeddable: true, href: `${REST}/core/v2/menus/${menu}` }], curies: CURIES } : {}),
  },
});

test('lists the theme locations keyed by name, in their order, with no menu assigned yet (sample 182)', async () => {
  const r = await admin().get('/core/v2/menu-locations');
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    primary: location('primary', 'Primary menu'),
    footer: location('footer', 'Footer menu'),
    'social-links': location('social-links', 'Social links'),
  });
  expect(Object.keys(r.body)).toEqual(['primary', 'footer', 'social-links']);
});

test('a location shows the menu assigned to it, with an embeddable wp:menu link (samples 183, 184)', async () => {
  const menu = await admin().post('/core/v2/menus', { name: 'Header links', locations: ['primary'] });
  expect(menu.status).toBe(201);
  const r = await admin().get('/core/v2/menu-locations/primary');
  expect(r.status).toBe(200);
  expect(r.body).toEqual(location('primary', 'Primary menu', menu.body.id));
  const embedded = await admin().get('/core/v2/menu-locations/primary?_embed=wp:menu');
  expect(embedded.body._embedded['wp:menu']).toEqual([
    expect.objectContaining({ id: menu.body.id, name: 'Header links', slug: 'header-links' }),
  ]);
  expect((await admin().get('/core/v2/menu-locations')).body.primary.menu).toBe(menu.body.id);

  // A deleted menu leaves its locations empty.
  await admin().delete(`/core/v2/menus/${menu.body.id}?force=true`);
  expect((await admin().get('/core/v2/menu-locations/primary')).body).toEqual(location('primary', 'Primary menu'));
});

test('every context shows name, description and menu; _fields picks among them', async () => {
  for (const context of ['view', 'embed', 'edit']) {
    const r = await admin().get(`/core/v2/menu-locations/footer?context=${context}`);
    expect(Object.keys(r.body)).toEqual(['name', 'description', 'menu', '_links']);
  }
  expect((await admin().get('/core/v2/menu-locations/footer?_fields=description')).body).toEqual({
    description: 'Footer menu',
  });
  expect(err(await admin().get('/core/v2/menu-locations?context=full'))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
});

test('an unknown location is rest_menu_location_invalid 404 (sample 105); a name the route cannot take has no route', async () => {
  const r = await admin().get('/core/v2/menu-locations/sidebar');
  expect(r.status).toBe(404);
  expect(r.body).toEqual({
    code: 'rest_menu_location_invalid',
    message: 'Invalid menu location.',
    data: { status: 404 },
  });
  expect(err(await admin().get('/core/v2/menu-locations/Primary'))).toEqual({
    status: 404,
    code: 'rest_menu_location_invalid',
  });
  expect(err(await admin().get('/core/v2/menu-locations/a.b'))).toEqual({ status: 404, code: 'rest_no_route' });
});

test('only edit_theme_options reads them: 401 anonymous, 403 for any other role (sample 104)', async () => {
  for (const path of [
    '/core/v2/menu-locations',
    '/core/v2/menu-locations/primary',
    '/core/v2/menu-locations/sidebar',
  ]) {
    const anon = await as(w, 'anonymous').get(path);
    expect(anon.body).toEqual({
      code: 'rest_cannot_view',
      message: 'Sorry, you are not allowed to view menu locations.',
      data: { status: 401 },
    });
    for (const role of ['subscriber', 'contributor', 'author', 'editor'] as const) {
      expect([role, err(await as(w, role).get(path))]).toEqual([role, { status: 403, code: 'rest_cannot_view' }]);
    }
  }
});

test('read-only routes in the index, as WordPress lists them (sample 55), with no batch', async () => {
  const index = (await admin().get('/')).body;
  const collection = index.routes['/core/v2/menu-locations'];
  expect(collection).toEqual({
    namespace: 'core/v2',
    methods: ['GET'],
    endpoints: [
      {
        methods: ['GET'],
        args: { context: expect.objectContaining({ default: 'view', enum: ['view', 'embed', 'edit'] }) },
      },
    ],
    _links: { self: [{ href: `${REST}/core/v2/menu-locations` }] },
  });
  const item = index.routes['/core/v2/menu-locations/(?P<location>[\\w-]+)'];
  expect(item.methods).toEqual(['GET']);
  expect(item.endpoints[0].args.location).toEqual({
    description: 'An alphanumeric identifier for the menu location.',
    type: 'string',
    required: false,
  });
  expect(Object.keys(item.endpoints[0].args)).toEqual(['location', 'context']);
  expect(item).not.toHaveProperty('_links');
  // Registered after everything else of core/v2, as WordPress registers it.
  const core = Object.keys(index.routes).filter((k) => k.startsWith('/core/v2'));
  expect(core.slice(-2)).toEqual(['/core/v2/menu-locations', '/core/v2/menu-locations/(?P<location>[\\w-]+)']);
  expect(err(await admin().post('/core/v2/menu-locations', {}))).toEqual({ status: 404, code: 'rest_no_route' });
});

describe('a theme without menu locations (LOOM_MENU_LOCATIONS empty)', () => {
  let bare: World;
  beforeAll(async () => {
    bare = await startWorld({ LOOM_MENU_LOCATIONS: '' });
  });
  afterAll(() => bare.close());

  test('lists none, as PHP encodes an empty array: [] (sample 103); every location is unknown', async () => {
    const r = await as(bare, 'administrator').get('/core/v2/menu-locations');
    expect(r.status).toBe(200);
    expect(r.text).toBe('[]');
    expect(err(await as(bare, 'administrator').get('/core/v2/menu-locations/primary'))).toEqual({
      status: 404,
      code: 'rest_menu_location_invalid',
    });
    // Menus cannot be assigned to a location the theme lacks (sample 86).
    expect(
      err(await as(bare, 'administrator').post('/core/v2/menus', { name: 'Social Menu', locations: ['primary'] })),
    ).toEqual({ status: 400, code: 'rest_invalid_param' });
  });
});
