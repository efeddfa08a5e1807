/**
 * WP_Query's `s` (parse_search, parse_search_order), written once for every store of posts: core-content's
 * collections and search endpoint, and the events service's events, which core/v2/search lists among the posts
 * as WordPress's one query does. Substring matching (LIKE '%term%'), as WordPress's.
 */
import type { Filter } from '@loom/store';

/** The English stopwords WP_Query::get_search_stopwords() drops from searches. */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(
    ',',
  ),
);

/** WP_Query::parse_search() terms: quoted phrases kept whole, short terms and stopwords dropped; >9 terms → one sentence. */
export function searchTerms(search: string): string[] {
  const s = search.replace(/[\r\n]/g, '');
  const matches = s.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g);
  if (!matches) return [s];
  const checked: string[] = [];
  for (let term of matches) {
    term = /^".+"$/.test(term) ? term.replace(/^["']+|["']+$/g, '') : term.replace(/^["' ]+|["' ]+$/g, '');
    if (!term || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    checked.push(term);
  }
  return checked.length === 0 || checked.length > 9 ? [s] : checked;
}

/**
 * parse_search()'s WHERE: each term in any of `fields` (the stored names of the searched columns), a `-term` in
 * none of them; all terms must hold.
 */
export function searchClauses(terms: readonly string[], fields: readonly string[]): Filter[] {
  return terms.map((term) => {
    const exclude = term.length > 1 && term.startsWith('-');
    const text = exclude ? term.slice(1) : term;
    const clauses = fields.map((c) => ({ [c]: { $contains: text } }));
    return exclude ? { $nor: clauses } : { $or: clauses };
  });
}

/** The searched texts of one post (its title, excerpt and content as stored). */
interface SearchedText {
  title: string;
  excerpt: string;
  content: string;
}

/**
 * WP_Query::parse_search_order() for orderby=relevance: the whole search in the title first, then all its terms
 * in the title, then any of them, then the whole search in the excerpt, then in the content. Lower ranks first;
 * WordPress orders ties by post_date.
 */
export function relevanceRank<P>(search: string, terms: string[], text: (p: P) => SearchedText): (p: P) => number {
  const positive = terms.filter((t) => !(t.length > 1 && t.startsWith('-')));
  const has = (s: string, t: string) => s.toLowerCase().includes(t.toLowerCase());
  if (terms.length <= 1) {
    const term = positive[0] ?? search;
    return (p) => (has(text(p).title, term) ? 0 : 1);
  }
  const sentence = /(?:\s|^)-/.test(search) ? null : search;
  return (p) => {
    const { title, excerpt, content } = text(p);
    if (sentence && has(title, sentence)) return 1;
    if (positive.length < 7 && positive.length && positive.every((t) => has(title, t))) return 2;
    if (positive.length < 7 && positive.length > 1 && positive.some((t) => has(title, t))) return 3;
    if (sentence && has(excerpt, sentence)) return 4;
    if (sentence && has(content, sentence)) return 5;
    return 6;
  };
}
