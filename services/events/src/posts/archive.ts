/**
 * The plugin's archive answer (Archive_Base): `{<key>: items, rest_url, next_rest_url?, previous_rest_url?,
 * total, total_pages}` with the X-TEC-Total headers. The URLs are built as the plugin builds them with WordPress's
 * add_query_arg() and remove_query_arg(): values added are written as given (a date keeps its space), while every
 * value already in the query is re-encoded with urlencode() (`+`, `%3A`) — so the page links, and a rest_url with
 * arguments added in a second step, come out encoded. A page past the end is the caller's not-found error, so a
 * previous page always exists when `page > 1`.
 */
import type { RestResult } from '@loom/service-kit';

/** PHP's urlencode(): only letters, digits and -_. stay; a space is +. */
const phpUrlencode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** parse_str()'s decoding of one value. */
function phpUrldecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

interface Entry {
  key: string;
  value: string;
  /** Written by urlencode() (a value that was already in the query when another was added). */
  encoded: boolean;
}

/** A value for add_query_arg(): a string, or false to remove the key (PHP false); undefined is PHP null (skipped). */
export type QueryValue = string | false | undefined;

export class QueryUrl {
  private constructor(
    private readonly base: string,
    private readonly entries: Entry[],
  ) {}

  /** add_query_arg( $pairs, $base ) on a URL without a query: the values as given. */
  static first(base: string, pairs: [string, QueryValue][]): QueryUrl {
    return new QueryUrl(base, []).set(pairs);
  }

  /** add_query_arg( $pairs, $this ): the query re-encoded, then the pairs set (in place, or appended). */
  add(pairs: [string, QueryValue][]): QueryUrl {
    return this.reencoded().set(pairs);
  }

  /** remove_query_arg( $key, $this ). */
  remove(key: string): QueryUrl {
    return this.reencoded().set([[key, false]]);
  }

  toString(): string {
    // build_query() without encoding; `key=` written as a bare `key`.
    const query = this.entries
      .map((e) => (e.value === '' ? e.key : `${e.key}=${e.encoded ? phpUrlencode(e.value) : e.value}`))
      .join('&');
    return query ? `${this.base}?${query}` : this.base;
  }

  private reencoded(): QueryUrl {
    return new QueryUrl(
      this.base,
      this.entries.map((e) => ({ key: e.key, value: e.encoded ? e.value : phpUrldecode(e.value), encoded: true })),
    );
  }

  private set(pairs: [string, QueryValue][]): QueryUrl {
    const entries = [...this.entries];
    for (const [key, value] of pairs) {
      if (value === undefined) continue;
      const at = entries.findIndex((e) => e.key === key);
      if (value === false) {
        if (at >= 0) entries.splice(at, 1);
      } else if (at >= 0) {
        entries[at] = { key, value, encoded: false };
      } else {
        entries.push({ key, value, encoded: false });
      }
    }
    return new QueryUrl(this.base, entries);
  }
}

/** The archive answer for page `page` of `total` items at `rest_url` (get_next_rest_url / get_previous_rest_url). */
export function archiveAnswer(
  restUrl: QueryUrl,
  key: string,
  items: unknown[],
  o: { page: number; perPage: number; total: number },
): RestResult {
  const totalPages = o.total > 0 ? Math.ceil(o.total / o.perPage) : 0;
  const body: Record<string, unknown> = { [key]: items, rest_url: restUrl.toString() };
  if (o.page < totalPages)
    body.next_rest_url = restUrl
      .remove('page')
      .add([['page', String(o.page + 1)]])
      .toString();
  if (o.page > 1) {
    const previous = restUrl.remove('page');
    body.previous_rest_url = (o.page === 2 ? previous : previous.add([['page', String(o.page - 1)]])).toString();
  }
  body.total = o.total;
  body.total_pages = totalPages;
  return { body, headers: { 'X-TEC-Total': String(o.total), 'X-TEC-TotalPages': String(totalPages) } };
}
