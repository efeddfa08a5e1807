/**
 * The oEmbed suites' world: the real core-content (users, posts, media), the real oembed app and the gateway, every
 * request made through the gateway. oembed reaches core-content through a pass-through (`coreFront`) that counts
 * what it is asked and can play dead (`state.down`); images are real uploads (uploadImage).
 * Remote providers and pages are real HTTP servers on 127.0.0.1, reached through LOOM_OEMBED_ALLOW_HOSTS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import request from 'supertest';
import type { Dial, Lookup } from '@loom/safe-fetch';
import { createLogger, testConfig, type Logger } from '@loom/service-kit';
import { openStore, type Store } from '@loom/store';
import { buildApp as buildOembed } from '@loom/oembed';
import type { Gateway } from '../src';
import { basicForAll, roleUsers, type TestUser } from './accounts';
import { listen, startCore, startGateway, type Running } from './helpers';
import { image } from './media.harness';

export const SITE_NAME = 'Loom Reference';
export type OembedCaller = 'anonymous' | 'administrator' | 'editor' | 'contributor' | 'subscriber';

export interface OembedWorld {
  gw: Gateway;
  core: Running & { store: Store };
  /** The pass-through oembed asks: requests per path, and whether it plays dead. */
  coreFront: Running & { count(prefix: string): number; state: { down: boolean } };
  oembed: Running & { store: Store };
  users: Record<Exclude<OembedCaller, 'anonymous'>, TestUser>;
  auth: Record<OembedCaller, Record<string, string>>;
  close(): Promise<void>;
}

async function startCoreFront(target: string) {
  const counts: string[] = [];
  const state = { down: false };
  const app = express();
  app.use((req, res, next) => {
    counts.push(req.path);
    if (state.down) return void res.socket?.destroy();
    next();
  });
  app.use(createProxyMiddleware({ target, changeOrigin: true }));
  const running = await listen(app);
  return { ...running, count: (prefix: string) => counts.filter((p) => p.startsWith(prefix)).length, state };
}

export async function startOembed(env: NodeJS.ProcessEnv, opts: { log?: Logger; fetch?: { lookup?: Lookup; dial?: Dial } } = {}): Promise<Running & { store: Store }> {
  const config = testConfig('oembed', env);
  const store = await openStore({ service: 'oembed', dataDir: config.dataDir });
  const app = await buildOembed({ config, store, log: opts.log ?? createLogger('oembed', 'silent'), env, fetch: opts.fetch });
  const running = await listen(app);
  return { ...running, store, close: async () => (await running.close(), await store.close()) };
}

export async function startOembedWorld(env: NodeJS.ProcessEnv = {}, opts: { log?: Logger; fetch?: { lookup?: Lookup; dial?: Dial } } = {}): Promise<OembedWorld> {
  const core = await startCore();
  const coreFront = await startCoreFront(core.url);
  // Suites fetch far more than a person would; the per-user limit is oembed.limits' subject, not theirs.
  const oembed = await startOembed({ LOOM_SITE_NAME: SITE_NAME, CORE_CONTENT_URL: coreFront.url, LOOM_CORE_CACHE_MS: '0', LOOM_OEMBED_RATE_MAX: '1000', ...env }, opts);
  const gw = await startGateway({ upstreams: { 'core-content': core.url, oembed: oembed.url } }, { LOOM_SITE_NAME: SITE_NAME, LOOM_AUTH_MAX_FAILURES: '1000' });
  const all = roleUsers();
  const users = { administrator: all.administrator, editor: all.editor, contributor: all.contributor, subscriber: all.subscriber };
  const auth = await basicForAll(core.url, users);
  return {
    gw,
    core,
    coreFront,
    oembed,
    users,
    auth,
    close: async () => {
      gw.close();
      await Promise.all([oembed.close(), coreFront.close()]);
      await core.close();
    },
  };
}

/** A loopback HTTP server acting as a remote site or provider; `hits` lists every request's path and query. */
export async function startRemote(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Running & { hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Creates a post or page through the gateway as the administrator; returns its id and permalink. */
export async function createItem(world: OembedWorld, type: 'posts' | 'pages', body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const r = await request(world.gw.app).post(`/rest/core/v2/${type}`).set(world.auth.administrator).send(body);
  if (r.status !== 201) throw new Error(`creating a ${type} item: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as number, link: r.body.link as string };
}

/** GET through the gateway as `as`. */
export const get = (world: OembedWorld, path: string, as: OembedCaller = 'anonymous') => request(world.gw.app).get(path).set(world.auth[as]);

/** A JPEG of `width`×`height` made by sharp, uploaded through the gateway by the administrator (attached to `post`). */
export async function uploadImage(world: OembedWorld, width: number, height: number, name: string, post?: number): Promise<{ id: number; source_url: string; link: string }> {
  const r = await request(world.gw.app)
    .post(`/rest/core/v2/media${post ? `?post=${post}` : ''}`)
    .set(world.auth.administrator)
    .set('Content-Type', 'image/jpeg')
    .set('Content-Disposition', `attachment; filename="${name}"`)
    .send(await image(width, height));
  if (r.status !== 201) throw new Error(`upload of ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: number; source_url: string; link: string };
}
