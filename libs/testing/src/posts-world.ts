/**
 * The core/v2 suites' world: the real core-content and gateway in-process, one user per role plus a second author,
 * each with an application password, and every request made through the gateway with `Authorization: Basic`.
 */
import type { Role } from '@loom/contracts';
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '@loom/gateway';
import { basicForAll, createUser, roleUsers, type TestUser } from './accounts';
import { restClient } from './http';
import { startCore, startGateway, type RunningService } from './services';

export type Caller = Role | 'anonymous' | 'author2';

export interface World {
  gw: Gateway;
  core: RunningService;
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  auth: Record<Caller, Record<string, string>>;
  close(): Promise<void>;
}

/** `siteEnv`: the site's clock (LOOM_TIMEZONE, LOOM_GMT_OFFSET), given to both processes as the kit's config. */
export async function startWorld(siteEnv: NodeJS.ProcessEnv = {}): Promise<World> {
  const core = await startCore(siteEnv);
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url }, config: testConfig('gateway', siteEnv) },
    // These suites send hundreds of writes at once: a credential check queues behind them at core-content, and by
    // default waits as long as the writes themselves may (LOOM_UPSTREAM_TIMEOUT_MS), so none of them gets a 503.
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000' },
  );
  const author2 = await createUser(core.url, 'author', 'author2');
  const users = { ...roleUsers(), author2 };
  const auth: Record<Caller, Record<string, string>> = await basicForAll(core.url, users);
  return {
    gw,
    core,
    users,
    auth,
    close: async () => {
      gw.close();
      await core.close();
    },
  };
}

/** Requests through the gateway as one caller (a role of the world, or any `Authorization` headers). */
export function as(world: World, caller: Caller | Record<string, string>) {
  return restClient(world.gw.app, typeof caller === 'string' ? world.auth[caller] : caller);
}

export type Client = ReturnType<typeof as>;

/** Creates an item and returns its body (fails the test when not 201). */
export async function make(
  client: Client,
  base: 'posts' | 'pages',
  body: object,
): Promise<Record<string, unknown> & { id: number }> {
  const r = await client.post(`/core/v2/${base}`, body);
  if (r.status !== 201) throw new Error(`creating ${base}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown> & { id: number };
}
