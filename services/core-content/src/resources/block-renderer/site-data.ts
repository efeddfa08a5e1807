/**
 * The data port of the dynamic blocks (@loom/rendering's DynamicBlockData) over core-content's store: published
 * posts and pages, terms with their published counts, approved comments on published posts. What it reads is what
 * an anonymous visitor may read, whoever asks, so a draft never reaches rendered markup.
 */
import { createHash } from 'node:crypto';
import { formatPhpDate, type KitConfig } from '@loom/service-kit';
import { renderTitle, trimExcerpt, type DynamicBlockData, type PostSummary } from '@loom/rendering';
import type { Store } from '@loom/store';
import { TERMS, termsWithAncestors, termSlugPath, type TermDoc } from '@loom/terms';
import { permalink } from '../../engine/permalinks';
import { ancestorsOf, POSTS, type PostDoc } from '../../engine/repository';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { TAXONOMY_BEHAVIOURS } from '../../engine/terms';
import { COMMENTS, type CommentDoc } from '../comments/repository';
import { USERS } from '../users/repository';
import { localAt, siteClock, type SiteClock } from '../../engine/dates';

/** The zone formatPhpDate() takes for the site's clock: its IANA name, else its fixed offset. */
function zoneOf(clock: SiteClock): string {
  if (clock.timezone) return clock.timezone;
  const minutes = Math.round(clock.gmtOffset * 60);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const PUBLISHED = { status: 'publish' };
const NAVIGATION = 'wp_navigation';
/** What the navigation block reads of a wp_navigation post. */
const navigationMenu = (p: PostDoc | null) => (p ? { title: p.title, status: p.status, content: p.content } : null);
const two = (n: number) => String(n).padStart(2, '0');

/** Made for each render, so the site options it reads (date format, clock, start of week, front page) are the live ones. */
export function siteBlockData(store: Store, config: KitConfig): DynamicBlockData {
  const options = config.site.current();
  const clock = siteClock(config);
  const zone = zoneOf(clock);
  const home = config.homeUrl;
  // get_month_link() / get_day_link() under the site's pretty permalinks.
  const dateLink = (year: number, month: number, day?: number) =>
    `${home}/${year}/${two(month)}/${day === undefined ? '' : `${two(day)}/`}`;
  const posts = store.collection<PostDoc>(POSTS);
  const monthOf = (p: PostDoc | null) =>
    p ? { year: Number(p.date.slice(0, 4)), month: Number(p.date.slice(5, 7)) } : null;
  const link = (post: PostDoc, ancestors: PostDoc[] = []) => {
    const rules = POST_TYPE_BEHAVIOURS().get(post.type)!;
    return permalink(post, { homeUrl: home, rules, ancestors, canRead: true });
  };
  const termLinks = async (taxonomy: string, terms: TermDoc[]) => {
    const o = TAXONOMY_BEHAVIOURS().get(taxonomy);
    const known = o?.rules.hierarchical ? await termsWithAncestors(store, taxonomy, terms) : new Map<number, TermDoc>();
    return (t: TermDoc) =>
      o?.permalinkBase
        ? `${home}/${o.permalinkBase}/${termSlugPath(t, known).join('/')}/`
        : `${home}/?taxonomy=${taxonomy}&term=${t.slug}`;
  };
  return {
    dateFormat: () => options.date_format,
    formatDate: (gmt, format) => formatPhpDate(format, new Date(`${gmt}Z`), zone),
    now: () => localAt(clock, clock.now()),
    startOfWeek: () => options.start_of_week,
    frontPageId: () => options.page_on_front,
    homeUrl: () => home,
    dateLink,

    async latestPosts(q) {
      const filter: Record<string, unknown> = { type: 'post', ...PUBLISHED };
      if (q.categories?.length) filter.categories = { $in: q.categories };
      if (q.author !== undefined) filter.author = q.author;
      const dir = q.order === 'asc' ? 1 : -1;
      const field = q.orderBy === 'title' ? 'title' : q.orderBy === 'modified' ? 'modified' : 'date';
      const posts = await store
        .collection<PostDoc>(POSTS)
        .find(filter, { sort: { [field]: dir, id: dir }, limit: q.perPage });
      const authors = [...new Set(posts.map((p) => p.author))];
      const users = authors.length
        ? await store.collection<{ id: number; name: string }>(USERS).find({ id: { $in: authors } })
        : [];
      const names = new Map(users.map((u) => [u.id, u.name]));
      return posts.map((p): PostSummary => ({
        id: p.id,
        title: renderTitle(p.title),
        link: link(p),
        dateGmt: p.date_gmt ?? p.date,
        authorName: names.get(p.author) ?? '',
        excerpt: p.password ? '' : trimExcerpt(p.excerpt, p.content, undefined, undefined, q.excerptLength),
        passwordRequired: Boolean(p.password),
      }));
    },

    async archives(type) {
      const posts = await store.collection<PostDoc>(POSTS).find({ type: 'post', ...PUBLISHED });
      const counts = new Map<string, { year: number; month: number; count: number }>();
      for (const p of posts) {
        // post_date is the site's local date: archives group by it, as MySQL's YEAR( post_date ) does.
        const year = Number(p.date.slice(0, 4));
        const month = type === 'yearly' ? 0 : Number(p.date.slice(5, 7));
        const key = `${year}-${month}`;
        const row = counts.get(key) ?? { year, month, count: 0 };
        row.count++;
        counts.set(key, row);
      }
      return (
        [...counts.values()]
          .sort((a, b) => b.year - a.year || b.month - a.month)
          // get_year_link() under the site's pretty permalinks, or get_month_link().
          .map((r) => ({ ...r, link: r.month ? dateLink(r.year, r.month) : `${home}/${r.year}/` }))
      );
    },

    async terms(taxonomy) {
      const terms = await store.collection<TermDoc>(TERMS).find({ taxonomy }, { sort: { name_sort: 1, id: 1 } });
      const linkOf = await termLinks(taxonomy, terms);
      return terms.map((t) => ({
        id: t.id,
        name: t.name,
        slug: t.slug,
        parent: t.parent,
        count: t.count,
        link: linkOf(t),
      }));
    },

    async termObjects(taxonomy) {
      const out = new Map<number, number[]>();
      const o = TAXONOMY_BEHAVIOURS().get(taxonomy);
      // Posts keep their term ids under the taxonomy's rest base.
      const field = o?.rules.postField;
      if (!o || !field) return out;
      const published = await posts.find({ type: { $in: o.object.objectType }, ...PUBLISHED });
      for (const p of published)
        for (const id of Array.isArray(p[field]) ? (p[field] as number[]) : [])
          out.set(id, [...(out.get(id) ?? []), p.id]);
      return out;
    },

    async pages() {
      const pages = await store.collection<PostDoc>(POSTS).find({ type: 'page', ...PUBLISHED });
      const ancestors = await ancestorsOf(store, pages);
      return pages.map((p) => ({
        id: p.id,
        title: p.title,
        link: link(p, ancestors.get(p.id) ?? []),
        parent: p.parent,
        menuOrder: p.menu_order,
      }));
    },

    async calendarMonth(year, month) {
      const published = { type: 'post', ...PUBLISHED };
      if (!(await posts.findOne(published))) return null;
      // post_date is local time, stored `YYYY-MM-DDTHH:MM:SS`: the month's bounds compare as strings.
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const start = `${year}-${two(month)}-01T00:00:00`;
      const end = `${year}-${two(month)}-${two(last)}T23:59:59`;
      const [inMonth, before, after] = await Promise.all([
        posts.find({ ...published, date: { $gte: start, $lte: end } }),
        posts.find({ ...published, date: { $lt: start } }, { sort: { date: -1 }, limit: 1 }),
        posts.find({ ...published, date: { $gt: end } }, { sort: { date: 1 }, limit: 1 }),
      ]);
      const now = localAt(clock, clock.now());
      return {
        year,
        month,
        days: [...new Set(inMonth.map((p) => Number(p.date.slice(8, 10))))],
        previous: monthOf(before[0] ?? null),
        next: monthOf(after[0] ?? null),
        today: { year: Number(now.slice(0, 4)), month: Number(now.slice(5, 7)), day: Number(now.slice(8, 10)) },
      };
    },

    async latestComments(n) {
      const comments = await store
        .collection<CommentDoc>(COMMENTS)
        .find({ approved: '1', post_status: 'publish' }, { sort: { date_gmt: -1, id: -1 }, limit: n });
      const postIds = [...new Set(comments.map((c) => c.post))];
      const posts = postIds.length ? await store.collection<PostDoc>(POSTS).find({ id: { $in: postIds } }) : [];
      const byId = new Map(posts.map((p) => [p.id, p]));
      return comments.map((c) => {
        const post = byId.get(c.post);
        const postLink = post ? link(post) : `${home}/?p=${c.post}`;
        return {
          id: c.id,
          authorName: c.author_name,
          authorUrl: c.author_url || (c.user_id ? `${home}/?author=${c.user_id}` : ''),
          emailHash: createHash('md5').update(c.author_email.trim().toLowerCase()).digest('hex'),
          dateGmt: c.date_gmt,
          content: c.content,
          postTitle: post ? renderTitle(post.title) : '',
          // get_comment_link(): the post's link with the comment's anchor (comments are not paged).
          link: `${postLink}#comment-${c.id}`,
        };
      });
    },
    async navigation(id) {
      return navigationMenu(id > 0 ? await store.collection<PostDoc>(POSTS).findOne({ id, type: NAVIGATION }) : null);
    },
    async latestNavigation() {
      const [p] = await store
        .collection<PostDoc>(POSTS)
        .find({ type: NAVIGATION, ...PUBLISHED }, { sort: { date: -1, id: -1 }, limit: 1 });
      return navigationMenu(p ?? null);
    },
    async postStatuses(ids) {
      if (!ids.length) return new Map();
      const found = await store.collection<PostDoc>(POSTS).find({ id: { $in: ids } });
      return new Map(found.map((p) => [p.id, p.status]));
    },
  };
}
