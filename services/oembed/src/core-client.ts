/**
 * What oembed reads from core-content (design: no service reads another's database): which publicly viewable item
 * a URL of this site names (`/_loom/oembed-post`), and a media item's details for thumbnails (`/core/v2/media/<id>`).
 * Over HTTP with a timeout and a short cache (the kit's ServiceClient); when core-content is down the answers are
 * `undefined`, which oembed answers as WordPress answers an unknown URL (`oembed_invalid_url`, 404), and the outage
 * is logged once.
 */
import { OEMBED_POST_PATH, type OembedPost } from '@loom/contracts';
import { coreContentTransport, type Answer, type KitConfig, type Logger, type ServiceClient } from '@loom/service-kit';

/** The parts of a core/v2 media item (WordPress's attachment controller) a thumbnail needs. */
export interface MediaItem {
  id: number;
  source_url: string;
  mime_type?: string;
  media_details?: { width?: number; height?: number };
}

export class CoreClient {
  constructor(private readonly http: ServiceClient) {}

  /** The publicly viewable item a URL names; null when none, undefined when core-content did not answer. */
  target(url: string): Promise<Answer<OembedPost>> {
    return this.http.getJson<OembedPost>(`${OEMBED_POST_PATH}?url=${encodeURIComponent(url)}`);
  }

  /** A featured image anyone may see; null when there is none or it is not public (core-content answers 401). */
  media(id: number): Promise<Answer<MediaItem>> {
    return this.http.getJson<MediaItem>(`/rest/core/v2/media/${id}?context=view`, { missing: [401, 403, 404, 410] });
  }
}

export function createCoreClient(config: KitConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): CoreClient {
  // A short cache: an item that is unpublished stops being embeddable within it.
  return new CoreClient(coreContentTransport(config, log, env, { cacheMs: 5000 }));
}
