/**
 * Starts the built services and the gateway as real processes on free ports with their own data
 * directory, as `npm start` and Kubernetes do. Used by the end-to-end suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// The harness's: a port no other suite, in this worker or another, is handed at the same time.
import { freePort } from '@loom/testing';

const ROOT = resolve(__dirname, '../..');
export const SERVICES = ['core-content', 'events', 'forms', 'oembed'] as const;
export type Proc = (typeof SERVICES)[number] | 'gateway';

const envName = (s: string) => s.toUpperCase().replace(/-/g, '_');

export class Cluster {
  readonly ports = {} as Record<Proc, number>;
  readonly procs = new Map<Proc, ChildProcess>();
  readonly logs = new Map<Proc, string>();
  readonly dataDir = mkdtempSync(join(tmpdir(), 'loom-e2e-'));
  readonly secret = 'e2e-secret';
  env: NodeJS.ProcessEnv = {};

  async init(extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
    for (const p of [...SERVICES, 'gateway'] as Proc[]) this.ports[p] = await freePort();
    this.env = {
      PATH: process.env.PATH,
      LOOM_INTERNAL_SECRET: this.secret,
      LOOM_BASE_URL: `http://127.0.0.1:${this.ports.gateway}`,
      DATA_DIR: this.dataDir,
      LOG_FORMAT: 'json',
      LOOM_INDEX_REFRESH_MS: '300',
      LOOM_SHUTDOWN_TIMEOUT_MS: '3000',
      // Test traffic stays on loopback: the oEmbed proxy answers this site's URLs only and never connects out.
      LOOM_OEMBED_REMOTE: 'off',
      ...Object.fromEntries(
        (Object.keys(this.ports) as Proc[]).map((p) => [`${envName(p)}_PORT`, String(this.ports[p])]),
      ),
      ...Object.fromEntries(SERVICES.map((s) => [`${envName(s)}_URL`, `http://127.0.0.1:${this.ports[s]}`])),
      ...extraEnv,
    };
  }

  url(p: Proc = 'gateway'): string {
    return `http://127.0.0.1:${this.ports[p]}`;
  }

  /**
   * Starts `p` and waits for it: `readyz` (default; the gateway is ready once every service has answered it),
   * `healthz` (listening: a gateway started without all its services), or `none`.
   */
  async start(p: Proc, wait: 'readyz' | 'healthz' | 'none' = 'readyz'): Promise<void> {
    const child = spawn(process.execPath, [join(ROOT, 'services', p, 'dist', 'main.js')], {
      env: this.env,
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.procs.set(p, child);
    this.logs.set(p, '');
    const append = (b: Buffer) => this.logs.set(p, (this.logs.get(p) ?? '') + b.toString());
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);
    if (wait !== 'none') await this.waitReady(p, wait);
  }

  /** Polls /readyz (or /healthz), bounded: 100 tries, 100 ms apart. */
  async waitReady(p: Proc, probe: 'readyz' | 'healthz' = 'readyz'): Promise<void> {
    for (let i = 0; i < 100; i++) {
      try {
        const r = await fetch(`${this.url(p)}/${probe}`);
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${p} did not become ready:\n${this.logs.get(p)}`);
  }

  /** Sends a signal and waits for the exit; returns the exit code. */
  async stop(p: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.procs.get(p);
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill(signal);
    const code = await exited;
    this.procs.delete(p);
    return code;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.procs.keys()].map((p) => this.stop(p)));
  }
}

/** `npm start` (scripts/start.js) running, with all it printed so far. */
export interface Launch {
  child: ChildProcess;
  output: () => string;
}

/**
 * Runs scripts/start.js as a person runs `npm start`: with the ports and settings of `env` and no *_URL (start.js
 * derives them from the ports).
 */
export function launchStart(env: NodeJS.ProcessEnv): Launch {
  const ports = Object.fromEntries(
    Object.entries(env).filter(([k]) => !/^(CORE_CONTENT|EVENTS|FORMS|OEMBED)_URL$/.test(k)),
  );
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
    env: ports,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  return { child, output: () => output };
}

/** Waits until the launch has printed `text` (a string, or a pattern whose match it returns). */
export async function printed(l: Launch, text: string | RegExp, ms = 60000): Promise<RegExpExecArray | null> {
  const end = Date.now() + ms;
  for (;;) {
    if (typeof text === 'string' ? l.output().includes(text) : text.test(l.output()))
      return typeof text === 'string' ? null : text.exec(l.output());
    if (Date.now() > end || l.child.exitCode !== null) throw new Error(`"${text}" never printed:\n${l.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a launch as Ctrl-C would and waits for it to exit. */
export async function stopStart(l: Launch): Promise<void> {
  if (l.child.exitCode !== null) return;
  const exited = new Promise((r) => l.child.once('exit', r));
  l.child.kill('SIGTERM');
  await exited;
}

/** Waits until `check` passes, bounded (50 tries, 100 ms apart). */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached in time');
}
