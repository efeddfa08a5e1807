/** Which service answers which namespace, and where each service lives. */
import { ADVERTISED_ONLY, NAMESPACE_OWNERS, NAMESPACES, type Namespace, type ServiceName } from '@loom/contracts';
import { serviceUrl } from '@loom/service-kit';

export type Upstreams = Record<ServiceName, string>;

/** The services that own at least one namespace, in the order their namespaces are advertised. */
export const SERVICES: ServiceName[] = [...new Set(NAMESPACES.flatMap((ns) => NAMESPACE_OWNERS[ns] ?? []))];

/**
 * Service URLs from CORE_CONTENT_URL, EVENTS_URL, FORMS_URL, OEMBED_URL, each by default where its *_PORT says it
 * listens on this machine (the kit's serviceUrl): ports set alone never leave the gateway on another stack's defaults.
 * `overrides` win (tests).
 */
export function resolveUpstreams(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Upstreams> = {}): Upstreams {
  const out = {} as Upstreams;
  for (const s of SERVICES) {
    const given = overrides[s];
    out[s] = given ? given.replace(/\/+$/, '') : serviceUrl(s, env);
  }
  return out;
}

export type NamespaceMatch = { namespace: Namespace; service: ServiceName } | { namespace: Namespace; service: null };

// Longest first, so a namespace that prefixes another (none today) can never shadow it.
const BY_LENGTH = [...NAMESPACES].sort((a, b) => b.length - a.length);

/**
 * The namespace a path under /rest belongs to (`/core/v2/categories` → core/v2), compared case-sensitively
 * segment-wise as the namespaces are spelled. `service` is null for advertised-only namespaces.
 */
export function matchNamespace(restPath: string): NamespaceMatch | null {
  for (const ns of BY_LENGTH) {
    if (restPath === `/${ns}` || restPath.startsWith(`/${ns}/`)) {
      const owner = NAMESPACE_OWNERS[ns];
      if (owner) return { namespace: ns, service: owner };
      if (ADVERTISED_ONLY.includes(ns)) return { namespace: ns, service: null };
    }
  }
  return null;
}
