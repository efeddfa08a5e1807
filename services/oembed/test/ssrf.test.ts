/**
 * The proxy cannot be turned against the network. With the default settings (no LOOM_OEMBED_ALLOW_HOSTS), every
 * refused target below is asked for through the gateway, as a page to discover and as a sanctioned provider's URL,
 * and the oembed service connects to none of them.
 *
 * How this is proven without touching other hosts: the oembed app is built with the fetcher's two test seams.
 * `lookup` stands in for DNS, so names resolve to what the test says (`loopback.test` → 127.0.0.1,
 * `www.youtube.com` → 127.0.0.1, ...; `localhost` goes to the system resolver, which answers from /etc/hosts), and
 * `dial` sends every connection that passed the checks to a loopback listener that counts connections and answers
 * with a valid oEmbed page. A check that let a target through would show as a connection there (and as a 200).
 */
import { lookup as systemLookup } from 'node:dns/promises';
import type { ResolvedAddress } from '@loom/safe-fetch';
import { startGateway, startOembed, startOembedWorld, type OembedWorld } from '@loom/testing';
import { countingListener } from '../../../libs/safe-fetch/test/servers';
import request from 'supertest';
import { get, startRemote } from './helpers';

const NAMES: Record<string, ResolvedAddress[]> = {
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'loopback2.test': [{ address: '127.0.0.53', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'private10.test': [{ address: '10.0.0.5', family: 4 }],
  'private172.test': [{ address: '172.20.1.1', family: 4 }],
  'private192.test': [{ address: '192.168.1.10', family: 4 }],
  'cgnat.test': [{ address: '100.64.1.1', family: 4 }],
  'zero.test': [{ address: '0.0.0.0', family: 4 }],
  'multicast.test': [{ address: '224.0.0.251', family: 4 }],
  'v6loop.test': [{ address: '::1', family: 6 }],
  'ula.test': [{ address: 'fd00::1', family: 6 }],
  'linklocal6.test': [{ address: 'fe80::1', family: 6 }],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'nat64.test': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.1', family: 4 },
  ],
  // A sanctioned provider's own host, as a poisoned resolver would answer it.
  'www.youtube.com': [{ address: '127.0.0.1', family: 4 }],
  'vimeo.com': [{ address: '169.254.169.254', family: 4 }],
};

const lookup = async (host: string): Promise<ResolvedAddress[]> => {
  const known = NAMES[host.toLowerCase()];
  if (known) return known;
  if (host === 'localhost' || host === 'localhost.') return systemLookup(host, { all: true });
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

/** Refused with the default settings: address classes (literal and by name), schemes, credentials, ports. */
const REFUSED: string[] = [
  // IPv4 loopback, in the forms a URL parser accepts
  'http://127.0.0.1/',
  'http://127.0.0.1:8080/admin',
  'https://127.0.0.1/',
  'http://127.0.0.2/',
  'http://127.255.255.254/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://127.1/',
  'http://0x7f.0.0.1/',
  // unspecified, private, link-local (cloud metadata), CGNAT, multicast, broadcast, reserved
  'http://0.0.0.0/',
  'http://0/',
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.0.1/',
  'http://192.168.255.254:8080/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.1/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://255.255.255.255/',
  'http://192.0.0.8/',
  'http://198.18.0.1/',
  'http://240.0.0.1/',
  // IPv6 loopback, unspecified, ULA, link-local, multicast, IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo, site-local
  'http://[::1]/',
  'https://[::1]:8080/',
  'http://[::]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::1]/',
  'http://[2001::1]/',
  'http://[fec0::1]/',
  // names that resolve to refused addresses
  'http://localhost/',
  'http://localhost:8080/',
  'http://LOCALHOST./',
  'http://loopback.test/',
  'http://loopback2.test/',
  'http://metadata.test/latest/meta-data/',
  'http://private10.test/',
  'http://private172.test/',
  'http://private192.test/',
  'http://cgnat.test/',
  'http://zero.test/',
  'http://multicast.test/',
  'http://v6loop.test/',
  'http://ula.test/',
  'http://linklocal6.test/',
  'http://mapped.test/',
  'http://nat64.test/',
  'http://mixed.test/',
  // sanctioned providers whose host resolves somewhere refused
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://vimeo.com/76979871',
  // schemes, credentials and ports
  'ftp://93.184.216.34/',
  'gopher://93.184.216.34:70/',
  'file:///etc/passwd',
  'dict://93.184.216.34:2628/',
  'http://user:secret@93.184.216.34/',
  'http://93.184.216.34:22/',
  'http://93.184.216.34:6379/',
  'http://93.184.216.34:25/',
];

let world: OembedWorld;
let trap: Awaited<ReturnType<typeof countingListener>>;

beforeAll(async () => {
  trap = await countingListener();
  world = await startOembedWorld({}, { fetch: { lookup, dial: () => ({ address: '127.0.0.1', port: trap.port }) } });
});
afterAll(async () => {
  await world.close();
  await trap.close();
});

describe('SSRF: default settings', () => {
  test(`${REFUSED.length} refused targets: each oembed_invalid_url, none connected to`, async () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(50);
    for (const url of REFUSED) {
      const r = await get(world, `/rest/oembed/1.0/proxy?url=${encodeURIComponent(url)}`, 'editor');
      expect({ url, status: r.status, code: r.body.code }).toEqual({ url, status: 404, code: 'oembed_invalid_url' });
    }
    expect(trap.connections()).toBe(0);
  });

  test('the seams are live: a public address is connected to (so the zero above is the checks at work)', async () => {
    NAMES['public.test'] = [{ address: '93.184.216.34', family: 4 }];
    const r = await get(world, `/rest/oembed/1.0/proxy?url=${encodeURIComponent('http://public.test/page')}`, 'editor');
    // The counting listener answers plain text, which names no provider: not found, but it was reached.
    expect(r.status).toBe(404);
    expect(trap.connections()).toBe(1);
  });
});

describe('SSRF: redirects from an allowed host', () => {
  test('a page on an allowed host redirecting to refused targets gets nothing from them (each redirect checked again)', async () => {
    const targets = [
      'http://169.254.169.254/latest/meta-data/',
      `http://127.0.0.1:${trap.port}/`,
      'http://localhost:8080/',
      'http://[::1]/',
      'http://metadata.test/',
      'file:///etc/passwd',
    ];
    const redirector = await startRemote((req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('to'));
      res.writeHead(302, { location: targets[n] }).end();
    });
    const before = trap.connections();
    // Only the redirector is allowed; a connection anywhere else would land on the counting listener.
    const dial = (address: string, port: number) =>
      port === redirector.port ? { address, port } : { address: '127.0.0.1', port: trap.port };
    const oembed = await startOembed(
      { LOOM_OEMBED_ALLOW_HOSTS: `127.0.0.1:${redirector.port}`, CORE_CONTENT_URL: world.coreFront.url },
      { fetch: { lookup, dial } },
    );
    const gw = await startGateway({ upstreams: { 'core-content': world.core.url, oembed: oembed.url } });
    try {
      for (let n = 0; n < targets.length; n++) {
        const r = await request(gw.app)
          .get(`/rest/oembed/1.0/proxy?url=${encodeURIComponent(`${redirector.url}/go?to=${n}`)}`)
          .set(world.auth.editor);
        expect({ n, status: r.status, code: r.body.code }).toEqual({ n, status: 404, code: 'oembed_invalid_url' });
      }
      expect(redirector.hits).toHaveLength(targets.length);
      expect(trap.connections()).toBe(before);
    } finally {
      gw.close();
      await Promise.all([oembed.close(), redirector.close()]);
    }
  });
});

describe('LOOM_OEMBED_REMOTE=off', () => {
  test('the proxy connects nowhere, even to an allowed host', async () => {
    const before = trap.connections();
    const oembed = await startOembed({
      LOOM_OEMBED_REMOTE: 'off',
      LOOM_OEMBED_ALLOW_HOSTS: `127.0.0.1:${trap.port}`,
      CORE_CONTENT_URL: world.coreFront.url,
    });
    const gw = await startGateway({ upstreams: { 'core-content': world.core.url, oembed: oembed.url } });
    try {
      const r = await request(gw.app)
        .get(`/rest/oembed/1.0/proxy?url=${encodeURIComponent(`http://127.0.0.1:${trap.port}/page`)}`)
        .set(world.auth.editor);
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 404, code: 'oembed_invalid_url' });
      expect(trap.connections()).toBe(before);
    } finally {
      gw.close();
      await oembed.close();
    }
  });
});
