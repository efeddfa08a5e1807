/** The taxonomies core-content serves, each with its behaviour (its own file), in registration order. */
import * as core from '../../routes';
import type { TaxonomyBehaviour } from './behaviour';
import { categoryBehaviour } from '../../taxonomies/category/behaviour';
import { navMenuBehaviour } from '../../taxonomies/nav-menu/behaviour';
import { patternCategoryBehaviour } from '../../taxonomies/pattern-category/behaviour';
import { tagBehaviour } from '../../taxonomies/post-tag/behaviour';

const behaviours = [categoryBehaviour, tagBehaviour, navMenuBehaviour, patternCategoryBehaviour];

export const TAXONOMY_BEHAVIOURS: ReadonlyMap<string, TaxonomyBehaviour> = new Map(behaviours.map((b) => [b.name, b]));

const missing = core.SERVED_TAXONOMIES().filter((t) => !TAXONOMY_BEHAVIOURS.has(t.name));
if (missing.length) throw new Error(`served taxonomies without a behaviour: ${missing.map((t) => t.name).join(', ')}`);
