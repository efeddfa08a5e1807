/**
 * `_embed` loaders for core-content's own resources: each loads every href of a page in one go (one store
 * query per relation), so embedding authors and terms of 100 posts costs a handful of queries, not hundreds.
 * Other links fall back to the kit's in-process dispatch.
 */
import * as core from './contract';
import { can, forbidden, wpError, type Embedder, type RestRequest } from '@loom/service-kit';
import type { TaxonomyBehaviour } from './terms/behaviour';
import { siteClock } from './dates';
import { POSTS, type PostDoc } from './repository';
import { PostPresenter } from './presenter';
import { canReadPost } from './access';
import type { PostTypeBehaviour } from './behaviour';
import { loadPosts, termsOfPostAccess } from './terms/post-access';
import { TERMS, type TermDoc } from '@loom/terms';
import { prepareTerms } from './terms/presenter';
import { publishedAuthors } from '../resources/users/authorship';
import { USERS, type UserDoc } from '../resources/users/repository';
import { prepareUser } from '../resources/users/presenter';

const idOf = (url: URL, base: string): number | null => {
  const m = new RegExp(`^/rest/core/v2/${base}/(\\d+)$`).exec(url.pathname);
  return m ? Number(m[1]) : null;
};

/** `core/v2/<terms>/<id>` (a term's `up` link, a post's term links): the terms in one query. */
export function termItemEmbedder(o: TaxonomyBehaviour): Embedder {
  return {
    match: (url) => idOf(url, o.object.restBase) !== null,
    async load(urls, req) {
      const ids = urls.map((u) => idOf(u, o.object.restBase)!);
      const terms = await req.store.collection<TermDoc>(TERMS).find({ id: { $in: ids }, taxonomy: o.rules.taxonomy });
      const bodies = new Map((await prepareTerms(req, o, terms, 'embed')).map((b) => [b.id as number, b]));
      const missing = wpError('rest_term_invalid').toBody();
      return new Map(urls.map((u) => [u.href, bodies.get(idOf(u, o.object.restBase)!) ?? missing]));
    },
  };
}

/** `core/v2/<terms>?post=<id>` (a post's `wp:term` links): the posts, then all their terms, in two queries. */
export function termsOfPostEmbedder(o: TaxonomyBehaviour): Embedder {
  const field = o.rules.postField!;
  return {
    match: (url) =>
      url.pathname === `/rest/core/v2/${o.object.restBase}` && /^\d+$/.test(url.searchParams.get('post') ?? ''),
    async load(urls, req) {
      const postIds = urls.map((u) => Number(u.searchParams.get('post')));
      const posts = await loadPosts(req.store, postIds);
      const termIds = [...new Set(posts.flatMap((p) => (Array.isArray(p[field]) ? (p[field] as number[]) : [])))];
      const terms = termIds.length
        ? await req.store
            .collection<TermDoc>(TERMS)
            .find({ id: { $in: termIds }, taxonomy: o.rules.taxonomy }, { sort: { name_sort: 1, id: 1 } })
        : [];
      const bodies = new Map((await prepareTerms(req, o, terms, 'embed')).map((b) => [b.id as number, b]));
      return new Map<string, unknown>(
        urls.map((u): [string, unknown] => {
          const post = posts.find((p) => p.id === Number(u.searchParams.get('post')));
          const access = termsOfPostAccess(req.user, post ?? null, o.rules);
          if (access !== true) return [u.href, access.toBody()];
          const own = new Set(post && Array.isArray(post[field]) ? (post[field] as number[]) : []);
          return [u.href, terms.filter((t) => own.has(t.id)).map((t) => bodies.get(t.id))];
        }),
      );
    },
  };
}

/**
 * `core/v2/users/<id>` (authors): the users in one query, with the users controller's read check: yourself,
 * anyone with list_users, or an author of published content.
 */
export const userEmbedder: Embedder = {
  match: (url) => idOf(url, 'users') !== null,
  async load(urls, req: RestRequest) {
    const ids = urls.map((u) => idOf(u, 'users')!);
    const users = await req.store.collection<UserDoc>(USERS).find({ id: { $in: ids } });
    const listable = can(req.user, 'list_users')
      ? null
      : await publishedAuthors(
          req.store,
          users.map((u) => u.id),
          core.REST_POST_TYPES(),
        );
    return new Map(
      urls.map((u) => {
        const user = users.find((x) => x.id === idOf(u, 'users'));
        if (!user) return [u.href, wpError('rest_user_invalid_id').toBody()];
        if (listable && user.id !== req.user?.id && !listable.has(user.id)) {
          return [u.href, forbidden(req.user, 'rest_user_cannot_view').toBody()];
        }
        return [u.href, prepareUser(user, req.config, 'embed')];
      }),
    );
  },
};

/**
 * `core/v2/<posts|pages>/<id>` (a child page's `up`, and other links to single posts): the posts in one query
 * and prepared together (terms, ancestors and revision counts once for all of them), with the item route's
 * read check; password-protected text stays hidden, as no password comes with an embed.
 */
export function postItemEmbedder(rules: PostTypeBehaviour): Embedder {
  const base = rules.object.restBase;
  return {
    match: (url) => idOf(url, base) !== null && [...url.searchParams.keys()].every((k) => k === 'context'),
    async load(urls, req) {
      const wanted = urls.map((u) => idOf(u, base)!);
      const found = await req.store.collection<PostDoc>(POSTS).find({ id: { $in: wanted }, type: rules.name });
      const readable = found.filter((p) => canReadPost(req.user, p));
      const prepared = await new PostPresenter(req, rules, siteClock(req.config)).prepare(readable, {
        context: 'embed',
      });
      const bodies = new Map(readable.map((p, i) => [p.id, prepared[i]]));
      return new Map<string, unknown>(
        urls.map((u): [string, unknown] => {
          const id = idOf(u, base)!;
          if (bodies.has(id)) return [u.href, bodies.get(id)];
          if (found.some((p) => p.id === id)) return [u.href, forbidden(req.user).toBody()];
          return [u.href, wpError('rest_post_invalid_id').toBody()];
        }),
      );
    },
  };
}
