/**
 * The site's taxonomies, in registration order (sample 20, then wp_pattern_category), one folder each: the
 * taxonomy's contract and, only where it differs from WordPress's generic taxonomy, its behaviour.
 */
import { registerTaxonomies } from '../engine/terms/registry';
import { categoryTaxonomy } from './category/contract';
import { categoryBehaviour } from './category/behaviour';
import { navMenuTaxonomy } from './nav-menu/contract';
import { navMenuBehaviour } from './nav-menu/behaviour';
import { patternCategoryTaxonomy } from './pattern-category/contract';
import { postTagTaxonomy } from './post-tag/contract';
import { tagBehaviour } from './post-tag/behaviour';

registerTaxonomies(
  [
    { taxonomy: categoryTaxonomy, behaviour: categoryBehaviour },
    { taxonomy: postTagTaxonomy, behaviour: tagBehaviour },
    { taxonomy: navMenuTaxonomy, behaviour: navMenuBehaviour },
    { taxonomy: patternCategoryTaxonomy },
  ],
  // Registered but not shown in REST: their item route refuses with rest_forbidden.
  ['link_category', 'post_format', 'wp_theme', 'wp_template_part_area'],
);
