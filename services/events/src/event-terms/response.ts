/**
 * Event categories and tags as The Events Calendar answers them (reference A.2.3; Post_Repository's
 * prepare_term_data): WordPress's REST term (view context) with `link` renamed `url` (so moved after `meta`)
 * and the plugin's `urls`; on an event, the WP_Term's own fields with `term_id` renamed `id` (so moved last
 * but `urls`). Single answers (read, create, update) keep the `_links` of WordPress's terms controller.
 */
import * as events from '../contracts';
import { links, type RestRequest } from '@loom/service-kit';
import { termSlugPath, termsWithAncestors, type TermDoc } from '@loom/terms';

/** The events/v1 URLs of a term (tribe_events_rest_url). */
function termUrls(req: RestRequest, spec: events.EventTaxonomySpec, term: TermDoc): Record<string, string> {
  const collection = `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}`;
  const urls: Record<string, string> = { self: `${collection}/${term.id}`, collection };
  if (term.parent) urls.up = `${collection}/${term.parent}`;
  return urls;
}

/**
 * get_term_link(): event categories live under the plugin's hierarchical `events/category` rewrite; event tags
 * are post_tag terms, whose archive is WordPress's `tag` base.
 */
function termLink(
  req: RestRequest,
  spec: events.EventTaxonomySpec,
  term: TermDoc,
  known: ReadonlyMap<number, TermDoc>,
): string {
  return spec.hierarchical
    ? `${req.config.homeUrl}/events/category/${termSlugPath(term, known).join('/')}/`
    : `${req.config.homeUrl}/tag/${term.slug}/`;
}

/** Terms of the archive and single routes, for a whole page at once (ancestors for category links by depth). */
export async function prepareEventTerms(
  req: RestRequest,
  spec: events.EventTaxonomySpec,
  terms: TermDoc[],
): Promise<Record<string, unknown>[]> {
  const known = spec.hierarchical
    ? await termsWithAncestors(req.store, spec.taxonomy, terms)
    : new Map<number, TermDoc>();
  return terms.map((term) => ({
    id: term.id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    ...(spec.hierarchical ? { parent: term.parent } : {}),
    // No term meta keys are registered, so WordPress shows an empty list here.
    meta: [],
    url: termLink(req, spec, term, known),
    urls: termUrls(req, spec, term),
  }));
}

/** A term as an event's `categories` / `tags` entry (the WP_Term cast to an array, then renamed). */
export function eventTermObject(
  req: RestRequest,
  spec: events.EventTaxonomySpec,
  term: TermDoc,
): Record<string, unknown> {
  return {
    name: term.name,
    slug: term.slug,
    term_group: term.term_group,
    // One id space here: WordPress's term_taxonomy_id is the term id on a fresh site.
    term_taxonomy_id: term.id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(req, spec, term),
  };
}

/**
 * The `_links` WordPress's terms controller adds to a single term (prepare_links), pointing where Loom serves them:
 * the term's events/v1 routes, and the events archive filtered by it for `wp:post_type`. WordPress's `about` (its
 * wp/v2 taxonomy) has no events/v1 counterpart and is left out.
 */
export function termLinks(req: RestRequest, spec: events.EventTaxonomySpec, term: TermDoc) {
  const collection = `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}`;
  return links({
    self: `${collection}/${term.id}`,
    collection,
    up: term.parent ? { embeddable: true, href: `${collection}/${term.parent}` } : undefined,
    'https://api.w.org/post_type': `${req.config.restUrl}/${events.EVENTS_NS}/events?${spec.restBase}=${term.id}`,
  });
}
