/**
 * The real `@wordpress/api-fetch`, as a script on the site's pages uses it (issue 27): createRootURLMiddleware and
 * createNonceMiddleware, rooted at the site's /wp-json/ and in WordPress's names, over a fetch that keeps the
 * browser's cookies, against the whole site in this process (startSite: the gateway on its own address, which is the
 * site's). Signed in, it reads the user's drafts and saves a post; without the nonce it is anonymous; with a stale
 * nonce it fetches a fresh one from admin-ajax.php itself and retries, as it does against WordPress.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import { createUser, startSite, type Site, type TestUser } from '@loom/testing';

let site: Site;
let editor: TestUser;
beforeAll(async () => {
  site = await startSite();
  editor = await createUser(site.services['core-content'].url, 'editor');
});
afterAll(() => site.close());

/** A browser's cookie jar for the site. */
const jar = new Map<string, string>();
const cookieHeader = () => [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
function take(res: Response): Response {
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0]!;
    const eq = pair.indexOf('=');
    if (/;\s*max-age=0/i.test(c)) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return res;
}

/**
 * What a browser's fetch does on the site's own page, with `credentials: 'include'` (api-fetch's default): its cookies
 * go along, and a request that is not a GET names the site as its Origin.
 */
const nodeFetch = globalThis.fetch;
const browserFetch: typeof fetch = async (input, init = {}) => {
  const headers = new Headers(init.headers);
  if (jar.size) headers.set('Cookie', cookieHeader());
  if ((init.method ?? 'GET') !== 'GET') headers.set('Origin', site.url);
  return take(await nodeFetch(input, { ...init, headers, redirect: 'manual' }));
};

async function signIn(user: TestUser): Promise<void> {
  jar.clear();
  const page = await browserFetch(`${site.url}/wp-login.php`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const r = await browserFetch(`${site.url}/wp-login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ log: user.login, pwd: user.password, _csrf: token }).toString(),
  });
  expect(r.status).toBe(302);
  expect(jar.has('loom_logged_in')).toBe(true);
}

/** A nonce as a page gets it: admin-ajax.php?action=rest-nonce (WordPress prints it into the page instead). */
const freshNonce = async () => (await browserFetch(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();

let nonceMiddleware: ReturnType<typeof apiFetch.createNonceMiddleware>;
beforeAll(() => {
  globalThis.fetch = browserFetch;
  apiFetch.use(apiFetch.createRootURLMiddleware(`${site.url}/wp-json/`) as APIFetchMiddleware);
  // As WordPress's own inline script sets api-fetch up on its pages (wp_default_packages_inline_scripts).
  nonceMiddleware = apiFetch.createNonceMiddleware('');
  apiFetch.nonceMiddleware = nonceMiddleware;
  apiFetch.use(nonceMiddleware);
  apiFetch.nonceEndpoint = `${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`;
});
afterAll(() => {
  globalThis.fetch = nodeFetch;
});

type Post = { id: number; status: string; title: { raw?: string; rendered: string }; author: number };

test('signed in with its nonce: the drafts are read and a post is saved as the user', async () => {
  await signIn(editor);
  nonceMiddleware.nonce = await freshNonce();
  expect(nonceMiddleware.nonce).toMatch(/^[0-9a-f]{10}$/);
  const saved = await apiFetch<Post>({
    path: '/wp/v2/posts',
    method: 'POST',
    data: { title: 'Saved by api-fetch', status: 'draft' },
  });
  expect(saved).toMatchObject({ status: 'draft', author: editor.id, title: { raw: 'Saved by api-fetch' } });
  const drafts = await apiFetch<Post[]>({ path: '/wp/v2/posts?status=draft&context=edit' });
  expect(drafts.map((p) => p.id)).toContain(saved.id);
  const updated = await apiFetch<Post>({
    path: `/wp/v2/posts/${saved.id}`,
    method: 'PUT', // sent as POST with X-HTTP-Method-Override by api-fetch's httpV1Middleware
    data: { title: 'Updated by api-fetch' },
  });
  expect(updated.title.raw).toBe('Updated by api-fetch');
  const me = await apiFetch<{ id: number }>({ path: '/wp/v2/users/me' });
  expect(me.id).toBe(editor.id);
});

test('without the nonce the cookie alone is anonymous: drafts refused, nothing saved', async () => {
  await signIn(editor);
  // A page given no nonce uses no nonce middleware (one holding '' would send an empty X-WP-Nonce: a bad nonce, 403).
  apiFetch.unregister(nonceMiddleware);
  try {
    await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({ code: 'rest_not_logged_in' });
    await expect(apiFetch({ path: '/wp/v2/posts?status=draft' })).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    await expect(
      apiFetch({ path: '/wp/v2/posts', method: 'POST', data: { title: 'Not saved' } }),
    ).rejects.toMatchObject({ code: 'rest_cannot_create' });
  } finally {
    apiFetch.use(nonceMiddleware);
  }
});

test('a stale nonce: api-fetch gets a fresh one from admin-ajax.php on rest_cookie_invalid_nonce and retries', async () => {
  await signIn(editor);
  nonceMiddleware.nonce = 'ffffffffff';
  const me = await apiFetch<{ id: number }>({ path: '/wp/v2/users/me' });
  expect(me.id).toBe(editor.id);
  expect(nonceMiddleware.nonce).toBe(await freshNonce());
});

test('after signing out the nonce is refused, and admin-ajax.php gives no new one', async () => {
  await signIn(editor);
  nonceMiddleware.nonce = await freshNonce();
  const question = await browserFetch(`${site.url}/wp-login.php?action=logout`);
  const link = /href="([^"]+)"/.exec(await question.text())![1]!.replace(/&#38;/g, '&');
  expect((await browserFetch(link)).status).toBe(302);
  expect(jar.has('loom_logged_in')).toBe(false);
  await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({ code: 'rest_cookie_invalid_nonce' });
  const ajax = await browserFetch(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`);
  expect([ajax.status, await ajax.text()]).toEqual([400, '0']);
});
