/**
 * Trace context inside one process (tracing is per process, so this file turns it on for itself). What the spans
 * become at a collector is tested over real processes (test/e2e/tracing.e2e.test.ts): the OTLP exporter loads
 * node:http with a dynamic import(), which jest's CommonJS runtime refuses, so nothing is exported here.
 * Checked: a kit app's server span continues the caller's traceparent, and a typed service client's call carries
 * the active span's traceparent (events and oembed asking core-content join the request's trace).
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import request from 'supertest';
import { endpoint, READABLE, route } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import {
  bind,
  createLogger,
  createServiceApp,
  inSpan,
  initTracing,
  ServiceClient,
  testConfig,
  tracingEnabled,
} from '../src';

let owner: Server;
const ownerHeaders: IncomingHttpHeaders[] = [];
let store: Store;

beforeAll(async () => {
  process.env.OTEL_BSP_SCHEDULE_DELAY = '600000'; // nothing is sent during the test (see above)
  expect(initTracing('kit-test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toBe(true);
  owner = createServer((req, res) => {
    ownerHeaders.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  owner.listen(0, '127.0.0.1');
  await once(owner, 'listening');
});
afterAll(async () => {
  owner?.close();
  await store?.close();
});

test("a request continues the caller's trace: its handler runs in a span whose parent is the traceparent", async () => {
  expect(tracingEnabled()).toBe(true);
  const config = testConfig('forms');
  store = await openStore({ service: 'forms', dataDir: config.dataDir });
  const things = route('t/v1', '/t/v1/things', { list: endpoint(READABLE, {}) });
  let seen: { traceId: string; parent?: string } | undefined;
  const app = createServiceApp(
    {
      name: 'forms',
      namespaces: [],
      routes: [things],
      bindings: [
        bind(things.endpoints.list, null, async () => {
          const span = trace.getActiveSpan() as
            (ReturnType<typeof trace.getActiveSpan> & { parentSpanContext?: { spanId: string } }) | undefined;
          seen = { traceId: span!.spanContext().traceId, parent: span!.parentSpanContext?.spanId };
          return { body: [] };
        }),
      ],
    },
    { config, store, log: createLogger('forms', 'silent') },
  );
  const res = await request(app)
    .get('/rest/t/v1/things')
    .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  expect(res.status).toBe(200);
  expect(seen).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', parent: 'b7ad6b7169203331' });
});

test('a typed client call carries the active span as its traceparent', async () => {
  const { port } = owner.address() as AddressInfo;
  const client = new ServiceClient({
    service: 'core-content',
    baseUrl: `http://127.0.0.1:${port}`,
    timeoutMs: 2000,
    cacheMs: 0,
    log: createLogger('t', 'silent'),
  });
  let ctx: { traceId: string; spanId: string } | undefined;
  await inSpan('caller', {}, async () => {
    ctx = trace.getActiveSpan()!.spanContext();
    return client.getJson('/rest/core/v2/users/1');
  });
  expect(ownerHeaders.at(-1)?.traceparent).toBe(`00-${ctx!.traceId}-${ctx!.spanId}-01`);
});
