/** The kit hooks the identity issue added: resolveUser, sanitize-callback errors, sanitize-only arguments. */
import request from 'supertest';
import { z } from 'zod';
import {
  CREATABLE,
  READABLE,
  endpoint,
  namespaceRoute,
  route,
  sanitizeError,
  sanitizedOnly,
  wp,
} from '@loom/contracts';
import { openStore } from '@loom/store';
import { asRole, bind, createLogger, createServiceApp, testConfig, type ServiceDefinition } from '../src';

const NS = 'hooks/v1';
const who = route(NS, `/${NS}/who`, { read: endpoint(READABLE, {}) });
const make = route(NS, `/${NS}/make`, {
  create: endpoint(CREATABLE, {
    code: z
      .string()
      .transform((v, ctx) => (v === 'bad' ? sanitizeError(ctx, 'rest_thing_invalid', 'Things cannot be bad.') : v))
      .optional(),
    // Declared integer (the index says so) but checked by its own transform only, like users' `reassign`.
    flag: sanitizedOnly(
      wp(
        z.unknown().transform((v) => (v === 'false' ? false : Number(v))),
        { type: 'integer' },
      ),
    ).optional(),
  }),
});

async function start(resolveUser?: ServiceDefinition['resolveUser']) {
  const config = testConfig('core-content');
  const store = await openStore({ service: 'hooks', dataDir: config.dataDir });
  const def: ServiceDefinition = {
    name: 'hooks',
    namespaces: [NS],
    routes: [namespaceRoute(NS), who, make],
    bindings: [
      bind(who.endpoints.read, null, (req) => ({ body: req.user ? { id: req.user.id, roles: req.user.roles } : null })),
      bind(make.endpoints.create, null, (req) => ({ body: req.params })),
    ],
    resolveUser,
  };
  return {
    app: createServiceApp(def, { config, store, log: createLogger('hooks', 'silent') }),
    close: () => store.close(),
  };
}

test('resolveUser maps a verified identity to the caller, or to nobody', async () => {
  const { app, close } = await start(async (user) => (user.id === 2 ? { ...user, roles: ['subscriber'] } : null));
  try {
    expect((await request(app).get(`/rest/${NS}/who`).set(asRole('editor'))).body).toEqual({
      id: 2,
      roles: ['subscriber'],
    });
    expect((await request(app).get(`/rest/${NS}/who`).set(asRole('author'))).body).toBeNull();
    expect((await request(app).get(`/rest/${NS}/who`)).body).toBeNull();
  } finally {
    await close();
  }
});

test('without resolveUser the verified identity is the caller, as before', async () => {
  const { app, close } = await start();
  try {
    expect((await request(app).get(`/rest/${NS}/who`).set(asRole('author'))).body).toEqual({
      id: 3,
      roles: ['author'],
    });
  } finally {
    await close();
  }
});

test('a sanitize callback error keeps its own code and message in details, as WordPress reports it', async () => {
  const { app, close } = await start();
  try {
    const r = await request(app).post(`/rest/${NS}/make`).send({ code: 'bad' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): code',
      data: {
        status: 400,
        params: { code: 'Things cannot be bad.' },
        details: { code: { code: 'rest_thing_invalid', message: 'Things cannot be bad.', data: { status: 400 } } },
      },
    });
  } finally {
    await close();
  }
});

test('a sanitize-only argument skips type validation but keeps its declared type in the index', async () => {
  const { app, close } = await start();
  try {
    expect((await request(app).post(`/rest/${NS}/make`).send({ flag: 'false' })).body).toEqual({ flag: false });
    expect((await request(app).post(`/rest/${NS}/make`).send({ flag: '7' })).body).toEqual({ flag: 7 });
    const index = await request(app).get(`/rest/${NS}`);
    expect(index.body.routes[`/${NS}/make`].endpoints[0].args.flag).toEqual({ type: 'integer', required: false });
  } finally {
    await close();
  }
});
