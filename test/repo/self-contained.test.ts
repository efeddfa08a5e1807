/**
 * The repository stands on its own: a fresh clone builds, tests and reads without anything beside it. So no file
 * names a folder of the machine it was written on, no code reaches a path that climbs out of the repository (the
 * forms tests once read their WordPress samples from a folder next to it), and the documents link only to files the
 * repository has.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const SELF = relative(ROOT, __filename).split(sep).join('/'); // its examples below would match
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && f !== SELF && f !== 'package-lock.json' && existsSync(resolve(ROOT, f)));
const TEXT = FILES.filter((f) => /\.(ts|js|mjs|cjs|json|md|sh|ya?ml)$|^\.ci\/run$|(^|\/)Dockerfile$/.test(f));
const CODE = FILES.filter((f) => /\.(ts|js|mjs|cjs|json)$/.test(f));
const DOCS = FILES.filter((f) => f.endsWith('.md'));

/** The paths a pattern finds in a text, with where. */
type Finder = (text: string) => Array<[index: number, path: string]>;
const finder =
  (re: RegExp, path: (m: RegExpMatchArray) => string = (m) => m[1]!): Finder =>
  (text) =>
    [...text.matchAll(re)].map((m) => [m.index!, path(m)]);

/** A folder of the machine it was written on: this workplace's /work, a Mac's home (containers' /home/node is fine). */
const MACHINE_PATH = finder(/(?<![\w.-])\/(?:work|Users)\/[\w.-]+/g, (m) => m[0]);
/** A string literal that starts by going up (`'../x'`): an import, a require, a path joined to __dirname. */
const UPWARD_LITERAL = finder(/['"`]((?:\.\.\/)+[^'"`\s$]*)['"`]/g);
/** `resolve(__dirname, '..', 'x')` and `join(__dirname, …)`: the literal arguments joined. */
const DIRNAME_CALL = finder(/\b(?:resolve|join)\(\s*__dirname((?:\s*,\s*(['"])[^'"]*\2)+)\s*[,)]/g, (m) =>
  [...m[1]!.matchAll(/(['"])([^'"]*)\1/g)].map((a) => a[2]).join('/'),
);
/** A markdown link's target (not a URL with a scheme, not an anchor of the same page). */
const DOC_LINK = finder(/\]\((?![a-z][\w+.-]*:|#)([^)\s#]+)[^)]*\)/g);
/** A `../…` path in backticks. */
const DOC_UPWARD = finder(/`((?:\.\.\/)+[^`\s]+)`/g);

const inside = (abs: string) => abs === ROOT || abs.startsWith(ROOT + sep);
const aFileInside = (abs: string) => inside(abs) && existsSync(abs);
const never = () => false;

/** `file:line path` for each path found in `text` that, resolved from `file`'s folder, is not `ok`. */
function offenders(file: string, text: string, find: Finder, ok: (abs: string) => boolean): string[] {
  return find(text)
    .filter(([, path]) => !ok(resolve(ROOT, dirname(file), path)))
    .map(([index, path]) => `${file}:${text.slice(0, index).split('\n').length} ${path}`);
}
const scan = (files: string[], find: Finder, ok: (abs: string) => boolean) =>
  files.flatMap((f) => offenders(f, readFileSync(resolve(ROOT, f), 'utf8'), find, ok));

test('no file names a folder of a particular machine', () => {
  expect(scan(TEXT, MACHINE_PATH, never)).toEqual([]);
});

test('code reaches no path outside the repository', () => {
  expect(scan(CODE, UPWARD_LITERAL, inside)).toEqual([]);
  expect(scan(CODE, DIRNAME_CALL, inside)).toEqual([]);
});

test('the documents link only to files in the repository', () => {
  expect(scan(DOCS, DOC_LINK, aFileInside)).toEqual([]);
  expect(scan(DOCS, DOC_UPWARD, inside)).toEqual([]);
});

test('the checks find what they are for', () => {
  const samples = 'services/forms/test/samples.ts';
  expect(
    offenders(
      samples,
      "const SAMPLES = path.resolve(__dirname, '../../../../shared/reference/wordpress-samples');",
      UPWARD_LITERAL,
      inside,
    ),
  ).toEqual([`${samples}:1 ../../../../shared/reference/wordpress-samples`]);
  expect(
    offenders(
      samples,
      "import x from '../../src';\nconst S = join(__dirname, '..', '..', '..', '..', 'shared');",
      DIRNAME_CALL,
      inside,
    ),
  ).toEqual([`${samples}:2 ../../../../shared`]);
  expect(offenders(samples, "const S = join(__dirname, 'fixtures/wordpress-samples');", DIRNAME_CALL, inside)).toEqual(
    [],
  );
  const readme =
    'The contract is `../shared/spec/site-rest-interface.md`, the [design](../shared/design.md), [the deploy guide](deploy/k8s/README.md),\n[a missing page](docs/nowhere.md), [WordPress](https://wordpress.org/), [below](#run-it), `../`.';
  expect(offenders('README.md', readme, DOC_UPWARD, inside)).toEqual([
    'README.md:1 ../shared/spec/site-rest-interface.md',
  ]);
  expect(offenders('README.md', readme, DOC_LINK, aFileInside)).toEqual([
    'README.md:1 ../shared/design.md',
    'README.md:2 docs/nowhere.md',
  ]);
  expect(
    offenders(
      'x.ts',
      "readFileSync('/work/shared/x'); const home = '/Users/me/y'; fetch('https://h.example/work/z');",
      MACHINE_PATH,
      never,
    ),
  ).toEqual(['x.ts:1 /work/shared', 'x.ts:1 /Users/me']);
});

test('no installed package, build output or link to one is tracked (node_modules, dist: folders or links)', () => {
  const tracked = execFileSync('git', ['ls-files', '--cached'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  // A worktree's link to another checkout's node_modules was once committed: `node_modules/` ignores folders only.
  expect(tracked.filter((f) => /(^|\/)(node_modules|dist)(\/|$)/.test(f))).toEqual([]);
});
