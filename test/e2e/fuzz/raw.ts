/**
 * Requests that are not well-formed HTTP, written straight to a socket: bad header names and values, bad
 * request lines, conflicting lengths, oversized headers. The process must stay up, and whatever it answers
 * must still be an error in WordPress's shape.
 */
import { connect } from 'node:net';

export interface RawCase {
  name: string;
  bytes: Buffer;
}

const req = (lines: string[], body = '') => Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
const HOST = 'Host: 127.0.0.1';

export const RAW_CASES: RawCase[] = [
  { name: 'space in a header name', bytes: req(['GET /rest/ HTTP/1.1', HOST, 'Bad Header: y']) },
  { name: 'NUL in a header value', bytes: req(['GET /rest/ HTTP/1.1', HOST, 'X-A: a\u0000b']) },
  { name: 'invalid method token', bytes: req(['G@T /rest/ HTTP/1.1', HOST]) },
  { name: 'unknown HTTP version', bytes: req(['GET /rest/ HTTP/9.9', HOST]) },
  {
    name: 'two Content-Lengths',
    bytes: req(
      [
        'POST /rest/core/v2/tags HTTP/1.1',
        HOST,
        'Content-Length: 2',
        'Content-Length: 3',
        'Content-Type: application/json',
      ],
      '{}',
    ),
  },
  {
    name: 'negative Content-Length',
    bytes: req(['POST /rest/core/v2/tags HTTP/1.1', HOST, 'Content-Length: -1'], '{}'),
  },
  {
    name: 'bad chunk size',
    bytes: req(
      ['POST /rest/core/v2/tags HTTP/1.1', HOST, 'Transfer-Encoding: chunked', 'Content-Type: application/json'],
      'zz\r\n{}\r\n0\r\n\r\n',
    ),
  },
  {
    name: 'chunked and Content-Length',
    bytes: req(
      [
        'POST /rest/batch/v1 HTTP/1.1',
        HOST,
        'Transfer-Encoding: chunked',
        'Content-Length: 4',
        'Content-Type: application/json',
      ],
      '2\r\n{}\r\n0\r\n\r\n',
    ),
  },
  { name: 'header of 64 KB', bytes: req(['GET /rest/ HTTP/1.1', HOST, `X-Big: ${'a'.repeat(65536)}`]) },
  { name: 'URL of 100 KB', bytes: req([`GET /rest/core/v2/posts?search=${'a'.repeat(100_000)} HTTP/1.1`, HOST]) },
  { name: 'bytes >= 0x80 in the path', bytes: req(['GET /rest/core/v2/tags/\xff\xfe HTTP/1.1', HOST]) },
  { name: 'absolute-form target', bytes: req(['GET http://evil.example/rest/ HTTP/1.1', HOST]) },
  { name: 'asterisk target', bytes: req(['OPTIONS * HTTP/1.1', HOST]) },
  { name: 'relative target', bytes: req(['GET rest/core/v2/tags HTTP/1.1', HOST]) },
  { name: 'CONNECT', bytes: req(['CONNECT 127.0.0.1:1 HTTP/1.1', HOST]) },
  { name: 'LF line endings only', bytes: Buffer.from(`GET /rest/ HTTP/1.1\n${HOST}\n\n`) },
  { name: 'obsolete line folding', bytes: req(['GET /rest/ HTTP/1.1', HOST, 'X-A: a', ' folded']) },
  { name: 'HTTP/1.0 without Host', bytes: req(['GET /rest/core/v2/tags HTTP/1.0']) },
  {
    name: 'garbage',
    bytes: Buffer.from(
      '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003 not http at all\r\n\r\n',
      'latin1',
    ),
  },
];

export interface RawAnswer {
  /** Null when the connection closed without an HTTP answer. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Writes the bytes, half-closes, reads until the server closes (bounded by timeoutMs). */
export function sendRaw(port: number, bytes: Buffer, timeoutMs: number): Promise<RawAnswer | { error: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ error: `no end of answer in ${timeoutMs} ms` });
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the answer is fine; an answer is judged below
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(raw);
      if (!m) return resolve({ status: null, headers: {}, body: '', raw });
      const headers: Record<string, string> = {};
      for (const line of m[2]!.split('\r\n')) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = m[3]!;
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
      resolve({ status: Number(m[1]), headers, body, raw });
    });
  });
}

function dechunk(s: string): string {
  let out = '';
  let rest = s;
  for (let i = 0; i < 1000; i++) {
    const m = /^([0-9a-fA-F]+)[^\r\n]*\r\n/.exec(rest);
    if (!m) break;
    const n = parseInt(m[1]!, 16);
    if (n === 0) break;
    out += rest.slice(m[0].length, m[0].length + n);
    rest = rest.slice(m[0].length + n + 2);
  }
  return out;
}
