/**
 * The embed page (`<permalink>embed/`) through the gateway: the iframe that /embed's html points at answers a small,
 * safe card of the item; only publicly viewable items; never the REST API or the sign-in pages.
 */
import request from 'supertest';
import { SITE_NAME, startOembedWorld, type OembedWorld } from '@loom/testing';
import { POSTS } from '../../core-content/src/engine/repository';
import { createItem, get, uploadImage } from './helpers';

let world: OembedWorld;

beforeAll(async () => {
  world = await startOembedWorld();
});
afterAll(() => world.close());

/** The iframe src of /embed's html, as a path on the gateway (the fragment stays in the browser). */
async function iframePath(link: string): Promise<string> {
  const r = await get(world, `/rest/oembed/1.0/embed?url=${encodeURIComponent(link)}`);
  const src = /<iframe [^>]*src="([^"]+)"/.exec(r.body.html as string)![1]!;
  expect(src).toMatch(/embed\/#\?secret=[A-Za-z0-9]{10}$/);
  return new URL(src).pathname;
}

describe('embed pages', () => {
  test('the iframe of /embed answers a card: title, excerpt, featured image, site name', async () => {
    const post = await createItem(world, 'posts', {
      title: 'Spring linen',
      content: '<p>Our spring linen is woven slowly.</p>',
      status: 'publish',
    });
    const linen = await uploadImage(world, 800, 450, 'linen.jpg');
    expect(
      (
        await request(world.gw.app)
          .post(`/rest/core/v2/posts/${post.id}`)
          .set(world.auth.administrator)
          .send({ featured_media: linen.id })
      ).status,
    ).toBe(200);
    const path = await iframePath(post.link);
    expect(path).toBe('/spring-linen/embed/');
    const r = await request(world.gw.app).get(path);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    expect(r.headers['x-robots-tag']).toBe('noindex, follow');
    const html = r.text;
    expect(html).toContain(`<p class="wp-embed-heading"><a href="${post.link}" target="_top">Spring linen</a></p>`);
    expect(html).toContain('<div class="wp-embed-excerpt"><p>Our spring linen is woven slowly.</p>\n</div>');
    expect(html).toContain(`<img src="${linen.source_url}" alt="" width="800" height="450">`);
    expect(html).toContain(`<span>${SITE_NAME}</span>`);
    expect(html).toContain(`<link rel="canonical" href="${post.link}">`);
    // Its only script and style carry the nonce the policy allows, and nothing else may run or load.
    const csp = r.headers['content-security-policy'] as string;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors *');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    // HEAD answers too.
    expect((await request(world.gw.app).head(path)).status).toBe(200);
  });

  test('a nested page, a page number and a missing trailing slash', async () => {
    const parent = await createItem(world, 'pages', { title: 'Company', status: 'publish' });
    await createItem(world, 'pages', {
      title: 'History',
      parent: parent.id,
      status: 'publish',
      excerpt: 'Since 1911.',
    });
    for (const path of ['/company/history/embed/', '/company/history/embed']) {
      const r = await request(world.gw.app).get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
      expect(r.text).toContain('>History</a></p>');
      expect(r.text).toContain('<p>Since 1911.</p>');
    }
  });

  test('what an author wrote cannot run or break out: titles and excerpts are reduced to inline text', async () => {
    const hostile = await createItem(world, 'posts', {
      title: 'Bold <b>move</b><script>alert(1)</script><img src=x onerror=alert(2)>',
      excerpt:
        '<p onclick="alert(3)">Hi <iframe src="https://evil.example/"></iframe><a href="javascript:alert(4)">there</a></p>',
      status: 'publish',
    });
    const r = await request(world.gw.app).get(new URL(hostile.link).pathname + 'embed/');
    expect(r.status).toBe(200);
    expect(r.text.match(/<script/g)).toHaveLength(1);
    expect(r.text).not.toMatch(/onerror|onclick|<iframe|javascript:|<img src="x"/);
    expect(r.text).toContain('Bold <b>move</b>');
  });

  test('a password-protected post shows no excerpt', async () => {
    const p = await createItem(world, 'posts', {
      title: 'Members',
      password: 'pw',
      content: 'secret words',
      status: 'publish',
    });
    const r = await request(world.gw.app).get(new URL(p.link).pathname + 'embed/');
    expect(r.text).toContain('Protected: Members');
    expect(r.text).toContain('There is no excerpt because this is a protected post.');
    expect(r.text).not.toContain('secret words');
  });

  test('drafts, private posts and unknown paths: WordPress\'s "Oops! That embed can\'t be found." with a 404', async () => {
    const draft = await createItem(world, 'posts', { title: 'Unfinished', slug: 'unfinished', status: 'draft' });
    const priv = await createItem(world, 'posts', { title: 'Internal', slug: 'internal', status: 'private' });
    await world.core.store.collection(POSTS).updateOne({ id: draft.id }, { $set: { slug: 'unfinished' } });
    for (const path of ['/unfinished/embed/', '/internal/embed/', '/no-such-thing/embed/']) {
      const r = await request(world.gw.app).get(path).set(world.auth.administrator);
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
      expect(r.text).toContain('Oops! That embed can&#8217;t be found.');
      expect(r.text).not.toMatch(/Unfinished|Internal/);
    }
    expect(priv.id).toBeGreaterThan(0);
  });

  test('only GET and HEAD of `…/embed/` outside /rest and /admin are embed pages', async () => {
    expect((await request(world.gw.app).post('/spring-linen/embed/')).status).toBe(404);
    const rest = await request(world.gw.app).get('/rest/oembed/1.0/embed');
    expect(rest.body.code).toBe('rest_missing_callback_param');
    expect((await request(world.gw.app).get('/admin/embed/')).text).not.toContain('That embed');
    expect((await request(world.gw.app).get('/embed/')).status).toBe(404);
    // An encoded slash does not take a REST path out of /rest: still a JSON rest_no_route.
    const encoded = await request(world.gw.app).get('/rest%2Foembed%2F1.0/embed?url=x');
    expect({ status: encoded.status, code: encoded.body.code }).toEqual({ status: 404, code: 'rest_no_route' });
  });

  test('core-content down: a 503 page, not a card', async () => {
    world.coreFront.state.down = true;
    try {
      const r = await request(world.gw.app).get('/spring-linen/embed/');
      expect(r.status).toBe(503);
      expect(r.text).toContain('This embed cannot be shown right now.');
    } finally {
      world.coreFront.state.down = false;
    }
  });
});
