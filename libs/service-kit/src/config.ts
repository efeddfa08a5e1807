/**
 * Configuration comes only from environment variables, each with a safe default for local use
 * (docs/configuration.md lists them all).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ServiceName } from '@loom/contracts';
import { initialSiteOptions, SiteOptions } from './site-options/holder';

export const DEFAULT_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  'core-content': 8081,
  events: 8082,
  forms: 8083,
  oembed: 8084,
};

/** Environment variable holding a service's port, e.g. CORE_CONTENT_PORT. */
export const portVar = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_PORT`;
/** Environment variable holding a service's internal URL (for the gateway), e.g. CORE_CONTENT_URL. */
export const urlVar = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

/**
 * Where a process of this machine listens, by its `*_PORT` (default port) and LOOM_HOST (loopback when unset or
 * every address): what `npm start` starts, so the processes of one start find each other whatever ports it chose.
 */
export function localUrl(service: ServiceName | 'gateway', env: NodeJS.ProcessEnv = process.env): string {
  const host = !env.LOOM_HOST || env.LOOM_HOST === '0.0.0.0' || env.LOOM_HOST === '::' ? '127.0.0.1' : env.LOOM_HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${envInt(env, portVar(service), DEFAULT_PORTS[service])}`;
}

/** Where a service is reached: its `*_URL` (e.g. CORE_CONTENT_URL), else where its `*_PORT` says it listens here. */
export function serviceUrl(service: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  return (env[urlVar(service)] || localUrl(service, env)).replace(/\/+$/, '');
}

/** A secret for local use only; production (NODE_ENV=production) refuses to start without a real one. */
const DEV_SECRET = 'loom-local-development-secret-change-me';

export interface KitConfig {
  service: string;
  host: string;
  port: number;
  /** The public site URL, e.g. https://example.com; the REST root is `${baseUrl}/rest`. */
  baseUrl: string;
  restUrl: string;
  homeUrl: string;
  dataDir: string;
  mongoUrl?: string;
  natsUrl?: string;
  internalSecret: string;
  /** How old a signed identity header may be (seconds). */
  identityMaxAgeS: number;
  shutdownTimeoutMs: number;
  maxBodyBytes: number;
  logLevel: string;
  /**
   * The site's `gmt_offset` option as WordPress stores it (hours, a string such as `0`, `5.5`, `-4`), shown by the
   * index and used for local dates when no timezone is named (LOOM_GMT_OFFSET). Read live from `site`.
   */
  readonly gmtOffset: string;
  /**
   * The site's `timezone_string` (an IANA name such as `Europe/Paris`, or empty); wins over gmtOffset. Read live
   * from `site`: LOOM_TIMEZONE is its initial value, the `settings` resource changes it.
   */
  readonly timezoneString: string;
  /** The site's options as this process knows them now (site-options/): the environment's, then core-content's. */
  site: SiteOptions;
}

/**
 * The root of the Loom checkout (or of the image, /app): the nearest folder above `from` whose package.json
 * declares workspaces. Undefined when the kit runs outside one.
 */
export function projectRoot(from: string = __dirname): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // an unreadable package.json is not the root; keep looking above it
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

let defaultDataDirCache: string | undefined;
/**
 * DATA_DIR's default: `data` at the project root, whatever the working directory, so that
 * `npm start -w services/<name>` (run from the service's folder) uses the same stores as `npm start`.
 */
export function defaultDataDir(): string {
  return (defaultDataDirCache ??= join(projectRoot() ?? process.cwd(), 'data'));
}

/** An on/off setting (`on`/`true`/`1`/`yes`, `off`/`false`/`0`/`no`, any case); anything else stops the process at start. */
export function envSwitch(env: NodeJS.ProcessEnv, name: string, dflt: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return dflt;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

/** An integer setting (at least `min`); a malformed value stops the process at start, not later. */
export function envInt(env: NodeJS.ProcessEnv, name: string, dflt: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

/** LOOM_GMT_OFFSET: hours east of UTC, as WordPress's option holds them; malformed values stop the process at start. */
export function envGmtOffset(env: NodeJS.ProcessEnv): string {
  const raw = (env.LOOM_GMT_OFFSET ?? '').trim();
  if (raw === '') return '0';
  const n = Number(raw);
  if (!/^[+-]?\d+(\.\d+)?$/.test(raw) || Math.abs(n) > 14)
    throw new Error(`LOOM_GMT_OFFSET must be a number of hours between -14 and 14, got "${raw}"`);
  return raw;
}

/** LOOM_TIMEZONE: an IANA timezone name the runtime knows, or empty (then LOOM_GMT_OFFSET applies). */
export function envTimezone(env: NodeJS.ProcessEnv): string {
  const raw = (env.LOOM_TIMEZONE ?? '').trim();
  if (raw === '') return '';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
  } catch {
    throw new Error(`LOOM_TIMEZONE must be an IANA timezone name such as Europe/Paris, got "${raw}"`);
  }
  return raw;
}

export function loadConfig(service: ServiceName | 'gateway', env: NodeJS.ProcessEnv = process.env): KitConfig {
  const baseUrl = (env.LOOM_BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
  const secret = env.LOOM_INTERNAL_SECRET || '';
  if (!secret && env.NODE_ENV === 'production')
    throw new Error('LOOM_INTERNAL_SECRET must be set when NODE_ENV=production');
  const site = new SiteOptions(
    initialSiteOptions(env, { gmtOffset: envGmtOffset(env), timezoneString: envTimezone(env) }),
  );
  const config: Omit<KitConfig, 'gmtOffset' | 'timezoneString'> = {
    service,
    host: env.LOOM_HOST || '127.0.0.1',
    port: envInt(env, portVar(service), DEFAULT_PORTS[service]),
    baseUrl,
    restUrl: `${baseUrl}/rest`,
    homeUrl: (env.LOOM_HOME_URL || baseUrl).replace(/\/+$/, ''),
    // An explicit DATA_DIR is the operator's (relative to where they started the process); the default is not.
    dataDir: env.DATA_DIR || defaultDataDir(),
    mongoUrl: env.MONGO_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    internalSecret: secret || DEV_SECRET,
    identityMaxAgeS: envInt(env, 'LOOM_IDENTITY_MAX_AGE_S', 300),
    shutdownTimeoutMs: envInt(env, 'LOOM_SHUTDOWN_TIMEOUT_MS', 10000),
    maxBodyBytes: envInt(env, 'LOOM_MAX_BODY_BYTES', 10 * 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    site,
  };
  // One definition for every service: the gateway's index shows them, every service dates with them, and they
  // follow the settings resource (getters, so that every reader of the config sees a change at once).
  return Object.defineProperties(config as KitConfig, {
    gmtOffset: { get: () => site.current().gmt_offset, enumerable: true },
    timezoneString: { get: () => site.current().timezone, enumerable: true },
  });
}

export function usesDevSecret(config: KitConfig): boolean {
  return config.internalSecret === DEV_SECRET;
}
