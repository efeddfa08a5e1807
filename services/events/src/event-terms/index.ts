/**
 * The events service's taxonomies: event categories (`tribe_events_cat`, hierarchical) and event tags
 * (`post_tag`, flat), with WordPress's term rules from @loom/terms over the events store's `terms` collection.
 * In WordPress event tags are the site's post_tag terms, shared with posts; here the events service owns its own
 * post_tag terms in its own store (each service owns its data), so they are not core/v2's tags, and their counts
 * are published events only.
 *
 * What the events resource uses: eventTermObjects (an event's `categories`/`tags` fields), resolveEventTerms
 * (ids, slugs or names in writes and filters) and adjustEventTermCounts (counts after an event write).
 */
import { sanitizeTextField, sanitizeTitle } from '@loom/contracts';
import * as events from '../contracts';
import { can, WpError, type RestRequest } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { adjustTermCounts, TERMS, TermRepository, type TaxonomyRules, type TermDoc } from '@loom/terms';
import { invalidParams } from '../messages';
import { eventTermObject } from './response';

export type EventTaxonomy = 'tribe_events_cat' | 'post_tag';

/** Where an event keeps each taxonomy's term ids. */
export const EVENT_TERM_FIELDS: Readonly<Record<EventTaxonomy, string>> = {
  tribe_events_cat: 'categories',
  post_tag: 'tags',
};

export const TAXONOMY_RULES: Readonly<Record<EventTaxonomy, TaxonomyRules>> = {
  tribe_events_cat: { taxonomy: 'tribe_events_cat', hierarchical: true, postField: EVENT_TERM_FIELDS.tribe_events_cat },
  post_tag: { taxonomy: 'post_tag', hierarchical: false, postField: EVENT_TERM_FIELDS.post_tag },
};

export const EVENT_TAXONOMY_SPECS: Readonly<Record<EventTaxonomy, events.EventTaxonomySpec>> = {
  tribe_events_cat: events.eventCategorySpec,
  post_tag: events.eventTagSpec,
};

/**
 * The taxonomies' capabilities as registered: the plugin maps tribe_events_cat's manage/edit/delete_terms to
 * publish_tribe_events (assign_terms to edit_tribe_events); WordPress maps post_tag's to manage_categories
 * (assign_terms to edit_posts). `create` is what creating a term needs in WordPress's terms controller:
 * edit_terms for a hierarchical taxonomy, assign_terms for a flat one.
 */
export const TERM_CAPS: Readonly<Record<EventTaxonomy, { manage: string; create: string }>> = {
  tribe_events_cat: { manage: 'publish_tribe_events', create: 'publish_tribe_events' },
  post_tag: { manage: 'manage_categories', create: 'edit_posts' },
};

/** The terms of a page of events, loaded with one query (for eventTermObjects). */
export async function loadEventTerms(req: RestRequest, ids: number[]): Promise<Map<number, TermDoc>> {
  const unique = [...new Set(ids)];
  const found = unique.length ? await req.store.collection<TermDoc>(TERMS).find({ id: { $in: unique } }) : [];
  return new Map(found.map((t) => [t.id, t]));
}

/** A.2.3 term objects for an event's `categories`/`tags` fields, by name as wp_get_post_terms (from `loaded`, else one query). */
export async function eventTermObjects(
  req: RestRequest,
  taxonomy: EventTaxonomy,
  ids: number[],
  loaded?: Map<number, TermDoc>,
): Promise<Record<string, unknown>[]> {
  const known = loaded ?? (await loadEventTerms(req, ids));
  const terms = [...new Set(ids)]
    .map((id) => known.get(id))
    .filter((t): t is TermDoc => t !== undefined && t.taxonomy === taxonomy)
    .sort((a, b) => (a.name_sort < b.name_sort ? -1 : a.name_sort > b.name_sort ? 1 : a.id - b.id));
  return terms.map((t) => eventTermObject(req, EVENT_TAXONOMY_SPECS[taxonomy], t));
}

const NUMERIC = /^\s*\d+\s*$/;

/**
 * Resolves an event write's or archive filter's term values (ids, slugs or names, as TEC's Tribe__Terms::translate_terms_to_ids)
 * to ids. Unknown id → throws rest_invalid_param for `param`; unknown slug/name → created when `create` is true and the
 * caller may (TEC creates missing terms on event writes), otherwise rest_invalid_param. `create: 'check'` validates
 * the same way without creating anything (writes check every input before they change anything).
 */
export async function resolveEventTerms(
  req: RestRequest,
  taxonomy: EventTaxonomy,
  values: unknown[],
  param: string,
  create: boolean | 'check',
): Promise<number[]> {
  const terms = req.store.collection<TermDoc>(TERMS);
  const ids: number[] = [];
  const byId = async (id: number) => {
    if (!(id > 0) || !(await terms.findOne({ id, taxonomy }))) throw invalidParams([param]);
    return id;
  };
  for (const value of values) {
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) throw invalidParams([param]);
      ids.push(await byId(value));
      continue;
    }
    if (typeof value !== 'string') throw invalidParams([param]);
    const v = value.trim();
    // Blank entries are skipped, as the plugin does.
    if (!v) continue;
    // A string is a slug first, then a name, then (when numeric) an id, in the plugin's order.
    const slug = sanitizeTitle(v);
    const found =
      (slug ? await terms.findOne({ taxonomy, slug }) : null) ??
      // Names compare case-insensitively, as MySQL's collation does.
      (await terms.findOne({ taxonomy, name_sort: sanitizeTextField(v).toLowerCase() }));
    if (found) ids.push(found.id);
    else if (NUMERIC.test(v)) ids.push(await byId(Number(v)));
    else if (create && can(req.user, TERM_CAPS[taxonomy].create)) {
      if (create === 'check') continue;
      const created = await createTerm(req.store, taxonomy, v);
      if (created) ids.push(created);
    } else throw invalidParams([param]);
  }
  return [...new Set(ids)];
}

/**
 * The terms and, in a hierarchical taxonomy, every descendant of them: a tax_query's include_children, which
 * the plugin's category filter leaves at its default (true).
 */
export async function withDescendants(req: RestRequest, taxonomy: EventTaxonomy, ids: number[]): Promise<number[]> {
  const all = new Set(ids);
  if (!TAXONOMY_RULES[taxonomy].hierarchical) return [...all];
  const terms = req.store.collection<TermDoc>(TERMS);
  for (let level = [...all]; level.length;) {
    const children = (await terms.find({ taxonomy, parent: { $in: level } }))
      .map((t) => t.id)
      .filter((id) => !all.has(id));
    for (const id of children) all.add(id);
    level = children;
  }
  return [...all];
}

/** wp_insert_term for a missing term named on an event write; like the plugin, a term that cannot be made is skipped. */
async function createTerm(store: Store, taxonomy: EventTaxonomy, name: string): Promise<number | null> {
  try {
    return (await new TermRepository(store, TAXONOMY_RULES[taxonomy]).create({ name: sanitizeTextField(name) })).id;
  } catch (e) {
    if (!(e instanceof WpError)) throw e;
    // A concurrent write made it first: use that one.
    const existing = e.code === 'term_exists' ? (e.data?.term_id as number | undefined) : undefined;
    return existing ?? null;
  }
}

/** Moves the counts of terms by what an event write changed (published membership before vs after). */
export async function adjustEventTermCounts(
  store: Store,
  previous: Record<string, unknown> | null,
  current: Record<string, unknown> | null,
): Promise<void> {
  await adjustTermCounts(store, EVENT_TERM_FIELDS, previous, current);
}
