/**
 * The architecture as a test: dependency-cruiser checks libs/ and services/ against .dependency-cruiser.js (no
 * import cycles, type-only ones included; libs below services; services apart; core-content's engine below the
 * types built on it). A violation fails with dependency-cruiser's own report of the offending imports.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const cruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

test('no import cycles, and every dependency points the way the layout says', () => {
  let report = '';
  try {
    execFileSync(
      process.execPath,
      [cruise, 'libs', 'services', '--config', '.dependency-cruiser.js', '--output-type', 'err'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      },
    );
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    report = `${err.stdout ?? ''}${err.stderr ?? ''}` || String(e);
  }
  expect(report).toBe('');
}, 120_000);

test('the check reads the code: it cruises the modules and their imports (a wrong path would pass vacuously)', () => {
  const out = execFileSync(
    process.execPath,
    [cruise, 'libs/contracts/src', '--config', '.dependency-cruiser.js', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8' },
  );
  const summary = (JSON.parse(out) as { summary: { totalCruised: number; totalDependenciesCruised: number } }).summary;
  expect(summary.totalCruised).toBeGreaterThan(10);
  expect(summary.totalDependenciesCruised).toBeGreaterThan(10);
}, 120_000);
