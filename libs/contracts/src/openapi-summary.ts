/**
 * The summary of an operation in the OpenAPI document: the definition's own when it gives one, else derived from
 * the endpoint's verb (its key in the route: `list`, `create`, `read`, `update`, `delete`; inferred from the method
 * for an index without docs) and the resource its path names: "List posts", "Retrieve a revision of a post",
 * "Update an event by slug".
 */
import type { Method } from './define';
import type { IndexDocs, Noun } from './endpoint-docs';

const VERBS = ['list', 'create', 'read', 'update', 'delete'] as const;
type Verb = (typeof VERBS)[number];

const isPlaceholder = (segment: string) => segment.startsWith('{');

/** `categories` → category, `statuses` → status, `menu-items` → menu item; a singular word stays. */
export function nounOf(segment: string): Noun {
  const words = segment.replace(/[-_]+/g, ' ');
  if (words.endsWith('ss')) return { one: words, many: `${words}es` };
  if (!words.endsWith('s')) return { one: words, many: words.replace(/([^aeiou])y$/, '$1ie') + 's' };
  const one = /ies$/.test(words)
    ? words.replace(/ies$/, 'y')
    : /(ss|us|x|ch|sh)es$/.test(words)
      ? words.slice(0, -2)
      : words.slice(0, -1);
  return { one, many: words };
}

const article = (word: string) => (/^[aeio]/i.test(word) ? `an ${word}` : `a ${word}`);

function verbOf(method: Method, path: string, docs?: IndexDocs): Verb {
  if (docs?.verb && (VERBS as readonly string[]).includes(docs.verb)) return docs.verb as Verb;
  const item = isPlaceholder(path.split('/').pop() ?? '');
  if (method === 'GET') return item ? 'read' : 'list';
  if (method === 'DELETE') return 'delete';
  return method === 'POST' && !item ? 'create' : 'update';
}

export interface SummaryInput {
  method: Method;
  /** The OpenAPI path (`/core/v2/posts/{parent}/revisions`). */
  path: string;
  namespace: string;
  docs?: IndexDocs;
  /** The noun a collection's definition gives, by the collection's path (an owner's name: "of a media item"). */
  nounAt: (collectionPath: string) => Noun | undefined;
}

export function summaryOf({ method, path, namespace, docs, nounAt }: SummaryInput): string {
  if (docs?.summary) return docs.summary;
  const segments = path.split('/').filter(Boolean);
  const local = path.startsWith(`/${namespace}/`) ? segments.slice(namespace.split('/').length) : segments;
  const statics = local.map((s, i) => ({ s, i })).filter(({ s }) => !isPlaceholder(s) && s !== 'by-slug');
  const last = statics.at(-1);
  if (!last) return `${method} ${path}`;
  const collectionPath = (at: number) =>
    `/${[...segments.slice(0, segments.length - local.length), ...local.slice(0, at + 1)].join('/')}`;
  const noun = docs?.noun ?? nounAt(collectionPath(last.i)) ?? nounOf(last.s);
  // A sub-resource (`posts/{parent}/revisions`) names its owner.
  const owner = statics.at(-2);
  const ownerNoun =
    owner && local.slice(owner.i + 1, last.i).some(isPlaceholder)
      ? (nounAt(collectionPath(owner.i)) ?? nounOf(owner.s))
      : undefined;
  const of = ownerNoun ? ` of ${article(ownerNoun.one)}` : '';
  const bySlug = local.includes('by-slug') ? ' by slug' : '';
  const verb = verbOf(method, path, docs);
  if (verb === 'list') return `List ${noun.many}${of}`;
  const action = { create: 'Create', read: 'Retrieve', update: 'Update', delete: 'Delete' }[verb];
  return `${action} ${article(noun.one)}${of}${bySlug}`;
}
