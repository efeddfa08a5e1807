/**
 * Sending one request exactly as generated (raw path, any method, any bytes) with node:http, which, unlike
 * fetch, neither normalises `..` nor re-encodes the path; only to 127.0.0.1, with a time limit.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface WireRequest {
  method: string;
  /** Raw request target, e.g. `/rest/core/v2/posts/5?_fields=id`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Outcome = { ok: true; res: WireResponse; ms: number } | { ok: false; error: string; ms: number };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export function closeAgent(): void {
  agent.destroy();
}

export function send(port: number, req: WireRequest, timeoutMs: number): Promise<Outcome> {
  const start = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    let r: ReturnType<typeof request>;
    try {
      const body =
        req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
      const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
      r = request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            ok: true,
            res: { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) },
            ms: Date.now() - start,
          }),
        );
        res.on('error', (e) => done({ ok: false, error: `response: ${e.message}`, ms: Date.now() - start }));
      });
      r.on('error', (e) =>
        done({
          ok: false,
          error: `request: ${(e as NodeJS.ErrnoException).code ?? e.message}`,
          ms: Date.now() - start,
        }),
      );
      r.end(body);
    } catch (e) {
      // Refused by node:http itself (an invalid header value, say): not sent, so not the server's fault.
      resolve({ ok: false, error: `unsendable: ${(e as Error).message}`, ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      r.destroy();
      done({ ok: false, error: `no answer in ${timeoutMs} ms`, ms: Date.now() - start });
    }, timeoutMs);
  });
}

/** A JSON call for the harness itself (setup, probes); throws when it does not answer. */
export async function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  json?: unknown,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  const o = await send(
    port,
    {
      method,
      path,
      headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    },
    15000,
  );
  if (!o.ok) throw new Error(`${method} ${path}: ${o.error}`);
  const text = o.res.body.toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: returned as text
  }
  return { status: o.res.status, headers: o.res.headers, body };
}
