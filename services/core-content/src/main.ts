/** Runs core-content on its own (how Kubernetes runs it, and what `npm start` starts). */
import { createLogger, loadConfig, runService } from '@loom/service-kit';
import { openStore } from '@loom/store';
import { buildApp } from './service';

async function main() {
  const config = loadConfig('core-content');
  const log = createLogger('core-content', config.logLevel);
  const store = await openStore({ service: 'core-content', dataDir: config.dataDir, mongoUrl: config.mongoUrl });
  const app = await buildApp({ config, store, log });
  await runService(app, { config, store, log });
}

main().catch((err) => {
  console.error('core-content failed to start:', err);
  process.exit(1);
});
