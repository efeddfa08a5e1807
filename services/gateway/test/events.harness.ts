/**
 * The events suites' world: the real core-content (users, application passwords), the real events app and
 * the gateway, every request made through the gateway with `Authorization: Basic`. Suites that only need an
 * event's links (venues, organizers, terms) insert bare `tribe_events` docs into the events store (insertEvent).
 */
import { testConfig } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { Gateway } from '../src';
import { basicForAll, roleUsers, type TestUser } from './accounts';
import { restClient, startCore, startEvents, startGateway, type Running } from './helpers';
export { err } from './helpers';
import { adjustEventTermCounts } from '../../events/src/event-terms';

export type EventsCaller = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

export interface EventsWorld {
  gw: Gateway;
  core: Running;
  events: Running & { store: Store };
  users: Record<Exclude<EventsCaller, 'anonymous'>, TestUser>;
  auth: Record<EventsCaller, Record<string, string>>;
  close(): Promise<void>;
}

export async function startEventsWorld(siteEnv: NodeJS.ProcessEnv = {}): Promise<EventsWorld> {
  // events reads users and media from core-content through its typed client.
  const core = await startCore(siteEnv);
  const events = await startEvents(0, { ...siteEnv, CORE_CONTENT_URL: core.url });
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url, events: events.url }, config: testConfig('gateway', siteEnv) },
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000' },
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

export function client(world: EventsWorld, caller: EventsCaller) {
  return restClient(world.gw.app, world.auth[caller], '/rest/events/v1');
}

/**
 * A bare event doc (no dates but its end) carrying venues, organizers, categories and tags, with the terms' counts
 * moved the way event writes move them (adjustEventTermCounts): enough for the linked-post and term filters.
 */
export async function insertEvent(
  world: EventsWorld,
  doc: { venue?: number[]; organizer?: number[]; categories?: number[]; tags?: number[]; utc_end_date?: string; status?: string },
): Promise<number> {
  const id = await world.events.store.nextId('posts');
  const event = { id, type: 'tribe_events', status: 'publish', slug: `event-${id}`, utc_end_date: '2030-01-01 00:00:00', categories: [], tags: [], ...doc };
  await world.events.store.collection('posts').insert(event);
  await adjustEventTermCounts(world.events.store, null, event);
  return id;
}
