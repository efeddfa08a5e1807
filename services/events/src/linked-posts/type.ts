/**
 * What sets one linked post type (venue, organizer) apart; the routes, storage and answers shared by both take
 * one of these (venues/type.ts, organizers/type.ts).
 */
import type * as events from '../contracts';
import type { RestRequest } from '@loom/service-kit';
import type { Image } from '../images';
import type { LinkedPostDoc } from './repository';

export interface LinkedPostType {
  spec: events.LinkedPostSpec;
  routes: events.LinkedPostRoutes;
  /** The event field holding ids of this type. */
  eventField: 'venue' | 'organizer';
  /** The post's schema.org data (Tribe__Events__JSON_LD__Venue / __Organizer), without `@context`. */
  jsonLd(req: RestRequest, doc: LinkedPostDoc, image: Image): Record<string, unknown>;
  /** Fields the type derives on write from what the post will hold (`meta`) and what the write sent (`written`). */
  deriveMeta?(meta: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown>;
}

/** tribe_is_truthy(): booleans as they are; of strings only "1", "enable(d)", "on", "y", "yes", "true" (any case). */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string')
    return ['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true'].includes(value.toLowerCase());
  return Boolean(value);
}

/** The type's fields of a write as stored: its strings as given, its flags read with tribe_is_truthy. */
export function metaOf(type: LinkedPostType, p: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const f of type.spec.strings) if (p[f] !== undefined) meta[f] = p[f];
  for (const f of type.spec.flags) if (p[f] !== undefined) meta[f] = isTruthy(p[f]);
  return meta;
}
