/** The matrix rows of the core/v2 resources that came first. */
import { autosaved, revised, type MatrixWorld, type Row } from './harness';

/** Another user's application password: the user's id and the password's uuid. */
async function othersPassword(w: MatrixWorld): Promise<{ user: number; uuid: string }> {
  const user = await w.otherUser();
  const made = await w.write(`users/${user}/application-passwords`, { name: w.unique('app') });
  return { user, uuid: made.uuid as string };
}

const post = (w: MatrixWorld, status: string, extra: Record<string, unknown> = {}) =>
  w.made('posts', { title: w.unique('p'), status, ...extra });

/** Posts, pages, terms, descriptors, users and application passwords. */
export const coreRows: Row[] = [
  { name: 'list posts', method: 'get', path: () => 'posts', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'list posts, edit context',
    method: 'get',
    path: () => 'posts?context=edit',
    expect: [401, 403, 200, 200, 200, 200],
  },
  { name: 'list draft posts', method: 'get', path: () => 'posts?status=draft', expect: [400, 400, 200, 200, 200, 200] },
  {
    name: 'list private posts',
    method: 'get',
    path: () => 'posts?status=private',
    expect: [400, 400, 200, 200, 200, 200],
  },
  {
    name: 'read a published post',
    method: 'get',
    path: async (w) => `posts/${await post(w, 'publish')}`,
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: "read someone else's draft",
    method: 'get',
    path: async (w) => `posts/${await post(w, 'draft')}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: "read someone else's private post",
    method: 'get',
    path: async (w) => `posts/${await post(w, 'private')}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'read a published post, edit context',
    method: 'get',
    path: async (w) => `posts/${await post(w, 'publish')}?context=edit`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'create a draft post',
    method: 'post',
    path: () => 'posts',
    body: (w) => ({ title: w.unique('t') }),
    expect: [401, 403, 201, 201, 201, 201],
  },
  {
    name: 'create a published post',
    method: 'post',
    path: () => 'posts',
    body: (w) => ({ title: w.unique('t'), status: 'publish' }),
    expect: [401, 403, 403, 201, 201, 201],
  },
  {
    name: 'create a private post',
    method: 'post',
    path: () => 'posts',
    body: (w) => ({ title: w.unique('t'), status: 'private' }),
    expect: [401, 403, 403, 201, 201, 201],
  },
  {
    name: 'create a sticky post',
    method: 'post',
    path: () => 'posts',
    body: (w) => ({ title: w.unique('t'), status: 'publish', sticky: true }),
    expect: [401, 403, 403, 201, 201, 201],
  },
  {
    name: 'create a post for another author',
    method: 'post',
    path: () => 'posts',
    body: (w) => ({ title: w.unique('t'), author: 1 }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  {
    name: "update someone else's post",
    method: 'post',
    path: async (w) => `posts/${await post(w, 'publish')}`,
    body: (w) => ({ title: w.unique('u') }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: "trash someone else's post",
    method: 'delete',
    path: async (w) => `posts/${await post(w, 'publish')}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: "delete someone else's post",
    method: 'delete',
    path: async (w) => `posts/${await post(w, 'draft')}?force=true`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'list pages', method: 'get', path: () => 'pages', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'create a page',
    method: 'post',
    path: () => 'pages',
    body: (w) => ({ title: w.unique('pg') }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  {
    name: 'update a page',
    method: 'post',
    path: async (w) => `pages/${await w.made('pages', { title: w.unique('pg'), status: 'publish' })}`,
    body: (w) => ({ title: w.unique('u') }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'list categories', method: 'get', path: () => 'categories', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'list categories, edit context',
    method: 'get',
    path: () => 'categories?context=edit',
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'read category', method: 'get', path: () => 'categories/1', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'read category, edit context',
    method: 'get',
    path: () => 'categories/1?context=edit',
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'create category',
    method: 'post',
    path: () => 'categories',
    body: (w) => ({ name: w.unique('cat') }),
    expect: [401, 403, 403, 403, 201, 201],
  },
  {
    name: 'update category',
    method: 'post',
    path: async (w) => `categories/${await w.made('categories', { name: w.unique('c') })}`,
    body: () => ({ description: 'd' }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'delete category',
    method: 'delete',
    path: async (w) => `categories/${await w.made('categories', { name: w.unique('c') })}?force=true`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'list tags', method: 'get', path: () => 'tags', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'create tag (assign_terms)',
    method: 'post',
    path: () => 'tags',
    body: (w) => ({ name: w.unique('tag') }),
    expect: [401, 403, 201, 201, 201, 201],
  },
  {
    name: 'update tag',
    method: 'post',
    path: async (w) => `tags/${await w.made('tags', { name: w.unique('t') })}`,
    body: (w) => ({ name: w.unique('n') }),
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'delete tag',
    method: 'delete',
    path: async (w) => `tags/${await w.made('tags', { name: w.unique('t') })}?force=true`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'list types', method: 'get', path: () => 'types', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'list types, edit context',
    method: 'get',
    path: () => 'types?context=edit',
    expect: [401, 403, 200, 200, 200, 200],
  },
  {
    name: 'read page type, edit context',
    method: 'get',
    path: () => 'types/page?context=edit',
    expect: [401, 403, 403, 403, 200, 200],
  },
  { name: 'list statuses', method: 'get', path: () => 'statuses', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'read draft status', method: 'get', path: () => 'statuses/draft', expect: [401, 403, 200, 200, 200, 200] },
  {
    name: 'list taxonomies, edit context',
    method: 'get',
    path: () => 'taxonomies?context=edit',
    expect: [401, 403, 200, 200, 200, 200],
  },
  {
    name: 'read nav_menu taxonomy, edit context',
    method: 'get',
    path: () => 'taxonomies/nav_menu?context=edit',
    expect: [401, 403, 403, 403, 403, 200],
  },
  { name: 'list users', method: 'get', path: () => 'users', expect: [200, 200, 200, 200, 200, 200] },
  {
    name: 'list users, edit context',
    method: 'get',
    path: () => 'users?context=edit',
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'read another user without posts',
    method: 'get',
    path: async (w) => `users/${await w.otherUser()}`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  { name: 'read me', method: 'get', path: () => 'users/me', expect: [401, 200, 200, 200, 200, 200] },
  {
    name: 'create user',
    method: 'post',
    path: () => 'users',
    body: (w) => ({ username: w.unique('u'), email: `${w.unique('e')}@example.com`, password: 'a-long-password' }),
    expect: [401, 403, 403, 403, 403, 201],
  },
  {
    name: 'update another user',
    method: 'post',
    path: async (w) => `users/${await w.otherUser()}`,
    body: () => ({ name: 'New Name' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'update me',
    method: 'post',
    path: () => 'users/me',
    body: () => ({ description: 'about me' }),
    expect: [404, 200, 200, 200, 200, 200],
  },
  {
    name: 'delete another user',
    method: 'delete',
    path: async (w) => `users/${await w.otherUser()}?force=true&reassign=false`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'list my application passwords',
    method: 'get',
    path: () => 'users/me/application-passwords',
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    name: 'create my application password',
    method: 'post',
    path: () => 'users/me/application-passwords',
    body: (w) => ({ name: w.unique('app') }),
    expect: [401, 201, 201, 201, 201, 201],
  },
  {
    name: "list another user's application passwords",
    method: 'get',
    path: async (w) => `users/${await w.otherUser()}/application-passwords`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: "create another user's application password",
    method: 'post',
    path: async (w) => `users/${await w.otherUser()}/application-passwords`,
    body: (w) => ({ name: w.unique('app') }),
    expect: [401, 403, 403, 403, 403, 201],
  },
  { name: 'namespace index', method: 'get', path: () => '', expect: [200, 200, 200, 200, 200, 200] },
  ...(['posts', 'pages'] as const).flatMap((base): Row[] => [
    {
      name: `list ${base} revisions`,
      method: 'get',
      path: async (w) => `${base}/${(await revised(w, base)).id}/revisions`,
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: `read a ${base} revision`,
      method: 'get',
      path: async (w) => {
        const r = await revised(w, base);
        return `${base}/${r.id}/revisions/${r.revision}`;
      },
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: `delete a ${base} revision`,
      method: 'delete',
      path: async (w) => {
        const r = await revised(w, base);
        return `${base}/${r.id}/revisions/${r.revision}?force=true`;
      },
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: `list ${base} autosaves`,
      method: 'get',
      path: async (w) => `${base}/${(await autosaved(w, base)).id}/autosaves`,
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: `autosave ${base}`,
      method: 'post',
      path: async (w) => `${base}/${await w.made(base, { title: w.unique('a'), status: 'publish' })}/autosaves`,
      body: () => ({ content: 'autosaved' }),
      expect: [401, 403, 403, 403, 200, 200],
    },
    {
      name: `read a ${base} autosave`,
      method: 'get',
      path: async (w) => {
        const a = await autosaved(w, base);
        return `${base}/${a.id}/autosaves/${a.autosave}`;
      },
      expect: [401, 403, 403, 403, 200, 200],
    },
  ]),
  {
    name: 'read a published page',
    method: 'get',
    path: async (w) => `pages/${await w.made('pages', { title: w.unique('pg'), status: 'publish' })}`,
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'trash a page',
    method: 'delete',
    path: async (w) => `pages/${await w.made('pages', { title: w.unique('pg'), status: 'publish' })}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'read tag',
    method: 'get',
    path: async (w) => `tags/${await w.made('tags', { name: w.unique('t') })}`,
    expect: [200, 200, 200, 200, 200, 200],
  },
  // An unknown reassignment fails after the permission check, so the administrator's own account stays.
  {
    name: 'delete me',
    method: 'delete',
    path: () => 'users/me?force=true&reassign=999999',
    expect: [404, 403, 403, 403, 403, 400],
  },
  {
    name: 'revoke all my application passwords',
    method: 'delete',
    path: () => 'users/me/application-passwords',
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    name: 'introspect the application password in use',
    method: 'get',
    path: () => 'users/me/application-passwords/introspect',
    expect: [401, 404, 404, 404, 404, 404],
  },
  {
    name: "read another user's application password",
    method: 'get',
    path: async (w) => {
      const p = await othersPassword(w);
      return `users/${p.user}/application-passwords/${p.uuid}`;
    },
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: "update another user's application password",
    method: 'post',
    path: async (w) => {
      const p = await othersPassword(w);
      return `users/${p.user}/application-passwords/${p.uuid}`;
    },
    body: () => ({ name: 'renamed' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: "revoke another user's application password",
    method: 'delete',
    path: async (w) => {
      const p = await othersPassword(w);
      return `users/${p.user}/application-passwords/${p.uuid}`;
    },
    expect: [401, 403, 403, 403, 403, 200],
  },
];
