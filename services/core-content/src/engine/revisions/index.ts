/**
 * Revisions and autosaves (spec 2.10, 4.6), generic over post-like types: storage and the save/delete hooks
 * (repository.ts, lifecycle.ts) and the routes of one type (handlers.ts). Each type that keeps revisions adds
 * `revisionBindings(itsRules, itsRevisionRoutes, postTypeWrites(itsRules))`.
 */
export { revisionBindings, type ParentWrites } from './handlers';
export { registerRevisionLifecycle, revisionLifecycle } from './lifecycle';
export { ensureRevisionIndexes, RevisionRepository, type RevisionDoc } from './repository';
