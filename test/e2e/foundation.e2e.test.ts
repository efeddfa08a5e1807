/**
 * End to end, over real processes: the merged route index, terms through the gateway with an application
 * password, a service going down and coming back, persistence across restarts, graceful stop.
 */
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { NAMESPACES } from '@loom/contracts';
import { Cluster, eventually, SERVICES } from './processes';
import { asRole } from '@loom/service-kit';

const cluster = new Cluster();
let rest: string;
let appPassword: string;

/** The CLI (`npm run loom`), against the cluster's data directory before core-content holds it. */
const loom = (...args: string[]) =>
  execFileSync(process.execPath, [join(resolve(__dirname, '../..'), 'services/core-content/dist/cli.js'), ...args], {
    env: cluster.env,
    encoding: 'utf8',
  });

beforeAll(async () => {
  await cluster.init();
  loom('users', 'create', '--login', 'editor', '--email', 'editor@example.com', '--role', 'editor');
  appPassword = /Password: (.+)\n/.exec(loom('app-passwords', 'create', '--login', 'editor', '--name', 'e2e'))![1]!;
  for (const s of SERVICES) await cluster.start(s);
  await cluster.start('gateway');
  rest = `${cluster.url()}/rest`;
}, 60000);
afterAll(() => cluster.stopAll());

const editor = () => ({ authorization: `Basic ${Buffer.from(`editor:${appPassword}`).toString('base64')}` });
const json = async (r: Response) => ({ status: r.status, body: await r.json(), headers: r.headers });

test('the index has the site fields, the namespaces and every route with args', async () => {
  const { status, body, headers } = await json(await fetch(`${rest}/`));
  expect(status).toBe(200);
  expect(headers.get('link')).toBe(`<${rest}/>; rel="https://api.w.org/"`);
  expect(body).toMatchObject({
    name: expect.any(String),
    url: cluster.url(),
    home: cluster.url(),
    gmt_offset: '0',
    timezone_string: '',
  });
  expect(body.namespaces).toEqual([...NAMESPACES]);
  expect(body.authentication['application-passwords'].endpoints.authorization).toBe(
    `${cluster.url()}/admin/authorize-application`,
  );
  for (const key of [
    '/',
    '/batch/v1',
    '/oembed/1.0',
    '/formsA/v1',
    '/events/v1',
    '/formsB/v1',
    '/core/v2',
    '/core/v2/categories',
    '/core/v2/categories/(?P<id>[\\d]+)',
    '/core/v2/tags',
    '/core/v2/types',
    '/core/v2/statuses/(?P<status>[\\w-]+)',
    '/core/v2/taxonomies',
  ]) {
    expect(body.routes[key]).toBeDefined();
  }
  expect(body.routes['/core/v2/categories'].endpoints[0].args.per_page).toMatchObject({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 10,
  });
  expect(body.routes['/batch/v1'].namespace).toBe('');
  const noSlash = await fetch(`${rest}`);
  expect(noSlash.status).toBe(200);
});

test('categories through the gateway: an application password writes, anonymous is refused', async () => {
  const anon = await json(
    await fetch(`${rest}/core/v2/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Knitwear' }),
    }),
  );
  expect(anon.status).toBe(401);
  expect(anon.body.code).toBe('rest_cannot_create');
  const made = await json(
    await fetch(`${rest}/core/v2/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor() },
      body: JSON.stringify({ name: 'Knitwear' }),
    }),
  );
  expect(made.status).toBe(201);
  expect(made.headers.get('location')).toBe(`${rest}/core/v2/categories/${made.body.id}`);
  const form = await json(
    await fetch(`${rest}/core/v2/categories/${made.body.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...editor() },
      body: 'description=Warm+things',
    }),
  );
  expect(form.body.description).toBe('Warm things');
  const list = await json(await fetch(`${rest}/core/v2/categories?search=knit`));
  expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Knitwear']);
  expect(list.headers.get('x-wp-total')).toBe('1');
});

test('a service going down takes only its namespace with it, and comes back', async () => {
  await cluster.stop('events');
  const down = await json(await fetch(`${rest}/events/v1`));
  expect(down.status).toBe(503);
  expect(down.body).toMatchObject({ code: 'loom_service_unavailable', data: { status: 503 } });
  expect((await fetch(`${rest}/core/v2/categories`)).status).toBe(200);
  const index = await json(await fetch(`${rest}/`));
  expect(index.body.routes['/events/v1']).toBeDefined();
  await cluster.start('events');
  await eventually(async () => (await fetch(`${rest}/events/v1`)).status === 200);
  expect((await json(await fetch(`${rest}/events/v1`))).body.namespace).toBe('events/v1');
});

test('events reads users from core-content across processes, and keeps answering while core-content is down', async () => {
  const post = (body: object) =>
    fetch(`${rest}/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor() },
      body: JSON.stringify(body),
    });
  const base = { title: 'Cross-service', start_date: '2030-05-05 10:00', end_date: '2030-05-05 12:00' };
  // The first administrator (id 1) exists in core-content; 9999 does not. events asks core-content's internal endpoint.
  const made = await json(await post({ ...base, author: 1 }));
  expect(made.status).toBe(201);
  expect(made.body.author).toBe('1');
  expect((await json(await post({ ...base, author: 9999 }))).body.code).toBe('rest_invalid_param');

  await cluster.stop('core-content');
  try {
    const read = await json(await fetch(`${rest}/events/v1/events/${made.body.id}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made.body.id, title: 'Cross-service', image: false });
    expect((await fetch(`${rest}/events/v1/events?start_date=2030-05-05&end_date=2030-05-05`)).status).toBe(200);
  } finally {
    await cluster.start('core-content');
  }
});

test('data survives a restart, and SIGTERM stops a service cleanly', async () => {
  const tag = await json(
    await fetch(`${rest}/core/v2/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor() },
      body: JSON.stringify({ name: 'Merino' }),
    }),
  );
  expect(tag.status).toBe(201);
  expect(await cluster.stop('core-content')).toBe(0);
  expect(cluster.logs.get('core-content')).toContain('"msg":"stopped"');
  await cluster.start('core-content');
  const back = await json(await fetch(`${rest}/core/v2/tags/${tag.body.id}`));
  expect(back.status).toBe(200);
  expect(back.body.name).toBe('Merino');
});

test('request ids travel from the gateway to the service log; credentials never reach the logs', async () => {
  const r = await fetch(`${rest}/core/v2/tags`, { headers: { 'x-request-id': 'e2e-trace-1', ...editor() } });
  expect(r.headers.get('x-request-id')).toBe('e2e-trace-1');
  await eventually(async () => (cluster.logs.get('core-content') ?? '').includes('e2e-trace-1'));
  const all = [...cluster.logs.values()].join('\n');
  expect(all).not.toContain(editor().authorization.slice('Basic '.length));
  expect(all).not.toContain(appPassword);
  expect(all).not.toContain(appPassword.replace(/ /g, ''));
  expect(all).not.toContain('e2e-secret');
});

test('calling a service directly: forged, unsigned or client-made identity headers get no more than anonymous', async () => {
  const direct = `${cluster.url('core-content')}/rest/core/v2/categories`;
  const post = (headers: Record<string, string>) =>
    fetch(direct, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: 'Forged' }),
    });
  const forged = await json(await post(asRole('administrator', 'not-the-secret', { id: 1 })));
  expect(forged.status).toBe(401);
  expect(forged.body.code).toBe('loom_invalid_identity');
  const unsigned = await json(
    await post({
      'x-loom-identity': Buffer.from(JSON.stringify({ id: 1, roles: ['administrator'] })).toString('base64url'),
    }),
  );
  expect(unsigned.status).toBe(401);
  const anonymous = await json(await post({}));
  expect(anonymous.body.code).toBe('rest_cannot_create');
  // Through the gateway, even a correctly signed header from a client is dropped: only credentials count.
  const viaGateway = await json(
    await fetch(`${rest}/core/v2/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asRole('administrator', cluster.secret, { id: 1 }) },
      body: JSON.stringify({ name: 'Forged' }),
    }),
  );
  expect(viaGateway.status).toBe(401);
  expect(viaGateway.body.code).toBe('rest_cannot_create');
  // The internal credential check answers only callers holding the internal secret.
  const internal = await fetch(`${cluster.url('core-content')}/_loom/auth/app-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: appPassword }),
  });
  expect(internal.status).toBe(403);
  const list = await json(await fetch(`${rest}/core/v2/categories?search=forged`));
  expect(list.body).toEqual([]);
});

/** Sends raw bytes and returns everything the server answered before closing (bounded by a timeout). */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (b) => (answer += b.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('requests the HTTP parser refuses are answered in WordPress error shape, and the process stays up', async () => {
  for (const p of ['gateway', 'core-content'] as const) {
    const port = cluster.ports[p];
    const method = await rawExchange(port, 'BREW /rest/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(method).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(method.slice(method.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'loom_bad_request',
      message: 'The request could not be read.',
      data: { status: 400 },
    });
    const big = await rawExchange(port, `GET /rest/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(big).toContain('application/json');
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'loom_headers_too_large',
      data: { status: 431 },
    });
    // The same refused as a HEAD request: the status and headers, no body.
    const head = await rawExchange(port, `HEAD /rest/?q=${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    expect((await fetch(`${cluster.url(p)}/healthz`)).status).toBe(200);
  }
});
