/**
 * deploy/k8s, built as `kubectl kustomize` would (base and the production overlay; test/deploy/kustomize.ts) and
 * checked offline: every object against the Kubernetes 1.33 schemas (kubernetes-models), then the facts that
 * tie the objects to each other and to the code: selectors and pod labels, Service and container ports, probes
 * answered by the code, autoscaler targets, generated names, the Ingress's paths, the environment the code reads,
 * and, through the NetworkPolicies, every call a process makes (taken from the URLs its environment configures),
 * DNS and Prometheus's scrapes, with calls that must stay closed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { parseAllDocuments } from 'yaml';
import { createLogger, DEFAULT_PORTS, portVar, testConfig, urlVar } from '@loom/service-kit';
import { openStore } from '@loom/store';
import { buildApp as buildForms } from '@loom/forms';
import { buildGateway } from '@loom/gateway';
import { envVarsReadByCode, readByLibraries } from './env-vars';
import { schemaErrors, typeErrors } from './k8s';
import { decode, kustomize, podSpecOf, type K8sObject, type Node } from './kustomize';

jest.setTimeout(60_000);

const ROOT = resolve(__dirname, '../..');
const K8S = join(ROOT, 'deploy/k8s');
const LOOM = ['gateway', 'core-content', 'events', 'forms', 'oembed'] as const;
type Loom = (typeof LOOM)[number];

// The overlay's secrets.env is gitignored: its template stands in (same keys, empty values).
const fallback = (path: string) =>
  path.endsWith('/secrets.env') && existsSync(`${path}.example`) ? readFileSync(`${path}.example`, 'utf8') : undefined;
const builds: Record<'base' | 'production', K8sObject[]> = {
  base: kustomize(join(K8S, 'base')),
  production: kustomize(join(K8S, 'overlays/production'), { fallback }),
};
const prod = builds.production;

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const WORKLOADS = ['Deployment', 'StatefulSet', 'DaemonSet'];
const workloads = (objects: K8sObject[]) => objects.filter((o) => WORKLOADS.includes(o.kind));
const spec = (o: K8sObject) => o.spec as Record<string, Node>;
const podLabels = (w: K8sObject) => (spec(w).template.metadata.labels ?? {}) as Record<string, string>;

type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
};
function selects(sel: Selector | undefined, labels: Record<string, string>): boolean {
  if (!sel) return false;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of sel.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const ok =
      e.operator === 'In'
        ? has && e.values!.includes(labels[e.key]!)
        : e.operator === 'NotIn'
          ? !has || !e.values!.includes(labels[e.key]!)
          : e.operator === 'Exists'
            ? has
            : !has;
    if (!ok) return false;
  }
  return true;
}
/** A Service's selector as a label selector (a plain map). */
const serviceSelects = (svc: K8sObject, labels: Record<string, string>) =>
  Object.keys(spec(svc).selector ?? {}).length > 0 && selects({ matchLabels: spec(svc).selector }, labels);

describe.each(['base', 'production'] as const)('%s: schemas', (which) => {
  test('every object is valid against the Kubernetes 1.33 schema of its kind', () => {
    const objects = builds[which];
    expect(objects.length).toBeGreaterThan(40);
    expect(objects.map(schemaErrors).filter(Boolean)).toEqual([]);
  });

  test('no object has a field its kind does not define (what kubectl apply refuses)', () => {
    expect(typeErrors(builds[which], ROOT)).toEqual([]);
  });
});

// The test's kustomize against the real one, where kubectl (with its built-in kustomize) is installed: the same
// objects, field for field, but for the generated names' hashes (computed differently on purpose).
const kubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!kubectl)
  console.warn('SKIPPED the comparison with `kubectl kustomize` in manifests.test.ts: kubectl is not installed');
(kubectl ? test : test.skip)('the build equals `kubectl kustomize` (base and overlay)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'loom-k8s-'));
  cpSync(K8S, copy, { recursive: true });
  const secrets = join(copy, 'overlays/production/secrets.env');
  // Without one, secrets.env as deploy/k8s/README.md makes it: each empty value an `openssl rand -hex 32`.
  if (!existsSync(secrets))
    writeFileSync(
      secrets,
      readFileSync(`${secrets}.example`, 'utf8').replace(
        /^(\w+)=$/gm,
        (_, key: string) => `${key}=${randomBytes(32).toString('hex')}`,
      ),
    );
  // A Secret is compared by what it holds: kubectl breaks a long base64 value over lines, the test's kustomize does not.
  const plainSecret = (o: K8sObject) =>
    o.kind === 'Secret' && o.data ? { ...o, data: decode(o.data as Record<string, string>) } : o;
  const normal = (objects: unknown[]) =>
    objects
      .map((o) =>
        plainSecret(
          JSON.parse(
            JSON.stringify(o).replace(
              /\b(loom-config|gateway-config|nats-config|loom-secrets)-[a-z0-9]{10}\b/g,
              '$1-HASH',
            ),
          ) as K8sObject,
        ),
      )
      .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));
  try {
    for (const dir of ['base', 'overlays/production']) {
      const out = execFileSync('kubectl', ['kustomize', join(copy, dir)], { encoding: 'utf8', timeout: 60_000 });
      expect(normal(kustomize(join(copy, dir)))).toEqual(
        normal(parseAllDocuments(out).map((d) => d.toJS() as unknown)),
      );
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the validators find what they are for: a wrong type, a misspelt field, an unknown kind', () => {
  const d = structuredClone(named(prod, 'Deployment', 'gateway')!);
  spec(d).template.spec.containers[0].ports[0].containerPort = 'eighty';
  expect(schemaErrors(d)).toMatch(/containerPort must be integer/);
  const e = structuredClone(named(prod, 'Deployment', 'gateway')!);
  spec(e).template.spec.containers[0].readinesProbe = { httpGet: { path: '/readyz', port: 'http' } };
  expect(typeErrors([e], ROOT).join('\n')).toMatch(/readinesProbe/);
  expect(schemaErrors({ apiVersion: 'apps/v1', kind: 'Deploymint', metadata: { name: 'x' } })).toMatch(/no such kind/);
});

test('namespace, image and generated names: the overlay is what kustomize would apply', () => {
  for (const o of prod) {
    if (o.kind === 'Namespace') expect(o.metadata.name).toBe('loom');
    else expect(o.metadata.namespace).toBe('loom');
  }
  for (const w of workloads(prod).filter((w) => LOOM.includes(w.metadata.name as Loom))) {
    expect(podSpecOf(w)!.containers[0].image).toBe('registry.example.com/loom:0.1.0');
  }
  // Every ConfigMap and Secret a pod reads exists in the build, with the keys it reads.
  for (const w of workloads(prod)) {
    const pod = podSpecOf(w)!;
    for (const c of pod.containers) {
      for (const e of c.envFrom ?? []) {
        if (e.configMapRef)
          expect([w.metadata.name, named(prod, 'ConfigMap', e.configMapRef.name)?.kind]).toEqual([
            w.metadata.name,
            'ConfigMap',
          ]);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
        if (!ref) continue;
        const target = named(prod, e.valueFrom.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name);
        expect([w.metadata.name, ref.name, Boolean(target)]).toEqual([w.metadata.name, ref.name, true]);
        if (!ref.optional) expect(Object.keys((target!.data ?? {}) as object)).toContain(ref.key);
      }
    }
    for (const v of pod.volumes ?? [])
      if (v.configMap) expect(named(prod, 'ConfigMap', v.configMap.name)).toBeDefined();
  }
  expect(byKind(prod, 'ConfigMap').map((c) => c.metadata.name)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^loom-config-[0-9a-f]{10}$/)]),
  );
  expect(
    named(
      prod,
      'ConfigMap',
      byKind(prod, 'ConfigMap').find((c) => c.metadata.name.startsWith('loom-config'))!.metadata.name,
    )!.data,
  ).toMatchObject({ LOOM_BASE_URL: 'https://loom.example.com', LOG_FORMAT: 'json' });
});

test('selectors, Services, autoscalers and disruption budgets point at pods that exist', () => {
  for (const objects of Object.values(builds)) {
    for (const w of workloads(objects))
      expect([w.metadata.name, selects(spec(w).selector, podLabels(w))]).toEqual([w.metadata.name, true]);
    for (const svc of byKind(objects, 'Service')) {
      const targets = workloads(objects).filter((w) => serviceSelects(svc, podLabels(w)));
      expect([svc.metadata.name, targets.length]).toEqual([svc.metadata.name, 1]);
      const ports = podSpecOf(targets[0]!)!.containers.flatMap((c: Node) => c.ports ?? []);
      for (const p of spec(svc).ports) {
        const target = p.targetPort ?? p.port;
        expect([
          svc.metadata.name,
          ports.some((cp: Node) => cp.name === target || cp.containerPort === target),
        ]).toEqual([svc.metadata.name, true]);
      }
    }
    for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
      const ref = spec(hpa).scaleTargetRef;
      const target = objects.find(
        (o) => o.kind === ref.kind && o.apiVersion === ref.apiVersion && o.metadata.name === ref.name,
      );
      expect([hpa.metadata.name, Boolean(target)]).toEqual([hpa.metadata.name, true]);
      expect(spec(target!).replicas).toBeUndefined(); // the autoscaler owns it
      expect(spec(hpa).minReplicas).toBeLessThanOrEqual(spec(hpa).maxReplicas);
    }
    for (const pdb of byKind(objects, 'PodDisruptionBudget')) {
      expect([
        pdb.metadata.name,
        workloads(objects).filter((w) => selects(spec(pdb).selector, podLabels(w))).length,
      ]).toEqual([pdb.metadata.name, 1]);
    }
    expect(
      byKind(objects, 'HorizontalPodAutoscaler')
        .map((h) => h.metadata.name)
        .sort(),
    ).toEqual([...LOOM].sort());
  }
});

/** The Loom container of a Deployment, with its environment resolved (envFrom ConfigMaps, then env). */
function loomContainer(name: Loom) {
  const w = named(prod, 'Deployment', name)!;
  const c = podSpecOf(w)!.containers[0];
  const env: Record<string, string> = {};
  for (const e of c.envFrom ?? [])
    if (e.configMapRef) Object.assign(env, named(prod, 'ConfigMap', e.configMapRef.name)!.data);
  for (const e of c.env ?? []) env[e.name] = e.value ?? `<${e.valueFrom?.secretKeyRef?.key ?? 'ref'}>`;
  return {
    w,
    c,
    env,
    port: (c.ports as Array<{ name: string; containerPort: number }>).find((p) => p.name === 'http')!,
  };
}

test('each Loom container runs its own process on its own port, with only variables the code reads', () => {
  const read = envVarsReadByCode(ROOT);
  for (const name of LOOM) {
    const { c, env, port } = loomContainer(name);
    expect(c.command).toEqual(['node', `services/${name}/dist/main.js`]);
    expect(existsSync(join(ROOT, `services/${name}/src/main.ts`))).toBe(true);
    expect(port.containerPort).toBe(DEFAULT_PORTS[name]);
    expect(env[portVar(name)]).toBe(String(port.containerPort));
    // $(VAR) references are Kubernetes's expansion (MONGO_PASSWORD into MONGO_URL): read by Kubernetes, not the code.
    const expanded = new Set(Object.values(env).flatMap((v) => [...v.matchAll(/\$\((\w+)\)/g)].map((m) => m[1]!)));
    const unread = Object.keys(env).filter((k) => !read.has(k) && !readByLibraries(k) && !expanded.has(k));
    expect([name, unread]).toEqual([name, []]);
    expect(env.LOOM_INTERNAL_SECRET).toBeDefined();
    if (name !== 'gateway')
      expect(env.MONGO_URL).toMatch(
        new RegExp(`^mongodb://loom:\\$\\(MONGO_PASSWORD\\)@${name}-mongo-0\\.${name}-mongo:27017/`),
      );
  }
});

test('probes and the scrape path are answered by the code; probe ports are container ports', async () => {
  const gateway = buildGateway({
    config: testConfig('gateway'),
    log: createLogger('gateway', 'silent'),
    env: {},
    indexStartWaitMs: 0,
  });
  const formsConfig = testConfig('forms');
  const store = await openStore({ service: 'forms', dataDir: formsConfig.dataDir });
  const service = await buildForms({ config: formsConfig, store, log: createLogger('forms', 'silent') });
  try {
    for (const w of workloads(prod)) {
      const c = podSpecOf(w)!.containers[0];
      const names = (c.ports ?? []).map((p: { name: string }) => p.name);
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        const get = c[probe]?.httpGet;
        if (!get) continue;
        expect([
          w.metadata.name,
          probe,
          names.includes(get.port) ||
            (c.ports ?? []).some((p: { containerPort: number }) => p.containerPort === get.port),
        ]).toEqual([w.metadata.name, probe, true]);
        if (!LOOM.includes(w.metadata.name as Loom)) continue;
        const app = w.metadata.name === 'gateway' ? gateway.app : service;
        const res = await request(app).get(get.path);
        // Served (a readiness probe may say 503 while not ready; never 404).
        expect([w.metadata.name, get.path, [200, 503].includes(res.status), res.body.service]).toEqual([
          w.metadata.name,
          get.path,
          true,
          w.metadata.name === 'gateway' ? 'gateway' : 'forms',
        ]);
      }
      if (LOOM.includes(w.metadata.name as Loom)) {
        const ann = spec(w).template.metadata.annotations ?? {};
        expect(ann).toEqual({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(loomContainer(w.metadata.name as Loom).port.containerPort),
          'prometheus.io/path': '/metrics',
        });
        const res = await request(w.metadata.name === 'gateway' ? gateway.app : service).get(ann['prometheus.io/path']);
        expect([res.status, res.type]).toEqual([200, 'text/plain']);
        expect(res.text).toContain('loom_http_requests_total');
      }
    }
  } finally {
    gateway.close();
    await store.close();
  }
});

test('the Ingress sends the public paths to the gateway, and never /metrics or the probes', async () => {
  const ingresses = byKind(prod, 'Ingress');
  const paths = ingresses.flatMap((i) =>
    spec(i).rules.flatMap((r: Node) => r.http.paths.map((p: Node) => ({ ...p, host: r.host }))),
  );
  for (const p of paths) {
    const svc = named(prod, 'Service', p.backend.service.name);
    expect([
      p.path,
      svc && spec(svc).ports.some((sp: { port: number }) => sp.port === p.backend.service.port.number),
    ]).toEqual([p.path, true]);
    expect(p.host).toBe('loom.example.com');
  }
  // As ingress-nginx matches: once an Ingress of a host sets use-regex, every path of that host (in any Ingress, of any
  // pathType) is a case-insensitive regular expression anchored at its start, so an Exact `/` would match every URL.
  const regexHosts = new Set(
    ingresses
      .filter((i) => i.metadata.annotations?.['nginx.ingress.kubernetes.io/use-regex'] === 'true')
      .flatMap((i) => spec(i).rules.map((r: Node) => r.host)),
  );
  const matches = (p: Node, url: string) =>
    regexHosts.has(p.host)
      ? new RegExp(`^${p.path}`, 'i').test(url)
      : p.pathType === 'Exact'
        ? url === p.path
        : url === p.path || url.startsWith(`${p.path.replace(/\/$/, '')}/`);
  const backend = (url: string) => paths.find((p) => matches(p, url))?.backend.service;
  const gateway = { name: 'gateway', port: { number: 8080 } };
  // The front page (with the discovery Link) and the sign-in pages, which the gateway serves; media files and embed
  // pages, which it forwards; the API.
  const served = ['/', '/admin/authorize-application', '/wp-login.php', '/wp-admin/admin-ajax.php'];
  const forwarded = ['/uploads/2024/05/photo.jpg', '/2024/05/hello/embed/', '/hello/embed'];
  const api = [
    '/rest/',
    '/rest/core/v2/posts',
    '/wp-json/',
    '/wp-json/wp/v2/posts',
    '/api-docs/',
    '/api-docs/openapi.json',
  ];
  for (const url of [...served, ...forwarded, ...api]) expect([url, backend(url)]).toEqual([url, gateway]);
  for (const url of ['/metrics', '/healthz', '/readyz', '/_loom/routes', '/2024/05/hello/', '/favicon.ico'])
    expect([url, backend(url)]).toEqual([url, undefined]);
  expect(ingresses.every((i) => spec(i).tls?.[0]?.secretName === 'loom-tls')).toBe(true);

  // And the gateway answers them: its own pages, and a 503 for those it forwards to a service that is down here
  // (where it has no route, it answers 404 rest_no_route).
  const down = 'http://127.0.0.1:1';
  const upstreams = { 'core-content': down, events: down, forms: down, oembed: down };
  const { app, close } = buildGateway({
    config: testConfig('gateway'),
    log: createLogger('gateway', 'silent'),
    env: {},
    upstreams,
    indexStartWaitMs: 0,
  });
  try {
    const home = await request(app).get('/');
    expect([home.status, home.headers.link]).toEqual([200, '<http://loom.test/wp-json/>; rel="https://api.w.org/"']);
    expect((await request(app).get('/admin/authorize-application?app_name=Test')).status).toBe(200);
    expect((await request(app).get('/wp-login.php')).status).toBe(200);
    // admin-ajax.php's answer to a visitor: 0 with a 400, as WordPress's.
    const ajax = await request(app).get('/wp-admin/admin-ajax.php?action=rest-nonce');
    expect([ajax.status, ajax.text]).toEqual([400, '0']);
    for (const url of [...forwarded, '/wp-json/wp/v2/posts'])
      expect([url, (await request(app).get(url)).status]).toEqual([url, 503]);
  } finally {
    close();
  }
});

// ---------------------------------------------------------------------------------------------------------
// NetworkPolicies, evaluated as a CNI does: a connection needs an egress allowance of the source (if any policy
// selects it for Egress) and an ingress allowance of the destination (likewise).

interface Peer {
  namespace: string;
  labels: Record<string, string>;
}
interface Port {
  number: number;
  name?: string;
  protocol?: string;
}

const policies = byKind(prod, 'NetworkPolicy');
const nsLabels = (ns: string) => ({ 'kubernetes.io/metadata.name': ns });

function peerAllowed(rulePeers: Node[] | undefined, peer: Peer, policyNs: string): boolean {
  if (!rulePeers) return true; // no from/to: everyone
  return rulePeers.some((r) => {
    if (r.ipBlock) return false; // pod-to-pod traffic is judged by selectors here
    if (r.namespaceSelector && !selects(r.namespaceSelector, nsLabels(peer.namespace))) return false;
    if (!r.namespaceSelector && peer.namespace !== policyNs) return false;
    return r.podSelector ? selects(r.podSelector, peer.labels) : true;
  });
}
const portAllowed = (rulePorts: Node[] | undefined, port: Port) =>
  !rulePorts ||
  rulePorts.some(
    (p) =>
      (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP') &&
      (p.port === undefined || p.port === port.number || p.port === port.name),
  );

function side(of: Peer, other: Peer, port: Port, type: 'Ingress' | 'Egress'): boolean {
  const mine = policies.filter(
    (p) =>
      p.metadata.namespace === of.namespace &&
      selects(spec(p).podSelector, of.labels) &&
      spec(p).policyTypes.includes(type),
  );
  if (!mine.length) return true; // nothing isolates this pod in this direction
  const rules = mine.flatMap((p) =>
    (type === 'Ingress' ? (spec(p).ingress ?? []) : (spec(p).egress ?? [])).map((r: Node) => ({
      r,
      ns: p.metadata.namespace!,
    })),
  );
  return rules.some(
    ({ r, ns }) => peerAllowed(type === 'Ingress' ? r.from : r.to, other, ns) && portAllowed(r.ports, port),
  );
}
const allowed = (from: Peer, to: Peer, port: Port) => side(from, to, port, 'Egress') && side(to, from, port, 'Ingress');

const podOf = (name: string): Peer => ({
  namespace: 'loom',
  labels: podLabels(workloads(prod).find((w) => w.metadata.name === name)!),
});

/** The pods and port a URL of a pod's environment reaches: `scheme://[user@]host:port`, host a Service (or pod.Service). */
function target(url: string): { service: string; to: Peer; port: Port } {
  const m = /^[a-z]+:\/\/(?:[^@/]*@)?([a-z0-9.-]+):(\d+)/.exec(url)!;
  const host = m[1]!.split('.');
  const service = host.length > 1 ? host[1]! : host[0]!;
  const svc = named(prod, 'Service', service)!;
  expect([url, Boolean(svc)]).toEqual([url, true]);
  const sp = spec(svc).ports.find((p: { port: number }) => p.port === Number(m[2]));
  expect([url, Boolean(sp)]).toEqual([url, true]);
  const w = workloads(prod).find((x) => serviceSelects(svc, podLabels(x)))!;
  const cp = podSpecOf(w)!
    .containers.flatMap((c: Node) => c.ports ?? [])
    .find((p: Node) => p.name === (sp.targetPort ?? sp.port) || p.containerPort === (sp.targetPort ?? sp.port));
  return {
    service,
    to: { namespace: 'loom', labels: podLabels(w) },
    port: { number: cp.containerPort, name: cp.name, protocol: cp.protocol },
  };
}

test('every call a process makes is configured and allowed by the NetworkPolicies', () => {
  // What the code calls: the gateway every service (their *_URL) and NATS; events and oembed core-content
  // through their typed clients; core-content forms (the mail it hands over); each service its own MongoDB; every
  // process NATS and core-content (the site options' notification and source).
  const expected: Record<Loom, string[]> = {
    gateway: [...LOOM.filter((s) => s !== 'gateway').map((s) => urlVar(s)), 'NATS_URL'],
    'core-content': ['MONGO_URL', urlVar('forms'), 'NATS_URL'],
    events: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
    forms: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
    oembed: ['MONGO_URL', urlVar('core-content'), 'NATS_URL'],
  };
  const calls: string[] = [];
  for (const name of LOOM) {
    const { env } = loomContainer(name);
    for (const v of expected[name]) expect([name, v, env[v]]).toEqual([name, v, expect.stringMatching(/^[a-z]+:\/\//)]);
    for (const [k, url] of Object.entries(env)) {
      if (!/^[a-z]+:\/\/.+:\d+/.test(url) || k === 'LOOM_BASE_URL' || k === 'LOOM_HOME_URL') continue;
      const t = target(url);
      calls.push(`${name} -> ${t.service}:${t.port.number}`);
      expect([name, k, allowed(podOf(name), t.to, t.port)]).toEqual([name, k, true]);
    }
  }
  expect(calls.sort()).toEqual(
    [
      'gateway -> core-content:8081',
      'gateway -> events:8082',
      'gateway -> forms:8083',
      'gateway -> oembed:8084',
      'gateway -> nats:4222',
      'core-content -> core-content-mongo:27017',
      'events -> events-mongo:27017',
      'forms -> forms-mongo:27017',
      'oembed -> oembed-mongo:27017',
      'events -> core-content:8081',
      'oembed -> core-content:8081',
      'core-content -> forms:8083',
      'core-content -> events:8082',
      'forms -> core-content:8081',
      'core-content -> nats:4222',
      'events -> nats:4222',
      'forms -> nats:4222',
      'oembed -> nats:4222',
    ].sort(),
  );
});

test('the ingress controller reaches the gateway, Prometheus every Loom process, every pod the DNS', () => {
  const controller: Peer = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
  const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
  const dns: Peer = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
  expect(allowed(controller, podOf('gateway'), { number: 8080, name: 'http' })).toBe(true);
  for (const name of LOOM) {
    const { port } = loomContainer(name);
    expect([name, allowed(prometheus, podOf(name), { number: port.containerPort, name: port.name })]).toEqual([
      name,
      true,
    ]);
  }
  for (const w of workloads(prod)) {
    expect([
      w.metadata.name,
      allowed(podOf(w.metadata.name), dns, { number: 53, protocol: 'UDP' }),
      allowed(podOf(w.metadata.name), dns, { number: 53 }),
    ]).toEqual([w.metadata.name, true, true]);
  }
});

test('and nothing else: calls the design does not make stay closed', () => {
  const controller: Peer = { namespace: 'ingress-nginx', labels: {} };
  const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
  const closed: Array<[Peer, string, Port]> = [
    [podOf('forms'), 'events', { number: 8082, name: 'http' }],
    [podOf('oembed'), 'events', { number: 8082, name: 'http' }],
    [podOf('events'), 'forms', { number: 8083, name: 'http' }],
    [podOf('core-content'), 'nats', { number: 8222, name: 'monitor' }],
    [podOf('gateway'), 'core-content-mongo', { number: 27017, name: 'mongo' }],
    [podOf('events'), 'core-content-mongo', { number: 27017, name: 'mongo' }],
    [controller, 'core-content', { number: 8081, name: 'http' }],
    [prometheus, 'core-content-mongo', { number: 27017, name: 'mongo' }],
    [
      { namespace: 'default', labels: { 'app.kubernetes.io/name': 'prometheus' } },
      'gateway',
      { number: 8080, name: 'http' },
    ],
  ];
  for (const [from, to, port] of closed)
    expect([from.labels['app.kubernetes.io/name'] ?? from.namespace, to, allowed(from, podOf(to), port)]).toEqual([
      from.labels['app.kubernetes.io/name'] ?? from.namespace,
      to,
      false,
    ]);
});
