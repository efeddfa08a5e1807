/**
 * SafeFetcher: GET of a URL a user named, held to rules stricter than WordPress's wp_safe_remote_get():
 *
 * - the URL passes checkUrl() (http/https, no credentials, ports 80/443/8080, see policy.ts);
 * - its host is resolved once, every address it resolves to must be a global unicast one (addresses.ts) unless the
 *   host is on the allow list, and the connection goes to the first checked address itself (the request is made to
 *   that IP with the original Host header and TLS server name), so DNS cannot answer differently between the check
 *   and the connection (no rebinding window);
 * - each redirect (at most `maxRedirects`) is a new URL checked the same way from the start;
 * - one deadline covers the whole fetch, redirects included; the body is limited in bytes as received and again
 *   after decompression (gzip, deflate, br), so a small compressed answer cannot expand past the limit.
 *
 * Nothing here reads proxy settings, cookies or credentials: a fetch carries only the headers set below.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { refusedAddress } from './addresses';
import { SafeFetchError } from './errors';
import { checkUrl, DEFAULT_PORTS, type AllowedHost, type CheckedUrl } from './policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (default: the system resolver, every address). */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;
/** Where a connection to a checked address and port really goes. For tests only (default: exactly there). */
export type Dial = (address: string, port: number) => { address: string; port: number };

export interface SafeFetchOptions {
  /** Hosts allowed to resolve to private addresses (a private deployment's own services). Default: none. */
  allowHosts?: readonly AllowedHost[];
  /** Ports any host may use. Default 80, 443, 8080. */
  ports?: readonly number[];
  /** The whole fetch, redirects included. Default 5000 ms (WordPress's timeout). */
  timeoutMs?: number;
  /** Default 5 (WordPress's `redirection`). */
  maxRedirects?: number;
  /** Largest body, decompressed. Default 1 MiB. */
  maxBytes?: number;
  userAgent?: string;
  lookup?: Lookup;
  /** Tests only: sends connections elsewhere (a counting listener), after every check has passed. */
  dial?: Dial;
}

export interface GetOptions {
  /** This fetch's body limit (default: the fetcher's). */
  maxBytes?: number;
  /** Keep the first `maxBytes` and stop reading, instead of failing (WordPress's limit_response_size). */
  truncate?: boolean;
  accept?: string;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decompressed. */
  body: Buffer;
  /** The URL finally answered (after redirects). */
  url: string;
  /** The body was cut at `maxBytes` (only with `truncate`). */
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemLookup: Lookup = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export class SafeFetcher {
  private readonly allowHosts: readonly AllowedHost[];
  private readonly ports: readonly number[];
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly maxBytes: number;
  private readonly userAgent: string;
  private readonly lookup: Lookup;
  private readonly dial: Dial;

  constructor(o: SafeFetchOptions = {}) {
    this.allowHosts = o.allowHosts ?? [];
    this.ports = o.ports ?? DEFAULT_PORTS;
    this.timeoutMs = o.timeoutMs ?? 5000;
    this.maxRedirects = o.maxRedirects ?? 5;
    this.maxBytes = o.maxBytes ?? 1024 * 1024;
    this.userAgent = o.userAgent ?? 'Loom';
    this.lookup = o.lookup ?? systemLookup;
    this.dial = o.dial ?? ((address, port) => ({ address, port }));
  }

  /** Checks a URL as get() would before its first connection (no connection is made). */
  async check(url: string): Promise<{ target: CheckedUrl; address: ResolvedAddress }> {
    const target = checkUrl(url, this.ports, this.allowHosts);
    return { target, address: await this.resolve(target) };
  }

  async get(url: string, opts: GetOptions = {}): Promise<SafeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    const timedOut = () => new SafeFetchError('timeout', `no complete answer within ${this.timeoutMs} ms`);
    try {
      let current = url;
      for (let hop = 0; ; hop++) {
        const target = checkUrl(current, this.ports, this.allowHosts);
        const address = await abortable(this.resolve(target), controller.signal, timedOut);
        const res = await this.request(target, address, controller.signal, opts, timedOut);
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode ?? 0) && location) {
          res.destroy();
          if (hop >= this.maxRedirects)
            throw new SafeFetchError('redirects', `more than ${this.maxRedirects} redirects`);
          try {
            current = new URL(location, target.url).toString();
          } catch {
            throw new SafeFetchError('redirects', 'a redirect to something that is not a URL');
          }
          continue;
        }
        const { body, truncated } = await this.read(res, opts, controller.signal, timedOut);
        const answered = new URL(target.url);
        answered.hash = '';
        return { status: res.statusCode ?? 0, headers: res.headers, body, url: answered.toString(), truncated };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** The host's addresses, each checked unless the host is allowed; the first is the one connected to. */
  private async resolve(t: CheckedUrl): Promise<ResolvedAddress> {
    let addresses: ResolvedAddress[];
    const family = isIP(t.hostname);
    if (family) {
      addresses = [{ address: t.hostname, family }];
    } else {
      try {
        addresses = await this.lookup(t.hostname);
      } catch {
        throw new SafeFetchError('unresolvable', `${t.hostname} could not be resolved`);
      }
      if (!addresses.length) throw new SafeFetchError('unresolvable', `${t.hostname} has no address`);
    }
    if (!t.allowed) {
      for (const a of addresses) {
        const why = refusedAddress(a.address);
        if (why)
          throw new SafeFetchError(
            'refused',
            family ? `${a.address} is ${why}` : `${t.hostname} resolves to ${a.address}, ${why}`,
          );
      }
    }
    return addresses[0]!;
  }

  /** One GET to the checked address (never to a name: nothing is resolved again), answered with its headers. */
  private request(
    t: CheckedUrl,
    address: ResolvedAddress,
    signal: AbortSignal,
    opts: GetOptions,
    timedOut: () => Error,
  ): Promise<IncomingMessage> {
    const dialed = this.dial(address.address, t.port);
    const tls = t.url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (tls ? https : http).request({
        host: dialed.address,
        port: dialed.port,
        family: isIP(dialed.address) || undefined,
        method: 'GET',
        path: `${t.url.pathname}${t.url.search}`,
        headers: {
          host: t.url.host,
          'user-agent': this.userAgent,
          accept: opts.accept ?? '*/*',
          'accept-encoding': 'gzip, deflate, br',
          connection: 'close',
        },
        agent: false,
        signal,
        // The certificate is checked against the name in the URL, not the address connected to.
        ...(tls && !isIP(t.hostname) ? { servername: t.hostname } : {}),
      });
      req.once('response', resolve);
      req.once('error', (e) =>
        reject(
          signal.aborted
            ? timedOut()
            : new SafeFetchError('network', `${t.hostname}: ${(e as NodeJS.ErrnoException).code ?? e.message}`),
        ),
      );
      req.end();
    });
  }

  /** The body, decompressed, within the byte limit (cut there with `truncate`, else too_large). */
  private read(
    res: IncomingMessage,
    opts: GetOptions,
    signal: AbortSignal,
    timedOut: () => Error,
  ): Promise<{ body: Buffer; truncated: boolean }> {
    const max = opts.maxBytes ?? this.maxBytes;
    const declared = Number(res.headers['content-length']);
    if (!opts.truncate && Number.isFinite(declared) && declared > max) {
      res.destroy();
      return Promise.reject(new SafeFetchError('too_large', `the answer is larger than ${max} bytes`));
    }
    const encoding = String(res.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    const decoder = decoderFor(encoding);
    if (decoder === undefined) {
      res.destroy();
      return Promise.reject(new SafeFetchError('network', `unsupported content encoding ${encoding}`));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let raw = 0;
      let settled = false;
      const finish = (err: Error | null, truncated = false) => {
        if (settled) return;
        settled = true;
        if (err) reject(err);
        else resolve({ body: Buffer.concat(chunks), truncated });
      };
      const stop = (truncated: boolean) => {
        if (!truncated) finish(new SafeFetchError('too_large', `the answer is larger than ${max} bytes`));
        else finish(null, true);
        res.destroy();
        decoder?.destroy();
      };
      // What arrives compressed counts too: the limit holds before decompression as well.
      if (decoder) {
        res.on('data', (chunk: Buffer) => {
          raw += chunk.length;
          if (raw > max && !settled) stop(Boolean(opts.truncate));
        });
      }
      const body: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = max - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = max;
          return stop(Boolean(opts.truncate));
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      body.once('end', () => finish(null));
      body.once('error', (e) =>
        finish(
          signal.aborted
            ? timedOut()
            : new SafeFetchError(
                'network',
                `the answer could not be read (${(e as NodeJS.ErrnoException).code ?? e.message})`,
              ),
        ),
      );
      res.once('error', (e) =>
        finish(
          signal.aborted
            ? timedOut()
            : new SafeFetchError(
                'network',
                `the answer could not be read (${(e as NodeJS.ErrnoException).code ?? e.message})`,
              ),
        ),
      );
      res.once('aborted', () =>
        finish(signal.aborted ? timedOut() : new SafeFetchError('network', 'the connection closed early')),
      );
    });
  }
}

/** A decompressor for a Content-Encoding, null for none, undefined for one we do not read. */
function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/** A promise that rejects with `error()` once `signal` aborts (lookups take no signal of their own). */
function abortable<T>(p: Promise<T>, signal: AbortSignal, error: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(error());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(error());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
