/** The oembed service's pure parts: WordPress's provider list, oEmbed XML both ways, data2html and its filters, settings. */
import { endpointUrl, findProvider, parseProviders, WORDPRESS_PROVIDERS } from '../src/providers';
import { dataToHtml } from '../src/sanitize';
import { loadOembedSettings } from '../src/settings';
import { MAX_TEXT_CHARS, MAX_URL_CHARS, trimProviderData } from '../src/trim';
import { parseOembedXml, toOembedXml } from '../src/xml';

describe("WordPress's provider list", () => {
  test('every provider of WP_oEmbed::__construct, in its order', () => {
    expect(WORDPRESS_PROVIDERS).toHaveLength(55);
    expect([...new Set(WORDPRESS_PROVIDERS.map((p) => p.provider))]).toEqual([
      'YouTube',
      'Vimeo',
      'Dailymotion',
      'Flickr',
      'SmugMug',
      'Scribd',
      'WordPress.tv',
      'Crowdsignal',
      'Twitter',
      'SoundCloud',
      'SlideShare',
      'Spotify',
      'Imgur',
      'Issuu',
      'Mixcloud',
      'TED',
      'Animoto',
      'Tumblr',
      'Kickstarter',
      'Cloudup',
      'ReverbNation',
      'VideoPress',
      'Reddit',
      'Speaker Deck',
      'Screencast',
      'Amazon',
      'Someecards',
      'TikTok',
      'Pinterest',
      'WolframCloud',
      'Pocket Casts',
    ]);
  });

  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/oembed'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/oembed'],
    ['https://vimeo.com/76979871', 'https://vimeo.com/api/oembed.json'],
    ['https://twitter.com/WordPress/status/1', 'https://publish.twitter.com/oembed'],
    ['https://www.reddit.com/r/knitting/comments/abc/x/', 'https://www.reddit.com/oembed'],
    ['https://www.ted.com/talks/some_talk', 'https://www.ted.com/services/v1/oembed.json'],
    ['https://www.amazon.de/dp/1', 'https://read.amazon.co.uk/kp/api/oembed'],
    ['https://videopress.com/v/abc', 'https://public-api.wordpress.com/oembed/?for=http%3A%2F%2Floom.test'],
    ['https://pca.st/episode/1', 'https://pca.st/oembed.json'],
  ])('%s → %s', (url, endpoint) => {
    const p = findProvider(url, WORDPRESS_PROVIDERS);
    expect(p && endpointUrl(p, 'http://loom.test')).toBe(endpoint);
  });

  test("patterns are anchored: a URL merely containing a provider's address is not that provider", () => {
    expect(findProvider('https://evil.example/?u=https://youtu.be/x', WORDPRESS_PROVIDERS)).toBeUndefined();
    expect(findProvider('https://VIMEO.com/1', WORDPRESS_PROVIDERS)?.provider).toBe('Vimeo');
    expect(findProvider('https://VIDEOPRESS.com/v/abc', WORDPRESS_PROVIDERS)).toBeUndefined();
  });

  test("a deployment's providers file is checked at start", () => {
    expect(() =>
      parseProviders({ providers: [{ provider: 'x', pattern: '(', endpoint: 'https://x.example/o' }] }, 'file'),
    ).toThrow(/not a regular expression/);
    expect(() =>
      parseProviders({ providers: [{ provider: 'x', pattern: 'a', endpoint: 'not a url' }] }, 'file'),
    ).toThrow(/endpoint/);
  });
});

describe('oEmbed XML', () => {
  test('as _oembed_create_xml writes it: nested arrays, numeric keys as <oembed>, escaped ASCII text', () => {
    expect(toOembedXml({ title: 'A & B “quoted” <b>', ok: true, no: false, data: { params: ['url', 'format'] } })).toBe(
      '<?xml version="1.0"?>\n<oembed><title>A &amp; B &#x201C;quoted&#x201D; &lt;b&gt;</title><ok>1</ok><no/><data><params><oembed>url</oembed><oembed>format</oembed></params></data></oembed>\n',
    );
    expect(toOembedXml({ title: 'Caf&#233; &amp; tea' })).toContain('<title>Caf&#xE9; &amp; tea</title>');
  });

  test("a provider's XML: children of the root as strings; a DOCTYPE refuses the answer", () => {
    expect(
      parseOembedXml(
        '<?xml version="1.0"?><oembed><type>rich</type><html><![CDATA[<iframe src="x"></iframe>]]></html><title>A &amp; B</title><width>5</width><empty/></oembed>',
      ),
    ).toEqual({
      type: 'rich',
      html: '<iframe src="x"></iframe>',
      title: 'A & B',
      width: '5',
      empty: '',
    });
    expect(
      parseOembedXml(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><oembed><title>&e;</title></oembed>',
      ),
    ).toBeNull();
    expect(parseOembedXml('not xml')).toBeNull();
  });
});

describe('data2html', () => {
  test('photo, link and rich as WordPress builds them; missing parts are false', () => {
    expect(
      dataToHtml(
        { type: 'photo', url: 'https://p.example/a.jpg', width: 10, height: 20, title: 'A "b"' },
        'https://p.example/a',
        true,
      ),
    ).toBe(
      '<a href="https://p.example/a"><img src="https://p.example/a.jpg" alt="A &quot;b&quot;" width="10" height="20" /></a>',
    );
    expect(dataToHtml({ type: 'photo', url: 'https://p.example/a.jpg', width: 'wide', height: 20 }, 'u', true)).toBe(
      false,
    );
    expect(dataToHtml({ type: 'link', title: '<b>Hi</b>' }, 'https://l.example/', false)).toBe(
      '<a href="https://l.example/">&lt;b&gt;Hi&lt;/b&gt;</a>',
    );
    expect(dataToHtml({ type: 'rich', html: '' }, 'u', true)).toBe(false);
    expect(dataToHtml({ type: 'unknown', html: '<p>x</p>' }, 'u', true)).toBe(false);
  });

  test("untrusted rich HTML needs an iframe; its own title wins over the data's; line breaks go outside <pre>", () => {
    expect(dataToHtml({ type: 'rich', html: '<p>no frame</p><script>x()</script>' }, 'u', false)).toBe(false);
    const html = dataToHtml(
      { type: 'video', title: 'Data title', html: '<iframe\nsrc="https://v.example/e" TITLE="Own title"></iframe>' },
      'u',
      false,
    ) as string;
    expect(html).toMatch(
      /^<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" title="Own title" src="https:\/\/v.example\/e#\?secret=[A-Za-z0-9]{10}" data-secret="[A-Za-z0-9]{10}"><\/iframe>$/,
    );
    expect(dataToHtml({ type: 'rich', html: '<div>\n<pre>a\nb</pre>\n</div>' }, 'u', true)).toBe(
      '<div><pre>a\nb</pre></div>',
    );
  });
});

describe('settings', () => {
  test('defaults: a day of cache, a minute for failures, 5 s and 1 MiB per fetch, no allowed hosts', () => {
    expect(loadOembedSettings({})).toMatchObject({
      cacheMs: 86400000,
      failureCacheMs: 60000,
      fetchTimeoutMs: 5000,
      fetchMaxBytes: 1048576,
      allowHosts: [],
      extraProviders: [],
      remote: true,
    });
    expect(loadOembedSettings({})).toMatchObject({ cacheMaxEntries: 500, rateMax: 60, rateWindowMs: 60000 });
    expect(() => loadOembedSettings({ LOOM_OEMBED_CACHE_MAX_ENTRIES: '0' })).toThrow(/LOOM_OEMBED_CACHE_MAX_ENTRIES/);
    expect(loadOembedSettings({ LOOM_OEMBED_RATE_MAX: '0' }).rateMax).toBe(0);
    expect(loadOembedSettings({ LOOM_OEMBED_REMOTE: 'off' }).remote).toBe(false);
    expect(() => loadOembedSettings({ LOOM_OEMBED_REMOTE: 'sometimes' })).toThrow(/LOOM_OEMBED_REMOTE/);
  });

  test('allowed hosts are names or addresses with an optional port; anything else stops the start', () => {
    expect(
      loadOembedSettings({ LOOM_OEMBED_ALLOW_HOSTS: 'Wiki.Corp.example, 10.0.0.5:8443 [fd00::5]:9000' }).allowHosts,
    ).toEqual([{ host: 'wiki.corp.example' }, { host: '10.0.0.5', port: 8443 }, { host: '[fd00::5]', port: 9000 }]);
    expect(() => loadOembedSettings({ LOOM_OEMBED_ALLOW_HOSTS: 'http://x.example/path' })).toThrow(
      /LOOM_OEMBED_ALLOW_HOSTS/,
    );
    expect(() => loadOembedSettings({ LOOM_OEMBED_CACHE_MS: 'a day' })).toThrow(/LOOM_OEMBED_CACHE_MS/);
  });
});

describe("a provider's fields before they are passed on", () => {
  test('long text is cut (never half a surrogate pair), over-long URLs dropped, html and other values kept', () => {
    const html = `<iframe src="https://x.example/e"></iframe>${'h'.repeat(5000)}`;
    const data = {
      type: 'rich',
      title: 'T'.repeat(5000),
      author_name: `${'a'.repeat(MAX_TEXT_CHARS - 1)}😀tail`,
      thumbnail_url: `https://x.example/${'p'.repeat(MAX_URL_CHARS)}`,
      url: `https://x.example/${'p'.repeat(100)}`,
      width: 480,
      extra: { nested: true },
      html,
    };
    expect(trimProviderData(data)).toEqual({
      type: 'rich',
      title: 'T'.repeat(MAX_TEXT_CHARS),
      author_name: 'a'.repeat(MAX_TEXT_CHARS - 1),
      url: data.url,
      width: 480,
      extra: { nested: true },
      html,
    });
  });

  test("a provider's `__proto__` stays a plain key", () => {
    const out = trimProviderData(JSON.parse('{"__proto__": {"polluted": 1}, "title": "x"}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'title']);
  });
});
