/**
 * Requests for one endpoint: its path placeholders filled with known ids, generated matches or near misses,
 * its declared arguments valid or hostile, placed in the query, a JSON body or a form body, plus the oddities
 * a REST client can add (`_method`, `_fields`, `_embed`, `_envelope`, wrong content types, malformed JSON).
 */
import type { WireRequest } from './client';
import { jsonText, pct, phpQuery } from './encode';
import type { Rng } from './prng';
import { sampleMatching } from '@loom/testing';
import { fillPath, type Endpoint } from './routes';
import { hostileValue, POLLUTION_MARKER, validValue, type Known, type Schema } from './values';

export type Caller = 'anonymous' | 'admin';

export interface FuzzRequest extends WireRequest {
  as: Caller;
  /** The route key it aims at (`/batch/v1`, `(raw)` for raw HTTP). */
  route: string;
  /** What was fuzzed, for the report. */
  note: string;
}

export type Mode =
  { kind: 'valid' } | { kind: 'hostile'; arg: string; family?: string } | { kind: 'path' } | { kind: 'chaos' };

export interface Generator {
  rng: Rng;
  known: Known;
  /** Route key → placeholder tuples (raw, encoded) known to exist. */
  fills: Map<string, string[][]>;
}

/** Raw path segments that almost match a placeholder, or not at all (inserted as they are, not encoded). */
const NEAR_MISS_SEGMENTS = [
  '',
  '0',
  '-1',
  '1.5',
  '1e3',
  '%201',
  '1%20',
  '0x1f',
  '99999999999999999999999',
  '9007199254740993',
  '18446744073709551616',
  'me',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2F',
  '%00',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%EF%BF%BF',
  'x'.repeat(5000),
  ';',
  '1;x',
  '1%3Bx',
  '*',
  '~',
  '1/2',
  '1//',
  '%5B%5D',
  '[]',
  '$ne',
  '1%0A',
  '%0D%0AX-Injected:%201',
  '%E2%80%AE',
  'a%00b',
];

const FIELDS = [
  'id',
  'title',
  'title.rendered',
  'slug',
  'name',
  'link',
  '_links',
  '_embedded',
  'content.raw',
  'meta',
  'status',
  'events',
  'rest_total',
];
const HOSTILE_FIELDS = [
  `__proto__.${POLLUTION_MARKER}`,
  `constructor.prototype.${POLLUTION_MARKER}`,
  'hasOwnProperty.call',
  'hasOwnProperty',
  'toString.x',
  '__proto__',
  'a..b',
  '.',
  ',',
  ' ',
  `id.__proto__.${POLLUTION_MARKER}`,
  '_links.__proto__',
  'x'.repeat(10000),
  'title.rendered.length',
  'constructor',
];
const EMBEDS = [
  '',
  '1',
  'true',
  'author',
  'wp:term',
  'up',
  'author,author',
  'replies,wp:featuredmedia',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(3000),
];
const OVERRIDES = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'get',
  'delete',
  'PROPFIND',
  'TRACE',
  '__proto__',
  'constructor',
  '',
  ' GET',
];
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json;charset=UTF-8',
];
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=utf-16le',
  'application/x-www-form-urlencoded; charset=bogus',
  '*/*',
  'application/json, text/plain',
  'text/json',
  '',
];
const ODD_HEADERS: Array<Record<string, string>> = [
  { origin: 'null' },
  { origin: 'https://evil.example' },
  { 'x-request-id': 'x'.repeat(300) },
  { 'x-request-id': '../../etc' },
  { 'x-forwarded-for': 'not-an-ip, ::1, 999.1.1.1' },
  { 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-proto': 'gopher' },
  { accept: 'text/html' },
  { 'x-loom-identity': 'forged' },
  { 'x-loom-validate-only': '1' },
  { 'x-loom-internal': 'x' },
  { authorization: 'Bearer x' },
  { authorization: 'Basic !!!' },
  { authorization: `Basic ${Buffer.from('admin:').toString('base64')}` },
  { authorization: `Basic ${Buffer.from('__proto__:x').toString('base64')}` },
  { 'x-wp-nonce': 'x' },
  { 'content-encoding': 'gzip' },
  { expect: '100-continue' },
  { 'accept-charset': 'utf-16' },
  { 'if-none-match': '*' },
  { range: 'bytes=0-1' },
];

/** Malformed or unusual JSON texts. */
const BAD_JSON = [
  '{"a":',
  '{"a":}',
  "{'a':1}",
  '{"a":1}garbage',
  '\ufeff{"a":1}',
  '{"a":1,}',
  'NaN',
  '[1,2',
  '"x"',
  '[1]',
  'null',
  '1e999999',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  `${'['.repeat(20000)}${']'.repeat(20000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  '{"a":1,"a":2}',
  '\u0000',
  ' ',
];

/** Invalid UTF-8 (and an overlong encoding) inside an otherwise valid JSON or form body. */
const BAD_BYTES = [
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from('title=%FF%FE&name=\xff', 'latin1'),
];

function placeholderValues(ep: Endpoint, g: Generator, nearMiss: boolean): string[] {
  const { rng } = g;
  const known = g.fills.get(ep.route);
  let values: string[] =
    known?.length && rng.chance(0.75)
      ? [...rng.pick(known)]
      : ep.shape.placeholders.map((p) => {
          const s = sampleMatching(p, rng);
          return s === null ? rng.pick(['1', 'a']) : pct(s);
        });
  if (nearMiss && values.length) {
    const i = rng.int(0, values.length - 1);
    const good = values[i]!;
    values = [...values];
    values[i] = rng.pick([
      ...NEAR_MISS_SEGMENTS,
      `${good}x`,
      `${good}%00`,
      `${good}/`,
      `${good}%2F..`,
      `+${good}`,
      `0${good}`,
      good.toUpperCase(),
    ]);
  }
  return values;
}

/** The path oddities a client can send for the same route. */
function oddPath(path: string, rng: Rng): { path: string; viaRestRoute: boolean } {
  switch (rng.int(0, 9)) {
    case 0:
      return { path: `${path}/`, viaRestRoute: false };
    case 1:
      return { path: path.replace('/', '//'), viaRestRoute: false };
    case 2:
      return { path: path.toUpperCase(), viaRestRoute: false };
    case 3:
      return { path: path.replace(/\/([^/]*)$/, '/./$1'), viaRestRoute: false };
    case 4:
      return { path: path.replace(/\//g, (m) => (rng.chance(0.3) ? '%2F' : m)), viaRestRoute: false };
    case 5:
    case 6:
      return { path, viaRestRoute: true };
    default:
      return { path, viaRestRoute: false };
  }
}

function argValues(ep: Endpoint, mode: Mode, g: Generator): { args: Record<string, unknown>; notes: string[] } {
  const { rng, known } = g;
  const args: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [name, schema] of Object.entries(ep.args) as Array<[string, Schema]>) {
    const required = schema.required === true;
    if (mode.kind === 'hostile' && mode.arg === name) {
      const h = hostileValue(schema, rng, mode.family);
      args[name] = h.value;
      notes.push(`${name}:${h.family}`);
    } else if (mode.kind === 'chaos' && rng.chance(0.35)) {
      if (rng.chance(0.5)) {
        const h = hostileValue(schema, rng);
        args[name] = h.value;
        notes.push(`${name}:${h.family}`);
      } else args[name] = validValue(schema, rng, known);
    } else if (required || rng.chance(0.3)) {
      args[name] = validValue(schema, rng, known);
    }
  }
  if (mode.kind === 'chaos' && rng.chance(0.3)) {
    // Undeclared parameters: ignored by WordPress, and must never reach a handler or the store.
    const extra = rng.pick([
      ['__proto__', { [POLLUTION_MARKER]: 'query' }],
      ['constructor', { prototype: { [POLLUTION_MARKER]: 'query' } }],
      ['$where', 'sleep(100)'],
      ['a.b', 1],
      ['_jsonp', 'alert(1)//'],
      ['rest_route', '/core/v2/users'],
      ['hasOwnProperty', 'x'],
      ['toString', { a: 1 }],
    ] as Array<[string, unknown]>);
    Object.defineProperty(args, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
    notes.push(`extra:${extra[0]}`);
  }
  return { args, notes };
}

/** The WordPress-level oddities, as query pairs (and the override header). */
function oddities(rng: Rng, headers: Record<string, string>, notes: string[]): string[] {
  const pairs: string[] = [];
  if (rng.chance(0.25)) {
    const f = rng.chance(0.5) ? rng.some(FIELDS, 3).join(',') : rng.pick(HOSTILE_FIELDS);
    pairs.push(
      rng.chance(0.8)
        ? `_fields=${pct(f, /[A-Za-z0-9\-._~,]/)}`
        : rng.pick([`_fields[]=${pct(f)}&_fields[]=id`, `_fields[__proto__]=${pct(f)}`, `_fields[$ne]=1`]),
    );
    notes.push(`_fields=${f.slice(0, 40)}`);
  }
  if (rng.chance(0.2)) {
    const e = rng.pick(EMBEDS);
    pairs.push(
      rng.chance(0.85)
        ? e === '' && rng.chance(0.5)
          ? '_embed'
          : `_embed=${pct(e, /[A-Za-z0-9\-._~,:]/)}`
        : rng.pick(['_embed[]=author', '_embed[__proto__]=1', '_embed[$ne]=1']),
    );
    notes.push('_embed');
  }
  if (rng.chance(0.2)) {
    pairs.push(
      rng.pick([
        '_envelope',
        '_envelope=1',
        '_envelope=0',
        '_envelope[]=1',
        '_envelope[__proto__]=1',
        `_envelope[${POLLUTION_MARKER}]=1`,
      ]),
    );
    notes.push('_envelope');
  }
  if (rng.chance(0.12)) {
    const m = rng.pick(OVERRIDES);
    pairs.push(
      rng.chance(0.85)
        ? `_method=${pct(m)}`
        : rng.pick(['_method[]=DELETE', '_method[__proto__]=GET', '_method=DELETE%00']),
    );
    notes.push(`_method=${m}`);
  }
  if (rng.chance(0.08)) {
    const m = rng.pick(OVERRIDES);
    headers['x-http-method-override'] = m;
    notes.push(`override=${m}`);
  }
  if (rng.chance(0.1)) pairs.push(`context=${rng.pick(['edit', 'embed', 'view', 'help', '__proto__', 'EDIT', ''])}`);
  if (rng.chance(0.1)) {
    const h = rng.pick(ODD_HEADERS);
    Object.assign(headers, h);
    notes.push(`header ${Object.keys(h)[0]}`);
  }
  return pairs;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One request for the endpoint, as `as`, in the given mode. */
export function buildRequest(ep: Endpoint, mode: Mode, as: Caller, g: Generator): FuzzRequest {
  const { rng } = g;
  const headers: Record<string, string> = {};
  const notes: string[] = [mode.kind];
  const base = fillPath(
    ep.shape,
    placeholderValues(ep, g, mode.kind === 'path' || (mode.kind === 'chaos' && rng.chance(0.2))),
  );
  const odd = mode.kind === 'valid' ? { path: base, viaRestRoute: rng.chance(0.05) } : oddPath(base, rng);
  const { args, notes: argNotes } = argValues(ep, mode, g);
  notes.push(...argNotes);

  // Where the arguments go: the query for reads, mostly a body for writes.
  const writes = WRITES.has(ep.method);
  const placement = rng.chance(writes ? 0.3 : 0.85) ? 'query' : rng.chance(0.65) ? 'json' : 'form';
  const query: string[] = [];
  let body: string | Buffer | undefined;
  if (placement === 'query') {
    const q = phpQuery(args, rng);
    if (q) query.push(q);
  } else if (placement === 'json') {
    headers['content-type'] = rng.pick(JSON_TYPES);
    body = jsonText(args);
  } else {
    if (rng.chance(0.8)) headers['content-type'] = 'application/x-www-form-urlencoded';
    body = phpQuery(args, rng);
  }
  notes.push(placement);
  if (mode.kind !== 'valid') query.push(...oddities(rng, headers, notes));

  if (mode.kind === 'chaos' && rng.chance(0.25)) {
    switch (rng.int(0, 2)) {
      case 0:
        headers['content-type'] = rng.pick(JSON_TYPES);
        body = rng.pick(BAD_JSON);
        notes.push('malformed JSON');
        break;
      case 1:
        headers['content-type'] = rng.pick(WRONG_TYPES);
        body ??= jsonText(args);
        notes.push(`content-type ${headers['content-type']}`);
        break;
      default:
        headers['content-type'] = rng.pick(['application/json', 'application/x-www-form-urlencoded']);
        body = rng.pick(BAD_BYTES);
        notes.push('invalid UTF-8');
    }
  }

  const qs = query.filter(Boolean).join('&');
  const path = odd.viaRestRoute
    ? `${rng.pick(['/', '/index.php'])}?rest_route=${pct(odd.path, /[A-Za-z0-9\-._~/%]/)}${qs ? `&${qs}` : ''}`
    : `/rest${odd.path}${qs ? `?${qs}` : ''}`;
  if (odd.viaRestRoute) notes.push('rest_route');
  return { method: ep.method, path, headers, body, as, route: ep.route, note: notes.join(' ') };
}
