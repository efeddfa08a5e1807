/**
 * How the gateway replicas keep their answer caches right together (issue 22). A write's answer is held back from
 * its client until `flush(scope)` resolves: by then every replica has dropped the answers of that scope (the
 * service the write went to) and cannot keep one that was read before the write was made, so the next read through
 * any replica after the client has its answer sees the write. Nothing is held while a write is in flight:
 * - only a write whose service has answered with success (or whose outcome is unknown) flushes, so a refused
 *   write, or one that its service says changed nothing, leaves every cache as it was;
 * - a write whose body never arrives flushes nothing and holds nothing back;
 * - a read that began before a flush is not kept after it (answers.ts compares the scope's generation).
 *
 * The local coordination is for one gateway replica (no NATS); cluster.ts coordinates replicas over NATS.
 */
import type { ChangeHint } from '@loom/contracts';

export interface Coordination {
  /** Whether answers may be replayed and kept right now. */
  mayServe(): boolean;
  /** Called to empty the cache of one scope (a write made here or on another replica). */
  onPurge(listener: (scope: string) => void): void;
  /** Empties every replica's answers of `scope`; resolves once none can replay one read before this call. */
  flush(scope: string): Promise<void>;
  close(): Promise<void>;
}

export class LocalCoordination implements Coordination {
  private readonly listeners: ((scope: string) => void)[] = [];

  mayServe(): boolean {
    return true;
  }

  onPurge(listener: (scope: string) => void): void {
    this.listeners.push(listener);
  }

  protected purge(scope: string): void {
    for (const l of this.listeners) l(scope);
  }

  async flush(scope: string): Promise<void> {
    this.purge(scope);
  }

  async close(): Promise<void> {}
}

/**
 * Whether a write may have changed what its service answers, from its status and its service's change hint: a
 * refused write (4xx) did not, nor one whose service says it changed nothing (a contact-form submission). Any
 * other outcome, an error included, may have.
 */
export function writeChanged(status: number, hint?: ChangeHint): boolean {
  return hint !== 'none' && !(status >= 400 && status <= 499);
}
