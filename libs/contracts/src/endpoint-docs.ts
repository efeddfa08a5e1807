/**
 * What the API reference (the OpenAPI document, openapi-index.ts) says of an endpoint beyond its arguments: its
 * summary, the shape of its answer and the request bodies it reads. Written in the endpoint's own definition, so a
 * difference between resources (media uploads, contact-form submissions) lives in that resource's file. WordPress's
 * index has no such keys: services send them only when the gateway asks for the reference (`/_loom/routes?docs=1`).
 */
import type { WpSchema } from './json-schema';

/** How a resource is named in summaries, where its path does not say it (`media` → media item, media items). */
export interface Noun {
  one: string;
  many: string;
}

/**
 * What a successful answer holds: one item; a list of items; items keyed by name (`types`, `statuses`); or The
 * Events Calendar's archive, a list under `archive` beside `rest_url`, `total` and `total_pages`.
 */
export type Answer = 'item' | 'list' | 'map' | { archive: string };

/** A request body that is not the endpoint's arguments as JSON or a form. */
export interface BodyDocs {
  /** Media types whose body's fields are the arguments and `fields` (`multipart/form-data`...). */
  forms: string[];
  /** Fields beyond the declared arguments (a `file` part), `required` as arguments say it. */
  fields?: Record<string, WpSchema>;
  /** Any other field, named by the client (a contact form's own fields). */
  otherFields?: WpSchema;
  /** Media types of a body that is the file's bytes; the arguments then go in the query string. */
  raw?: string[];
  /** Headers that go with it (a raw upload's `Content-Disposition`), with an example. */
  headers?: Record<string, WpSchema & { example?: string }>;
  description?: string;
}

export interface EndpointDocs {
  /** Its summary where the one derived from its verb and path would not say it (`Submit a contact form`). */
  summary?: string;
  noun?: Noun;
  /** Default: a list for a `list` endpoint, else an item. */
  answer?: Answer;
  /** Default: the arguments as `application/json` or `application/x-www-form-urlencoded`. */
  body?: BodyDocs;
}

/** The docs as the index carries them: the endpoint's key in its route (`list`, `create`, `read`...) besides. */
export interface IndexDocs extends EndpointDocs {
  verb?: string;
}

/** The Events Calendar's lists: `{<key>: items, rest_url, total, total_pages}` (its Archive_Base). */
export const archiveOf = (key: string): EndpointDocs => ({ answer: { archive: key } });

/** Lists answered as an object keyed by name (`{post: {...}, page: {...}}`: types, statuses, menu locations). */
export const keyedByName = (noun?: Noun): EndpointDocs => ({ answer: 'map', ...(noun ? { noun } : {}) });
