/**
 * freePort() hands out ports below the kernel's ephemeral range, from a block of this jest worker's own, so no
 * listen on port 0 and no suite in another worker is handed the same number before its suite listens on it.
 */
import { createServer } from 'node:net';
import { once } from 'node:events';
import { freePort } from '@loom/testing';

const block = (Number(process.env.JEST_WORKER_ID) || 1) - 1;

test("ports come from this worker's block, one after another, each closed", async () => {
  const [a, b] = [await freePort(), await freePort()];
  expect(b).toBe(a + 1);
  for (const p of [a, b]) {
    expect(p).toBeGreaterThanOrEqual(20000 + block * 1500);
    expect(p).toBeLessThan(20000 + (block + 1) * 1500);
  }
});

test('a port something listens on is passed over', async () => {
  const taken = createServer();
  taken.listen((await freePort()) + 1, '127.0.0.1');
  await once(taken, 'listening');
  try {
    const port = taken.address() as { port: number };
    expect(await freePort()).toBe(port.port + 1);
  } finally {
    taken.close();
  }
});
