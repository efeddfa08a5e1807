/**
 * PHP's array_filter() without a callback, which the plugin runs over its venue, organizer and image arrays:
 * every "empty" value goes ('' , '0', 0, false, null, an empty array; a missing one too).
 */
const isEmpty = (v: unknown) =>
  v === '' || v === false || v === null || v === undefined || v === 0 || v === '0' || (Array.isArray(v) && !v.length);

export const arrayFilter = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => !isEmpty(v)));
