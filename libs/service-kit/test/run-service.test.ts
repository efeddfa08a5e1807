/** A service that cannot listen (another process holds its port) fails to start, saying why; it never claims to listen. */
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, runService, testConfig } from '../src';

test('runService rejects with EADDRINUSE on a port another process holds', async () => {
  const holder = createServer();
  holder.listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const { port } = holder.address() as AddressInfo;
  try {
    const config = testConfig('forms', { FORMS_PORT: String(port) });
    await expect(runService(express(), { config, log: createLogger('forms', 'silent') })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  } finally {
    holder.close();
  }
});
