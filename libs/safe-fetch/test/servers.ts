/** Real servers on 127.0.0.1 for the fetcher's tests: an HTTP app, and a listener that only counts connections. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

export interface Listening {
  port: number;
  url: string;
  close(): Promise<void>;
}

function closer(server: { close(cb: () => void): void }, sockets: Set<Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

/** An HTTP server on a free loopback port; `requests` records what reached it (method, url, headers). */
export async function httpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Listening & { requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, requests, close: closer(server, sockets) };
}

/**
 * Counts every connection made to it and answers each with a 200, so a fetch that reached it would succeed:
 * a test expecting a refusal fails twice over if anything gets here.
 */
export async function countingListener(): Promise<Listening & { connections(): number }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((s) => {
    count++;
    sockets.add(s);
    s.on('error', () => undefined);
    s.once('close', () => sockets.delete(s));
    s.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 7\r\nconnection: close\r\n\r\nreached');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, connections: () => count, close: closer(server, sockets) };
}

/** Accepts connections and never answers. */
export async function silentListener(): Promise<Listening> {
  const sockets = new Set<Socket>();
  const server = createNetServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, close: closer(server, sockets) };
}
