/**
 * The plugin's archive answer (Archive_Base): `{<key>: items, rest_url, next_rest_url?, previous_rest_url?,
 * total, total_pages}` with the X-TEC-Total headers. `rest_url` carries the effective arguments (defaults
 * included, in the order given); the page links change only `page` (dropped for the first page). A page past the
 * end is the caller's not-found error, so a previous page always exists when `page > 1`.
 */
import type { RestResult } from '@loom/service-kit';

export function archiveAnswer(base: string, key: string, items: unknown[], args: Record<string, string>, o: { page: number; perPage: number; total: number }): RestResult {
  const totalPages = o.total > 0 ? Math.ceil(o.total / o.perPage) : 0;
  const urlFor = (n: number | null) => {
    const a = { ...args };
    if (n === null) delete a.page;
    else a.page = String(n);
    return `${base}?${new URLSearchParams(a).toString()}`;
  };
  const body: Record<string, unknown> = { [key]: items, rest_url: urlFor(o.page) };
  if (o.page < totalPages) body.next_rest_url = urlFor(o.page + 1);
  if (o.page > 1) body.previous_rest_url = urlFor(o.page === 2 ? null : o.page - 1);
  body.total = o.total;
  body.total_pages = totalPages;
  return { body, headers: { 'X-TEC-Total': String(o.total), 'X-TEC-TotalPages': String(totalPages) } };
}
