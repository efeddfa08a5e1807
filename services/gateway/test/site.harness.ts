/**
 * The whole site in one process: the real core-content, events, forms and oembed apps, each on its own
 * embedded store and loopback port, behind the real gateway on a port of its own whose base URL is that very
 * address (so that a browser's requests to it are same-origin). Used by the API reference and metrics suites.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, testConfig } from '@loom/service-kit';
import { openStore } from '@loom/store';
import { buildApp as buildForms } from '@loom/forms';
import { buildGateway, type Gateway, type GatewayDeps } from '../src';
import { listen, startCore, startEvents, type Running } from './helpers';
import { startOembed } from './oembed.harness';

export interface Site {
  url: string;
  gateway: Gateway;
  services: Record<'core-content' | 'events' | 'forms' | 'oembed', Running>;
  close(): Promise<void>;
}

export async function startForms(): Promise<Running> {
  const config = testConfig('forms');
  const store = await openStore({ service: 'forms', dataDir: config.dataDir });
  const running = await listen(await buildForms({ config, store, log: createLogger('forms', 'silent') }));
  return { ...running, close: async () => (await running.close(), await store.close()) };
}

/** The real gateway on an ephemeral 127.0.0.1 port whose base URL is that very address (forms post there). */
export async function gatewayOnOwnAddress(upstreams: GatewayDeps['upstreams'], deps: Partial<GatewayDeps> = {}): Promise<{ url: string; gateway: Gateway; close(): Promise<void> }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gateway = buildGateway({ config: testConfig('gateway', { LOOM_BASE_URL: url }), log: createLogger('gateway', 'silent'), env: {}, ...deps, upstreams });
  server.on('request', gateway.app);
  await gateway.ready;
  return {
    url,
    gateway,
    close: async () => {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export async function startSite(): Promise<Site> {
  const core = await startCore();
  const services = {
    'core-content': core,
    events: await startEvents(0, { CORE_CONTENT_URL: core.url }),
    forms: await startForms(),
    oembed: await startOembed({ CORE_CONTENT_URL: core.url }),
  };
  const site = await gatewayOnOwnAddress(Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.url])));
  return {
    ...site,
    services,
    close: async () => {
      await site.close();
      for (const s of Object.values(services)) await s.close();
    },
  };
}
