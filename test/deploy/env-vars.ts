/**
 * The environment variables Loom's processes read, found in their source (`env.NAME`, `env['NAME']`,
 * `envInt(env, 'NAME', ...)` and the other env helpers), plus the per-service names the kit derives
 * (`<SERVICE>_PORT`, `<SERVICE>_URL`) and those read by libraries on Loom's behalf (Node, OpenTelemetry's exporter).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, portVar, urlVar } from '@loom/service-kit';

const READ =
  /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\benv[A-Z]\w*\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]+)['"]/g;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Names read by the code of libs/ and services/ (their src/ folders; libs/testing is the tests' harness, no process's code). */
export function envVarsReadByCode(root: string): Set<string> {
  const names = new Set<string>();
  for (const top of ['libs', 'services']) {
    for (const pkg of readdirSync(join(root, top))) {
      if (top === 'libs' && pkg === 'testing') continue;
      let files: string[];
      try {
        files = sources(join(root, top, pkg, 'src'));
      } catch {
        continue;
      }
      for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(READ)) names.add((m[1] ?? m[2] ?? m[3])!);
    }
  }
  for (const s of Object.keys(DEFAULT_PORTS)) {
    names.add(portVar(s));
    if (s !== 'gateway') names.add(urlVar(s)); // where the gateway and the typed clients reach a service
  }
  return names;
}

/** Read by Node itself or by a library from the process environment (OpenTelemetry's OTLP exporter: OTEL_*). */
export const readByLibraries = (name: string) =>
  name === 'NODE_ENV' || name === 'NODE_OPTIONS' || name.startsWith('OTEL_');
