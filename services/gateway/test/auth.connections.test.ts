/**
 * Credential checks over kept-alive connections (issue 22's 503s in a burst): a connection core-content closes just
 * as the gateway reuses it must not fail the check, or every request sharing the check gets a 503. The party on the
 * other side is a real HTTP server on loopback that does what an idle-timeout close looks like to the client: it
 * drops a reused connection without answering. Loom's own servers keep idle connections past the clients' limits.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AGENT_IDLE_MS, createLogger, KEEP_ALIVE_MS, keepConnections } from '@loom/service-kit';
import { createCoreClient } from '../src/auth/core-client';

const USER = { id: 1, login: 'admin', name: 'Admin', roles: ['administrator'] };

let server: Server;
let url: string;
const fresh = new Set<Socket>();
let answered = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    // The first request on a connection is answered; a later one finds the connection closed under it.
    if (!fresh.delete(req.socket)) return void req.socket.destroy();
    answered++;
    res
      .writeHead(200, { 'Content-Type': 'application/json', Connection: 'keep-alive' })
      .end(JSON.stringify({ user: USER }));
  });
  server.on('connection', (s: Socket) => fresh.add(s));
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

test('a check whose kept-alive connection was closed under it is sent again on a fresh one', async () => {
  const core = createCoreClient({
    baseUrl: url,
    secret: 'x'.repeat(32),
    timeoutMs: 5000,
    log: createLogger('test', 'silent'),
  });
  const credentials = { username: 'admin', password: 'abcd efgh ijkl mnop qrst uvwx' };
  for (let i = 0; i < 3; i++)
    expect(await core.checkAppPassword(credentials, '127.0.0.1')).toEqual({ ok: true, user: USER });
  expect(answered).toBe(3);
});

test('Loom servers keep idle connections longer than its own agents and ingress-nginx keep them', () => {
  const s = keepConnections(createServer());
  expect(s.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  expect(KEEP_ALIVE_MS).toBeGreaterThan(Math.max(AGENT_IDLE_MS, 60_000));
  expect(s.headersTimeout).toBeGreaterThan(s.keepAliveTimeout);
});
