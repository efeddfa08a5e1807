/**
 * Write versions of the store's collections, for the answer cache: each write bumps its collection's counter
 * when it starts and when it ends, and the reads made while an answer is computed are recorded with the version
 * they saw. An answer stays right while every collection it read still has that version (a write in flight at
 * the time of a read shows as a different version once it ends).
 *
 * The store object is instrumented in place, so that every writer in this process that holds it (handlers, the
 * internal auth routes, tests seeding fixtures) is counted. Only valid for the embedded store, which one process
 * at a time owns (its directory lock); writes by other replicas of a shared MongoDB would go unseen.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Collection, Doc, Store } from '@loom/store';

/** Collection name → the version seen by the answer's first read of it. */
export type ReadSet = Map<string, number>;

const READ_METHODS = ['find', 'findOne', 'count'] as const;
const WRITE_METHODS = ['insert', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany'] as const;

export class WriteVersions {
  private readonly versions = new Map<string, number>();
  private readonly reads = new AsyncLocalStorage<ReadSet>();

  constructor(store: Store) {
    const collection = store.collection.bind(store);
    const wrapped = new Map<string, Collection<Doc>>();
    store.collection = (<T extends Doc>(name: string): Collection<T> => {
      let c = wrapped.get(name);
      if (!c) wrapped.set(name, (c = this.instrument(name, collection<Doc>(name))));
      return c as unknown as Collection<T>;
    }) as Store['collection'];
  }

  version(name: string): number {
    return this.versions.get(name) ?? 0;
  }

  /** Runs `fn` recording, in `set`, every collection read from the async work it starts. */
  track<R>(set: ReadSet, fn: () => R): R {
    return this.reads.run(set, fn);
  }

  /** True while every collection in `set` is still at the version recorded. */
  unchanged(set: ReadSet): boolean {
    for (const [name, v] of set) if (this.version(name) !== v) return false;
    return true;
  }

  private bump(name: string): void {
    this.versions.set(name, this.version(name) + 1);
  }

  private instrument(name: string, inner: Collection<Doc>): Collection<Doc> {
    const out = Object.create(inner) as Collection<Doc>;
    const self = out as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const target = inner as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const m of READ_METHODS) {
      self[m] = (...args) => {
        const set = this.reads.getStore();
        if (set && !set.has(name)) set.set(name, this.version(name));
        return target[m]!.apply(inner, args);
      };
    }
    for (const m of WRITE_METHODS) {
      self[m] = async (...args) => {
        this.bump(name);
        try {
          return await target[m]!.apply(inner, args);
        } finally {
          this.bump(name);
        }
      };
    }
    return out;
  }
}
