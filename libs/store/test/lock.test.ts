/** The embedded store's directory lock: one process per directory, stale locks taken over. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded';
import { LOCK_FILE, StoreLockedError } from '../src/lock';

let dir: string;
const lockFile = () => path.join(dir, LOCK_FILE);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loom-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('open takes the lock (our pid), close releases it, and the directory can be opened again', async () => {
  const store = await openEmbeddedStore(dir);
  expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
  await store.close();
  expect(existsSync(lockFile())).toBe(false);
  const again = await openEmbeddedStore(dir);
  await again.close();
});

test('a second open in the same process is refused until the first closes', async () => {
  const store = await openEmbeddedStore(dir);
  await expect(openEmbeddedStore(dir)).rejects.toThrow(StoreLockedError);
  await expect(openEmbeddedStore(dir)).rejects.toThrow(/already open in this process/);
  // The refused open must not have released the holder's lock.
  expect(existsSync(lockFile())).toBe(true);
  await store.close();
  await (await openEmbeddedStore(dir)).close();
});

test('a lock held by another live process is refused, naming its pid', async () => {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    writeFileSync(lockFile(), `${other.pid}\n`);
    const err = await openEmbeddedStore(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreLockedError);
    expect((err as StoreLockedError).pid).toBe(other.pid);
    expect((err as Error).message).toContain(`in use by process ${other.pid}`);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(other.pid));
  } finally {
    other.kill('SIGKILL');
  }
});

test('stale locks are taken over: a dead pid, garbage, or our own pid from an earlier life', async () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  for (const content of [`${dead}\n`, 'not a pid', '', `${process.pid}\n`]) {
    writeFileSync(lockFile(), content);
    const store = await openEmbeddedStore(dir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    await store.close();
  }
});

test('close does not remove a lock that is no longer ours', async () => {
  const store = await openEmbeddedStore(dir);
  writeFileSync(lockFile(), '999999999\n');
  await store.close();
  expect(readFileSync(lockFile(), 'utf8').trim()).toBe('999999999');
});
