/** The process entry every service shares: config from env, logger, store, app, listen, graceful stop. */
import type { Express } from 'express';
import type { ServiceName } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import { runService } from './app';
import { loadConfig, type KitConfig } from './config';
import { createLogger, type Logger } from './logger';

export type AppBuilder = (deps: { config: KitConfig; store: Store; log: Logger }) => Promise<Express>;

export function serviceMain(service: ServiceName, build: AppBuilder): void {
  const start = async () => {
    const config = loadConfig(service);
    const log = createLogger(service, config.logLevel);
    const store = await openStore({ service, dataDir: config.dataDir, mongoUrl: config.mongoUrl });
    const app = await build({ config, store, log });
    await runService(app, { config, store, log });
  };
  start().catch((err) => {
    console.error(`${service} failed to start:`, err);
    process.exit(1);
  });
}
