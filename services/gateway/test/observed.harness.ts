/**
 * The real core-content on an observed store (its Prometheus metrics, as serviceMain makes them) and a gateway in
 * front of it, both listening: for the suites that read what the processes report (metrics, the answer caches).
 * `env` goes to both (and LOOM_ADMIN_PASSWORD to core-content, for its first administrator).
 */
import { createLogger, Metrics, observedStore, testConfig } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp as buildCore } from '@loom/core-content';
import type { Gateway } from '../src';
import { listen, startGateway, type Running } from './helpers';

export interface Observed {
  store: Store;
  coreMetrics: Metrics;
  core: Running;
  gw: Gateway;
  /** The gateway, listening. */
  site: Running;
  close(): Promise<void>;
}

export async function startObserved(env: NodeJS.ProcessEnv = {}): Promise<Observed> {
  const config = testConfig('core-content');
  const coreMetrics = new Metrics('core-content');
  const store = observedStore(await openStore({ service: 'core-content', dataDir: config.dataDir }), coreMetrics);
  const core = await listen(await buildCore({ config, store, log: createLogger('core-content', 'silent') }, { ...env, LOOM_ADMIN_PASSWORD: 'correct horse battery staple' }));
  const gw = await startGateway({ upstreams: { 'core-content': core.url } }, env);
  const site = await listen(gw.app);
  return {
    store,
    coreMetrics,
    core,
    gw,
    site,
    close: async () => {
      await site.close();
      gw.close();
      await core.close();
      await store.close();
    },
  };
}
