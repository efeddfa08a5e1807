/** What each of core/v2/search's handlers does (WP_REST_Search_Handler): find a page of items, shape each. */
import type { Link, RestRequest } from '@loom/service-kit';

/** The request as the controller hands it to a handler, `subtype` already sanitized (sanitize_subtypes). */
export interface SearchQuery {
  search: string;
  /** The handler's subtypes to search: `any` resolved to all of them. */
  subtypes: string[];
  include: number[];
  exclude: number[];
  page: number;
  perPage: number;
}

/** One result: prepare_item()'s fields and prepare_item_links()'s links (the controller adds `collection`). */
export interface SearchHit {
  data: Record<string, unknown>;
  links: Record<string, Link | string | undefined>;
}

export interface SearchHandler {
  search(req: RestRequest, q: SearchQuery): Promise<{ hits: SearchHit[]; total: number }>;
}
