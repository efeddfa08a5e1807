/**
 * The answer cache across gateway replicas (answer-cache/cluster.ts), with a real nats-server and the real
 * core-content: a write through one replica is seen by the very next read through another; a replica that is
 * cut off from NATS, or that hears a peer go silent, stops replaying; a replica that leaves frees the others.
 */
import request from 'supertest';
import { createLogger } from '@loom/service-kit';
import type { Gateway } from '../src';
import { createGatewayAnswers } from '../src/answer-cache';
import {
  eventually,
  startCounter,
  startGateway,
  startNats,
  startWorld,
  type NatsServer,
  type Running,
  type World,
} from '@loom/testing';

jest.setTimeout(60_000);

const TIMING = { heartbeatMs: 50, leaseMs: 200, forgetMs: 1500 };
const LIST = '/rest/core/v2/posts';

let w: World;
let nats: NatsServer;
let counter: Running & { count(path: string): number; reset(): void };
const replicas: Gateway[] = [];

async function replica(): Promise<Gateway> {
  const answers = createGatewayAnswers({
    settings: { mode: 'auto', maxAgeMs: 60_000 },
    natsUrl: nats.url,
    log: createLogger('test', 'silent'),
    timing: TIMING,
  });
  const gw = await startGateway({ upstreams: { 'core-content': counter.url }, answers });
  await answers!.started;
  replicas.push(gw);
  return gw;
}
const serving = (gw: Gateway) => gw.answers!.coordination.mayServe();
const titles = async (gw: Gateway) =>
  ((await request(gw.app).get(LIST)).body as Array<{ title: { rendered: string } }>).map((p) => p.title.rendered);
const reads = () => counter.count(LIST);
/** Reads LIST twice through `gw` and says whether the second came from its cache. */
async function replays(gw: Gateway): Promise<boolean> {
  await request(gw.app).get(LIST);
  counter.reset();
  await request(gw.app).get(LIST);
  return reads() === 0;
}

/** Two replicas, once both replay. */
async function servingPair(): Promise<[Gateway, Gateway]> {
  const [a, b] = [await replica(), await replica()];
  await eventually(async () => serving(a) && serving(b));
  return [a, b];
}

beforeAll(async () => {
  [w, nats] = await Promise.all([startWorld(), startNats()]);
  counter = await startCounter(w.core.url);
});
// Each test starts with no replica running.
afterEach(async () => {
  await Promise.all(replicas.map((gw) => gw.answers!.coordination.close()));
  for (const gw of replicas) gw.close();
  replicas.length = 0;
});
afterAll(async () => {
  await counter.close();
  await nats.dispose();
  await w.close();
});

test('three replicas: each replays once all know each other; a write through one is seen at once through the others', async () => {
  const [a, b, c] = [await replica(), await replica(), await replica()];
  await eventually(async () => serving(a) && serving(b) && serving(c));
  for (const gw of [a, b, c]) expect(await replays(gw)).toBe(true);
  for (let i = 0; i < 5; i++) {
    const [writer, reader] = i % 2 ? [b, c] : [a, b];
    const made = await request(writer.app)
      .post(LIST)
      .set(w.auth.editor)
      .send({ title: `Across ${i}`, status: 'publish' });
    expect(made.status).toBe(201);
    // No wait: the write's answer came only once every replica had emptied its cache.
    expect(await titles(reader)).toContain(`Across ${i}`);
    expect(await titles(a)).toContain(`Across ${i}`);
  }
});

test('a replica cut off from NATS stops replaying; so do the others while they cannot hear it; all resume when it is back', async () => {
  const [a, b] = await servingPair();
  expect(await replays(a)).toBe(true);
  await nats.stop();
  await eventually(async () => !serving(a) && !serving(b));
  expect(await replays(a)).toBe(false);
  // Writes still work without NATS (the cache is not replaying anywhere).
  const made = await request(a.app)
    .post(LIST)
    .set(w.auth.editor)
    .send({ title: 'During the outage', status: 'publish' });
  expect(made.status).toBe(201);
  expect(await titles(b)).toContain('During the outage');
  await nats.start();
  await eventually(async () => serving(a) && serving(b), 10_000);
  expect(await titles(b)).toContain('During the outage');
  expect(await replays(b)).toBe(true);
});

test('a replica that stops says so: the others keep replaying', async () => {
  const [a, b] = await servingPair();
  await b.answers!.coordination.close();
  await new Promise((r) => setTimeout(r, TIMING.leaseMs * 2));
  expect(serving(a)).toBe(true);
  expect(await replays(a)).toBe(true);
});

test('a replica that vanishes holds the others back until it is forgotten', async () => {
  const [a, b] = await servingPair();
  // Silence b without a goodbye: its heartbeats stop, as when its process dies.
  const cluster = b.answers!.coordination as unknown as { heartbeat: NodeJS.Timeout };
  clearInterval(cluster.heartbeat);
  await eventually(async () => !serving(a));
  await eventually(async () => serving(a), TIMING.forgetMs * 3);
  expect(await replays(a)).toBe(true);
});

test('a new replica is waited for: the others list it before it replays, and its writes reach them', async () => {
  const a = await replica();
  await eventually(async () => serving(a));
  await titles(a);
  const b = await replica();
  expect(serving(b)).toBe(false); // not before it has heard the others and they list it
  await eventually(async () => serving(b));
  const made = await request(b.app)
    .post(LIST)
    .set(w.auth.editor)
    .send({ title: 'From the newcomer', status: 'publish' });
  expect(made.status).toBe(201);
  expect(await titles(a)).toContain('From the newcomer');
});
