/**
 * get_template_hierarchy() (block-template-utils.php, WordPress 6.4): the templates WordPress would try, most
 * specific first, for a template about to be created, `index` always last. `single-*` and `taxonomy-*` slugs are
 * read against the registered post types and taxonomies, in registration order, as WordPress reads them.
 */
import * as core from '../contract';

const registeredPostTypes = core.derived(() => [...core.allPostTypes().map((t) => t.name), ...core.hiddenPostTypes()]);
const registeredTaxonomies = core.derived(() => [
  ...core.allTaxonomies().map((t) => t.name),
  ...core.hiddenTaxonomies(),
]);

export function templateHierarchy(slug: string, isCustom = false, templatePrefix = ''): string[] {
  if (slug === 'index') return ['index'];
  if (isCustom) return ['page', 'singular', 'index'];
  if (slug === 'front-page') return ['front-page', 'home', 'index'];

  const hierarchy = [slug];
  let m: RegExpExecArray | null;
  if (templatePrefix) {
    const type = templatePrefix.split('-')[0]!;
    // The slug is already first: neither the prefix nor its type is repeated when they are the slug.
    if (templatePrefix !== slug && templatePrefix !== type) hierarchy.push(templatePrefix);
    if (slug !== type) hierarchy.push(type);
  } else if ((m = /^(author|category|archive|tag|page)-.+$/.exec(slug))) {
    hierarchy.push(m[1]!);
  } else if ((m = /^(taxonomy|single)-(.+)$/.exec(slug))) {
    const [, type, rest] = m as unknown as [string, string, string];
    for (const item of type === 'single' ? registeredPostTypes() : registeredTaxonomies()) {
      if (!rest.startsWith(item)) continue;
      // single-{type} / taxonomy-{taxonomy}; single-{type}-{slug} / taxonomy-{taxonomy}-{term}.
      if (rest === item) {
        hierarchy.push(type);
        break;
      }
      if (rest.length > item.length + 1) {
        hierarchy.push(`${type}-${item}`, type);
        break;
      }
    }
  }
  if (['author', 'taxonomy', 'category', 'tag'].some((p) => slug.startsWith(p)) || slug === 'date')
    hierarchy.push('archive');
  if (slug === 'attachment') hierarchy.push('single');
  if (slug.startsWith('single') || slug.startsWith('page') || slug === 'attachment') hierarchy.push('singular');
  hierarchy.push('index');
  return hierarchy;
}
