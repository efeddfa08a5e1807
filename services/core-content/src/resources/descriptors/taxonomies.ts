/** core/v2/taxonomies: the taxonomies of the site, as WordPress's taxonomies controller shows them. */
import type { Context } from '@loom/contracts';
import * as core from '../../routes';
import {
  bind,
  can,
  filterByContext,
  forbidden,
  links,
  wpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';

type TaxonomyObject = core.TaxonomyObject;

const { collection, item } = core.descriptors.taxonomies;
const MANAGE_MESSAGE = 'Sorry, you are not allowed to manage terms in this taxonomy.';

export function prepareTaxonomy(req: RestRequest, tax: TaxonomyObject, context: Context): Record<string, unknown> {
  const rest = `${req.config.restUrl}/${core.CORE}`;
  const data = {
    name: tax.label,
    slug: tax.name,
    capabilities: tax.cap,
    description: tax.description,
    labels: tax.labels,
    types: tax.objectType,
    show_cloud: tax.showTagcloud,
    hierarchical: tax.hierarchical,
    rest_base: tax.restBase,
    rest_namespace: tax.restNamespace,
    visibility: tax.visibility,
    _links: links({ collection: `${rest}/taxonomies`, 'https://api.w.org/items': `${rest}/${tax.restBase}` }),
  };
  return filterByContext(collection.schema!, data, context);
}

/** The taxonomies core/v2 serves terms of (a registered one without routes is left out, links and all). */
const served = (name: string) => core.servedTaxonomies().find((t) => t.name === name);

/** `type` narrows to that post type's taxonomies; an unknown type has none. An empty `type` is no filter. */
const candidates = (type: string | undefined): readonly TaxonomyObject[] =>
  (type ? core.taxonomiesOf(type) : core.allTaxonomies()).filter((t) => t.rest);

export const taxonomyBindings: Binding[] = [
  bind(
    collection.endpoints.list,
    // Edit context needs assign_terms on at least one (REST) taxonomy of those asked for.
    (req) =>
      req.params.context !== 'edit' || candidates(req.params.type).some((t) => can(req.user, t.cap.assign_terms))
        ? true
        : forbidden(req.user, 'rest_cannot_view', MANAGE_MESSAGE),
    (req) => {
      const { context, type } = req.params;
      const visible = candidates(type).filter((t) => context !== 'edit' || can(req.user, t.cap.assign_terms));
      // Keyed by slug, so an empty result is still an object ({}), as WordPress makes sure of.
      return { body: Object.fromEntries(visible.map((t) => [t.name, prepareTaxonomy(req, t, context)])) };
    },
  ),
  bind(
    item.endpoints.read,
    (req) => {
      const name = req.params.taxonomy ?? '';
      // WordPress's check returns a bare false here, which the server turns into rest_forbidden.
      if (core.hiddenTaxonomies().includes(name)) return forbidden(req.user);
      const tax = served(name);
      if (tax && req.params.context === 'edit' && !can(req.user, tax.cap.assign_terms))
        return forbidden(req.user, 'rest_forbidden_context', MANAGE_MESSAGE);
      return true;
    },
    (req) => {
      const tax = served(req.params.taxonomy ?? '');
      if (!tax) throw wpError('rest_taxonomy_invalid');
      return { body: prepareTaxonomy(req, tax, req.params.context) };
    },
  ),
];
