import { wpError } from './errors';
/**
 * Collection pagination headers as WordPress sends them: X-WP-Total, X-WP-TotalPages and one Link header
 * with rel="prev"/"next", keeping every original query parameter and replacing `page`.
 */
export interface PageInfo {
  total: number;
  perPage: number;
  page: number;
}

/** `collectionUrl` is absolute and query-less; `rawQuery` the request's original query string. */
export function paginationHeaders(info: PageInfo, collectionUrl: string, rawQuery: string): Record<string, string> {
  const totalPages = info.total === 0 ? 0 : Math.ceil(info.total / info.perPage);
  const headers: Record<string, string> = { 'X-WP-Total': String(info.total), 'X-WP-TotalPages': String(totalPages) };
  const link = (page: number) => {
    const q = new URLSearchParams(rawQuery);
    q.set('page', String(page));
    return `${collectionUrl}?${q.toString()}`;
  };
  const rels: string[] = [];
  if (info.page > 1) rels.push(`<${link(Math.min(info.page - 1, Math.max(totalPages, 1)))}>; rel="prev"`);
  if (totalPages > info.page) rels.push(`<${link(info.page + 1)}>; rel="next"`);
  if (rels.length) headers.Link = rels.join(', ');
  return headers;
}

/**
 * Post-like collections refuse a page past the end (when there is anything at all), as WordPress does;
 * term, user and comment collections answer [] instead and do not call this.
 */
export function checkPageInRange(info: PageInfo): void {
  const totalPages = Math.ceil(info.total / info.perPage);
  if (info.total > 0 && info.page > totalPages) throw wpError('rest_post_invalid_page_number');
}

/**
 * The window of a collection request as WordPress computes it: a non-zero `offset` overrides `page`, and the
 * page reported in headers is derived back from the offset.
 */
export function pageWindow(p: { page: number; per_page: number; offset?: unknown }): { offset: number; page: number } {
  const raw = typeof p.offset === 'number' && p.offset ? p.offset : (p.page - 1) * p.per_page;
  // `page` and `offset` are unbounded integers; past any real collection they all mean "nothing left", and the
  // stores only take safe integers. A negative offset counts from the start, as SQL's would be refused.
  const offset = Math.min(Math.max(raw, 0), Number.MAX_SAFE_INTEGER);
  return { offset, page: Math.min(Math.ceil(offset / p.per_page + 1), Number.MAX_SAFE_INTEGER) };
}
