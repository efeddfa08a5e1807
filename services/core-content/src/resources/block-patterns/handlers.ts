/**
 * core/v2/block-patterns/patterns and /categories (WordPress 6.4): the registered patterns and categories
 * (registry.ts), for those who may edit some type's posts. Neither route has a context argument; `context` in the
 * query still picks the fields, as `$request['context']` does in WordPress.
 */
import type { Context } from '@loom/contracts';
import { bind, filterByContext, forbidden, type Binding, type RestRequest } from '@loom/service-kit';
import { canEditSomePostType } from '../../engine/access';
import { themeOf } from '../../site/theme';
import { blockPatternCategoryResource, blockPatternResource, blockPatterns } from './contract';
import { registeredCategories, registeredPatterns } from './registry';

const contextOf = (req: RestRequest): Context => {
  const c = new URLSearchParams(req.rawQuery).get('context');
  return c === 'edit' || c === 'embed' ? c : 'view';
};

/** prepare_item_for_response()'s keys: each property that is set, under its REST name. */
const PATTERN_KEYS = [
  ['name', 'name'],
  ['title', 'title'],
  ['content', 'content'],
  ['description', 'description'],
  ['viewportWidth', 'viewport_width'],
  ['inserter', 'inserter'],
  ['categories', 'categories'],
  ['keywords', 'keywords'],
  ['blockTypes', 'block_types'],
  ['postTypes', 'post_types'],
  ['templateTypes', 'template_types'],
  ['source', 'source'],
] as const;

export const blockPatternBindings: Binding[] = [
  bind(
    blockPatterns.patterns.endpoints.list,
    (req) =>
      canEditSomePostType(req.user) ||
      forbidden(req.user, 'rest_cannot_view', 'Sorry, you are not allowed to view the registered block patterns.'),
    async (req) => ({
      body: registeredPatterns(themeOf(req)).map((p) => {
        const data: Record<string, unknown> = {};
        for (const [from, to] of PATTERN_KEYS) if (p[from] !== undefined) data[to] = p[from];
        return filterByContext(blockPatternResource, data, contextOf(req));
      }),
    }),
  ),
  bind(
    blockPatterns.categories.endpoints.list,
    (req) =>
      canEditSomePostType(req.user) ||
      forbidden(
        req.user,
        'rest_cannot_view',
        'Sorry, you are not allowed to view the registered block pattern categories.',
      ),
    async (req) => ({
      body: registeredCategories(themeOf(req)).map((c) =>
        filterByContext(blockPatternCategoryResource, { ...c }, contextOf(req)),
      ),
    }),
  ),
];
