/** The matrix rows of menus, menu items (with their autosaves) and menu locations. */
import type { MatrixWorld, Row } from './harness';

const ADMIN_ONLY_READ = [401, 403, 403, 403, 403, 200] as const;
/** check_has_read_only_access: contributors and up read; anonymous callers never. */
const EDITORS_READ = [401, 403, 200, 200, 200, 200] as const;

const menu = (w: MatrixWorld, extra: Record<string, unknown> = {}) =>
  w.made('menus', { name: w.unique('menu'), ...extra });
const item = async (w: MatrixWorld, extra: Record<string, unknown> = {}) =>
  w.made('menu-items', { title: w.unique('item'), url: 'https://example.com/', menus: await menu(w), ...extra });

/** A published menu item with an autosave of the administrator's, and the autosave's id. */
async function autosaved(w: MatrixWorld): Promise<{ id: number; autosave: number }> {
  const id = await item(w);
  const a = await w.write(`menu-items/${id}/autosaves`, { title: 'autosaved' });
  return { id, autosave: a.id as number };
}

export const menusRows: Row[] = [
  { name: 'list menus', method: 'get', path: () => 'menus', expect: [...EDITORS_READ] },
  { name: 'list menus, edit context', method: 'get', path: () => 'menus?context=edit', expect: [...ADMIN_ONLY_READ] },
  { name: 'read a menu', method: 'get', path: async (w) => `menus/${await menu(w)}`, expect: [...EDITORS_READ] },
  {
    name: 'read a menu, edit context',
    method: 'get',
    path: async (w) => `menus/${await menu(w)}?context=edit`,
    expect: [...ADMIN_ONLY_READ],
  },
  {
    name: 'create a menu',
    method: 'post',
    path: () => 'menus',
    body: (w) => ({ name: w.unique('menu') }),
    expect: [401, 403, 403, 403, 403, 201],
  },
  // Arguments are checked before permissions: an unknown location is 400 for everyone.
  {
    name: 'create a menu at an unknown location',
    method: 'post',
    path: () => 'menus',
    body: (w) => ({ name: w.unique('menu'), locations: ['sidebar'] }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    name: 'update a menu',
    method: 'post',
    path: async (w) => `menus/${await menu(w)}`,
    body: () => ({ locations: ['footer'], auto_add: true }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'delete a menu',
    method: 'delete',
    path: async (w) => `menus/${await menu(w)}?force=true`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'delete a menu without force',
    method: 'delete',
    path: async (w) => `menus/${await menu(w)}`,
    expect: [401, 403, 403, 403, 403, 501],
  },
  { name: 'list menu items', method: 'get', path: () => 'menu-items', expect: [...EDITORS_READ] },
  {
    name: 'list menu items, edit context',
    method: 'get',
    path: () => 'menu-items?context=edit',
    expect: [...ADMIN_ONLY_READ],
  },
  // The status argument's sanitizer answers before any permission check.
  {
    name: 'list draft menu items',
    method: 'get',
    path: () => 'menu-items?status=draft',
    expect: [400, 400, 400, 400, 400, 200],
  },
  {
    name: 'read a published menu item',
    method: 'get',
    path: async (w) => `menu-items/${await item(w)}`,
    expect: [...EDITORS_READ],
  },
  {
    name: 'read a draft menu item',
    method: 'get',
    path: async (w) => `menu-items/${await item(w, { status: 'draft' })}`,
    expect: [...ADMIN_ONLY_READ],
  },
  {
    name: 'read a menu item, edit context',
    method: 'get',
    path: async (w) => `menu-items/${await item(w)}?context=edit`,
    expect: [...ADMIN_ONLY_READ],
  },
  {
    name: 'create a menu item',
    method: 'post',
    path: () => 'menu-items',
    body: (w) => ({ title: w.unique('item'), url: 'https://example.com/' }),
    expect: [401, 403, 403, 403, 403, 201],
  },
  {
    name: 'update a menu item',
    method: 'post',
    path: async (w) => `menu-items/${await item(w)}`,
    body: () => ({ menu_order: 2 }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'delete a menu item',
    method: 'delete',
    path: async (w) => `menu-items/${await item(w)}?force=true`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'delete a menu item without force',
    method: 'delete',
    path: async (w) => `menu-items/${await item(w)}`,
    expect: [401, 403, 403, 403, 403, 501],
  },
  {
    name: 'list menu item autosaves',
    method: 'get',
    path: async (w) => `menu-items/${(await autosaved(w)).id}/autosaves`,
    expect: [...ADMIN_ONLY_READ],
  },
  {
    name: 'autosave a menu item',
    method: 'post',
    path: async (w) => `menu-items/${await item(w)}/autosaves`,
    body: () => ({ title: 'autosaved' }),
    expect: [...ADMIN_ONLY_READ],
  },
  {
    name: 'read a menu item autosave',
    method: 'get',
    path: async (w) => {
      const a = await autosaved(w);
      return `menu-items/${a.id}/autosaves/${a.autosave}`;
    },
    expect: [...ADMIN_ONLY_READ],
  },
  { name: 'list menu locations', method: 'get', path: () => 'menu-locations', expect: [...ADMIN_ONLY_READ] },
  { name: 'read a menu location', method: 'get', path: () => 'menu-locations/primary', expect: [...ADMIN_ONLY_READ] },
];
