/**
 * What events reads from core-content (design: no service reads another's database): a media item's details
 * for `image`, and whether a user exists for `author`. Over HTTP with a timeout and a cache (the kit's
 * ServiceClient); when core-content is down the answers are `undefined` and callers degrade (image shown as the
 * plugin shows a missing one, `false`; an author cannot be checked and is taken as given).
 */
import { USERS_PATH, type UserRef } from '@loom/contracts';
import {
  coreContentTransport,
  type KitConfig,
  type Logger,
  type RestRequest,
  type ServiceClient,
} from '@loom/service-kit';

/** The parts of a core/v2 media item (WordPress's attachment controller) that the plugin's image shows. */
export interface MediaItem {
  id: number;
  source_url: string;
  media_type?: string;
  mime_type?: string;
  media_details?: {
    width?: number;
    height?: number;
    filesize?: number;
    sizes?: Record<
      string,
      { width?: number; height?: number; mime_type?: string; source_url?: string; filesize?: number }
    >;
  };
}

export class CoreClient {
  constructor(private readonly http: ServiceClient) {}

  /**
   * A media item anyone may see, `null` when there is none with that id or it is not public (private, or attached to
   * a post that is not: core-content answers 401), `undefined` when core-content did not answer.
   */
  media(id: number): Promise<MediaItem | null | undefined> {
    return this.http.getJson<MediaItem>(`/rest/core/v2/media/${id}?context=view`, { missing: [401, 403, 404, 410] });
  }

  user(id: number): Promise<UserRef | null | undefined> {
    return this.http.getJson<UserRef>(`${USERS_PATH}/${id}`);
  }
}

export function createCoreClient(config: KitConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): CoreClient {
  return new CoreClient(coreContentTransport(config, log, env, { cacheMs: 30000 }));
}

/** One client per app, found from the request's config (each app has its own config object). */
const clients = new WeakMap<KitConfig, CoreClient>();
export const registerCoreClient = (config: KitConfig, client: CoreClient) => clients.set(config, client);
export function coreClient(req: Pick<RestRequest, 'config' | 'log'>): CoreClient {
  let c = clients.get(req.config);
  if (!c) clients.set(req.config, (c = createCoreClient(req.config, req.log)));
  return c;
}
