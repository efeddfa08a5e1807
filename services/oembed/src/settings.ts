/**
 * The oembed service's settings, read from the environment once per app (docs/configuration.md; the site's title,
 * oEmbed's provider_name, is a site option the kit config follows): how long proxied answers are kept (LOOM_OEMBED_CACHE_MS, a day as
 * WordPress's rest_oembed_ttl; failures LOOM_OEMBED_FAILURE_CACHE_MS), the outbound fetcher's limits
 * (LOOM_OEMBED_FETCH_TIMEOUT_MS, LOOM_OEMBED_FETCH_MAX_BYTES), the hosts a private deployment lets it reach
 * (LOOM_OEMBED_ALLOW_HOSTS, none by default), more providers (LOOM_OEMBED_PROVIDERS_FILE), whether the proxy
 * fetches other sites' URLs at all (LOOM_OEMBED_REMOTE: `off` for a deployment, or a test run, with no way out), how
 * many answers its cache holds (LOOM_OEMBED_CACHE_MAX_ENTRIES) and how many fetches one user may cause in a window
 * (LOOM_OEMBED_RATE_MAX per LOOM_OEMBED_RATE_WINDOW_MS).
 */
import { readFileSync } from 'node:fs';
import { parseAllowHosts, type AllowedHost } from '@loom/safe-fetch';
import { envInt, envSwitch } from '@loom/service-kit';
import { parseProviders, type Provider } from './providers';

export interface OembedSettings {
  cacheMs: number;
  failureCacheMs: number;
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  allowHosts: AllowedHost[];
  /** Providers added to WordPress's list (wp_oembed_add_provider), matched after it. */
  extraProviders: Provider[];
  /** Whether the proxy fetches other sites' URLs; off, it answers only this site's own (and never connects out). */
  remote: boolean;
  /** Most answers (and failures) the proxy's cache holds; the oldest make room. */
  cacheMaxEntries: number;
  /** Proxy calls that fetch (cache misses for other sites) one user may make per window; 0: no limit. */
  rateMax: number;
  rateWindowMs: number;
}

export function loadOembedSettings(env: NodeJS.ProcessEnv = process.env): OembedSettings {
  const file = (env.LOOM_OEMBED_PROVIDERS_FILE ?? '').trim();
  return {
    cacheMs: envInt(env, 'LOOM_OEMBED_CACHE_MS', 24 * 60 * 60 * 1000),
    failureCacheMs: envInt(env, 'LOOM_OEMBED_FAILURE_CACHE_MS', 60 * 1000),
    fetchTimeoutMs: envInt(env, 'LOOM_OEMBED_FETCH_TIMEOUT_MS', 5000, 1),
    fetchMaxBytes: envInt(env, 'LOOM_OEMBED_FETCH_MAX_BYTES', 1024 * 1024, 1024),
    allowHosts: parseAllowHosts(env.LOOM_OEMBED_ALLOW_HOSTS, 'LOOM_OEMBED_ALLOW_HOSTS'),
    extraProviders: file
      ? parseProviders(JSON.parse(readFileSync(file, 'utf8')), `LOOM_OEMBED_PROVIDERS_FILE (${file})`)
      : [],
    remote: envSwitch(env, 'LOOM_OEMBED_REMOTE', true),
    cacheMaxEntries: envInt(env, 'LOOM_OEMBED_CACHE_MAX_ENTRIES', 500, 1),
    rateMax: envInt(env, 'LOOM_OEMBED_RATE_MAX', 60),
    rateWindowMs: envInt(env, 'LOOM_OEMBED_RATE_WINDOW_MS', 60 * 1000, 1),
  };
}
