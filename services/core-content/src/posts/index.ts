/**
 * Post-like types (spec 2.3, 2.4 and, later, 2.5-2.9): one collection, one id sequence, one set of rules. Each type
 * is a PostTypeRules value (types.ts) bound to its routes by postTypeBindings (handlers.ts).
 */
export { postBindings } from './posts';
export { pageBindings } from './pages';
export { postTypeBindings } from './handlers';
export { ensurePostIndexes, publishDuePosts, PostRepository, POSTS, POST_SEQUENCE, type PostDoc, type PostInput } from './repository';
export { onPostLifecycle, type PostLifecycle, type RevisionSummary, type SaveContext } from './lifecycle';
export { renderer, type PostRenderer } from './render';
export { siteClock, type SiteClock } from './dates';
export { POST_TYPE_RULES, postRules, pageRules, postCan, type PostTypeRules } from './types';
