/**
 * The harness closes what a suite started even when the suite never does (cleanup.ts, environment.js): a listening
 * server left open by a file is closed at the file's end, one that finishes starting after that is closed at once,
 * and a suite's own close() and the file's end close it once between them.
 */
import { connect } from 'node:net';
import express from 'express';
import { closedAtEnd, eventually, listen } from '@loom/testing';
// The environment every suite runs in (jest.config.js); its teardown is what a file's end runs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LoomEnvironment = require('../environment.js') as new (
  config: unknown,
  context: unknown,
) => { global: Record<string, unknown>; teardown(): Promise<void> };

interface Harness {
  open: Set<() => Promise<void>>;
  ended: boolean;
}
const harness = (globalThis as unknown as { __loomHarness: Harness }).__loomHarness;

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

test("a server the suite leaves open is closed at the file's end", async () => {
  const server = await listen(express());
  expect(harness.open.size).toBe(1);
  // What the file's end runs: everything still open, closed.
  for (const close of [...harness.open]) await close();
  expect(await accepts(server.port)).toBe(false);
  expect(harness.open.size).toBe(0);
});

test("the suite's close and the file's end close once between them", async () => {
  let closes = 0;
  const close = closedAtEnd(async () => void closes++);
  expect(harness.open.has(close)).toBe(true);
  await Promise.all([close(), close()]);
  expect(harness.open.has(close)).toBe(false);
  await close();
  expect(closes).toBe(1);
});

test('what finishes starting after the file ended is closed at once', async () => {
  harness.ended = true;
  try {
    const server = await listen(express());
    // Nobody calls close(): the harness did, as the server was made.
    await eventually(async () => !(await accepts(server.port)));
    expect(harness.open.size).toBe(0);
  } finally {
    harness.ended = false;
  }
});

test("the environment's teardown closes what is open, and waits for it", async () => {
  const env = new LoomEnvironment(
    { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {} } },
    { console, docblockPragmas: {}, testPath: __filename },
  );
  const own = env.global.__loomHarness as Harness;
  const closed: string[] = [];
  own.open.add(async () => {
    await new Promise((r) => setTimeout(r, 50));
    closed.push('slow');
  });
  own.open.add(() => Promise.reject(new Error('a close that fails does not stop the others')));
  own.open.add(async () => void closed.push('fast'));
  await env.teardown();
  expect(closed.sort()).toEqual(['fast', 'slow']);
  expect(own).toMatchObject({ ended: true });
  expect(own.open.size).toBe(0);
});
