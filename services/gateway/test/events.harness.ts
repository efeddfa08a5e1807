/**
 * The events suites' world: the real core-content (users, application passwords), the real events app and
 * the gateway, every request made through the gateway with `Authorization: Basic`. Events do not exist yet,
 * so tests that need them insert `tribe_events` docs straight into the events store.
 */
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { Gateway } from '../src';
import { basicForAll, roleUsers, type TestUser } from './accounts';
import { startCore, startEvents, startGateway, type Running } from './helpers';
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
  const h = world.auth[caller];
  const app = world.gw.app;
  const url = (path: string) => `/rest/events/v1${path}`;
  return {
    get: (path: string) => request(app).get(url(path)).set(h),
    post: (path: string, body: object = {}) => request(app).post(url(path)).set(h).send(body),
    put: (path: string, body: object = {}) => request(app).put(url(path)).set(h).send(body),
    patch: (path: string, body: object = {}) => request(app).patch(url(path)).set(h).send(body),
    delete: (path: string) => request(app).delete(url(path)).set(h),
  };
}

/** An event doc as the linked-post filters read it (the events resource is not built yet). */
export async function insertEvent(world: EventsWorld, doc: { venue?: number[]; organizer?: number[]; utc_end_date: string; status?: string }): Promise<number> {
  const id = await world.events.store.nextId('posts');
  await world.events.store.collection('posts').insert({ id, type: 'tribe_events', status: 'publish', slug: `event-${id}`, ...doc });
  return id;
}

export const err = (r: request.Response) => ({ status: r.status, code: (r.body as { code?: string }).code });

/**
 * An event carrying event categories and tags (term ids), with the terms' counts moved the way event writes move
 * them (adjustEventTermCounts). Not a full event (no dates): enough for the term routes' counts and filters.
 */
export async function insertTermEvent(world: EventsWorld, doc: { categories?: number[]; tags?: number[]; status?: string }): Promise<number> {
  const id = await world.events.store.nextId('posts');
  const event = { id, type: 'tribe_events', status: 'publish', slug: `event-${id}`, utc_end_date: '2030-01-01 00:00:00', categories: [], tags: [], ...doc };
  await world.events.store.collection('posts').insert(event);
  await adjustEventTermCounts(world.events.store, null, event);
  return id;
}
