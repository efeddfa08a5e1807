/**
 * WorkQueue: jobs stored first, handled under a lease (two workers on one store never take one job), retried with
 * backoff until done, `failed` when retrying cannot help, and taken up again by the next worker after a stop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../src/embedded';
import type { Store } from '../src/port';
import { WorkQueue, type JobOutcome, type QueuedJob } from '../src/work-queue';

let dir: string;
let store: Store;
const queues: WorkQueue<string>[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loom-queue-'));
  store = await openEmbeddedStore(dir);
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const queue = (handle: (payload: string, id: string) => Promise<JobOutcome>) => {
  const q = new WorkQueue<string>({ store, collection: 'jobs', handle, retryBaseMs: 20, retryMaxMs: 40, pollMs: 10 });
  queues.push(q);
  return q;
};
const jobs = () => store.collection<QueuedJob<string>>('jobs').find({}, { sort: { id: 1 } });
const until = async (check: () => Promise<boolean> | boolean) => {
  // Bounded (10 s), and long enough for a loaded machine: the outcomes, not the timing, are what is asserted.
  for (let i = 0; i < 1000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await check()).toBe(true);
};

test('two workers on one store: every job handled once, then deleted; an id enqueued again is the same job', async () => {
  const handled: string[] = [];
  const slow = async (payload: string): Promise<JobOutcome> => {
    handled.push(payload);
    await new Promise((r) => setTimeout(r, 5));
    return { done: true };
  };
  const [a, b] = [queue(slow), queue(slow)];
  for (let i = 0; i < 20; i++) await (i % 2 ? a : b).enqueue(`job-${i}`, `payload-${i}`);
  await a.enqueue('job-0', 'payload-0 again');
  await Promise.all([a.start(), b.start()]);
  await until(async () => (await jobs()).length === 0);
  expect(handled.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `payload-${i}`).sort());
});

test('a failure is retried after a backoff until done; a throw is a failure', async () => {
  const attempts: number[] = [];
  let before: QueuedJob<string> | undefined;
  const q = queue(async () => {
    attempts.push(Date.now());
    if (attempts.length === 1) throw new Error('boom');
    // The second attempt sees what the first left stored (read here, so no timing decides what is seen).
    if (attempts.length === 2) [before] = await jobs();
    return attempts.length < 3 ? { done: false, error: 'not yet' } : { done: true };
  });
  await q.start();
  await q.enqueue('j', 'p');
  await until(async () => (await jobs()).length === 0);
  expect(before).toMatchObject({ state: 'pending', attempts: 2, last_error: 'boom' });
  expect(attempts).toHaveLength(3);
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(15); // 20 ms less up to 20 % jitter
});

test('a permanent failure, or too many attempts, leaves the job `failed`, never tried again', async () => {
  let calls = 0;
  const refuse = async (payload: string): Promise<JobOutcome> => {
    calls++;
    return { done: false, error: `no ${payload}`, permanent: payload === 'bad' };
  };
  const q = queue(refuse);
  const capped = new WorkQueue<string>({
    store,
    collection: 'jobs',
    handle: refuse,
    maxAttempts: 2,
    retryBaseMs: 5,
    pollMs: 10,
  });
  queues.push(capped);
  await q.enqueue('bad', 'bad');
  await q.start();
  await until(async () => (await jobs())[0]?.state === 'failed');
  expect(calls).toBe(1);
  await q.stop();
  await capped.enqueue('flaky', 'flaky');
  await capped.start();
  await until(async () => (await jobs()).every((j) => j.state === 'failed'));
  expect((await jobs()).map((j) => [j.id, j.attempts, j.last_error])).toEqual([
    ['bad', 1, 'no bad'],
    ['flaky', 2, 'no flaky'],
  ]);
  await new Promise((r) => setTimeout(r, 100));
  expect(calls).toBe(3);
  expect(await capped.pending()).toBe(0);
});

test('jobs left by a stopped worker are handled by the next one', async () => {
  const first = queue(async () => ({ done: false, error: 'down' }));
  await first.enqueue('j', 'p');
  await first.start();
  await until(async () => (await jobs())[0]?.attempts === 1);
  await first.stop();
  const done: string[] = [];
  const next = queue(async (p) => (done.push(p), { done: true }));
  await next.start();
  await until(async () => (await jobs()).length === 0);
  expect(done).toEqual(['p']);
});
