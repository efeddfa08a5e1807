/**
 * `npm start`'s supervisor (scripts/start.js): a process that dies on its own is restarted after a delay and says
 * so in the log; its namespace answers 503 meanwhile; a stop request stops everything and restarts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Cluster, eventually } from './processes';

const ROOT = resolve(__dirname, '../..');
const cluster = new Cluster();
let launcher: ChildProcess;
let output = '';

/** The pid the launcher last reported for `name`. */
const pidOf = (name: string): number | undefined => {
  const all = [...output.matchAll(new RegExp(`\\[loom\\] ${name} started \\(pid (\\d+)\\)`, 'g'))];
  return all.length ? Number(all[all.length - 1]![1]) : undefined;
};

const up = async (url: string) => {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  await cluster.init();
  launcher = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
    env: cluster.env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  launcher.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  for (const p of ['core-content', 'events', 'forms', 'oembed', 'gateway'] as const) await cluster.waitReady(p);
}, 60000);

afterAll(async () => {
  if (launcher.exitCode === null) {
    const exited = new Promise((r) => launcher.once('exit', r));
    launcher.kill('SIGTERM');
    await exited;
  }
});

test('a service killed from outside comes back by itself; its namespace is 503 in between', async () => {
  const first = pidOf('core-content')!;
  expect(first).toBeGreaterThan(0);
  process.kill(first, 'SIGKILL');
  await eventually(async () => !(await up(cluster.url('core-content'))));
  const meanwhile = await fetch(`${cluster.url()}/rest/core/v2/posts`);
  expect(meanwhile.status).toBe(503);
  expect(await meanwhile.json()).toMatchObject({ code: 'loom_service_unavailable', data: { status: 503 } });
  // The launcher's line arrives through its own pipe: it may come a moment after the port closed.
  await eventually(async () =>
    /\[loom\] core-content exited \(SIGKILL\); restarting it in 1 s \(restart 1\)/.test(output),
  );

  await eventually(async () => (pidOf('core-content') ?? first) !== first && (await up(cluster.url('core-content'))));
  await eventually(async () => (await fetch(`${cluster.url()}/rest/core/v2/posts`)).status === 200);
  // The other processes were left alone.
  expect(output.match(/events started/g)).toHaveLength(1);
}, 30000);

test('a second crash soon after waits twice as long', async () => {
  const pid = pidOf('events')!;
  process.kill(pid, 'SIGKILL');
  await eventually(async () => /events exited \(SIGKILL\); restarting it in 1 s/.test(output));
  await eventually(async () => (pidOf('events') ?? pid) !== pid && (await up(cluster.url('events'))));
  process.kill(pidOf('events')!, 'SIGKILL');
  await eventually(async () => /events exited \(SIGKILL\); restarting it in 2 s \(restart 2\)/.test(output));
  await eventually(async () => up(cluster.url('events')));
}, 30000);

test('SIGTERM stops every process and restarts none', async () => {
  const exited = new Promise<number | null>((r) => launcher.once('exit', (code) => r(code)));
  launcher.kill('SIGTERM');
  expect(await exited).toBe(0);
  for (const p of ['core-content', 'events', 'forms', 'oembed', 'gateway'] as const)
    expect(await up(cluster.url(p))).toBe(false);
  expect(output).not.toMatch(/exited \(.*\); restarting it in .* \(restart 3\)/);
}, 30000);
