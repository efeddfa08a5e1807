/**
 * The whole site in one process: the real core-content, events, forms and oembed apps, each on its own
 * embedded store and loopback port, behind the real gateway on a port of its own whose base URL is that very
 * address (so that a browser's requests to it are same-origin). Every service has that base URL too, as in a
 * deployment (LOOM_BASE_URL is the site's): the links they write are the site's. Used by the API reference, the
 * /wp-json face and the every-route suites.
 */
import type { Gateway } from '@loom/gateway';
import type { Running } from './net';
import { gatewayOnOwnAddress, ownAddress, startCore, startEvents, startForms, startOembed } from './services';

export interface Site {
  url: string;
  gateway: Gateway;
  services: Record<'core-content' | 'events' | 'forms' | 'oembed', Running>;
  close(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const address = await ownAddress();
  const base = { LOOM_BASE_URL: address.url };
  const core = await startCore(base);
  const services = {
    'core-content': core,
    events: await startEvents(0, { ...base, CORE_CONTENT_URL: core.url }),
    forms: await startForms(base),
    oembed: await startOembed({ ...base, CORE_CONTENT_URL: core.url }),
  };
  const site = await gatewayOnOwnAddress(
    Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.url])),
    {},
    address,
  );
  return {
    ...site,
    services,
    close: async () => {
      await site.close();
      for (const s of Object.values(services)) await s.close();
    },
  };
}
