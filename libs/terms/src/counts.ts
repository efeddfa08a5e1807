/**
 * Term counts (WordPress's _update_post_term_count): the published posts carrying each term, kept on the term.
 * Each service says where its posts keep each taxonomy's term ids (core-content: `category` → `categories`,
 * `post_tag` → `tags`; events: `tribe_events_cat` → `categories`, `post_tag` → `tags`).
 */
import type { Store } from '@loom/store';
import { POSTS, TERMS, type TermDoc } from './repository';

/** taxonomy → the post field holding its term ids. */
export type TaxonomyFieldMap = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

function fieldOf(fields: TaxonomyFieldMap, taxonomy: string): string | undefined {
  return fields instanceof Map ? fields.get(taxonomy) : (fields as Readonly<Record<string, string>>)[taxonomy];
}

function fieldNames(fields: TaxonomyFieldMap): string[] {
  return [
    ...new Set(fields instanceof Map ? fields.values() : Object.values(fields as Readonly<Record<string, string>>)),
  ];
}

/** Every term id a post carries, over all taxonomies of the map. */
export function termIdsOf(post: Record<string, unknown> | null, fields: TaxonomyFieldMap): number[] {
  if (!post) return [];
  return fieldNames(fields).flatMap((f) => (Array.isArray(post[f]) ? (post[f] as number[]) : []));
}

/** Recounts published posts for each term from scratch; for bulk changes. */
export async function recountTerms(store: Store, fields: TaxonomyFieldMap, termIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(termIds)].filter((id) => id > 0);
  if (!ids.length) return;
  const terms = store.collection<TermDoc>(TERMS);
  const posts = store.collection(POSTS);
  for (const term of await terms.find({ id: { $in: ids } })) {
    const field = fieldOf(fields, term.taxonomy);
    if (!field) continue;
    const count = await posts.count({ [field]: term.id, status: 'publish' });
    if (count !== term.count) await terms.updateOne({ id: term.id }, { $set: { count } });
  }
}

/**
 * Moves term counts by what one write changed (published membership before vs after), with atomic
 * increments: recounting a term scans every post in it, which made each write to a big term O(posts).
 * Only `publish` counts, as _update_post_term_count.
 */
export async function adjustTermCounts(
  store: Store,
  fields: TaxonomyFieldMap,
  previous: Record<string, unknown> | null,
  current: Record<string, unknown> | null,
): Promise<void> {
  const counted = (post: Record<string, unknown> | null) =>
    new Set(post && post.status === 'publish' ? termIdsOf(post, fields) : []);
  const before = counted(previous);
  const after = counted(current);
  const terms = store.collection<TermDoc>(TERMS);
  for (const id of new Set([...before, ...after])) {
    const delta = (after.has(id) ? 1 : 0) - (before.has(id) ? 1 : 0);
    if (delta !== 0) await terms.updateOne({ id }, { $inc: { count: delta } });
  }
}
