/**
 * What core-content's term controller (controller.ts) and presenter need to know about one taxonomy: its registry
 * entry and routes (libs/contracts), the term rules of @loom/terms, its front-end permalink base, and its hooks.
 * Each taxonomy's own file (category.ts, tag.ts, ...) builds one with defineTaxonomyBehaviour.
 */
import { core } from '@loom/contracts';
import type { TaxonomyRules } from '@loom/terms';

export interface TaxonomyBehaviour {
  name: string;
  object: core.TaxonomyObject;
  routes: core.TermRoutes;
  rules: TaxonomyRules;
  /** The front-end permalink base (`category` → {home}/category/<path>/); null for taxonomies without archives. */
  permalinkBase: string | null;
}

export type OwnTaxonomyBehaviour = Partial<Omit<TaxonomyBehaviour, 'name' | 'object' | 'routes'>>;

export function defineTaxonomyBehaviour(name: string, own: OwnTaxonomyBehaviour = {}): TaxonomyBehaviour {
  const object = core.taxonomyNamed(name);
  if (!object) throw new Error(`taxonomy ${name} is not registered`);
  return {
    name,
    object,
    routes: core.termRoutesOf(name),
    // Posts keep the term ids of each of their taxonomies under the taxonomy's rest base.
    rules: { taxonomy: name, hierarchical: object.hierarchical, postField: object.restBase },
    permalinkBase: null,
    ...own,
  };
}

/** The `wp:post_type` links of a term: the rest bases of the served types the taxonomy is registered for. */
export const postTypeBases = (t: TaxonomyBehaviour): string[] =>
  t.object.objectType.map((type) => core.SERVED_POST_TYPES().find((p) => p.name === type)?.restBase).filter((b): b is string => !!b);
