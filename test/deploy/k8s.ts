/**
 * Validation of built Kubernetes objects with the `kubernetes-models` package (the Kubernetes 1.33 OpenAPI
 * schemas, compiled to validators, and the same schemas as TypeScript types), offline:
 * - schema: each object against its kind's JSON schema (types, enums, required fields, formats);
 * - unknown fields: the JSON schemas allow any extra property, as the API server's schema does, while
 *   `kubectl apply` (strict field validation) refuses them; so every object is also type-checked as an object
 *   literal of its kind's interface, where TypeScript's excess-property check finds a misspelt field at any depth.
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize';

/** `apps/v1` → `kubernetes-models/apps/v1`; the core group's `v1` → `kubernetes-models/v1`. */
const modulePath = (apiVersion: string) => `kubernetes-models/${apiVersion}`;

export function schemaErrors(o: K8sObject): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module depends on the object's apiVersion
  const mod = require(modulePath(o.apiVersion)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = mod[o.kind];
  if (!Model) return `${o.apiVersion} ${o.kind}: no such kind in Kubernetes 1.33`;
  try {
    new Model(structuredClone(o)).validate();
    return undefined;
  } catch (err) {
    return `${o.kind}/${o.metadata.name}: ${(err as Error).message}`;
  }
}

/** TypeScript diagnostics of the objects typed as their kinds' interfaces (unknown and mistyped fields). */
export function typeErrors(objects: K8sObject[], root: string): string[] {
  const imports = new Map<string, string>();
  const lines = objects.map((o, i) => {
    const alias = `K${imports.size}`;
    const key = `${o.apiVersion}/${o.kind}`;
    if (!imports.has(key)) imports.set(key, alias);
    return `export const o${i}: ${imports.get(key)} = ${JSON.stringify(o)};`;
  });
  const header = [...imports].map(([key, alias]) => {
    const kind = key.split('/').pop()!;
    const apiVersion = key.slice(0, -kind.length - 1);
    return `import type { I${kind} as ${alias} } from '${modulePath(apiVersion)}/${kind}';`;
  });
  const file = join(root, 'test/deploy/__manifests__.ts');
  const text = [...header, ...lines].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, lang, ...rest) =>
    name === file ? ts.createSourceFile(name, text, lang) : getSourceFile.call(host, name, lang, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const o = d.file?.fileName === file && where >= header.length ? objects[where - header.length] : undefined;
    return `${o ? `${o.kind}/${o.metadata.name}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 600)}`;
  });
}
