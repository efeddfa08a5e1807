/**
 * @loom/store: the storage port and its two adapters. Services call `openStore` once at start-up and write
 * their repositories against `Store` / `Collection`.
 */
import path from 'node:path';
import type { MongoClientOptions } from 'mongodb';
import { openEmbeddedStore } from './embedded';
import { openMongoStore } from './mongo';
import type { Store } from './port';

export * from './port';
export * from './files';
export * from './window-counter';
export * from './work-queue';
export { backoffMs, Poller } from './poller';
export * from './shapes';
export { openEmbeddedStore } from './embedded';
export { LOCK_FILE, StoreLockedError } from './lock';
export { explainStages, openMongoStore } from './mongo';

export interface OpenStoreOptions {
  /** The service name, e.g. `core-content`: names its data directory or database. */
  service: string;
  /** Root of the embedded stores; this service's files go to `<dataDir>/<service>`. Default `./data`. */
  dataDir?: string;
  /** When set (non-empty), use MongoDB instead, database `loom_<service with - as _>`. */
  mongoUrl?: string;
  /** Driver options for MongoDB, over the adapter's defaults (serverSelectionTimeoutMS 5000, ...). */
  mongoOptions?: MongoClientOptions;
}

/** The database a service uses on MongoDB: `core-content` → `loom_core_content`. */
export function mongoDbName(service: string): string {
  return `loom_${service.replace(/-/g, '_')}`;
}

/** Opens the store a service is configured for: MongoDB when `mongoUrl` is set, else the embedded files. */
export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(opts.service))
    throw new TypeError(`invalid service name ${JSON.stringify(opts.service)}`);
  const mongoUrl = opts.mongoUrl?.trim();
  if (mongoUrl) return openMongoStore(mongoUrl, mongoDbName(opts.service), opts.mongoOptions);
  return openEmbeddedStore(path.join(opts.dataDir ?? './data', opts.service));
}
