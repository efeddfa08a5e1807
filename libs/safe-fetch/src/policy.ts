/**
 * The rules a URL must pass before anything is resolved or connected: http or https, no credentials, a port of
 * 80, 443 or 8080 (WordPress's wp_http_validate_url allows the same three), and a host. A private deployment may
 * name hosts (`allowHosts`) that are then allowed to resolve to private addresses, each optionally with one more
 * port of its own; nothing is allowed by default.
 */
import { SafeFetchError } from './errors';

export interface AllowedHost {
  /** Lower-case host name or IP literal (IPv6 in brackets, as URLs write it), without a trailing dot. */
  host: string;
  /** One more port this host may use, beyond the allowed ports. */
  port?: number;
}

export const DEFAULT_PORTS: readonly number[] = [80, 443, 8080];

/** A host as compared: lower case, no trailing dot (`Example.COM.` is `example.com`). */
const normalHost = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * Parses an allow list setting: entries separated by commas or whitespace, each `host` or `host:port`
 * (`wiki.corp.example`, `10.0.0.5:8443`, `[fd00::5]:8443`). A malformed entry is an error at start, not later.
 */
export function parseAllowHosts(setting: string | undefined, name = 'allow list'): AllowedHost[] {
  const out: AllowedHost[] = [];
  for (const entry of (setting ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      throw new Error(`${name}: "${entry}" is not a host or host:port`);
    }
    if (
      url.username ||
      url.password ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      !url.hostname
    ) {
      throw new Error(`${name}: "${entry}" is not a host or host:port`);
    }
    out.push({ host: normalHost(url.hostname), ...(url.port ? { port: Number(url.port) } : {}) });
  }
  return out;
}

/** A URL that passed the rules: where it points and whether its host is on the allow list. */
export interface CheckedUrl {
  url: URL;
  /** Host name or IP literal without brackets, as it is resolved or connected to. */
  hostname: string;
  port: number;
  /** Allowed by the allow list: may resolve to any address. */
  allowed: boolean;
}

export function checkUrl(raw: string | URL, ports: readonly number[], allowHosts: readonly AllowedHost[]): CheckedUrl {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new SafeFetchError('refused', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('refused', `the ${url.protocol.replace(/:$/, '')} scheme is not allowed`);
  if (url.username || url.password) throw new SafeFetchError('refused', 'URLs with credentials are not fetched');
  if (!url.hostname) throw new SafeFetchError('refused', 'the URL has no host');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const host = normalHost(url.hostname);
  const entries = allowHosts.filter((a) => a.host === host);
  const allowed = entries.length > 0;
  if (!ports.includes(port) && !entries.some((a) => a.port === port))
    throw new SafeFetchError('refused', `port ${port} is not allowed`);
  return { url, hostname: url.hostname.replace(/^\[|\]$/g, ''), port, allowed };
}
