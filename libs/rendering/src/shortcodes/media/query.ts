/**
 * The attachment queries of the media shortcodes: get_posts( include ) and get_children( post_parent, exclude ) over
 * attachments of one MIME family in status `inherit`, sorted as WP_Query sorts them (`orderby` a space-separated
 * list of WP_Query's keys, `order` ASC or anything else DESC; `post__in` alone keeps the given ids' order).
 */
import { phpIntval } from '../caption';
import type { MediaAttachment, MediaLookup } from './port';

/**
 * wp_parse_id_list(): ids split on spaces and commas, absint, each once. An id past the safe integers (PHP would cap
 * it at PHP_INT_MAX, which names no post either) becomes 0, so it never reaches a store query.
 */
export function parseIdList(list: string): number[] {
  const ids = list
    .split(/[\t\n\v\f\r ,]+/)
    .filter(Boolean)
    .map((s) => {
      const n = phpIntval(s);
      const abs = n < 0n ? -n : n;
      return abs <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(abs) : 0;
    });
  return [...new Set(ids)];
}

/** PHP's empty() on a shortcode attribute: '' and '0'. */
export const empty = (value: string | undefined) => value === undefined || value === '' || value === '0';

type Key = (a: MediaAttachment) => number | string;
const KEYS: ReadonlyMap<string, Key> = new Map<string, Key>([
  ['ID', (a) => a.id],
  ['menu_order', (a) => a.menu_order],
  ['date', (a) => a.date],
  ['post_date', (a) => a.date],
  ['title', (a) => a.title],
  ['post_title', (a) => a.title],
  ['name', (a) => a.name],
  ['post_name', (a) => a.name],
  ['modified', (a) => a.modified],
  ['post_modified', (a) => a.modified],
  ['parent', (a) => a.parent],
  ['post_parent', (a) => a.parent],
  ['author', (a) => a.author],
  ['post_author', (a) => a.author],
]);

export interface AttachmentQuery {
  /** `image`, `audio` or `video`: the first part of the MIME type. */
  family: string;
  include: number[];
  exclude: number[];
  /** get_children()'s post_parent, when `include` is empty. */
  parent: number;
  order: string;
  orderby: string;
}

const compare = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);

function sortAttachments(items: MediaAttachment[], q: AttachmentQuery): MediaAttachment[] {
  if (q.orderby === 'none') return items.sort((a, b) => a.id - b.id);
  if (q.orderby === 'post__in' && q.include.length)
    return items.sort((a, b) => q.include.indexOf(a.id) - q.include.indexOf(b.id));
  const direction = q.order.toUpperCase() === 'ASC' ? 1 : -1;
  const keys: Array<Key | 'rand'> = [];
  for (const word of q.orderby.split(' ')) {
    if (word === 'rand') keys.push('rand');
    else if (word === 'post__in' && q.include.length) keys.push((a) => q.include.indexOf(a.id));
    else if (KEYS.has(word)) keys.push(KEYS.get(word)!);
  }
  // No usable key: WP_Query sorts by date.
  if (!keys.length) keys.push(KEYS.get('date')!);
  const random = new Map(items.map((a) => [a.id, Math.random()]));
  return items.sort((a, b) => {
    for (const key of keys) {
      const c = key === 'rand' ? compare(random.get(a.id)!, random.get(b.id)!) : compare(key(a), key(b));
      if (c !== 0) return c * direction;
    }
    return 0;
  });
}

/** The attachments a shortcode lists, sorted; only `inherit` ones of the family, as the PHP query asks. */
export function queryAttachments(media: MediaLookup, q: AttachmentQuery): MediaAttachment[] {
  const fits = (a: MediaAttachment) => a.status === 'inherit' && a.mime_type.startsWith(`${q.family}/`);
  let found: MediaAttachment[];
  if (q.include.length) {
    found = q.include.map((id) => media.attachment(id)).filter((a): a is MediaAttachment => !!a && fits(a));
  } else {
    const excluded = new Set(q.exclude);
    found = media.childrenOf(q.parent).filter((a) => fits(a) && !excluded.has(a.id));
  }
  return sortAttachments(found, q);
}
