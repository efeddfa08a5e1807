/**
 * What core/v2/search reads from the events service (design: no service reads another's database): the published
 * events WordPress's post search handler would find among the posts (`/_loom/event-search`), and an event itself
 * for `_embed=self` (its public `events/v1/events/<id>`). Over HTTP through the kit's ServiceClient, signed with the
 * internal proof, with EVENTS_URL and LOOM_EVENTS_TIMEOUT_MS; answers are not kept (a search sees every new event).
 * When events is down the answers are `undefined`: `subtype=any` then lists core's posts alone, `tribe_events`
 * alone answers loom_service_unavailable (search.ts).
 */
import { EVENT_SEARCH_PATH, errorBody, eventSearchResultSchema, type EventSearchResult } from '@loom/contracts';
import {
  ServiceClient,
  envInt,
  serviceUrl,
  type Answer,
  type Embedder,
  type KitConfig,
  type Logger,
  type RestRequest,
} from '@loom/service-kit';

/** The Events Calendar's post type, a subtype of the post search handler. */
export const EVENT_SUBTYPE = 'tribe_events';

/** The public route of one event: the `self` link of an event result. */
export const eventPath = (id: number) => `/events/v1/events/${id}`;

export interface EventSearchQuery {
  search: string;
  include: number[];
  exclude: number[];
  /** How many of the first events (in search order) to list. */
  limit: number;
}

export class EventsClient {
  constructor(private readonly http: ServiceClient) {}

  /** The first `limit` matching events and how many match; undefined when events did not answer. */
  async search(q: EventSearchQuery): Promise<EventSearchResult | undefined> {
    const query = new URLSearchParams({
      search: q.search,
      include: q.include.join(','),
      exclude: q.exclude.join(','),
      limit: String(q.limit),
    });
    const answer = await this.http.getJson<unknown>(`${EVENT_SEARCH_PATH}?${query}`);
    const parsed = eventSearchResultSchema.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  }

  /** An event as events/v1 answers it to anyone; null when there is none to show. */
  event(id: number): Promise<Answer<unknown>> {
    return this.http.getJson<unknown>(`/rest${eventPath(id)}`, { missing: [401, 403, 404, 410] });
  }
}

export function createEventsClient(config: KitConfig, log: Logger, env: NodeJS.ProcessEnv): EventsClient {
  return new EventsClient(
    new ServiceClient({
      service: 'events',
      baseUrl: serviceUrl('events', env),
      timeoutMs: envInt(env, 'LOOM_EVENTS_TIMEOUT_MS', 1500, 1),
      cacheMs: 0,
      maxEntries: 1,
      log,
      internalSecret: config.internalSecret,
    }),
  );
}

/** One client per app, found from the request's config (each app has its own config object). */
const clients = new WeakMap<KitConfig, EventsClient>();
export const registerEventsClient = (config: KitConfig, client: EventsClient) => clients.set(config, client);
export function eventsClient(req: Pick<RestRequest, 'config' | 'log'>): EventsClient {
  let c = clients.get(req.config);
  if (!c) clients.set(req.config, (c = createEventsClient(req.config, req.log, process.env)));
  return c;
}

/** `_embed=self` of an event result: the event from the events service (the gateway's URL names it, not ours). */
export const eventEmbedder: Embedder = {
  match: (url) => /\/events\/v1\/events\/\d+$/.test(url.pathname),
  async load(urls, req) {
    const out = new Map<string, unknown>();
    const prefix = `${req.config.restUrl}/events/v1/events/`;
    for (const url of urls) {
      if (!url.href.startsWith(prefix)) continue;
      const found = await eventsClient(req).event(Number(url.href.slice(prefix.length)));
      out.set(
        url.href,
        found === undefined
          ? errorBody('loom_service_unavailable', { message: 'The events service is not available right now.' })
          : (found ?? errorBody('rest_no_route')),
      );
    }
    return out;
  },
};
