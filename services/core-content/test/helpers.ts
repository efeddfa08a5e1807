/** Builds core-content in-process on a fresh embedded store, for supertest. */
import { createLogger, testConfig } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp } from '../src/service';

export async function startCore(): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; store: Store; close: () => Promise<void> }> {
  const config = testConfig('core-content');
  const store = await openStore({ service: 'core-content', dataDir: config.dataDir });
  const app = await buildApp({ config, store, log: createLogger('core-content', 'silent') });
  return { app, store, close: () => store.close() };
}
