/**
 * Revisions and autosaves (spec 2.10, 4.6), generic over post-like types: storage and the save/delete hooks
 * (repository.ts, lifecycle.ts) and the routes of one type (handlers.ts). Each type that keeps revisions adds
 * `revisionBindings(itsRules, itsRevisionRoutes, postTypeWrites(itsRules))`.
 */
export { revisionBindings } from './handlers';
export { registerRevisionLifecycle } from './lifecycle';
export { ensureRevisionIndexes } from './repository';
