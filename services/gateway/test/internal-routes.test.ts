/**
 * core-content's internal routes outside /rest are never reached through the gateway, even correctly signed: the
 * CLI's (`/_loom/cli`, which runs administration commands such as `users create`) in particular.
 */
import request from 'supertest';
import { INTERNAL_HEADER } from '@loom/contracts';
import { signInternal, TEST_SECRET } from '@loom/service-kit';
import type { Gateway } from '../src';
import { startCore, startGateway, type Running } from '@loom/testing';

let core: Running;
let gw: Gateway;
beforeAll(async () => {
  core = await startCore();
  gw = await startGateway({ upstreams: { 'core-content': core.url } });
});
afterAll(async () => {
  gw.close();
  await core.close();
});

const signed = () => ({ [INTERNAL_HEADER]: signInternal(TEST_SECRET) });
const create = (login: string) => ({
  argv: [
    'users',
    'create',
    '--login',
    login,
    '--email',
    `${login}@example.org`,
    '--role',
    'administrator',
    '--password',
    'x',
  ],
});
const logins = async () => {
  const r = await request(core.url)
    .post('/_loom/cli')
    .set(signed())
    .send({ argv: ['users', 'list', '--json'] });
  return (JSON.parse((r.body as { out: string[] }).out[0]!) as Array<{ login: string }>).map((u) => u.login);
};

test('/_loom/cli through the gateway is not served, however the path is spelled; on core-content it is', async () => {
  const paths = [
    '/_loom/cli',
    '/rest/../_loom/cli',
    '/rest/%2E%2E/_loom/cli',
    '/rest/core/v2/../../../_loom/cli',
    '/?rest_route=/../../_loom/cli',
    '/rest/_loom/cli',
    '/uploads/../_loom/cli',
  ];
  for (const [i, path] of paths.entries()) {
    const r = await request(gw.app)
      .post(path)
      .set(signed())
      .send(create(`intruder${i}`));
    expect([path, r.status]).toEqual([path, 404]);
    expect(r.body.code).toBe('rest_no_route');
  }
  expect((await logins()).filter((login) => login.startsWith('intruder'))).toEqual([]);

  // The same request straight to core-content runs: the gateway, not the shape of the request, stopped it.
  const direct = await request(core.url).post('/_loom/cli').set(signed()).send(create('insider'));
  expect(direct.body).toMatchObject({ code: 0, out: [expect.stringContaining('"insider" (administrator)')] });
  expect(await logins()).toContain('insider');
});
