/** The process entry every service shares: config from env, logger, store, app, listen, graceful stop. */
import type { Express } from 'express';
import type { ServiceName } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import { runService } from './app';
import { loadConfig, type KitConfig } from './config';
import { createLogger, type Logger } from './logger';
import { initTracing, Metrics, observedStore, shutdownTracing } from './telemetry';

/** The app, or the app with work to finish before the store closes on shutdown (a background worker). */
export type AppBuilder = (deps: {
  config: KitConfig;
  store: Store;
  log: Logger;
}) => Promise<Express | { app: Express; onClose: () => Promise<void> }>;

export function serviceMain(service: ServiceName, build: AppBuilder): void {
  const start = async () => {
    const config = loadConfig(service);
    const log = createLogger(service, config.logLevel);
    if (initTracing(service)) log.info('tracing on: spans exported over OTLP/HTTP');
    const store = observedStore(
      await openStore({ service, dataDir: config.dataDir, mongoUrl: config.mongoUrl }),
      new Metrics(service),
    );
    const built = await build({ config, store, log });
    const { app, onClose } = 'onClose' in built ? built : { app: built, onClose: undefined };
    await runService(app, {
      config,
      store,
      log,
      onClose: async () => {
        await onClose?.();
        await shutdownTracing();
      },
    });
  };
  start().catch((err) => {
    console.error(`${service} failed to start:`, err);
    process.exit(1);
  });
}
