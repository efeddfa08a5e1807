/**
 * The core/v2 route table: every route core-content serves, in index order, derived from the registry (each
 * served post type's routes with its revisions and autosaves, then each served taxonomy's term routes).
 */
import { namespaceRoute, type RouteDef } from '@loom/contracts';
import { CORE, termRouteTable } from './engine/terms/contract';
import { descriptors } from './resources/descriptors/contract';
import { postTypeRouteTable, type PostTypeRoutes } from './engine/contract/posts';
import { revisionedRouteTable } from './engine/revisions/contract';
import { templateTypeRouteTable, templateRouteList } from './engine/templates/contract';
import { derived, servedPostTypes } from './engine/contract/registry';
import { users } from './resources/users/contract';
import { applicationPasswords } from './resources/application-passwords/contract';
import { menuLocations } from './resources/menu-locations/contract';
import { comments } from './resources/comments/contract';
import { search } from './resources/search/contract';
import { settings } from './resources/settings/contract';
import { blockTypes } from './resources/block-types/contract';
import { blockRenderer } from './resources/block-renderer/contract';
import { globalStyles } from './resources/global-styles/contract';
import { themes } from './resources/themes/contract';
import { blockPatterns } from './resources/block-patterns/contract';

export * from './engine/contract/registry';
export * from './engine/terms/contract';
export * from './engine/contract/posts';
export * from './engine/revisions/contract';
export * from './engine/templates/contract';
export * from './resources/descriptors/contract';
export * from './resources/users/contract';
export * from './resources/application-passwords/contract';
export * from './resources/menu-locations/contract';
export * from './resources/comments/contract';
export * from './resources/search/contract';
export * from './resources/settings/contract';
export * from './resources/block-types/contract';
export * from './resources/block-renderer/contract';
export * from './resources/global-styles/contract';
export * from './resources/themes/contract';
export * from './resources/block-patterns/contract';
export * from './types/attachment/routes';

export const coreRoot = namespaceRoute(CORE);

/** A posts-controller type's routes: collection and item, then (as WordPress registers them) revisions and autosaves. */
const postTypeRouteList = (name: string, r: PostTypeRoutes): RouteDef[] => {
  const { revisions, autosaves } = revisionedRouteTable().get(name)!;
  return [
    r.collection,
    r.item,
    ...(r.type.rest?.extraRoutes?.() ?? []),
    ...(revisions ? [revisions.collection, revisions.item] : []),
    ...(autosaves ? [autosaves.collection, autosaves.item] : []),
  ] as RouteDef[];
};

/** A served type's routes as its controller registers them (the posts controller's, or the templates controller's). */
export function servedTypeRoutes(name: string): RouteDef[] {
  const posts = postTypeRouteTable().get(name);
  if (posts) return postTypeRouteList(name, posts);
  const templates = templateTypeRouteTable().get(name);
  if (templates) return templateRouteList(templates) as RouteDef[];
  throw new Error(`post type ${name} has no core/v2 routes`);
}

/** Every core/v2 route in index order (derived: read once the lists in src/types and src/taxonomies have run). */
export const coreRoutes = derived(
  (): RouteDef[] =>
    [
      coreRoot,
      // WordPress registers the post types' routes first (in registration order, each by its controller), then the terms'.
      ...servedPostTypes().flatMap((t) => servedTypeRoutes(t.name)),
      ...[...termRouteTable().values()].flatMap((r) => [r.collection, r.item] as RouteDef[]),
      descriptors.types.collection,
      descriptors.types.item,
      descriptors.statuses.collection,
      descriptors.statuses.item,
      descriptors.taxonomies.collection,
      descriptors.taxonomies.item,
      // WordPress registers users, then application passwords, after the taxonomies.
      users().collection,
      users().item,
      users().me,
      applicationPasswords.collection,
      applicationPasswords.introspect,
      applicationPasswords.item,
      // Then comments (create_initial_rest_routes).
      comments.collection,
      comments.item,
      // Then search, with its three handlers, the block renderer and block types, global styles' revisions and
      // global styles, settings, themes, and the block patterns (create_initial_rest_routes).
      search().collection,
      blockRenderer.item,
      blockTypes.collection,
      blockTypes.namespace,
      blockTypes.item,
      globalStyles.revisions,
      globalStyles.variations,
      globalStyles.theme,
      globalStyles.item,
      settings.item,
      themes.collection,
      themes.item,
      blockPatterns.patterns,
      blockPatterns.categories,
      // Menu locations come last, as WordPress registers them (after the taxonomies, users and the rest).
      menuLocations.collection,
      menuLocations.item,
    ] as RouteDef[],
);
