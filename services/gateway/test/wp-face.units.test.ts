/**
 * The /wp-json face's parts on their own: how request targets and batch paths are read in WordPress's names (escapes
 * and boundaries as /rest reads them), what of an answer is translated (URLs and name fields, never other text, never
 * an object's prototype), and the response transform's limits (a body too large to hold goes as it came).
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { silentLog } from '@loom/testing';
import { translateAnswer } from '../src/wp-face/answer';
import { isFaceRoute, loomTarget, wordpressPath } from '../src/wp-face/names';
import { translation } from '../src/wp-face/translate';

test('loomTarget: a target in WordPress’s names in the spec’s, the rest of it as sent; other names are no route', () => {
  const cases: Array<[string, string | null]> = [
    ['/wp/v2/posts?per_page=1', '/core/v2/posts?per_page=1'],
    ['/wp/v2', '/core/v2'],
    ['/wp/v2/', '/core/v2/'],
    ['/wp/v2?context=help', '/core/v2?context=help'],
    ['/wp%2Fv2/posts', '/core/v2/posts'], // the name decoded, as WordPress and /rest read a path
    ['/wp%2fv2%2Fposts', '/core/v2%2Fposts'],
    ['/%77p/v2/posts/%E0', '/core/v2/posts/%E0'], // only the name is read; the rest goes as it came
    ['/tribe/events/v1/events/by-slug/a%20b', '/events/v1/events/by-slug/a%20b'],
    ['/contact-form-7/v1/contact-forms/1/feedback', '/formsA/v1/contact-forms/1/feedback'],
    ['/wpforms/v1/forms', '/formsB/v1/forms'],
    ['/wp-site-health/v1', '/site-health/v1'],
    ['/wp-block-editor/v1/', '/block-editor/v1/'],
    ['/oembed/1.0/embed?url=x', '/oembed/1.0/embed?url=x'],
    ['/batch/v1', '/batch/v1'],
    ['', '/'],
    ['/', '/'],
    ['/?_fields=name', '/?_fields=name'],
    ['/wp/v2x/posts', null],
    ['/wp/v2%3Fx', null],
    ['/Wp/v2/posts', null], // case-sensitive, as /rest matches its names
    ['/core/v2/posts', null],
    ['/events/v1/events', null],
    ['/formsA/v1/contact-forms', null],
    ['/site-health/v1', null],
    ['/batch/v1x', null],
    ['/wp', null],
    ['//wp/v2/posts', null],
    ['/../rest/core/v2', null],
  ];
  for (const [target, expected] of cases) expect([target, loomTarget(target)]).toEqual([target, expected]);
});

test('wordpressPath and isFaceRoute', () => {
  expect(wordpressPath('/core/v2/posts/(?P<id>[\\d]+)')).toBe('/wp/v2/posts/(?P<id>[\\d]+)');
  expect(wordpressPath('/core/v2?x#y')).toBe('/wp/v2?x#y');
  expect(wordpressPath('/events/v1/events/?page=2')).toBe('/tribe/events/v1/events/?page=2');
  expect(wordpressPath('/core/v2x')).toBe('/core/v2x');
  expect(wordpressPath('/batch/v1')).toBe('/batch/v1');
  expect(wordpressPath('/')).toBe('/');
  // rest_route: the spec's own names keep reaching /rest; WordPress's, the shared ones and unknown ones the face.
  expect(['/core/v2/posts', '/events/v1', '/formsB/v1/forms'].map(isFaceRoute)).toEqual([false, false, false]);
  expect(['/wp/v2/posts', '/', '/batch/v1', '/oembed/1.0/embed', '/nope/v1'].map(isFaceRoute)).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
});

describe('translation', () => {
  const t = translation({ baseUrl: 'https://shop.example', restUrl: 'https://shop.example/rest' });

  test('URLs under the REST root and Link texts naming them; nothing else', () => {
    expect(t.text('https://shop.example/rest')).toBe('https://shop.example/wp-json');
    expect(t.text('https://shop.example/rest/')).toBe('https://shop.example/wp-json/');
    expect(t.text('https://shop.example/rest?x=1')).toBe('https://shop.example/wp-json?x=1');
    expect(t.text('https://shop.example/rest/core/v2/posts?a=core/v2')).toBe(
      'https://shop.example/wp-json/wp/v2/posts?a=core/v2',
    );
    expect(t.text('https://shop.example/rest/batch/v1')).toBe('https://shop.example/wp-json/batch/v1');
    expect(t.text('https://shop.example/restaurant/core/v2')).toBe('https://shop.example/restaurant/core/v2');
    expect(t.text('https://other.example/rest/core/v2/posts')).toBe('https://other.example/rest/core/v2/posts');
    expect(t.text('See https://shop.example/rest/core/v2/posts')).toBe('See https://shop.example/rest/core/v2/posts');
    expect(t.text('core/v2')).toBe('core/v2');
    const link =
      '<https://shop.example/rest/core/v2/tags?page=1>; rel="prev", <https://shop.example/rest/core/v2/tags?page=3>; rel="next"';
    expect(t.text(link)).toBe(
      '<https://shop.example/wp-json/wp/v2/tags?page=1>; rel="prev", <https://shop.example/wp-json/wp/v2/tags?page=3>; rel="next"',
    );
    expect(
      t.header('Link', '<https://other.example/x>; rel="a", <https://shop.example/rest/>; rel="https://api.w.org/"'),
    ).toBe('<https://other.example/x>; rel="a", <https://shop.example/wp-json/>; rel="https://api.w.org/"');
    expect(t.header('Location', 'https://shop.example/rest/core/v2/posts/5')).toBe(
      'https://shop.example/wp-json/wp/v2/posts/5',
    );
    expect(t.header('X-WP-Total', '5')).toBe('5');
  });

  test('names in name fields and route keys only; other values that read like names stay', () => {
    const answer = {
      namespace: 'core/v2',
      namespaces: ['oembed/1.0', 'formsA/v1', 'events/v1'],
      rest_namespace: 'core/v2',
      routes: {
        '/core/v2/posts': { namespace: 'core/v2', endpoints: [{ args: { namespace: { default: 'core/v2' } } }] },
        '/batch/v1': { namespace: '' },
      },
      title: { raw: 'core/v2', rendered: 'events/v1' },
      slug: 'core-v2',
      default: 'core/v2',
      meta: { routes: 'core/v2' },
    };
    expect(t.json(answer)).toEqual({
      namespace: 'wp/v2',
      namespaces: ['oembed/1.0', 'contact-form-7/v1', 'tribe/events/v1'],
      rest_namespace: 'wp/v2',
      routes: {
        '/wp/v2/posts': { namespace: 'wp/v2', endpoints: [{ args: { namespace: { default: 'wp/v2' } } }] },
        '/batch/v1': { namespace: '' },
      },
      title: { raw: 'core/v2', rendered: 'events/v1' },
      slug: 'core-v2',
      default: 'core/v2',
      meta: { routes: 'core/v2' },
    });
  });

  test('a `__proto__` key stays a key: no object of the process changes', () => {
    const body = Buffer.from(
      '{"__proto__":{"polluted":"yes","href":"https://shop.example/rest/core/v2"},"routes":{"__proto__":{"x":1}}}',
    );
    const out = t.body(body).toString('utf8');
    expect(JSON.parse(out)).toEqual(
      JSON.parse(
        '{"__proto__":{"polluted":"yes","href":"https://shop.example/wp-json/wp/v2"},"routes":{"__proto__":{"x":1}}}',
      ),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('a body that is not JSON, or nested past what the walk can hold, is returned as it is', () => {
    const xml = Buffer.from('<oembed><url>https://shop.example/rest/core/v2</url></oembed>');
    expect(t.body(xml)).toBe(xml);
    const deep = Buffer.from(`${'['.repeat(200_000)}"https://shop.example/rest/"${']'.repeat(200_000)}`);
    expect(t.body(deep)).toBe(deep);
  });
});

describe('the response transform', () => {
  const t = translation({ baseUrl: 'http://loom.test', restUrl: 'http://loom.test/rest' });
  async function serve(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  test('streamed, held with writeHead, or written at once: the same translated answer with its new length', async () => {
    const body = JSON.stringify({ _links: { self: [{ href: 'http://loom.test/rest/core/v2/posts/1' }] } });
    const ways: Record<string, (res: import('node:http').ServerResponse) => void> = {
      stream: (res) => {
        res.statusCode = 201;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(body));
        res.setHeader('Location', 'http://loom.test/rest/core/v2/posts/1');
        res.write(body.slice(0, 10));
        res.write(Buffer.from(body.slice(10)));
        res.end();
      },
      writeHead: (res) => {
        res
          .writeHead(201, [
            'Content-Type',
            'application/json; charset=utf-8',
            'Location',
            'http://loom.test/rest/core/v2/posts/1',
            'Link',
            '<http://loom.test/rest/>; rel="https://api.w.org/"',
          ])
          .end(body);
      },
    };
    for (const [way, write] of Object.entries(ways)) {
      const s = await serve((_req, res) => {
        translateAnswer(res, t, { head: false, log: silentLog() });
        write(res);
      });
      try {
        const r = await fetch(s.url);
        const text = await r.text();
        expect({ way, status: r.status, location: r.headers.get('location'), text }).toEqual({
          way,
          status: 201,
          location: 'http://loom.test/wp-json/wp/v2/posts/1',
          text: body.replace('/rest/core/v2/', '/wp-json/wp/v2/'),
        });
        expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
        if (way === 'writeHead')
          expect(r.headers.get('link')).toBe('<http://loom.test/wp-json/>; rel="https://api.w.org/"');
      } finally {
        s.close();
      }
    }
  });

  test('past its limit an answer is sent as it comes: headers translated, body as is, nothing held', async () => {
    const body = JSON.stringify({ href: 'http://loom.test/rest/core/v2', pad: 'x'.repeat(4000) });
    let headersSentWhileHeld: boolean | undefined;
    const s = await serve((_req, res) => {
      translateAnswer(res, t, { head: false, log: silentLog(), maxBytes: 1024 });
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.setHeader('Location', 'http://loom.test/rest/core/v2/posts/1');
      res.write(body.slice(0, 100));
      headersSentWhileHeld = res.headersSent;
      res.write(body.slice(100));
      res.end();
    });
    try {
      const r = await fetch(s.url);
      expect(await r.text()).toBe(body);
      expect(r.headers.get('location')).toBe('http://loom.test/wp-json/wp/v2/posts/1');
      // What is held counts as sent: an error path closes the connection rather than answering a second time.
      expect(headersSentWhileHeld).toBe(true);
    } finally {
      s.close();
    }
  });

  test('an answer kept in the face’s terms is written as it is; HEAD loses the length counted in /rest’s terms', async () => {
    const kept = JSON.stringify({ href: 'http://loom.test/rest/left-as-kept' });
    const s = await serve((req, res) => {
      const answer = translateAnswer(res, t, { head: req.method === 'HEAD', log: silentLog() });
      if (req.url === '/kept') answer.asIs();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(kept) });
      res.end(req.method === 'HEAD' ? undefined : kept);
    });
    try {
      expect(await (await fetch(`${s.url}/kept`)).text()).toBe(kept);
      const head = await fetch(`${s.url}/other`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBeNull();
    } finally {
      s.close();
    }
  });
});
