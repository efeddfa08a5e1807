/**
 * Batch requests (`POST /rest/batch/v1`): items made from the batchable endpoints of the index, and items
 * with hostile paths, methods, headers and bodies; also batches that are not batches.
 */
import { jsonText } from './encode';
import type { Caller, FuzzRequest, Generator } from './requests';
import { buildRequest } from './requests';
import type { Endpoint } from './routes';
import { POLLUTION_MARKER } from './values';

const HOSTILE_PATHS = [
  '',
  'core/v2/posts',
  '/core/v2/posts/../users',
  '/core/v2/posts/%2e%2e/users',
  'http://evil.example/core/v2/posts',
  '//evil.example/x',
  '/batch/v1',
  '/core/v2/posts?_method=GET',
  '/core/v2/tags?_envelope',
  '/core/v2/%ZZ',
  '/core/v2/tags/\u0000',
  `/core/v2/${'x'.repeat(20000)}`,
  '/core/v2/tags/\ud800',
  '/core/v2/categories?__proto__[x]=1',
  '/events/v1/events',
  '/formsA/v1',
  '/',
  '?',
  '#',
  '/core/v2/posts#frag',
  ' /core/v2/tags',
  '/CORE/v2/tags',
];
const HOSTILE_METHODS: unknown[] = [
  'GET',
  'get',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  '',
  ' POST',
  'DELETE\u0000',
  123,
  null,
  true,
  ['POST'],
  { a: 1 },
  '__proto__',
  'constructor',
];
const HOSTILE_HEADERS: unknown[] = [
  { 'content-type': 'text/plain' },
  { 'x-http-method-override': 'DELETE' },
  JSON.parse(`{"__proto__": {"${POLLUTION_MARKER}": "batch"}}`),
  { 'x-loom-identity': 'forged' },
  { 'x-loom-validate-only': '1' },
  { 'x-loom-internal': 'x' },
  { host: 'evil.example' },
  { 'x-request-id': '\u0000' },
  { a: ['x', 'y'] },
  { 'bad header': 'v' },
  { x: 'a\r\nb: c' },
  { x: 1 },
  { x: null },
  { x: { y: 'z' } },
  [],
  'string',
  { authorization: 'Basic !!!' },
  { 'content-length': '999999' },
  { 'transfer-encoding': 'chunked' },
  { '': 'empty' },
  { x: 'é\u00ff' },
  { x: '\ud800' },
];
const HOSTILE_BODIES: unknown[] = [
  null,
  'string',
  5,
  [1, 2],
  JSON.parse(`{"__proto__": {"${POLLUTION_MARKER}": "batch"}}`),
  { constructor: { prototype: { [POLLUTION_MARKER]: 1 } } },
  { title: '\ud800' },
  { title: 'x'.repeat(100_000) },
];

/** One batch item from a batchable endpoint, its arguments in `body` or in the path's query. */
function item(ep: Endpoint, as: Caller, g: Generator, hostile: boolean): Record<string, unknown> {
  const { rng } = g;
  const r = buildRequest(
    ep,
    hostile ? rng.pick([{ kind: 'chaos' }, { kind: 'path' }] as const) : { kind: 'valid' },
    as,
    g,
  );
  let path = r.path.startsWith('/rest')
    ? r.path.slice('/rest'.length)
    : (new URLSearchParams(r.path.split('?')[1]).get('rest_route') ?? '/');
  let body: unknown;
  try {
    // A malformed (or 20,000-deep) JSON body stays in single requests: a batch body is made by JSON.stringify.
    body =
      typeof r.body === 'string' && r.headers['content-type']?.includes('json') && !r.note.includes('malformed')
        ? JSON.parse(r.body)
        : undefined;
  } catch {
    body = undefined;
  }
  if (body === undefined && !r.path.includes('?') && r.body) path += `?${r.body.toString()}`;
  const out: Record<string, unknown> = { path };
  if (ep.method !== 'POST' || rng.chance(0.3)) out.method = ep.method;
  if (body !== undefined) out.body = body;
  if (hostile) {
    if (rng.chance(0.3)) out.path = rng.pick(HOSTILE_PATHS);
    if (rng.chance(0.25)) out.method = rng.pick(HOSTILE_METHODS);
    if (rng.chance(0.3)) out.headers = rng.pick(HOSTILE_HEADERS);
    if (rng.chance(0.25)) out.body = rng.pick(HOSTILE_BODIES);
    if (rng.chance(0.05)) delete out.path;
  }
  return out;
}

/** A batch of batchable endpoints (none: the index has no allow_batch, then hostile items only). */
export function buildBatch(batchable: Endpoint[], as: Caller, g: Generator, hostile: boolean): FuzzRequest {
  const { rng } = g;
  const n = hostile && rng.chance(0.1) ? rng.pick([0, 26, 100]) : rng.int(1, 5);
  const requests: unknown[] = Array.from({ length: n }, () =>
    batchable.length ? item(rng.pick(batchable), as, g, hostile) : { path: rng.pick(HOSTILE_PATHS) },
  );
  if (hostile && n > 0 && rng.chance(0.1))
    requests[0] = rng.pick([null, 'x', 5, [], { path: 5 }, { path: ['/core/v2/tags'] }]);
  let payload: unknown = {
    requests,
    ...(rng.chance(0.3)
      ? { validation: hostile && rng.chance(0.3) ? rng.pick(['bogus', 5, null, ['normal']]) : 'require-all-validate' }
      : {}),
  };
  if (hostile && rng.chance(0.1))
    payload = rng.pick([
      null,
      [],
      'x',
      { requests: 'x' },
      { requests: { 0: { path: '/core/v2/tags' } } },
      JSON.parse(`{"__proto__": {"requests": []}, "requests": [{"path": "/core/v2/tags"}]}`),
    ]);
  const form = hostile && rng.chance(0.1);
  return {
    method: 'POST',
    path: `/rest/batch/v1${hostile && rng.chance(0.15) ? rng.pick(['?_envelope', '?_fields=responses', '?_method=GET', '?validation=require-all-validate', `?_fields=__proto__.${POLLUTION_MARKER}`]) : ''}`,
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? 'requests[0][path]=/core/v2/tags&requests[0][body][name]=x' : jsonText(payload),
    as,
    route: '/batch/v1',
    note: `batch of ${n}${hostile ? ' (hostile)' : ''}`,
  };
}
