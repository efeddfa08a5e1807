/** Loggers for tests: silent ones for the processes a suite starts, and one that keeps its lines for inspection. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, type Logger } from '@loom/service-kit';

/** A logger that writes nothing. */
export const silentLog = (name = 'test'): Logger => createLogger(name, 'silent');

/** A pino logger whose JSON lines are kept for inspection. */
export function captureLog(): { log: Logger; lines: () => Array<Record<string, unknown>> } {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  return {
    log: pino({ level: 'debug' }, stream),
    lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** Polls `check` until it passes or `ms` elapse. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
