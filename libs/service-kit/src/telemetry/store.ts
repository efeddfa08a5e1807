/**
 * The store port, timed: every collection operation is observed in the metrics (collection, operation,
 * outcome) and, when tracing is on, runs in a `store <operation>` span under the request's span. The
 * repositories see the same port; nothing about their queries changes.
 */
import type { Collection, Doc, FileStore, Store } from '@loom/store';
import type { Metrics } from './metrics';
import { inSpan } from './tracing';

const OPERATIONS = [
  'ensureIndex',
  'find',
  'findOne',
  'count',
  'insert',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
] as const;

function timed<T>(
  metrics: Metrics,
  kind: string,
  collection: string,
  operation: string,
  run: () => Promise<T>,
): Promise<T> {
  const end = metrics.storeSeconds.startTimer({ collection, operation });
  return inSpan(
    `store ${operation}`,
    { 'db.system.name': kind, 'db.collection.name': collection, 'db.operation.name': operation },
    run,
  ).then(
    (value) => {
      end({ outcome: 'ok' });
      return value;
    },
    (err: unknown) => {
      end({ outcome: 'error' });
      throw err;
    },
  );
}

function instrumentCollection<T extends Doc>(
  inner: Collection<T>,
  name: string,
  kind: string,
  metrics: Metrics,
): Collection<T> {
  const out = {} as Record<string, unknown>;
  for (const op of OPERATIONS) {
    const method = (inner[op] as (...args: unknown[]) => Promise<unknown>).bind(inner);
    out[op] = (...args: unknown[]) => timed(metrics, kind, name, op, () => method(...args));
  }
  return out as unknown as Collection<T>;
}

/** The file part (uploads), timed as collection `files` (a read is timed until its stream is open). */
function instrumentFiles(inner: FileStore, kind: string, metrics: Metrics): FileStore {
  return {
    put: (name, data) => timed(metrics, kind, 'files', 'put', () => inner.put(name, data)),
    stat: (name) => timed(metrics, kind, 'files', 'stat', () => inner.stat(name)),
    read: (name, range) => timed(metrics, kind, 'files', 'read', () => inner.read(name, range)),
    delete: (name) => timed(metrics, kind, 'files', 'delete', () => inner.delete(name)),
  };
}

export function instrumentStore(store: Store, metrics: Metrics): Store {
  const collections = new Map<string, Collection>();
  return {
    get kind() {
      return store.kind;
    },
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let c = collections.get(name);
      if (!c) collections.set(name, (c = instrumentCollection(store.collection(name), name, store.kind, metrics)));
      return c as unknown as Collection<T>;
    },
    nextId: (sequence, floor) => timed(metrics, store.kind, 'sequences', 'nextId', () => store.nextId(sequence, floor)),
    files: instrumentFiles(store.files, store.kind, metrics),
    isOpen: () => store.isOpen(),
    close: () => store.close(),
  };
}
