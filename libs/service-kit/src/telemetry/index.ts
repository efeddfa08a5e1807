/**
 * A process's telemetry: its Prometheus metrics (always) and OpenTelemetry traces (when the environment asks,
 * tracing.ts). serviceMain makes one per process and hands the instrumented store to the service, whose app
 * finds the metrics again through that store; an app built without one (tests) gets metrics of its own.
 */
import type { Store } from '@loom/store';
import { Metrics } from './metrics';
import { instrumentStore } from './store';

export * from './metrics';
export * from './tracing';
const byStore = new WeakMap<Store, Metrics>();

/** The store, timed into `metrics`; an app given this store exposes the same metrics. */
export function observedStore(store: Store, metrics: Metrics): Store {
  const wrapped = instrumentStore(store, metrics);
  byStore.set(wrapped, metrics);
  return wrapped;
}

/** The metrics of the process whose observed store this is (serviceMain's), if any. */
export const observedMetrics = (store: Store): Metrics | undefined => byStore.get(store);

/** The metrics an observed store reports to, or fresh ones for `service`. */
export function metricsFor(store: Store | undefined, service: string): Metrics {
  return (store && observedMetrics(store)) || new Metrics(service);
}
