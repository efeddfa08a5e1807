/**
 * Events fixtures stored directly: suites that only need an event's links (venues, organizers, terms) insert bare
 * `tribe_events` docs into the events store of an events world (@loom/testing's startEventsWorld).
 */
import type { EventsWorld } from '@loom/testing';
import { adjustEventTermCounts } from '../src/event-terms';

/**
 * A bare event doc (no dates but its end) carrying venues, organizers, categories and tags, with the terms' counts
 * moved the way event writes move them (adjustEventTermCounts): enough for the linked-post and term filters.
 */
export async function insertEvent(
  world: EventsWorld,
  doc: {
    venue?: number[];
    organizer?: number[];
    categories?: number[];
    tags?: number[];
    utc_end_date?: string;
    status?: string;
  },
): Promise<number> {
  const id = await world.events.store.nextId('posts');
  const event = {
    id,
    type: 'tribe_events',
    status: 'publish',
    slug: `event-${id}`,
    utc_end_date: '2030-01-01 00:00:00',
    categories: [],
    tags: [],
    ...doc,
  };
  await world.events.store.collection('posts').insert(event);
  await adjustEventTermCounts(world.events.store, null, event);
  return id;
}
