/**
 * package-lock.json must hold every dependency that a package in it declares, every platform's optional binaries
 * included (turbo's @turbo/*, unrs-resolver's bindings, @parcel/watcher's), not only this machine's: `npm ci`
 * refuses a lock file that lacks one ("Missing: @turbo/darwin-64@… from lock file"), on every platform. A lock
 * file written without them is repaired by `npm install --package-lock-only`, which adds them and changes no version.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface LockEntry {
  version?: string;
  /** A workspace's link (`node_modules/@loom/x`): its version is the workspace folder's entry. */
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const ROOT = resolve(__dirname, '../..');
const { packages } = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where node (and npm) find `name` for the package at `location`: its own node_modules, then each parent's. */
function resolveIn(location: string, name: string): string | undefined {
  for (let base = location; ;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Declared dependencies the lock file has no entry for, or (for an exact version) has another version of. */
function missing(kind: 'dependencies' | 'optionalDependencies'): string[] {
  const out: string[] = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const [name, spec] of Object.entries(entry[kind] ?? {})) {
      const found = resolveIn(location, name);
      const target = found ? packages[found]! : undefined;
      const version = target?.link ? packages[target.resolved!]?.version : target?.version;
      if (!target || (/^\d+\.\d+\.\d+$/.test(spec) && version !== spec))
        out.push(`${location || '(root)'} -> ${name}@${spec}`);
    }
  }
  return out;
}

test('every optional dependency of every package has its own entry, for every platform', () => {
  expect(missing('optionalDependencies')).toEqual([]);
  // Not vacuous: turbo's binaries for other platforms than Linux are ones the lock file once lacked.
  for (const name of ['@turbo/linux-64', '@turbo/darwin-arm64', '@turbo/darwin-64', '@turbo/windows-64']) {
    expect([name, resolveIn('node_modules/turbo', name)]).toEqual([name, `node_modules/${name}`]);
  }
});

test('every other dependency has its entry too', () => {
  expect(missing('dependencies')).toEqual([]);
});
