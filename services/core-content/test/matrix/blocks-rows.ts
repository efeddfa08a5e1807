/**
 * The matrix rows of the block editor's resources: blocks (read through read_post, whose `read` is edit_posts;
 * created with publish_posts), navigation menus (published ones public, the rest edit_theme_options) and
 * pattern categories (anyone lists; assign_terms, edit_posts, creates; manage_categories edits and deletes).
 */
import { autosaved, revised, type MatrixWorld, type Row } from './harness';

const item = (w: MatrixWorld, base: string, status: string) => w.made(base, { title: w.unique(base), status });

/** What each caller gets on a type's routes; `edit` is every write and revision route on another's item. */
interface TypeExpectations {
  list: Row['expect'];
  listEdit: Row['expect'];
  listDrafts: Row['expect'];
  readPublished: Row['expect'];
  readDraft: Row['expect'];
  readPrivate: Row['expect'];
  edit: Row['expect'];
  create: Row['expect'];
}

/** The same rows for both types. */
function postTypeRows(base: 'blocks' | 'navigation', e: TypeExpectations): Row[] {
  return [
    { name: `list ${base}`, method: 'get', path: () => base, expect: e.list },
    { name: `list ${base}, edit context`, method: 'get', path: () => `${base}?context=edit`, expect: e.listEdit },
    { name: `list draft ${base}`, method: 'get', path: () => `${base}?status=draft`, expect: e.listDrafts },
    {
      name: `read a published item of ${base}`,
      method: 'get',
      path: async (w) => `${base}/${await item(w, base, 'publish')}`,
      expect: e.readPublished,
    },
    {
      name: `read someone else's draft of ${base}`,
      method: 'get',
      path: async (w) => `${base}/${await item(w, base, 'draft')}`,
      expect: e.readDraft,
    },
    {
      name: `read someone else's private item of ${base}`,
      method: 'get',
      path: async (w) => `${base}/${await item(w, base, 'private')}`,
      expect: e.readPrivate,
    },
    {
      name: `read a published item of ${base}, edit context`,
      method: 'get',
      path: async (w) => `${base}/${await item(w, base, 'publish')}?context=edit`,
      expect: e.edit,
    },
    {
      name: `create a draft of ${base}`,
      method: 'post',
      path: () => base,
      body: (w) => ({ title: w.unique('t') }),
      expect: e.create,
    },
    {
      name: `create a published item of ${base}`,
      method: 'post',
      path: () => base,
      body: (w) => ({ title: w.unique('t'), status: 'publish' }),
      expect: e.create,
    },
    {
      name: `update someone else's item of ${base}`,
      method: 'post',
      path: async (w) => `${base}/${await item(w, base, 'publish')}`,
      body: (w) => ({ title: w.unique('u') }),
      expect: e.edit,
    },
    {
      name: `trash someone else's item of ${base}`,
      method: 'delete',
      path: async (w) => `${base}/${await item(w, base, 'publish')}`,
      expect: e.edit,
    },
    {
      name: `delete someone else's item of ${base}`,
      method: 'delete',
      path: async (w) => `${base}/${await item(w, base, 'draft')}?force=true`,
      expect: e.edit,
    },
    {
      name: `list ${base} revisions`,
      method: 'get',
      path: async (w) => `${base}/${(await revised(w, base)).id}/revisions`,
      expect: e.edit,
    },
    {
      name: `read a ${base} revision`,
      method: 'get',
      path: async (w) => {
        const r = await revised(w, base);
        return `${base}/${r.id}/revisions/${r.revision}`;
      },
      expect: e.edit,
    },
    {
      name: `delete a ${base} revision`,
      method: 'delete',
      path: async (w) => {
        const r = await revised(w, base);
        return `${base}/${r.id}/revisions/${r.revision}?force=true`;
      },
      expect: e.edit,
    },
    {
      name: `list ${base} autosaves`,
      method: 'get',
      path: async (w) => `${base}/${(await autosaved(w, base)).id}/autosaves`,
      expect: e.edit,
    },
    {
      name: `autosave ${base}`,
      method: 'post',
      path: async (w) => `${base}/${await item(w, base, 'publish')}/autosaves`,
      body: () => ({ content: 'autosaved' }),
      expect: e.edit,
    },
    {
      name: `read a ${base} autosave`,
      method: 'get',
      path: async (w) => {
        const a = await autosaved(w, base);
        return `${base}/${a.id}/autosaves/${a.autosave}`;
      },
      expect: e.edit,
    },
  ];
}

const term = (w: MatrixWorld) => w.made('pattern_category', { name: w.unique('pc') });

export const blocksRows: Row[] = [
  ...postTypeRows('blocks', {
    list: [200, 200, 200, 200, 200, 200],
    listEdit: [401, 403, 200, 200, 200, 200],
    listDrafts: [400, 400, 200, 200, 200, 200],
    // read_post on a published block is the type's `read`: edit_posts.
    readPublished: [401, 403, 200, 200, 200, 200],
    readDraft: [401, 403, 403, 403, 200, 200],
    // Others' private blocks need read_private_blocks, which no role has (WordPress); the administrator made it.
    readPrivate: [401, 403, 403, 403, 403, 200],
    edit: [401, 403, 403, 403, 200, 200],
    create: [401, 403, 403, 201, 201, 201],
  }),
  ...postTypeRows('navigation', {
    list: [200, 200, 200, 200, 200, 200],
    listEdit: [401, 403, 403, 403, 403, 200],
    listDrafts: [400, 400, 400, 400, 400, 200],
    readPublished: [200, 200, 200, 200, 200, 200],
    readDraft: [401, 403, 403, 403, 403, 200],
    readPrivate: [401, 403, 403, 403, 403, 200],
    edit: [401, 403, 403, 403, 403, 200],
    create: [401, 403, 403, 403, 403, 201],
  }),
  {
    name: 'list pattern categories',
    method: 'get',
    path: () => 'pattern_category',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'list pattern categories, edit context',
    method: 'get',
    path: () => 'pattern_category?context=edit',
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'list the pattern categories of a published block',
    method: 'get',
    path: async (w) => `pattern_category?post=${await item(w, 'blocks', 'publish')}`,
    expect: [401, 403, 200, 200, 200, 200],
  },
  {
    name: 'read pattern category',
    method: 'get',
    path: async (w) => `pattern_category/${await term(w)}`,
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'read pattern category, edit context',
    method: 'get',
    path: async (w) => `pattern_category/${await term(w)}?context=edit`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'create pattern category (assign_terms)',
    method: 'post',
    path: () => 'pattern_category',
    body: (w) => ({ name: w.unique('pc') }),
    expect: [401, 403, 201, 201, 201, 201],
  },
  {
    name: 'update pattern category',
    method: 'post',
    path: async (w) => `pattern_category/${await term(w)}`,
    body: () => ({ description: 'd' }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'delete pattern category',
    method: 'delete',
    path: async (w) => `pattern_category/${await term(w)}?force=true`,
    expect: [401, 403, 403, 403, 200, 200],
  },
];
