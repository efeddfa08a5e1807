/** What the oembed handlers share, made once per app in buildApp (service.ts). */
import type { SafeFetcher } from '@loom/safe-fetch';
import type { KitConfig, Logger } from '@loom/service-kit';
import { wpError, type WpError } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { ProxyCache } from './cache';
import type { CoreClient } from './core-client';
import type { LocalContext } from './local';
import type { RemoteContext } from './remote';
import type { OembedSettings } from './settings';

export interface OembedContext {
  config: KitConfig;
  settings: OembedSettings;
  core: CoreClient;
  fetcher: SafeFetcher;
  cache: ProxyCache;
  /** The service's store (the proxy's rate counts). */
  store: Store;
  local: LocalContext;
  remote: RemoteContext;
  log: Logger;
}

/** WordPress's answer for a URL it cannot embed: `oembed_invalid_url`, "Not Found", 404. */
export const invalidUrl = (): WpError => wpError('oembed_invalid_url');
