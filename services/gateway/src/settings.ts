/**
 * The gateway's own settings, read from the environment on top of the kit's shared config
 * (README table: LOOM_SITE_NAME, LOOM_SITE_DESCRIPTION, LOOM_GMT_OFFSET, LOOM_TIMEZONE,
 * LOOM_INDEX_REFRESH_MS, LOOM_INDEX_TIMEOUT_MS, LOOM_UPSTREAM_TIMEOUT_MS, and the upstream URLs in upstreams.ts).
 */
import { envInt } from '@loom/service-kit';

export interface GatewaySettings {
  /** The index's `name` (WordPress's blogname). */
  siteName: string;
  /** The index's `description` (blogdescription). */
  siteDescription: string;
  /** The index's `gmt_offset`: a string, as WordPress stores the option. */
  gmtOffset: string;
  timezoneString: string;
  /** How often each service's `/_loom/routes` is re-read. */
  indexRefreshMs: number;
  /** How long one `/_loom/routes` read may take before the service counts as down for that round. */
  indexTimeoutMs: number;
  /** How long a proxied request may wait for its service before the client gets a 503. */
  upstreamTimeoutMs: number;
}

export function loadGatewaySettings(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  return {
    siteName: env.LOOM_SITE_NAME ?? 'Loom',
    siteDescription: env.LOOM_SITE_DESCRIPTION ?? '',
    gmtOffset: env.LOOM_GMT_OFFSET || '0',
    timezoneString: env.LOOM_TIMEZONE ?? '',
    indexRefreshMs: envInt(env, 'LOOM_INDEX_REFRESH_MS', 10000, 1),
    indexTimeoutMs: envInt(env, 'LOOM_INDEX_TIMEOUT_MS', 2000, 1),
    upstreamTimeoutMs: envInt(env, 'LOOM_UPSTREAM_TIMEOUT_MS', 30000, 1),
  };
}
