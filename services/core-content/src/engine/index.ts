/**
 * Post types (spec 2.3-2.9): one collection, one id sequence, one controller (controller.ts) with named hooks,
 * and, for a type that differs, one file holding only its differences (post.ts, page.ts, ...), listed in
 * registry.ts; a type with none (wp_navigation) takes the generic behaviour there.
 */
import type { Binding } from '@loom/service-kit';
import { postTypeBindings } from './controller';
import { POST_TYPE_BEHAVIOURS } from './registry';

/** The item and collection routes of every served type. */
export const postTypeRouteBindings: Binding[] = [...POST_TYPE_BEHAVIOURS.values()].flatMap(postTypeBindings);

export { postTypeBindings, postTypeWrites } from './controller';
export { ensurePostIndexes, publishDuePosts, PostRepository, POSTS, POST_SEQUENCE, type PostDoc, type PostInput } from './repository';
export { onPostLifecycle, type PostLifecycle, type RevisionSummary, type SaveContext } from './lifecycle';
export { renderer, type PostRenderer } from './render';
export { siteClock, type SiteClock } from './dates';
export { POST_TYPE_BEHAVIOURS } from './registry';
export { postBehaviour } from '../types/post/behaviour';
export { pageBehaviour } from '../types/page/behaviour';
export { postCan, type PostTypeBehaviour } from './behaviour';
