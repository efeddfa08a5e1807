/**
 * The documentation keeps up with the code: docs/configuration.md has a row for every environment variable the
 * processes read (and none for a variable nothing reads any more), and README.md stays one screen that points to
 * every page of docs/ (the rest of what it used to say lives there).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { envVarsReadByCode, readByLibraries } from '../deploy/env-vars';

const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The variables named in the first column of a markdown table whose header row starts with `| Variable |`. */
function documentedVariables(markdown: string): Set<string> {
  const start = markdown.indexOf('| Variable |');
  if (start < 0) return new Set();
  const rows = markdown.slice(start).split('\n\n')[0]!.split('\n').slice(2);
  return new Set(
    rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
}

/** Variables the repository's own scripts read (`npm start`'s scripts/start.js, `npm run seed`'s scripts/seed.js). */
function readByScripts(): Set<string> {
  const names = new Set<string>();
  for (const f of readdirSync(join(ROOT, 'scripts')).filter((n) => n.endsWith('.js'))) {
    for (const m of read(`scripts/${f}`).matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
      names.add((m[1] ?? m[2])!);
  }
  return names;
}

const configuration = read('docs/configuration.md');
const documented = documentedVariables(configuration);

test('docs/configuration.md has a row for every environment variable the code reads', () => {
  expect(documented.size).toBeGreaterThan(50); // the table was found and read
  const missing = [...envVarsReadByCode(ROOT)].filter((name) => !documented.has(name)).sort();
  expect(missing).toEqual([]);
});

test('every variable docs/configuration.md describes is read by something', () => {
  const code = envVarsReadByCode(ROOT);
  const scripts = readByScripts();
  const unread = [...documented]
    .filter((name) => !code.has(name) && !readByLibraries(name) && !scripts.has(name))
    .sort();
  expect(unread).toEqual([]);
});

test('the checks find what they are for', () => {
  const table =
    '| Variable | Used by | Default | Meaning |\n|---|---|---|---|\n| `A_B` | all | `1` | Uses `NOT_A_ROW`. |\n| `CC`, `D_E` | x | y | z |\n\n| `F` | after the table |';
  expect([...documentedVariables(table)]).toEqual(['A_B', 'CC', 'D_E']);
  expect(readByScripts().has('LOOM_SEED_URL')).toBe(true);
});

const readme = read('README.md');

test('README.md is one screen', () => {
  expect(readme.split('\n').length).toBeLessThanOrEqual(150);
});

test('README.md links every page of docs/', () => {
  const pages = readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'));
  expect(pages.length).toBeGreaterThan(5);
  const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]!));
  expect(pages.filter((p) => !linked.has(`docs/${p}`))).toEqual([]);
});

test('README.md keeps the table of what the API serves as the end-to-end test reads it', () => {
  // test/e2e/startup.e2e.test.ts takes the lines from this header to the first blank line.
  const at = readme.indexOf('| Namespace | Resources | State |');
  expect(at).toBeGreaterThan(0);
  const rows = readme.slice(at).split('\n\n')[0]!.split('\n').slice(2);
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.every((r) => /^\| .+ \| .+ \| .+ \|$/.test(r))).toBe(true);
});
