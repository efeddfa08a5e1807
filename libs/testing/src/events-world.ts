/**
 * The events suites' world: the real core-content (users, application passwords), the real events app and
 * the gateway, every request made through the gateway with `Authorization: Basic`.
 */
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '@loom/gateway';
import { basicForAll, roleUsers, type TestUser } from './accounts';
import { restClient } from './http';
import { freePort } from './net';
import { startCore, startEvents, startGateway, type RunningService } from './services';

export type EventsCaller = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

export interface EventsWorld {
  gw: Gateway;
  core: RunningService;
  events: RunningService;
  users: Record<Exclude<EventsCaller, 'anonymous'>, TestUser>;
  auth: Record<EventsCaller, Record<string, string>>;
  close(): Promise<void>;
}

export async function startEventsWorld(siteEnv: NodeJS.ProcessEnv = {}): Promise<EventsWorld> {
  // events reads users and media from core-content through its typed client; core-content's search asks events for
  // events (EVENTS_URL): events' port is chosen first so that each knows the other.
  const eventsPort = await freePort();
  const core = await startCore({ ...siteEnv, EVENTS_URL: `http://127.0.0.1:${eventsPort}` });
  const events = await startEvents(eventsPort, { ...siteEnv, CORE_CONTENT_URL: core.url });
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url, events: events.url }, config: testConfig('gateway', siteEnv) },
    // The race suites send hundreds of writes at once; on a loaded 2-core machine some waited past the default 30 s
    // for their service (a 503 from the gateway, not an answer of the service's): the outcome is asserted, not the time.
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000', LOOM_UPSTREAM_TIMEOUT_MS: '110000' },
  );
  const users = roleUsers();
  const auth: Record<EventsCaller, Record<string, string>> = await basicForAll(core.url, users);
  return {
    gw,
    core,
    events,
    users,
    auth,
    close: async () => {
      gw.close();
      await Promise.all([core.close(), events.close()]);
    },
  };
}

/** Requests through the gateway as `caller`, under /rest/events/v1. */
export function eventsClient(world: EventsWorld, caller: EventsCaller) {
  return restClient(world.gw.app, world.auth[caller], '/rest/events/v1');
}
