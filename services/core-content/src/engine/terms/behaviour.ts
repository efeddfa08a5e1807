/**
 * What core-content's term controller (controller.ts) and presenter need to know about one taxonomy: its registry
 * entry and routes (src/contracts), the term rules of @loom/terms, its front-end permalink base, and its hooks.
 * Each taxonomy's own file (category.ts, tag.ts, ...) builds one with defineTaxonomyBehaviour.
 */
import type { Context } from '@loom/contracts';
import * as core from '../contract';
import type { Link, RestRequest, WpError } from '@loom/service-kit';
import type { TaxonomyRules, TermDoc, TermRepository } from '@loom/terms';

/** One term of a page being prepared: its data (WordPress's field order) and its links, keyed by rel. */
export interface TermResponse {
  term: TermDoc;
  data: Record<string, unknown>;
  rels: Record<string, Link | Link[] | string | undefined>;
}

/** Named hooks, each where WordPress's controller for the taxonomy differs from the terms controller. */
export interface TaxonomyHooks {
  /** The taxonomy's own arguments, checked before any permission (WordPress validates arguments first). */
  checkArgs?(req: RestRequest): true | WpError;
  /** The read check after the terms controller's, for lists and single terms (menus: check_has_read_only_access). */
  readPermission?(req: RestRequest): true | WpError;
  /** create_item's write, in place of wp_insert_term (menus: wp_update_nav_menu_object, locations, auto_add). */
  create?(req: RestRequest, repo: TermRepository): Promise<TermDoc>;
  /** update_item's write, in place of wp_update_term. */
  update?(req: RestRequest, repo: TermRepository, term: TermDoc): Promise<TermDoc>;
  /** delete_item's delete, in place of wp_delete_term (menus: wp_delete_nav_menu, which deletes the menu's items). */
  delete?(req: RestRequest, repo: TermRepository, term: TermDoc): Promise<void>;
  /** prepare_item_for_response and prepare_links over the terms controller's, for a page of terms at once. */
  respond?(req: RestRequest, page: TermResponse[]): Promise<void>;
}

export interface TaxonomyBehaviour {
  name: string;
  object: core.TaxonomyObject;
  routes: core.TermRoutes;
  rules: TaxonomyRules;
  /** The front-end permalink base (`category` → {home}/category/<path>/); null for taxonomies without archives. */
  permalinkBase: string | null;
  /** The context of create and update replies: edit (terms controller), view (menus). */
  writeContext: Context;
  /** rest_trash_not_supported's message (DELETE without force). */
  trashMessage: string;
  hooks: TaxonomyHooks;
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
    rules: {
      taxonomy: name,
      hierarchical: object.hierarchical,
      postField: object.restBase,
      defaultTerm: object.defaultTerm,
    },
    permalinkBase: null,
    writeContext: 'edit',
    trashMessage: "Terms do not support trashing. Set 'force=true' to delete.",
    hooks: {},
    ...own,
  };
}

/** The `wp:post_type` links of a term: the rest bases of the served types the taxonomy is registered for. */
export const postTypeBases = (t: TaxonomyBehaviour): string[] =>
  t.object.objectType
    .map((type) => core.servedPostTypes().find((p) => p.name === type)?.restBase)
    .filter((b): b is string => !!b);
