/**
 * OpenTelemetry over real processes: with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a loopback OTLP/HTTP receiver,
 * one request through the gateway gives one trace: the client's traceparent → the gateway's server span → its
 * upstream span → core-content's server span (across the process boundary, by W3C traceparent) → its store spans.
 * Without the variable the SDK is not even loaded.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Cluster, eventually } from './processes';

jest.setTimeout(60_000);

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}
interface Received {
  service: string;
  span: OtlpSpan;
}

const spans: Received[] = [];
let receiver: Server;
const cluster = new Cluster();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && /json/.test(req.headers['content-type'] ?? '')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: OtlpSpan['attributes'] };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ service, span });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await cluster.init({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
  await cluster.start('core-content');
  await cluster.start('gateway', 'healthz');
  // Once the gateway's route index has read core-content the requests below are labelled with their routes (the
  // other services are not started: /readyz stays 503 and lists them as missing).
  await eventually(async () => {
    const ready = (await (await fetch(`${cluster.url()}/readyz`)).json()) as { missing: string[] };
    return !ready.missing.includes('core-content');
  });
});
afterAll(async () => {
  await cluster.stopAll();
  receiver?.close();
});

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined);
};

test('one trace from the client through the gateway to the service and its store', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const clientSpan = '00f067aa0ba902b7';
  const res = await fetch(`${cluster.url()}/rest/core/v2/categories?per_page=5`, {
    headers: { traceparent: `00-${traceId}-${clientSpan}-01` },
  });
  expect(res.status).toBe(200);
  const inTrace = () => spans.filter((s) => s.span.traceId === traceId);
  await eventually(
    async () =>
      inTrace().some((s) => s.service === 'loom-gateway' && s.span.kind === 2) &&
      inTrace().some((s) => s.service === 'loom-core-content' && s.span.name.startsWith('store ')),
  );

  const of = (service: string, pred: (s: OtlpSpan) => boolean) =>
    inTrace()
      .filter((s) => s.service === service && pred(s.span))
      .map((s) => s.span);
  const [gateway] = of('loom-gateway', (s) => s.kind === 2); // SERVER
  expect(gateway).toMatchObject({ name: 'GET /core/v2/categories', parentSpanId: clientSpan });
  expect(attr(gateway!, 'http.response.status_code')).toBe(200);
  const [upstream] = of('loom-gateway', (s) => s.kind === 3); // CLIENT
  expect(upstream).toMatchObject({ name: 'upstream core-content', parentSpanId: gateway!.spanId });
  const [service] = of('loom-core-content', (s) => s.kind === 2);
  expect(service).toMatchObject({ name: 'GET /core/v2/categories', parentSpanId: upstream!.spanId });
  expect(attr(service!, 'loom.request_id')).toBe(res.headers.get('x-request-id'));
  const store = of('loom-core-content', (s) => s.name.startsWith('store '));
  expect(store.length).toBeGreaterThan(0);
  for (const s of store) expect(s.parentSpanId).toBe(service!.spanId);
  expect(store.map((s) => attr(s, 'db.collection.name'))).toContain('terms');
});

// The API package alone may be loaded (prom-client's process metrics read it for exemplars); the SDK, the
// exporter and the context manager are not.
test('off and costless without OTEL_EXPORTER_OTLP_ENDPOINT: no OpenTelemetry SDK module is loaded', () => {
  const kit = join(resolve(__dirname, '../..'), 'libs/service-kit/dist');
  const probe = (env: NodeJS.ProcessEnv) =>
    execFileSync(
      process.execPath,
      [
        '-e',
        `const kit = require(${JSON.stringify(kit)}); const on = kit.initTracing('probe'); kit.tracingMiddleware('probe', () => '/'); console.log(on, Object.keys(require.cache).filter((k) => k.includes('@opentelemetry/') && !k.includes('@opentelemetry/api/')).length)`,
      ],
      { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
    ).trim();
  expect(probe({})).toBe('false 0');
  expect(probe({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toMatch(/^true [1-9]\d*$/);
});

test('a batch item is a span of the batch request, and the service joins it', async () => {
  const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const res = await fetch(`${cluster.url()}/rest/batch/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-1111111111111111-01` },
    body: JSON.stringify({ requests: [{ path: '/core/v2/categories', body: { name: 'Traced' } }] }),
  });
  expect(res.status).toBe(207);
  const inTrace = () => spans.filter((s) => s.span.traceId === traceId).map((s) => ({ ...s.span, service: s.service }));
  await eventually(
    async () =>
      inTrace().some((s) => s.service === 'loom-core-content' && s.kind === 2) &&
      inTrace().some((s) => s.service === 'loom-gateway' && s.kind === 2),
  );
  const gateway = inTrace().find((s) => s.service === 'loom-gateway' && s.kind === 2)!;
  expect(gateway.name).toBe('POST /batch/v1');
  const item = inTrace().find((s) => s.service === 'loom-gateway' && s.kind === 3)!;
  expect(item).toMatchObject({ name: 'upstream core-content', parentSpanId: gateway.spanId });
  const service = inTrace().find((s) => s.service === 'loom-core-content' && s.kind === 2)!;
  expect(service).toMatchObject({ name: 'POST /core/v2/categories', parentSpanId: item.spanId });
});
