/** Loopback servers for tests: an Express app listening on 127.0.0.1 (port 0 = ephemeral), free and hanging ports. */
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { Express } from 'express';
import { keepConnections } from '@loom/service-kit';
import { closedAtEnd } from './cleanup';

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 = ephemeral); close() also drops idle keep-alive connections. */
export async function listen(app: Express, port = 0): Promise<Running> {
  const server = keepConnections(createHttpServer(app));
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const p = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${p}`,
    port: p,
    close: closedAtEnd(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        }),
    ),
  };
}

/** A port nothing listens on (connection refused). */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Accepts connections and never answers (an upstream that hangs). */
export async function startHanging(): Promise<Running> {
  const sockets = new Set<Socket>();
  const server = createNetServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: closedAtEnd(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    ),
  };
}
