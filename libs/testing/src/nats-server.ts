/**
 * A real `nats-server -js` for the notification tests, on a free port with its own store directory (never the
 * machine's shared server on 4222). The binary is /usr/sbin/nats-server or the first on PATH (`.ci/run`
 * installs it when missing). stop() and start() keep port and store, so a restarted server has the stream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { closedAtEnd } from './cleanup';
import { freePort } from './net';

export function natsServerBinary(): string {
  const candidates = [
    '/usr/sbin/nats-server',
    ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'nats-server')),
  ];
  const found = candidates.find((c) => c && existsSync(c));
  if (!found) throw new Error('nats-server not found in /usr/sbin or PATH (.ci/run installs it)');
  return found;
}

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  running(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** stop() and remove the store directory. */
  dispose(): Promise<void>;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = netConnect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** Starts a JetStream-enabled server; `port` is a free one unless given. */
export async function startNats(port?: number): Promise<NatsServer> {
  const p = port ?? (await freePort());
  const storeDir = mkdtempSync(join(tmpdir(), 'loom-nats-'));
  const bin = natsServerBinary();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const server: NatsServer = {
    url: `nats://127.0.0.1:${p}`,
    port: p,
    storeDir,
    running: () => !!child,
    async start() {
      if (child) return;
      const c = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(p), '-sd', storeDir], { stdio: 'ignore' });
      child = c;
      exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      void exited.then(() => {
        if (child === c) child = undefined;
      });
      const end = Date.now() + 10000;
      while (Date.now() < end) {
        if (!child) throw new Error(`nats-server exited at start (port ${p})`);
        if (await canConnect(p)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`nats-server did not listen on ${p} within 10 s`);
    },
    async stop() {
      const c = child;
      if (!c) return;
      c.kill('SIGTERM');
      const killer = setTimeout(() => c.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
      child = undefined;
    },
    async dispose() {
      await server.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  // A suite that never disposes of its server (its setup timed out) leaves no nats-server running.
  server.dispose = closedAtEnd(server.dispose);
  await server.start();
  return server;
}
