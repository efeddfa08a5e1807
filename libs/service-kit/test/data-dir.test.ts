/**
 * DATA_DIR's default does not depend on the working directory: `npm start -w services/<name>` runs in the
 * service's folder and must use the same stores as `npm start` (the repository's `data/`), not an empty
 * `services/<name>/data` with a second administrator.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultDataDir, loadConfig, projectRoot } from '../src';

const ROOT = resolve(__dirname, '../../..');

test('the default is data/ at the repository root; an explicit DATA_DIR wins', () => {
  expect(projectRoot()).toBe(ROOT);
  expect(defaultDataDir()).toBe(join(ROOT, 'data'));
  expect(loadConfig('events', {}).dataDir).toBe(join(ROOT, 'data'));
  expect(loadConfig('events', { DATA_DIR: '/srv/loom' }).dataDir).toBe('/srv/loom');
});

test('the root is the nearest folder above whose package.json declares workspaces; none: undefined', () => {
  const top = mkdtempSync(join(tmpdir(), 'loom-root-'));
  writeFileSync(join(top, 'package.json'), JSON.stringify({ name: 'x', workspaces: ['services/*'] }));
  const service = join(top, 'services', 'events');
  mkdirSync(join(service, 'dist'), { recursive: true });
  writeFileSync(join(service, 'package.json'), JSON.stringify({ name: '@loom/events' })); // a workspace, not the root
  writeFileSync(join(top, 'services', 'package.json'), '{not json'); // unreadable: skipped, not fatal
  expect(projectRoot(join(service, 'dist'))).toBe(top);
  const lone = mkdtempSync(join(tmpdir(), 'loom-lone-'));
  expect(projectRoot(lone)).toBeUndefined();
});

test('a built service started from its own folder, or from anywhere, resolves the same data directory', () => {
  // What serviceMain does at start (loadConfig from the built kit), in real processes with other working directories.
  const kit = join(ROOT, 'libs/service-kit/dist/index.js');
  const env = { PATH: process.env.PATH };
  const dataDirFrom = (cwd: string) =>
    execFileSync(
      process.execPath,
      ['-e', `process.stdout.write(require(${JSON.stringify(kit)}).loadConfig('events').dataDir)`],
      { cwd, env, encoding: 'utf8' },
    );
  for (const cwd of [join(ROOT, 'services/events'), tmpdir(), ROOT]) expect(dataDirFrom(cwd)).toBe(join(ROOT, 'data'));
});
