/**
 * SafeFetcher against real servers on 127.0.0.1. Loopback is reached only through the allow list (as a private
 * deployment would name its hosts); the refusals run with the default settings, with the test's `lookup` standing
 * in for DNS (names resolve to what the test says, no resolver is asked) and its `dial` sending any connection
 * that got past the checks to a listener that counts connections: a refusal that fails shows up as a connection.
 */
import { gzipSync } from 'node:zlib';
import { parseAllowHosts, SafeFetcher, SafeFetchError, type ResolvedAddress } from '../src';
import { countingListener, httpServer, silentListener } from './servers';

const allow = (entry: string) => parseAllowHosts(entry);
const code = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof SafeFetchError ? e.code : String(e)),
  );

describe('SafeFetcher: allowed hosts', () => {
  it('fetches from an allowed loopback host and port, sending only its own headers', async () => {
    const server = await httpServer((_req, res) => res.end('hello'));
    try {
      const f = new SafeFetcher({ allowHosts: allow(`127.0.0.1:${server.port}`), userAgent: 'Loom-test' });
      const r = await f.get(`${server.url}/page?q=1#frag`);
      expect(r).toMatchObject({ status: 200, truncated: false, url: `${server.url}/page?q=1` });
      expect(r.body.toString()).toBe('hello');
      const seen = server.requests[0]!;
      expect(seen.url).toBe('/page?q=1');
      expect(seen.headers.host).toBe(`127.0.0.1:${server.port}`);
      expect(seen.headers['user-agent']).toBe('Loom-test');
      expect(seen.headers.cookie).toBeUndefined();
      expect(seen.headers.authorization).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('connects to the address it checked, with the name in the Host header, resolving the name once', async () => {
    const server = await httpServer((_req, res) => res.end('named'));
    const lookups: string[] = [];
    try {
      const f = new SafeFetcher({
        allowHosts: allow(`provider.test:${server.port}`),
        lookup: async (h) => (lookups.push(h), [{ address: '127.0.0.1', family: 4 }]),
      });
      const r = await f.get(`http://Provider.TEST:${server.port}/x`);
      expect(r.body.toString()).toBe('named');
      expect(server.requests[0]!.headers.host).toBe(`provider.test:${server.port}`);
      expect(lookups).toEqual(['provider.test']);
    } finally {
      await server.close();
    }
  });

  it('an allowed host without a port keeps the default ports only', async () => {
    const f = new SafeFetcher({ allowHosts: allow('127.0.0.1') });
    await expect(code(f.get('http://127.0.0.1:9/'))).resolves.toBe('refused');
  });
});

describe('SafeFetcher: refusals with the default settings', () => {
  let trap: Awaited<ReturnType<typeof countingListener>>;
  const names: Record<string, ResolvedAddress[]> = {
    'loopback.test': [{ address: '127.0.0.1', family: 4 }],
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ],
    'v6.test': [{ address: '::1', family: 6 }],
  };
  const fetcher = () =>
    new SafeFetcher({
      lookup: async (h) => {
        const a = names[h];
        if (!a) throw new Error('ENOTFOUND');
        return a;
      },
      dial: () => ({ address: '127.0.0.1', port: trap.port }),
    });

  beforeAll(async () => {
    trap = await countingListener();
  });
  afterAll(() => trap.close());

  it.each([
    ['ftp://example.com/', 'refused'],
    ['file:///etc/passwd', 'refused'],
    ['gopher://127.0.0.1:70/', 'refused'],
    ['http://user:pass@93.184.216.34/', 'refused'],
    ['http://93.184.216.34:22/', 'refused'],
    ['http://127.0.0.1/', 'refused'],
    ['http://2130706433/', 'refused'],
    ['http://0x7f.1/', 'refused'],
    ['https://[::1]/', 'refused'],
    ['http://[::ffff:127.0.0.1]:8080/', 'refused'],
    ['http://loopback.test/', 'refused'],
    ['http://metadata.test/latest/meta-data/', 'refused'],
    ['http://mixed.test/', 'refused'],
    ['http://v6.test:8080/', 'refused'],
    ['http://nowhere.test/', 'unresolvable'],
    ['not a url', 'refused'],
  ])('%s → %s, and nothing is connected to', async (url, expected) => {
    await expect(code(fetcher().get(url))).resolves.toBe(expected);
    expect(trap.connections()).toBe(0);
  });

  it('resolves once and connects to the checked address, so a second, different answer is never used (DNS rebinding)', async () => {
    const answers = [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    let lookups = 0;
    const dialed: string[] = [];
    const f = new SafeFetcher({
      lookup: async () => answers[Math.min(lookups++, 1)]!,
      dial: (address) => (dialed.push(address), { address: '127.0.0.1', port: trap.port }),
    });
    const r = await f.get('http://rebind.test/');
    expect(r.body.toString()).toBe('reached');
    expect(lookups).toBe(1);
    expect(dialed).toEqual(['93.184.216.34']);
    // The second lookup (loopback) is refused by the next fetch's own check.
    await expect(code(f.get('http://rebind.test/'))).resolves.toBe('refused');
    expect(dialed).toEqual(['93.184.216.34']);
  });
});

describe('SafeFetcher: redirects, limits and time', () => {
  it('checks every redirect again: an allowed host redirecting to a refused one gets nothing', async () => {
    const trap = await countingListener();
    const targets = [
      `http://127.0.0.1:${trap.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/',
      'http://[::1]/',
      'file:///etc/passwd',
    ];
    let i = 0;
    const server = await httpServer((_req, res) =>
      res.writeHead(302, { location: targets[i++ % targets.length] }).end(),
    );
    try {
      const f = new SafeFetcher({ allowHosts: allow(`127.0.0.1:${server.port}`) });
      for (let n = 0; n < targets.length; n++) await expect(code(f.get(`${server.url}/go`))).resolves.toBe('refused');
      expect(server.requests).toHaveLength(targets.length);
      expect(trap.connections()).toBe(0);
    } finally {
      await Promise.all([server.close(), trap.close()]);
    }
  });

  it('follows at most 5 redirects', async () => {
    const server = await httpServer((req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
      if (n > 0) res.writeHead(301, { location: `/r?n=${n - 1}` }).end();
      else res.end('arrived');
    });
    try {
      const f = new SafeFetcher({ allowHosts: allow(`127.0.0.1:${server.port}`) });
      expect((await f.get(`${server.url}/r?n=5`)).body.toString()).toBe('arrived');
      await expect(code(f.get(`${server.url}/r?n=6`))).resolves.toBe('redirects');
    } finally {
      await server.close();
    }
  });

  it('limits the body, before and after decompression; truncates when asked', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    const server = await httpServer((req, res) => {
      if (req.url === '/bomb') res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
      else if (req.url === '/gz') res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('compressed hello'));
      else res.end('x'.repeat(5000));
    });
    try {
      const f = new SafeFetcher({ allowHosts: allow(`127.0.0.1:${server.port}`), maxBytes: 4096 });
      expect(bomb.length).toBeLessThan(4096 * 4);
      await expect(code(f.get(`${server.url}/bomb`))).resolves.toBe('too_large');
      await expect(code(f.get(`${server.url}/big`))).resolves.toBe('too_large');
      expect((await f.get(`${server.url}/gz`)).body.toString()).toBe('compressed hello');
      const cut = await f.get(`${server.url}/big`, { maxBytes: 100, truncate: true });
      expect(cut).toMatchObject({ truncated: true });
      expect(cut.body.toString()).toBe('x'.repeat(100));
    } finally {
      await server.close();
    }
  });

  it('gives up after its deadline on a host that never answers', async () => {
    const silent = await silentListener();
    try {
      const f = new SafeFetcher({ allowHosts: allow(`127.0.0.1:${silent.port}`), timeoutMs: 150 });
      await expect(code(f.get(`${silent.url}/`))).resolves.toBe('timeout');
    } finally {
      await silent.close();
    }
  });
});
