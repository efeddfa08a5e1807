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

/**
 * Where freePort() looks: below the kernel's ephemeral range (32768-60999 on Linux), from which every listen on port
 * 0 and every outgoing connection takes its port, so a port found free here stays free until its suite listens on
 * it. Each jest worker has a block of its own, so suites running at once in two workers never get the same port.
 */
const PORTS_FROM = 20000;
const PORTS_PER_WORKER = 1500;
const firstPort = PORTS_FROM + ((Math.max(1, Number(process.env.JEST_WORKER_ID) || 1) - 1) % 8) * PORTS_PER_WORKER;
let nextPort = 0;

const canListen = async (port: number): Promise<boolean> => {
  const s = createNetServer();
  try {
    s.listen(port, '127.0.0.1');
    await once(s, 'listening');
    await new Promise<void>((r) => s.close(() => r()));
    return true;
  } catch {
    return false;
  }
};

/** A port nothing listens on (connection refused), for a suite to listen on later or to find closed. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = firstPort + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${firstPort}-${firstPort + PORTS_PER_WORKER - 1}`);
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
