/**
 * @loom/post-engine: the pieces of WordPress's post rules that core-content's post types and the events service's
 * events, venues and organizers both follow, each written once: the UTC date stamp (gmdate), the statuses whose
 * posts float, and publishing scheduled posts whose time has come. No HTTP and no service here: what differs
 * (stamp form, status checks, slug rules, what follows a publication) stays with each service.
 */
export { formatUtc } from './dates';
export { FLOATING_STATUSES, isFloating } from './statuses';
export { createDueCheck, DUE_CHECK_INTERVAL, publishDue, type DueCheck, type DuePost,  } from './schedule';
