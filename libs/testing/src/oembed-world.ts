/**
 * The oEmbed suites' world: the real core-content (users, posts, media), the real oembed app and the gateway, every
 * request made through the gateway. oembed reaches core-content through a pass-through (`coreFront`) that counts
 * what it is asked and can play dead (`state.down`).
 */
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Dial, Lookup } from '@loom/safe-fetch';
import type { Logger } from '@loom/service-kit';
import type { Gateway } from '@loom/gateway';
import { basicForAll, roleUsers, type TestUser } from './accounts';
import { listen, type Running } from './net';
import { startCore, startGateway, startOembed, type RunningService } from './services';

/** The site name the oEmbed world's services answer with. */
export const SITE_NAME = 'Loom Reference';
export type OembedCaller = 'anonymous' | 'administrator' | 'editor' | 'contributor' | 'subscriber';

export interface OembedWorld {
  gw: Gateway;
  core: RunningService;
  /** The pass-through oembed asks: requests per path, and whether it plays dead. */
  coreFront: Running & { count(prefix: string): number; state: { down: boolean } };
  oembed: RunningService;
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

export async function startOembedWorld(
  env: NodeJS.ProcessEnv = {},
  opts: { log?: Logger; fetch?: { lookup?: Lookup; dial?: Dial } } = {},
): Promise<OembedWorld> {
  // The site's name is a site option, core-content's (its environment gives the initial value).
  const core = await startCore({ LOOM_SITE_NAME: SITE_NAME });
  const coreFront = await startCoreFront(core.url);
  // Suites fetch far more than a person would; the per-user limit is services/oembed/test/limits.test.ts' subject, not theirs.
  const oembed = await startOembed(
    {
      CORE_CONTENT_URL: coreFront.url,
      LOOM_CORE_CACHE_MS: '0',
      LOOM_OEMBED_RATE_MAX: '1000',
      ...env,
    },
    opts,
  );
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url, oembed: oembed.url } },
    { LOOM_AUTH_MAX_FAILURES: '1000' },
  );
  const all = roleUsers();
  const users = {
    administrator: all.administrator,
    editor: all.editor,
    contributor: all.contributor,
    subscriber: all.subscriber,
  };
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
