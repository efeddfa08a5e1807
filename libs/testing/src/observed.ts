/**
 * The real core-content on an observed store (its Prometheus metrics, as serviceMain makes them) and a gateway in
 * front of it, both listening: for the suites that read what the processes report (metrics, the answer caches).
 * `env` goes to both (and LOOM_ADMIN_PASSWORD to core-content, for its first administrator).
 */
import { Metrics, observedStore } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { Gateway } from '@loom/gateway';
import { coreApp } from './apps';
import { listen, type Running } from './net';
import { startGateway } from './services';

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
  const coreMetrics = new Metrics('core-content');
  const built = await coreApp({
    env: { ...env, LOOM_ADMIN_PASSWORD: 'correct horse battery staple' },
    wrapStore: (s) => observedStore(s, coreMetrics),
  });
  const core = await listen(built.app);
  const gw = await startGateway({ upstreams: { 'core-content': core.url } }, env);
  const site = await listen(gw.app);
  return {
    store: built.store,
    coreMetrics,
    core,
    gw,
    site,
    close: async () => {
      await site.close();
      gw.close();
      await core.close();
      await built.close();
    },
  };
}
