/**
 * GET /rest/oembed/1.0/embed through the gateway: this site's own items as WordPress answers them (captured samples
 * 46–48 and 170–172), thumbnails from the featured image, and what happens when core-content is down.
 */
import { randomUUID } from 'node:crypto';
import { oembed } from '@loom/oembed';
import { captureLog, SITE_NAME, startOembedWorld, type OembedWorld } from '@loom/testing';
import { POSTS } from '../../core-content/src/engine/repository';
import request from 'supertest';
import { createItem, get, uploadImage } from './helpers';

const HOME = 'http://loom.test';
const embed = (url: string, extra = '') => `/rest/oembed/1.0/embed?url=${encodeURIComponent(url)}${extra}`;

let world: OembedWorld;
let post: { id: number; link: string };
let logs: ReturnType<typeof captureLog>;

beforeAll(async () => {
  logs = captureLog();
  world = await startOembedWorld({}, { log: logs.log });
  post = await createItem(world, 'posts', {
    title: 'Post number 1',
    content: '<p>About weaving.</p>',
    status: 'publish',
  });
});
afterAll(() => world.close());

/** WordPress's html for an item (sample 46), with the secret it carries. */
function expectEmbedHtml(html: string, link: string, title: string, width: number, height: number): string {
  const m =
    /^<blockquote class="wp-embedded-content" data-secret="([A-Za-z0-9]{10})"><a href="([^"]+)">([^<]*)<\/a><\/blockquote><iframe sandbox="allow-scripts" security="restricted" src="([^"]+)" width="(\d+)" height="(\d+)" title="([^"]*)" data-secret="([A-Za-z0-9]{10})" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"><\/iframe><script>\n[\s\S]+\n<\/script>\n$/.exec(
      html,
    );
  expect(m).not.toBeNull();
  const [, secret, href, text, src, w, h, iframeTitle, secret2] = m!;
  expect({ href, text, src, w: Number(w), h: Number(h), iframeTitle, secret2 }).toEqual({
    href: link,
    text: title,
    src: `${link}embed/#?secret=${secret}`,
    w: width,
    h: height,
    iframeTitle: `&#8220;${title}&#8221; &#8212; ${SITE_NAME}`,
    secret2: secret,
  });
  return secret!;
}

describe('/embed (JSON)', () => {
  test("a published post: WordPress's keys in order, its size and html (sample 46)", async () => {
    const r = await get(world, embed(post.link));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['x-robots-tag']).toBe('noindex');
    expect(r.headers.allow).toBe('GET');
    expect(Object.keys(r.body)).toEqual([
      'version',
      'provider_name',
      'provider_url',
      'author_name',
      'author_url',
      'title',
      'type',
      'width',
      'height',
      'html',
    ]);
    expect(r.body).toMatchObject({
      version: '1.0',
      provider_name: SITE_NAME,
      provider_url: HOME,
      author_name: 'administrator',
      author_url: `${HOME}/author/administrator/`,
      title: 'Post number 1',
      type: 'rich',
      width: 600,
      height: 338,
    });
    expectEmbedHtml(r.body.html, post.link, 'Post number 1', 600, 338);
  });

  test('a fresh secret every time', async () => {
    const [a, b] = await Promise.all([get(world, embed(post.link)), get(world, embed(post.link))]);
    expect(expectEmbedHtml(a.body.html, post.link, 'Post number 1', 600, 338)).not.toBe(
      expectEmbedHtml(b.body.html, post.link, 'Post number 1', 600, 338),
    );
  });

  test.each([
    ['300', 300, 200],
    ['1000', 600, 338],
    ['200', 200, 200],
    ['500', 500, 282],
    ['abc', 200, 200],
    ['-400', 400, 225],
  ])(
    'maxwidth=%s → %i × %i (clamped to 200–600, height 9/16 and at least 200; sample 170)',
    async (maxwidth, width, height) => {
      const r = await get(world, embed(post.link, `&maxwidth=${maxwidth}`));
      expect(r.body).toMatchObject({ width, height });
      expectEmbedHtml(r.body.html, post.link, 'Post number 1', width, height);
    },
  );

  test('pages (nested) and the plain ?p= form', async () => {
    const about = await createItem(world, 'pages', { title: 'About', status: 'publish' });
    const team = await createItem(world, 'pages', { title: 'Team', parent: about.id, status: 'publish' });
    const r = await get(world, embed(team.link));
    expect(r.body).toMatchObject({ title: 'Team', type: 'rich' });
    expectEmbedHtml(r.body.html, `${HOME}/about/team/`, 'Team', 600, 338);
    expect((await get(world, embed(`${HOME}/?p=${post.id}`))).body.title).toBe('Post number 1');
  });

  test('format=yaml is JSON (sample 172); a missing url is rest_missing_callback_param (sample 171)', async () => {
    const yaml = await get(world, embed(post.link, '&format=yaml'));
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/json/);
    const missing = await get(world, '/rest/oembed/1.0/embed');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): url',
      data: { status: 400, params: ['url'] },
    });
  });

  test('only publicly viewable items of this site: oembed_invalid_url "Not Found" (sample 48)', async () => {
    const draft = await createItem(world, 'posts', { title: 'Draft', status: 'draft' });
    const priv = await createItem(world, 'posts', { title: 'Private', status: 'private' });
    for (const url of [
      `${HOME}/no-such-post/`,
      `${HOME}/?p=${draft.id}`,
      `${HOME}/?p=${priv.id}`,
      'https://elsewhere.example/post-number-1/',
      'not-a-url',
    ]) {
      const r = await get(world, embed(url), 'administrator');
      expect({ url, status: r.status, body: r.body }).toEqual({
        url,
        status: 404,
        body: { code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } },
      });
    }
  });

  test('an author that no longer exists: the site is the author', async () => {
    const orphan = await createItem(world, 'posts', { title: 'Orphan', status: 'publish' });
    await world.core.store.collection(POSTS).updateOne({ id: orphan.id }, { $set: { author: 4242 } });
    expect((await get(world, embed(orphan.link))).body).toMatchObject({ author_name: SITE_NAME, author_url: HOME });
  });

  test('thumbnail_* from the featured image (a real upload): the full image scaled to the embed width', async () => {
    const pictured = await createItem(world, 'posts', { title: 'Pictured', status: 'publish' });
    const photo = await uploadImage(world, 1200, 800, 'loom.jpg');
    expect(
      (
        await request(world.gw.app)
          .post(`/rest/core/v2/posts/${pictured.id}`)
          .set(world.auth.administrator)
          .send({ featured_media: photo.id })
      ).status,
    ).toBe(200);
    const r = await get(world, embed(pictured.link, '&maxwidth=300'));
    expect(Object.keys(r.body).slice(-3)).toEqual(['thumbnail_url', 'thumbnail_width', 'thumbnail_height']);
    expect(r.body).toMatchObject({ thumbnail_url: photo.source_url, thumbnail_width: 300, thumbnail_height: 200 });
    // A featured image that is gone: no thumbnail keys at all.
    expect(
      (await request(world.gw.app).delete(`/rest/core/v2/media/${photo.id}?force=true`).set(world.auth.administrator))
        .status,
    ).toBe(200);
    expect(Object.keys((await get(world, embed(pictured.link, '&maxwidth=301'))).body)).not.toContain('thumbnail_url');
  });

  test("an image attachment of a published post embeds, its own image the thumbnail; a draft's attachment does not", async () => {
    const parent = await createItem(world, 'posts', { title: 'Swatches', status: 'publish' });
    const swatch = await uploadImage(world, 640, 480, 'swatch.jpg', parent.id);
    for (const url of [swatch.link, `${HOME}/?attachment_id=${swatch.id}`]) {
      const r = await get(world, embed(url, '&maxwidth=320'));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        type: 'rich',
        title: 'swatch',
        thumbnail_url: swatch.source_url,
        thumbnail_width: 320,
        thumbnail_height: 240,
      });
    }
    const draft = await createItem(world, 'posts', { title: 'Unreleased', status: 'draft' });
    const hidden = await uploadImage(world, 640, 480, 'hidden.jpg', draft.id);
    const r = await get(world, embed(`${HOME}/?attachment_id=${hidden.id}`));
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('oembed_invalid_url');
  });
});

describe('/embed?format=xml', () => {
  test('text/xml with the same keys, values escaped (sample 47)', async () => {
    const r = await get(world, embed(post.link, '&format=xml'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=UTF-8');
    const xml = r.text;
    expect(
      xml.startsWith(
        `<?xml version="1.0"?>\n<oembed><version>1.0</version><provider_name>${SITE_NAME}</provider_name><provider_url>${HOME}</provider_url><author_name>administrator</author_name><author_url>${HOME}/author/administrator/</author_url><title>Post number 1</title><type>rich</type><width>600</width><height>338</height><html>&lt;blockquote class="wp-embedded-content" data-secret="`,
      ),
    ).toBe(true);
    expect(xml).toContain('title="&#x201C;Post number 1&#x201D; &#x2014; Loom Reference"');
    expect(xml).toContain('&lt;/script&gt;\n</html></oembed>\n');
    expect(xml).not.toMatch(/<(script|iframe|blockquote)/);
  });

  test('errors are XML too, with their status', async () => {
    const unknown = await get(world, embed(`${HOME}/nothing-here/`, '&format=xml'));
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/xml; charset=UTF-8');
    expect(unknown.text).toBe(
      '<?xml version="1.0"?>\n<oembed><code>oembed_invalid_url</code><message>Not Found</message><data><status>404</status></data></oembed>\n',
    );
    const missing = await get(world, '/rest/oembed/1.0/embed?format=xml');
    expect(missing.status).toBe(400);
    expect(missing.text).toBe(
      '<?xml version="1.0"?>\n<oembed><code>rest_missing_callback_param</code><message>Missing parameter(s): url</message><data><status>400</status><params><oembed>url</oembed></params></data></oembed>\n',
    );
  });
});

describe('the route index', () => {
  test("/rest/oembed/1.0 lists embed and proxy with WordPress's arguments (sample 58)", async () => {
    const r = await get(world, '/rest/oembed/1.0');
    expect(r.status).toBe(200);
    const routes = r.body.routes as Record<string, { endpoints: Array<{ methods: string[]; args: unknown }> }>;
    expect(Object.keys(routes)).toEqual(['/oembed/1.0', '/oembed/1.0/embed', '/oembed/1.0/proxy']);
    const url = {
      description: 'The URL of the resource for which to fetch oEmbed data.',
      type: 'string',
      format: 'uri',
      required: true,
    };
    expect(routes['/oembed/1.0/embed']!.endpoints).toEqual([
      {
        methods: ['GET'],
        args: { url, format: { default: 'json', required: false }, maxwidth: { default: 600, required: false } },
      },
    ]);
    expect(routes['/oembed/1.0/proxy']!.endpoints).toEqual([
      {
        methods: ['GET'],
        args: {
          url,
          format: {
            description: 'The oEmbed format to use.',
            type: 'string',
            default: 'json',
            enum: ['json', 'xml'],
            required: false,
          },
          maxwidth: {
            description: 'The maximum width of the embed frame in pixels.',
            type: 'integer',
            default: 600,
            required: false,
          },
          maxheight: {
            description: 'The maximum height of the embed frame in pixels.',
            type: 'integer',
            required: false,
          },
          discover: {
            description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.',
            type: 'boolean',
            default: true,
            required: false,
          },
        },
      },
    ]);
    expect(oembed.oembedRoutes).toHaveLength(3);
  });
});

describe('core-content down', () => {
  test('every item is oembed_invalid_url 404 (not a 5xx), and the outage is logged once, not per request', async () => {
    const fresh = await createItem(world, 'posts', { title: `Outage ${randomUUID()}`, status: 'publish' });
    world.coreFront.state.down = true;
    try {
      for (let i = 0; i < 3; i++) {
        const r = await get(world, embed(fresh.link));
        expect(r.status).toBe(404);
        expect(r.body.code).toBe('oembed_invalid_url');
      }
    } finally {
      world.coreFront.state.down = false;
    }
    const warnings = logs
      .lines()
      .filter((l) => typeof l.msg === 'string' && (l.msg as string).startsWith('core-content unreachable'));
    expect(warnings).toHaveLength(1);
  });
});
