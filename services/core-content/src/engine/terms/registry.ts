/**
 * register_taxonomy() for core-content: src/taxonomies/index.ts hands the ordered list of taxonomies here at start,
 * each as its contract and, where it differs from WordPress's generic taxonomy, its behaviour's differences. The
 * terms controller and everything that links terms read the result from here.
 */
import {
  derived,
  registerTaxonomyObjects,
  registration,
  servedTaxonomies,
  type TaxonomyObject,
} from '../contract/registry';
import { defineTaxonomyBehaviour, type OwnTaxonomyBehaviour, type TaxonomyBehaviour } from './behaviour';

/** One registered taxonomy: its contract, and what it changes in the generic behaviour (nothing when absent). */
export interface TaxonomyEntry {
  taxonomy: TaxonomyObject;
  behaviour?: OwnTaxonomyBehaviour;
}

const entries = registration<readonly TaxonomyEntry[]>('taxonomy behaviours', 'src/taxonomies');

/** Registers the site's taxonomies, in registration order, with the names of the registered ones REST hides. */
export function registerTaxonomies(list: readonly TaxonomyEntry[], hidden: readonly string[]): void {
  registerTaxonomyObjects(
    list.map((e) => e.taxonomy),
    hidden,
  );
  entries.set(list);
}

/** The served taxonomies' behaviours, by name, in registration order. */
export const TAXONOMY_BEHAVIOURS = derived((): ReadonlyMap<string, TaxonomyBehaviour> => {
  const own = new Map(entries.get().map((e) => [e.taxonomy.name, e.behaviour]));
  return new Map(servedTaxonomies().map((t) => [t.name, defineTaxonomyBehaviour(t.name, own.get(t.name))]));
});
