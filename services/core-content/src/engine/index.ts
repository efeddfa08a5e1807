/**
 * The post engine (spec 2.3-2.9): one collection, one id sequence, one controller (controller.ts) with named
 * hooks for every post type src/types registers (registry.ts); a type's folder there holds only its differences,
 * and a type with none (wp_navigation) is its contract alone.
 */
import type { Binding } from '@loom/service-kit';
import { postTypeBindings } from './controller';
import { POST_TYPE_BEHAVIOURS } from './registry';

/** The item and collection routes of every served type. */
export const postTypeRouteBindings = (): Binding[] => [...POST_TYPE_BEHAVIOURS().values()].flatMap(postTypeBindings);

export { postTypeBindings, postTypeWrites } from './controller';
export {
  ensurePostIndexes,
  publishDuePosts,
  PostRepository,
  POSTS,
  POST_SEQUENCE,
  type PostDoc,
  type PostInput,
} from './repository';
export { onPostLifecycle, type PostLifecycle, type RevisionSummary, type SaveContext } from './lifecycle';
export { renderer, type PostRenderer } from './render';
export { siteClock, type SiteClock } from './dates';
export { POST_TYPE_BEHAVIOURS, STORED_POST_TYPE_BEHAVIOURS, registerPostTypes, type PostTypeEntry } from './registry';
export { postCan, type OwnBehaviour, type PostTypeBehaviour } from './behaviour';
