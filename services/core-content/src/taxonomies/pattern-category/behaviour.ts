/**
 * `wp_pattern_category` (spec 2.11, core/v2/pattern_category): the categories of reusable blocks. Flat (so
 * creating one needs only assign_terms, edit_posts), not public: no archive, so a term links as
 * `?taxonomy=wp_pattern_category&term=<slug>` (get_term_link without rewrite rules or a query var).
 */
import { defineTaxonomyBehaviour } from '../../engine/terms/behaviour';

export const patternCategoryBehaviour = defineTaxonomyBehaviour('wp_pattern_category');
