/**
 * The gateway's own settings, read from the environment on top of the kit's shared config
 * (docs/configuration.md: LOOM_INDEX_REFRESH_MS, LOOM_INDEX_TIMEOUT_MS, LOOM_READY_INCOMPLETE_AFTER_MS, LOOM_UPSTREAM_TIMEOUT_MS, the LOOM_AUTH_* settings,
 * LOOM_SESSION_TTL_MS, LOOM_TRUST_PROXY, LOOM_OUTBOX_MAX, LOOM_GATEWAY_CACHE, LOOM_GATEWAY_CACHE_MAX_AGE_MS, LOOM_ANSWER_CACHE_BYTES, LOOM_WP_FACE, and the upstream URLs in upstreams.ts). The site's clock (LOOM_GMT_OFFSET, LOOM_TIMEZONE) is
 * shared with the services, so it lives in the kit's config (`gmtOffset`, `timezoneString`).
 */
import { answerCacheBytes, envInt, envSwitch } from '@loom/service-kit';

export interface GatewaySettings {
  /** The index's `name` (WordPress's blogname): the site option, read live (LOOM_SITE_NAME is its initial value). */
  readonly siteName: string;
  /** The index's `description` (blogdescription), likewise (LOOM_SITE_DESCRIPTION). */
  readonly siteDescription: string;
  /** How often each service's `/_loom/routes` is re-read. */
  indexRefreshMs: number;
  /**
   * After this long since start, `/readyz` is 200 even while a service has never answered (`"index": "incomplete"`):
   * one service being down must not keep new gateway replicas out of rotation (each service scales on its own).
   */
  readyIncompleteAfterMs: number;
  /** How long one `/_loom/routes` read may take before the service counts as down for that round. */
  indexTimeoutMs: number;
  /** How long a proxied request may wait for its service before the client gets a 503. */
  upstreamTimeoutMs: number;
  /**
   * How long a successful Basic check is reused without asking core-content again. It is also how long a
   * revoked application password keeps working, hence the ceiling (AUTH_CACHE_MAX_MS); 0 disables the cache.
   */
  authCacheMs: number;
  /**
   * How long one credential check on core-content may take before the request gets a 503. By default as long as a
   * proxied request may wait: in a burst of writes the check queues behind them at core-content, and a shorter
   * limit turned a busy service into 503s for requests that would have been answered (issue 22).
   */
  authTimeoutMs: number;
  /** Failed sign-ins allowed per client address within authWindowMs; the next attempts get a 429. */
  authMaxFailures: number;
  /** The same per login/email, across addresses (distributed guessing); higher, as anyone can spend it. */
  authMaxUserFailures: number;
  authWindowMs: number;
  /** How long a site session (the sign-in cookie's) lasts: WordPress's auth cookie expiration, two days. */
  sessionTtlMs: number;
  /** How many proxies in front of the gateway may be believed about the client address (X-Forwarded-For). */
  trustProxy: number;
  /** The answer cache (answer-cache/): LOOM_GATEWAY_CACHE (`auto`, `off`), LOOM_GATEWAY_CACHE_MAX_AGE_MS and its byte budget, LOOM_ANSWER_CACHE_BYTES. */
  answerCache: { mode: 'auto' | 'off'; maxAgeMs: number; maxBytes: number };
  /** Most change notifications the outbox holds while NATS is unreachable (LOOM_OUTBOX_MAX); past it new ones are dropped. */
  outboxMax: number;
  /** The API's second face under /wp-json, in WordPress's namespace names (LOOM_WP_FACE, on by default; wp-face/). */
  wpFace: boolean;
}

/** A revoked application password must stop working within this long (the issue asks for at most 10 s). */
export const AUTH_CACHE_MAX_MS = 10000;

export function loadGatewaySettings(
  env: NodeJS.ProcessEnv = process.env,
): Omit<GatewaySettings, 'siteName' | 'siteDescription'> {
  return {
    indexRefreshMs: envInt(env, 'LOOM_INDEX_REFRESH_MS', 10000, 1),
    indexTimeoutMs: envInt(env, 'LOOM_INDEX_TIMEOUT_MS', 2000, 1),
    readyIncompleteAfterMs: envInt(env, 'LOOM_READY_INCOMPLETE_AFTER_MS', 30000, 0),
    upstreamTimeoutMs: envInt(env, 'LOOM_UPSTREAM_TIMEOUT_MS', 30000, 1),
    authCacheMs: Math.min(envInt(env, 'LOOM_AUTH_CACHE_MS', 5000), AUTH_CACHE_MAX_MS),
    authTimeoutMs: envInt(env, 'LOOM_AUTH_TIMEOUT_MS', envInt(env, 'LOOM_UPSTREAM_TIMEOUT_MS', 30000, 1), 1),
    authMaxFailures: envInt(env, 'LOOM_AUTH_MAX_FAILURES', 10, 1),
    authMaxUserFailures: envInt(env, 'LOOM_AUTH_MAX_USER_FAILURES', 50, 1),
    authWindowMs: envInt(env, 'LOOM_AUTH_WINDOW_MS', 60000, 1000),
    sessionTtlMs: envInt(env, 'LOOM_SESSION_TTL_MS', 2 * 24 * 60 * 60 * 1000, 60000),
    trustProxy: envInt(env, 'LOOM_TRUST_PROXY', 0),
    outboxMax: envInt(env, 'LOOM_OUTBOX_MAX', 100000, 1),
    wpFace: envSwitch(env, 'LOOM_WP_FACE', true),
    answerCache: {
      mode: answerCacheMode(env.LOOM_GATEWAY_CACHE),
      maxAgeMs: envInt(env, 'LOOM_GATEWAY_CACHE_MAX_AGE_MS', 60000, 1),
      maxBytes: answerCacheBytes(env),
    },
  };
}

function answerCacheMode(value: string | undefined): 'auto' | 'off' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'off') return 'off';
  throw new Error(`LOOM_GATEWAY_CACHE must be auto or off, not ${JSON.stringify(value)}`);
}
