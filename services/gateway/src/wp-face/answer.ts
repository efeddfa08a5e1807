/**
 * The one response transform of the face: every answer to a face request, whoever writes it (the proxy's streamed
 * reads and held writes, the gateway's own answers and errors, the answer cache's replays), has its status line and
 * headers held until its body is whole; then its URL headers and its JSON body are put in the face's terms
 * (translate.ts) and it is sent with its new length. Written here, on the response itself, so that no way of
 * answering can be forgotten.
 *
 * A body past FACE_BODY_MAX_BYTES is not held: it is sent as it comes, its headers translated but not its body. No
 * route answers that much (a page of 100 posts is a few hundred KiB, the index in help context under one MiB);
 * holding more, and parsing it, would let a few requests take a gateway pod's memory.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from '@loom/service-kit';
import type { Translation } from './translate';

export const FACE_BODY_MAX_BYTES = 8 * 1024 * 1024;

export interface FaceAnswer {
  /** The answer about to be written is in the face's terms already (kept for this face by the answer cache). */
  asIs(): void;
}

type Callback = (err?: Error | null) => void;

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/** Holds `res`'s answer and writes it in the face's terms (`head`: the request is a HEAD, its answer has no body). */
export function translateAnswer(
  res: ServerResponse,
  t: Translation,
  opts: { head: boolean; log: Logger; requestId?: string; maxBytes?: number },
): FaceAnswer {
  const maxBytes = opts.maxBytes ?? FACE_BODY_MAX_BYTES;
  const real = { writeHead: res.writeHead, write: res.write, end: res.end };
  let held: unknown[] | undefined;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let asIs = false;

  const restore = () => {
    res.writeHead = real.writeHead;
    res.write = real.write;
    res.end = real.end;
    delete (res as { headersSent?: boolean }).headersSent;
  };

  /** The held writeHead(status, [message], [headers]) applied as Node would have merged it, and URLs translated. */
  const settleHead = () => {
    if (held) {
      const [status, second, third] = held;
      const headers = typeof second === 'string' ? third : second;
      res.statusCode = status as number;
      if (typeof second === 'string') res.statusMessage = second;
      if (Array.isArray(headers)) {
        // Name, value, name, value...: they replace what was set, repeated names kept (as Node's writeHead does).
        for (let i = 0; i < headers.length; i += 2) res.removeHeader(String(headers[i]));
        for (let i = 0; i < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1] as string);
      } else if (headers && typeof headers === 'object') {
        for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v as string);
      }
    }
    if (asIs) return;
    // Each in its own spelling (getRawHeaderNames: Node's, not in its typings).
    for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const v = res.getHeader(name);
      if (v === undefined || typeof v === 'number') continue;
      res.setHeader(name, Array.isArray(v) ? v.map((x) => t.header(name, x)) : t.header(name, v));
    }
  };

  /** Too much to hold: what is held goes now as it came (headers translated), the rest streams. */
  const letGo = () => {
    opts.log.warn({ reqId: opts.requestId, bytes }, 'wp-json: answer too large to translate; its body is sent as is');
    restore();
    settleHead();
    for (const c of chunks.splice(0)) res.write(c);
  };

  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null) return;
    const b = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    bytes += b.length;
  };

  const finish = (cb: Callback | undefined) => {
    restore();
    settleHead();
    let body: Buffer = Buffer.concat(chunks);
    if (!asIs && isJson(res.getHeader('content-type'))) {
      if (body.length) {
        body = t.body(body);
        res.setHeader('Content-Length', body.length);
        res.removeHeader('Transfer-Encoding');
      } else if (opts.head) res.removeHeader('Content-Length'); // counted on the body in /rest's terms
    }
    res.end(body.length ? body : undefined, cb);
  };

  Object.defineProperty(res, 'headersSent', {
    configurable: true,
    // Held is as good as sent to whoever asks (an error path then closes the connection instead of answering twice).
    get: () => held !== undefined || bytes > 0,
  });
  res.writeHead = ((...args: unknown[]) => {
    held = args;
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    const done = (typeof encoding === 'function' ? encoding : cb) as Callback | undefined;
    take(chunk, encoding);
    if (bytes > maxBytes) letGo();
    if (done) process.nextTick(done);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (typeof chunk === 'function') return (finish(chunk as Callback), res);
    take(chunk, encoding);
    finish((typeof encoding === 'function' ? encoding : cb) as Callback | undefined);
    return res;
  }) as typeof res.end;

  return {
    asIs() {
      asIs = true;
    },
  };
}
