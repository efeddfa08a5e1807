/**
 * The embedded store's directory lock: a `LOCK` file holding the owner's pid, created exclusively on open and
 * removed on close. It stops a second process (a CLI next to a running service, a second service instance)
 * from opening the same nedb files and overwriting the first one's writes.
 *
 * A lock left behind by a process that died (kill -9, crash, power loss) is taken over: its pid no longer
 * runs. A lock naming our own pid that this process does not hold is stale too (a container restarted with
 * the same pid, usually 1). Best effort: two processes taking over the same stale lock in the same instant
 * could both succeed; the lock is a guard against mistakes, not a distributed mutex.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'LOCK';

/** Opening a directory another live process (or this one) already has open. */
export class StoreLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(
      pid === process.pid
        ? `the embedded store in ${dir} is already open in this process`
        : `the embedded store in ${dir} is in use by process ${pid ?? '?'}; stop that process first ` +
            `(if it is certainly not running, delete ${path.join(dir, LOCK_FILE)})`,
    );
    this.name = 'StoreLockedError';
  }
}

export interface DirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock of `dir` (an absolute path), or throws StoreLockedError. */
export function acquireLock(dir: string): DirLock {
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) throw new StoreLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          // Only our own lock: never remove one another process took over meanwhile.
          try {
            if (readOwner(file) === process.pid) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw new StoreLockedError(dir, owner);
    // Stale (dead owner, our own pid from an earlier life, or unreadable): remove it and try once more.
    try {
      unlinkSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  throw new StoreLockedError(dir, readOwner(file));
}
