/**
 * No unused exports: knip (knip.json) reads every workspace's sources and tests and reports an export, a type or
 * a re-export that nothing imports, and the same thing exported twice. A lib's index is not exempt: what no
 * service and no test reads is not part of the lib. A finding fails with knip's own report.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const knip = join(root, 'node_modules', 'knip', 'bin', 'knip.js');

test('nothing is exported that nothing imports', () => {
  let report = '';
  try {
    execFileSync(process.execPath, [knip, '--no-progress', '--no-config-hints', '--reporter', 'compact'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    report = `${err.stdout ?? ''}${err.stderr ?? ''}` || String(e);
  }
  expect(report).toBe('');
}, 240_000);
