/**
 * register_post_type() for core-content: src/types/index.ts hands the ordered list of post types here at start,
 * each as its contract (the registry entry) and, where it differs from WordPress's generic type, its behaviour's
 * differences, plus the templates controller's kind for the types that controller serves. The engine reads the
 * result from here (a stored post's type, the posts controller's types), so it depends on no type.
 * STORED_POST_TYPE_BEHAVIOURS() holds every stored type (the repository, slugs and read access look a stored post's
 * type up there); POST_TYPE_BEHAVIOURS() the posts controller's types (routes, bindings, embedders and revisions loop
 * over these); TEMPLATE_KINDS() the templates controller's.
 */
import { derived, registerPostTypeObjects, registration, type PostTypeObject } from './contract/registry';
import { postTypeRouteTable } from './contract/posts';
import { templateTypeRoutesOf } from './templates/contract';
import { definePostTypeBehaviour, type OwnBehaviour, type PostTypeBehaviour } from './behaviour';
import type { OwnTemplateKind, TemplateKind } from './templates/kind';

/** One registered post type: its contract, and what it changes in the generic behaviour (nothing when absent). */
export interface PostTypeEntry {
  type: PostTypeObject;
  behaviour?: OwnBehaviour;
  /** For a type the templates controller serves: where it differs from the other template types. */
  templateKind?: OwnTemplateKind;
}

const entries = registration<readonly PostTypeEntry[]>('post type behaviours', 'src/types');

/** Registers the site's post types, in registration order, with the names of the registered types REST hides. */
export function registerPostTypes(list: readonly PostTypeEntry[], hidden: readonly string[]): void {
  registerPostTypeObjects(
    list.map((e) => e.type),
    hidden,
  );
  entries.set(list);
}

/**
 * Every stored type's behaviour, by name: built on first use, once the taxonomies are registered too (a behaviour
 * lists the type's taxonomies).
 */
export const STORED_POST_TYPE_BEHAVIOURS = derived(
  (): ReadonlyMap<string, PostTypeBehaviour> =>
    new Map(entries.get().map((e) => [e.type.name, definePostTypeBehaviour(e.type.name, e.behaviour)])),
);

/** The posts controller's types, in registration order. */
export const POST_TYPE_BEHAVIOURS = derived(
  (): ReadonlyMap<string, PostTypeBehaviour> =>
    new Map([...STORED_POST_TYPE_BEHAVIOURS()].filter(([name]) => postTypeRouteTable().has(name))),
);

/** The templates controller's types, by name. */
export const TEMPLATE_KINDS = derived(
  (): ReadonlyMap<string, TemplateKind> =>
    new Map(
      entries.get().flatMap((e) =>
        e.templateKind
          ? [
              [
                e.type.name,
                {
                  ...e.templateKind,
                  type: e.type.name,
                  rules: STORED_POST_TYPE_BEHAVIOURS().get(e.type.name)!,
                  routes: templateTypeRoutesOf(e.type.name),
                } as TemplateKind,
              ],
            ]
          : [],
      ),
    ),
);

export const kindOf = (type: string): TemplateKind | undefined => TEMPLATE_KINDS().get(type);
