/**
 * The part of kustomize that deploy/k8s uses, for tests: `resources` (files and directories with a
 * kustomization.yaml), `namespace`, `configMapGenerator` / `secretGenerator` (literals, files, envs; behavior
 * merge; a content-hash suffix on the name, and references to it in pod templates renamed), `images`, and
 * `patches` given as JSON 6902 operations with a kind and name-pattern target. Anything else in a
 * kustomization is an error, so a manifest change that needs more of kustomize makes the test say so.
 * (The hash is computed as kustomize does in spirit, not byte for byte: only its presence matters here.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** A node of a parsed manifest: any shape, as the YAML says. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are untyped YAML; the schemas check them
export type Node = any;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

interface Generator {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  type?: string;
  literals?: string[];
  files?: string[];
  envs?: string[];
}

interface Patch {
  target: { kind?: string; name?: string };
  patch: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  patches?: Patch[];
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'configMapGenerator',
  'secretGenerator',
  'images',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PriorityClass',
  'StorageClass',
]);

export interface BuildOptions {
  /** A file a generator reads that is absent (the overlay's gitignored secrets.env): where to read it instead. */
  fallback?: (path: string) => string | undefined;
}

/** Names generated in this build, so that the last step can add their hash suffix. */
const GENERATED = new WeakSet<K8sObject>();

export function kustomize(dir: string, opts: BuildOptions = {}): K8sObject[] {
  const objects = buildDir(dir, opts);
  return renameGenerated(objects);
}

function buildDir(dir: string, opts: BuildOptions): K8sObject[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  for (const key of Object.keys(k))
    if (!SUPPORTED.has(key))
      throw new Error(`${dir}/kustomization.yaml: "${key}" is not supported by the test's kustomize`);
  let objects: K8sObject[] = [];
  for (const r of k.resources ?? []) {
    const path = join(dir, r);
    if (statSync(path).isDirectory()) objects.push(...buildDir(path, opts));
    else objects.push(...readObjects(path));
  }
  for (const [kind, gens] of [
    ['ConfigMap', k.configMapGenerator],
    ['Secret', k.secretGenerator],
  ] as const) {
    for (const g of gens ?? []) objects = generate(objects, kind, g, dir, opts);
  }
  if (k.namespace) for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  for (const image of k.images ?? []) for (const o of objects) setImage(o, image);
  for (const p of k.patches ?? []) applyPatch(objects, p);
  return objects;
}

function readObjects(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((d) => {
      if (d.errors.length) throw new Error(`${path}: ${d.errors[0]!.message}`);
      return d.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null);
}

function readGeneratorFile(path: string, opts: BuildOptions): string {
  if (existsSync(path)) return readFileSync(path, 'utf8');
  const text = opts.fallback?.(path);
  if (text === undefined) throw new Error(`${path}: no such file`);
  return text;
}

function generate(
  objects: K8sObject[],
  kind: 'ConfigMap' | 'Secret',
  g: Generator,
  dir: string,
  opts: BuildOptions,
): K8sObject[] {
  const data: Record<string, string> = {};
  const pair = (line: string, where: string) => {
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${where}: "${line}" is not KEY=VALUE`);
    data[line.slice(0, eq)] = line.slice(eq + 1);
  };
  for (const l of g.literals ?? []) pair(l, `${g.name} literals`);
  for (const f of g.files ?? []) {
    const eq = f.indexOf('=');
    const [key, file] = eq > 0 ? [f.slice(0, eq), f.slice(eq + 1)] : [basename(f), f];
    data[key] = readGeneratorFile(join(dir, file), opts);
  }
  for (const e of g.envs ?? []) {
    for (const line of readGeneratorFile(join(dir, e), opts).split('\n'))
      if (line.trim() && !line.trim().startsWith('#')) pair(line.trim(), e);
  }
  const existing = objects.find((o) => o.kind === kind && o.metadata.name === g.name);
  if (g.behavior === 'merge' || g.behavior === 'replace') {
    if (!existing) throw new Error(`${g.name}: behavior ${g.behavior} without a generated ${kind} to ${g.behavior}`);
    const current = (kind === 'Secret' ? decode(existing.data as Record<string, string>) : existing.data) as Record<
      string,
      string
    >;
    const merged = g.behavior === 'merge' ? { ...current, ...data } : data;
    existing.data = kind === 'Secret' ? encode(merged) : merged;
    return objects;
  }
  if (existing) throw new Error(`${g.name}: generated twice`);
  const o: K8sObject = {
    apiVersion: 'v1',
    kind,
    metadata: { name: g.name },
    ...(g.type ? { type: g.type } : {}),
    data: kind === 'Secret' ? encode(data) : data,
  };
  GENERATED.add(o);
  return [...objects, o];
}

const encode = (d: Record<string, string>) =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
/** A Secret's `data` as the text it holds (line breaks in the base64, as kubectl writes a long value, are ignored). */
export const decode = (d: Record<string, string>) =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));

/** The pod spec of a workload, if it has one. */
export function podSpecOf(o: K8sObject): Record<string, Node> | undefined {
  const spec = o.spec as Record<string, Node> | undefined;
  if (o.kind === 'Pod') return spec;
  return spec?.template?.spec ?? spec?.jobTemplate?.spec?.template?.spec;
}

function setImage(o: K8sObject, image: { name: string; newName?: string; newTag?: string }): void {
  const pod = podSpecOf(o);
  for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
    const name = String(c.image).replace(/[:@].*$/, '');
    if (name !== image.name) continue;
    const tag = image.newTag ?? /:([^:/@]+)$/.exec(String(c.image))?.[1];
    c.image = `${image.newName ?? name}${tag ? `:${tag}` : ''}`;
  }
}

function applyPatch(objects: K8sObject[], p: Patch): void {
  const ops = parse(p.patch) as unknown;
  if (!Array.isArray(ops))
    throw new Error("only JSON 6902 patches (a list of operations) are supported by the test's kustomize");
  const nameRe = p.target.name ? new RegExp(`^(?:${p.target.name})$`) : undefined;
  const targets = objects.filter(
    (o) => (!p.target.kind || o.kind === p.target.kind) && (!nameRe || nameRe.test(o.metadata.name)),
  );
  if (!targets.length) throw new Error(`patch target ${JSON.stringify(p.target)} matches nothing`);
  for (const o of targets) for (const op of ops as Array<{ op: string; path: string; value?: unknown }>) applyOp(o, op);
}

function applyOp(doc: unknown, op: { op: string; path: string; value?: unknown }): void {
  const keys = op.path
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop()!;
  let parent = doc as Record<string, unknown>;
  for (const k of keys) {
    if (!(k in parent)) throw new Error(`patch path ${op.path}: no ${k}`);
    parent = parent[k] as Record<string, unknown>;
  }
  const isArray = Array.isArray(parent);
  switch (op.op) {
    case 'add':
      if (isArray)
        (parent as unknown as unknown[]).splice(
          last === '-' ? (parent as unknown as unknown[]).length : Number(last),
          0,
          op.value,
        );
      else parent[last] = op.value;
      break;
    case 'replace':
      if (!(last in parent)) throw new Error(`patch path ${op.path}: nothing to replace`);
      parent[last] = op.value;
      break;
    case 'remove':
      if (!(last in parent)) throw new Error(`patch path ${op.path}: nothing to remove`);
      if (isArray) (parent as unknown as unknown[]).splice(Number(last), 1);
      else delete parent[last];
      break;
    default:
      throw new Error(`patch op ${op.op} is not supported by the test's kustomize`);
  }
}

/** Adds the content hash to generated names and renames the references pod templates make to them. */
function renameGenerated(objects: K8sObject[]): K8sObject[] {
  const renamed = new Map<string, string>(); // `${kind}/${name}` → hashed name
  for (const o of objects) {
    if (!GENERATED.has(o)) continue;
    const hash = createHash('sha256')
      .update(JSON.stringify([o.kind, o.data, o.type ?? '']))
      .digest('hex')
      .slice(0, 10);
    renamed.set(`${o.kind}/${o.metadata.name}`, `${o.metadata.name}-${hash}`);
    o.metadata.name = `${o.metadata.name}-${hash}`;
  }
  const ref = (kind: string, name: string) => renamed.get(`${kind}/${name}`) ?? name;
  for (const o of objects) {
    const pod = podSpecOf(o);
    if (!pod) continue;
    for (const c of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
      for (const e of c.envFrom ?? []) {
        if (e.configMapRef) e.configMapRef.name = ref('ConfigMap', e.configMapRef.name);
        if (e.secretRef) e.secretRef.name = ref('Secret', e.secretRef.name);
      }
      for (const e of c.env ?? []) {
        if (e.valueFrom?.configMapKeyRef)
          e.valueFrom.configMapKeyRef.name = ref('ConfigMap', e.valueFrom.configMapKeyRef.name);
        if (e.valueFrom?.secretKeyRef) e.valueFrom.secretKeyRef.name = ref('Secret', e.valueFrom.secretKeyRef.name);
      }
    }
    for (const v of pod.volumes ?? []) {
      if (v.configMap) v.configMap.name = ref('ConfigMap', v.configMap.name);
      if (v.secret) v.secret.secretName = ref('Secret', v.secret.secretName);
    }
  }
  return objects;
}
