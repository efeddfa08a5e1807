/** Runs the gateway: how Kubernetes runs it, and what `npm start` starts. */
import { createLogger, initTracing, loadConfig, runService, shutdownTracing } from '@loom/service-kit';
import { buildGateway } from './app';

const start = async () => {
  const config = loadConfig('gateway');
  const log = createLogger('gateway', config.logLevel);
  if (initTracing('gateway')) log.info('tracing on: spans exported over OTLP/HTTP');
  const gateway = buildGateway({ config, log });
  log.info({ upstreams: gateway.upstreams, refreshMs: gateway.settings.indexRefreshMs }, 'gateway upstreams');
  const onClose = async () => {
    gateway.close();
    await gateway.notifier.close(); // unpublished notifications stay in the outbox for the next start
    await shutdownTracing();
  };
  await runService(gateway.app, { config, log, onClose });
};

start().catch((err) => {
  console.error('gateway failed to start:', err);
  process.exit(1);
});
