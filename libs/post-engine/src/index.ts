/**
 * @loom/post-engine: the pieces of WordPress's post rules that core-content's post types and the events service's
 * events, venues and organizers both follow, each written once: the UTC date stamp (gmdate), the statuses whose
 * posts float, scheduling (the minute wp_insert_post asks for) and publishing scheduled posts whose time has come,
 * and the pure slug rules (truncation, `__trashed` and its bookkeeping, wp_unique_post_slug's reserved names and
 * suffixes). No HTTP and no service here: what differs (stamp form, status checks, which posts a slug must differ
 * from and the store queries asking it, what follows a publication) stays with each service.
 */
export { formatUtc, wallClockMs } from './dates';
export { FLOATING_STATUSES, isFloating } from './statuses';
export {
  createDueCheck,
  DUE_CHECK_INTERVAL,
  publishDue,
  SCHEDULE_AHEAD_MS,
  statusForDate,
  type DueCheck,
  type DuePost,
} from './schedule';
export {
  FEED_NAMES,
  isReservedSlug,
  isTrashedSlug,
  SHARED_SLUG_STATUSES,
  SLUG_MAX,
  slugAcrossTrash,
  slugSuffix,
  suffixedSlug,
  trashChanges,
  TRASHED_SLUG_MAX,
  trashedSlug,
  truncateSlug,
  uniqueSlug,
} from './slugs';
export { relevanceRank, searchClauses, searchTerms } from './search';
