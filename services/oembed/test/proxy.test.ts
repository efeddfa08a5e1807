/**
 * GET /rest/oembed/1.0/proxy through the gateway (samples 49, 173–175): who may ask, this site's own URLs, a
 * sanctioned provider (one a deployment adds to WordPress's list, served on loopback), discovery on loopback pages,
 * sanitising of untrusted HTML, and the cache in the oembed service's own store. Loopback is reached only through
 * LOOM_OEMBED_ALLOW_HOSTS, as a private deployment would name its hosts.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOembedWorld, type OembedWorld } from '@loom/testing';
import { PROXY_CACHE } from '../src/cache';
import { createItem, get, startRemote } from './helpers';

const HOME = 'http://loom.test';
const proxy = (url: string, extra = '') => `/rest/oembed/1.0/proxy?url=${encodeURIComponent(url)}${extra}`;

let world: OembedWorld;
let provider: Awaited<ReturnType<typeof startRemote>>;
let pages: Awaited<ReturnType<typeof startRemote>>;
/** What the provider answers next, by path. */
const answers = new Map<string, { status: number; type: string; body: string }>();

const RICH = {
  version: '1.0',
  type: 'rich',
  title: 'A loom at work',
  provider_name: 'Loopback Video',
  width: 480,
  height: 270,
};

beforeAll(async () => {
  provider = await startRemote((req, res) => {
    const u = new URL(req.url!, 'http://x');
    const a = answers.get(`${u.pathname}:${u.searchParams.get('format')}`) ?? answers.get(u.pathname);
    if (!a) return void res.writeHead(404).end();
    res.writeHead(a.status, { 'content-type': a.type }).end(a.body);
  });
  pages = await startRemote((req, res) => {
    const u = new URL(req.url!, 'http://x');
    const endpoint = `${provider.url}/discovered?url=${encodeURIComponent(`${pages.url}${u.pathname}`)}&amp;format=json`;
    const link = `<link rel="alternate" type="application/json+oembed" href="${endpoint}" title="oEmbed">`;
    if (u.pathname === '/with-link')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><head><title>x</title>${link}</head><body>${'b'.repeat(1024 * 1024)}</body></html>`);
    if (u.pathname === '/link-too-late')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head><meta name="pad" content="${'p'.repeat(160 * 1024)}">${link}</head></html>`);
    if (u.pathname === '/link-in-body')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head></head><body>${link}</body></html>`);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>no embed</title></head></html>');
  });
  // A provider added to WordPress's list (as wp_oembed_add_provider would): videos.example URLs, served on loopback.
  const dir = mkdtempSync(join(tmpdir(), 'loom-providers-'));
  writeFileSync(
    join(dir, 'providers.json'),
    JSON.stringify({
      providers: [
        { provider: 'Loopback Video', pattern: 'https?://videos\\.example/.*', endpoint: `${provider.url}/oembed` },
      ],
    }),
  );
  world = await startOembedWorld({
    LOOM_OEMBED_ALLOW_HOSTS: `127.0.0.1:${provider.port}, 127.0.0.1:${pages.port}`,
    LOOM_OEMBED_PROVIDERS_FILE: join(dir, 'providers.json'),
    LOOM_OEMBED_FAILURE_CACHE_MS: '600000',
  });
});
afterAll(async () => {
  await world.close();
  await Promise.all([provider.close(), pages.close()]);
});

describe('who may proxy', () => {
  test('anonymous: 401 rest_forbidden (sample 49); subscribers 403; contributors and up may', async () => {
    const anon = await get(world, proxy('https://example.com'));
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to make proxied oEmbed requests.',
      data: { status: 401 },
    });
    expect((await get(world, proxy('https://example.com'), 'subscriber')).status).toBe(403);
    expect((await get(world, proxy('not-a-url'), 'contributor')).status).toBe(404);
  });

  test('bad arguments are rest_invalid_param', async () => {
    for (const extra of ['&maxwidth=wide', '&format=yaml', '&discover=maybe']) {
      const r = await get(world, proxy('https://example.com', extra), 'editor');
      expect({ extra, status: r.status, code: r.body.code }).toEqual({
        extra,
        status: 400,
        code: 'rest_invalid_param',
      });
    }
  });
});

describe("this site's own URLs", () => {
  test('answered as /embed answers them (sample 173), never cached, with no-cache headers', async () => {
    const post = await createItem(world, 'posts', { title: 'Post number 1', status: 'publish' });
    const r = await get(world, proxy(post.link), 'editor');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0');
    const direct = await get(world, `/rest/oembed/1.0/embed?url=${encodeURIComponent(post.link)}`);
    const strip = (b: Record<string, unknown>) => ({
      ...b,
      html: String(b.html).replace(/[A-Za-z0-9]{10}(?="|#|$)/g, 'S'),
    });
    expect(strip(r.body)).toEqual(strip(direct.body));
    // Unpublished: the proxy says so at once (nothing was cached).
    await world.core.store.collection('posts').updateOne({ id: post.id }, { $set: { status: 'draft' } });
    expect((await get(world, proxy(post.link), 'editor')).status).toBe(404);
  });

  test('an unknown URL of this site is not fetched: oembed_invalid_url (samples 174, 175)', async () => {
    for (const url of [`${HOME}/nothing-here/`, 'not-a-url']) {
      const r = await get(world, proxy(url), 'editor');
      expect(r.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
    }
  });
});

describe('a sanctioned provider', () => {
  test('asked with maxwidth, maxheight, url, dnt and format; its HTML trusted; the answer cached for a day', async () => {
    answers.set('/oembed', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        ...RICH,
        html: '<iframe src="https://videos.example/embed/1" width="480" height="270"></iframe><script src="https://videos.example/player.js"></script>',
      }),
    });
    const before = provider.hits.length;
    const r = await get(world, proxy('https://videos.example/watch/1', '&maxwidth=480&maxheight=300'), 'editor');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...RICH,
      html: '<iframe title="A loom at work" src="https://videos.example/embed/1" width="480" height="270"></iframe><script src="https://videos.example/player.js"></script>',
    });
    expect(provider.hits.slice(before)).toEqual([
      `/oembed?maxwidth=480&maxheight=300&url=${encodeURIComponent('https://videos.example/watch/1')}&dnt=1&format=json`,
    ]);
    // Cached: the provider is not asked again; other arguments are another entry.
    expect(
      (await get(world, proxy('https://videos.example/watch/1', '&maxwidth=480&maxheight=300'), 'administrator')).body,
    ).toEqual(r.body);
    expect(provider.hits.length).toBe(before + 1);
    await get(world, proxy('https://videos.example/watch/1'), 'editor');
    expect(provider.hits.slice(-1)[0]).toContain('maxwidth=600&maxheight=750');
    // In the oembed service's own store, as JSON text, for a day.
    const entries = await world.oembed.store.collection(PROXY_CACHE).find({});
    const day = 24 * 3600 * 1000;
    expect(
      entries.some(
        (e) =>
          typeof e.data === 'string' &&
          (e.data as string).includes('A loom at work') &&
          Math.abs((e.expires_at as number) - Date.now() - day) < 60000,
      ),
    ).toBe(true);
  });

  test('a provider that answers 501 to JSON is read as XML', async () => {
    answers.set('/oembed:json', { status: 501, type: 'text/plain', body: 'no json' });
    answers.set('/oembed:xml', {
      status: 200,
      type: 'text/xml',
      body: '<?xml version="1.0" encoding="utf-8"?><oembed><version>1.0</version><type>photo</type><title>Warp &amp; weft</title><url>https://videos.example/p.jpg</url><width>640</width><height>480</height></oembed>',
    });
    const r = await get(world, proxy('https://videos.example/photo/2'), 'editor');
    expect(r.body).toEqual({
      version: '1.0',
      type: 'photo',
      title: 'Warp & weft',
      url: 'https://videos.example/p.jpg',
      width: '640',
      height: '480',
      html: '<a href="https://videos.example/photo/2"><img src="https://videos.example/p.jpg" alt="Warp &amp; weft" width="640" height="480" /></a>',
    });
    answers.delete('/oembed:json');
    answers.delete('/oembed:xml');
  });
});

describe('discovery', () => {
  beforeAll(() => {
    answers.set('/discovered', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        ...RICH,
        html: '<blockquote class="x" onclick="steal()"><a href="https://pages.example/p" onmouseover="x()">A loom</a></blockquote><script>steal()</script><iframe src="https://pages.example/embed" width="480" height="270" onload="steal()" allow="camera" style="position:fixed"></iframe><img src=x onerror=steal()>',
      }),
    });
  });

  test('finds the provider in the page head; untrusted HTML reduced to a sandboxed iframe with a secret', async () => {
    const url = `${pages.url}/with-link`;
    const r = await get(world, proxy(url), 'editor');
    expect(r.status).toBe(200);
    const html = r.body.html as string;
    const m =
      /^<blockquote class="wp-embedded-content" data-secret="([A-Za-z0-9]{10})"><a href="https:\/\/pages.example\/p">A loom<\/a><\/blockquote><iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;" title="A loom at work" src="https:\/\/pages.example\/embed#\?secret=([A-Za-z0-9]{10})" data-secret="([A-Za-z0-9]{10})" width="480" height="270"><\/iframe>$/.exec(
        html,
      );
    expect({ html, matched: Boolean(m) }).toEqual({ html, matched: true });
    expect(new Set([m![1], m![2], m![3]]).size).toBe(1);
    expect(html).not.toMatch(/onclick|onmouseover|onload|<script|allow=|onerror|position:fixed/);
  });

  test('reads at most 150 KB of the page, and only its head; discover=false does not look', async () => {
    for (const path of ['/link-too-late', '/link-in-body', '/no-link']) {
      const r = await get(world, proxy(`${pages.url}${path}`), 'editor');
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    const before = pages.hits.length;
    expect((await get(world, proxy(`${pages.url}/with-link`, '&discover=false'), 'editor')).status).toBe(404);
    expect(pages.hits.length).toBe(before);
  });

  test('a failure is cached briefly: the page is not fetched again meanwhile', async () => {
    const before = pages.hits.length;
    expect((await get(world, proxy(`${pages.url}/no-link-2`), 'editor')).status).toBe(404);
    expect((await get(world, proxy(`${pages.url}/no-link-2`), 'editor')).status).toBe(404);
    expect(pages.hits.length).toBe(before + 1);
  });
});
