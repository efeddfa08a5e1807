/** Builds core-content in-process on a fresh (or given) embedded store, for supertest. */
import { createLogger, testConfig } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp } from '../src/service';

export async function startCoreAt(dataDir?: string) {
  const config = testConfig('core-content', dataDir ? { DATA_DIR: dataDir } : {});
  const store: Store = await openStore({ service: 'core-content', dataDir: config.dataDir });
  const app = await buildApp({ config, store, log: createLogger('core-content', 'silent') });
  return { app, store, config, dataDir: config.dataDir, close: () => store.close() };
}

export const startCore = () => startCoreAt();
