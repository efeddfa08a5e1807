/**
 * Posts as WordPress's posts controller prepares them (prepare_item_for_response, prepare_links,
 * get_available_actions), for a whole page at once: terms, ancestors and revision counts are loaded once per
 * page, not per post. Fields are built in WordPress's order and filtered by context by the kit.
 */
import { decodeSlug, type Context, type Identity } from '@loom/contracts';
import * as core from './contract';
import { can, filterByContext, links, type Link, type RestRequest } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { TERMS, type TermDoc } from '@loom/terms';
import { gmtFromLocal, type SiteClock } from './dates';
import { revisionSummaries } from './lifecycle';
import { permalink, samplePermalink, type PermalinkContext } from './permalinks';
import { renderer, requestBlocks, type BlockContext } from './render';
import { mediaForContents, NO_MEDIA_CONTEXTS, type MediaContexts } from './media/shortcodes';
import { ancestorsOf, PostRepository, type PostDoc } from './repository';
import { postCan, type PostTypeBehaviour } from './behaviour';
import { POST_TYPE_BEHAVIOURS } from './registry';
import { renderMemoOf } from '../site/answer-cache/render-memo';

export interface PrepareOptions {
  context: Context;
  /** The `password` query argument of a single read. */
  password?: string;
}

/** sanitize_html_class(): percent-encoded octets and anything but letters, digits, `_` and `-` removed. */
function htmlClass(value: string, fallback: string): string {
  const cleaned = value.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return cleaned === '' ? fallback : cleaned;
}

/** can_access_password_content() plus the edit-context filter: whether a protected post's text is shown. */
export function passwordRequired(post: PostDoc, user: Identity | null, o: PrepareOptions): boolean {
  if (!post.password) return false;
  if (o.context === 'edit' && postCan(user, 'edit_post', post)) return false;
  return !(o.password && o.password === post.password);
}

export class PostPresenter {
  readonly repo: PostRepository;

  constructor(
    readonly req: RestRequest,
    readonly rules: PostTypeBehaviour,
    readonly clock: SiteClock,
  ) {
    this.repo = new PostRepository(req.store, rules, clock, req.config.homeUrl);
  }

  /** The type's schema (from its contract routes: only the posts controller's types have a presenter). */
  private get schema(): NonNullable<core.PostTypeRoutes['collection']['schema']> {
    return core.postTypeRoutesOf(this.rules.name).collection.schema!;
  }

  private get store(): Store {
    return this.req.store;
  }

  /** Every post of the page prepared in `context`. */
  async prepare(posts: PostDoc[], o: PrepareOptions): Promise<Record<string, unknown>[]> {
    const { rules } = this;
    const ancestors = await ancestorsOf(this.store, posts);
    const termIds = [
      ...new Set(
        posts.flatMap((p) =>
          rules.taxonomies.flatMap((t) => (Array.isArray(p[t.restBase]) ? (p[t.restBase] as number[]) : [])),
        ),
      ),
    ];
    const terms = termIds.length
      ? await this.store.collection<TermDoc>(TERMS).find({ id: { $in: termIds } }, { sort: { name_sort: 1, id: 1 } })
      : [];
    const revisions = await revisionSummaries(posts, this.store);
    const blocks = await requestBlocks(
      this.req,
      posts.map((p) => p.content),
    );
    const media = await mediaForContents(this.req, posts, posts);
    await rules.hooks.preparePage?.(posts, {
      req: this.req,
      context: o.context,
      rest: `${this.req.config.restUrl}/core/v2`,
    });
    const out: Record<string, unknown>[] = [];
    for (const post of posts)
      out.push(
        await this.prepareOne(
          post,
          o,
          ancestors.get(post.id) ?? [],
          terms,
          revisions.get(post.id)?.count ?? 0,
          revisions.get(post.id)?.latestId,
          blocks,
          media,
        ),
      );
    return out;
  }

  private async prepareOne(
    post: PostDoc,
    o: PrepareOptions,
    ancestors: PostDoc[],
    terms: TermDoc[],
    revisionCount: number,
    latestRevision: number | undefined,
    blocks: BlockContext,
    media: MediaContexts,
  ): Promise<Record<string, unknown>> {
    const { rules, req } = this;
    const user = req.user;
    const rest = `${req.config.restUrl}/core/v2`;
    const canEdit = postCan(user, 'edit_post', post);
    const pc: PermalinkContext = {
      homeUrl: req.config.homeUrl,
      rules,
      ancestors,
      canRead: postCan(user, 'read_post', post),
    };
    const required = passwordRequired(post, user, o);
    const protectedText = Boolean(post.password);
    const termsOf = (restBase: string, taxonomy: string) => {
      const own = new Set(Array.isArray(post[restBase]) ? (post[restBase] as number[]) : []);
      return terms.filter((t) => t.taxonomy === taxonomy && own.has(t.id));
    };

    // An attachment's text follows its file (prepend_attachment), which its raw text does not tell.
    const attachment = rules.hooks.contentAttachment?.(post, req);
    // Render once (answers/render-memo.ts): reused only while the raw text is the same and nothing else shapes it
    // (blocks linking to posts, dynamic blocks showing other posts, comments or terms make `blocks` non-empty).
    const memo = Object.keys(blocks).length || attachment ? undefined : renderMemoOf(this.req.config);
    const render = (field: string, raw: string, raw2: string, compute: () => string) =>
      memo ? memo.get(field, `${post.type}:${post.id}`, raw, raw2, compute) : compute();

    const data: Record<string, unknown> = {
      id: post.id,
      date: post.date,
      // A floating draft's GMT date is derived from its local one (#38883).
      date_gmt: post.date_gmt ?? gmtFromLocal(this.clock, post.date),
      guid: { rendered: post.guid, raw: post.guid },
      modified: post.modified,
      modified_gmt: post.modified_gmt,
      password: post.password,
      slug: post.slug,
      status: post.status,
      type: post.type,
      link: permalink(post, pc),
      title: { raw: post.title, rendered: render('title', post.title, '', () => renderer.renderTitle(post.title)) },
      content: {
        raw: post.content,
        // Content naming attachments depends on them and on who reads it: rendered per request.
        rendered: required
          ? ''
          : media === NO_MEDIA_CONTEXTS
            ? render('content', post.content, '', () =>
                renderer.renderContent(post.content, blocks, media(post.id), attachment),
              )
            : renderer.renderContent(post.content, blocks, media(post.id), attachment),
        protected: protectedText,
        block_version: renderer.blockVersion(post.content),
      },
      excerpt: {
        raw: post.excerpt,
        rendered: required
          ? ''
          : render('excerpt', post.excerpt, post.content, () =>
              renderer.renderExcerpt(post.excerpt, post.content, attachment),
            ),
        protected: protectedText,
      },
      author: post.author,
      featured_media: post.featured_media,
      parent: post.parent,
      menu_order: post.menu_order,
      comment_status: post.comment_status,
      ping_status: post.ping_status,
      sticky: post.sticky,
      template: post.template || '',
      format: post.format || 'standard',
      meta: Object.fromEntries(Object.entries(rules.object.meta).map(([k, d]) => [k, post.meta?.[k] ?? d])),
    };
    for (const tax of rules.taxonomies) data[tax.restBase] = termsOf(tax.restBase, tax.name).map((t) => t.id);
    if (rules.object.viewable) {
      if (o.context === 'edit') {
        const sample = await samplePermalink(post, pc, (slug, status) =>
          this.repo.uniqueSlug(slug, { id: post.id, status, parent: post.parent, slug: post.slug }),
        );
        data.permalink_template = sample.template;
        // editable_slug: shown decoded (a non-ASCII title's slug is stored percent-encoded).
        data.generated_slug = decodeSlug(sample.generatedSlug);
      }
      data.class_list = this.classList(post, o.context === 'edit' && canEdit ? false : protectedText, termsOf);
    }
    const ctx = { req, context: o.context, rest };
    const shaped = rules.hooks.prepareResponse ? await rules.hooks.prepareResponse(data, post, ctx) : data;
    const filtered = filterByContext(this.schema, shaped, o.context);
    const out = rules.hooks.filterResponse ? rules.hooks.filterResponse(filtered, post, ctx) : filtered;
    out._links = this.links(post, rest, o, revisionCount, latestRevision, ancestors[0]);
    return out;
  }

  /** get_post_class() (WordPress 6.5+'s `class_list`), as the REST API computes it (no sticky class outside the home page). */
  private classList(
    post: PostDoc,
    passwordRequiredForClass: boolean,
    termsOf: (restBase: string, taxonomy: string) => TermDoc[],
  ): string[] {
    const { rules } = this;
    const classes = [`post-${post.id}`, post.type, `type-${post.type}`, `status-${post.status}`];
    if (rules.object.supports.includes('post-formats'))
      classes.push(`format-${htmlClass(post.format || 'standard', 'standard')}`);
    if (passwordRequiredForClass) classes.push('post-password-required');
    else if (post.password) classes.push('post-password-protected');
    if (post.featured_media && !passwordRequiredForClass) classes.push('has-post-thumbnail');
    classes.push('hentry');
    for (const tax of rules.taxonomies) {
      for (const term of termsOf(tax.restBase, tax.name)) {
        const cls = htmlClass(term.slug, String(term.id));
        const name = /^\d+$/.test(cls) || !cls.replace(/-/g, '') ? String(term.id) : cls;
        classes.push(
          tax.postClassPrefix
            ? `${tax.postClassPrefix}-${name}`
            : htmlClass(`${tax.name}-${name}`, `${tax.name}-${term.id}`),
        );
      }
    }
    if (rules.object.supports.includes('post-formats') && post.format && post.format !== 'standard')
      classes.push(`post_format-post-format-${htmlClass(post.format, '')}`);
    return [...new Set(classes)];
  }

  /** prepare_links() and, in edit context, get_available_actions(). */
  private links(
    post: PostDoc,
    rest: string,
    o: PrepareOptions,
    revisionCount: number,
    latestRevision: number | undefined,
    parent: PostDoc | undefined,
  ) {
    const { rules } = this;
    const self = `${rest}/${rules.object.restBase}/${post.id}`;
    const rels: Record<string, Link | Link[] | string | undefined> = {
      self,
      collection: `${rest}/${rules.object.restBase}`,
      about: `${rest}/types/${rules.name}`,
    };
    if (post.author && core.supports(rules.object, 'author'))
      rels.author = { embeddable: true, href: `${rest}/users/${post.author}` };
    if (core.supports(rules.object, 'comments'))
      rels.replies = { embeddable: true, href: `${rest}/comments?post=${post.id}` };
    if (core.supports(rules.object, 'revisions')) {
      const revisionsBase = `${self}/revisions`;
      rels['version-history'] = { count: revisionCount, href: revisionsBase };
      if (revisionCount > 0 && latestRevision)
        rels['predecessor-version'] = { id: latestRevision, href: `${revisionsBase}/${latestRevision}` };
    }
    if (rules.object.hierarchical && post.parent) {
      const parentBase =
        POST_TYPE_BEHAVIOURS().get(parent?.type ?? rules.name)?.object.restBase ?? rules.object.restBase;
      rels.up = { embeddable: true, href: `${rest}/${parentBase}/${post.parent}` };
    }
    if (post.featured_media)
      rels['https://api.w.org/featuredmedia'] = { embeddable: true, href: `${rest}/media/${post.featured_media}` };
    if (rules.attachmentsLink) rels['https://api.w.org/attachment'] = `${rest}/media?parent=${post.id}`;
    if (rules.taxonomies.length) {
      rels['https://api.w.org/term'] = rules.taxonomies.map((t) => ({
        taxonomy: t.name,
        embeddable: true,
        href: `${rest}/${t.restBase}?post=${post.id}`,
      }));
    }
    if (o.context === 'edit') for (const rel of this.actions()) rels[rel] = self;
    return links(rules.hooks.links ? rules.hooks.links(rels, post, { req: this.req, context: o.context, rest }) : rels);
  }

  private actions(): string[] {
    const { rules } = this;
    const user = this.req.user;
    const cap = rules.object.cap;
    const rels: string[] = [];
    if (rules.publishAction && can(user, cap.publish_posts)) rels.push('https://api.w.org/action-publish');
    if (can(user, 'unfiltered_html')) rels.push('https://api.w.org/action-unfiltered-html');
    // Where the schema has `sticky` (WordPress: the post type `post`).
    if (this.schema.fields.sticky && can(user, cap.edit_others_posts) && can(user, cap.publish_posts))
      rels.push('https://api.w.org/action-sticky');
    if (rules.object.supports.includes('author') && can(user, cap.edit_others_posts))
      rels.push('https://api.w.org/action-assign-author');
    for (const tax of rules.taxonomies) {
      if (can(user, tax.hierarchical ? tax.cap.edit_terms : tax.cap.assign_terms))
        rels.push(`https://api.w.org/action-create-${tax.restBase}`);
      if (can(user, tax.cap.assign_terms)) rels.push(`https://api.w.org/action-assign-${tax.restBase}`);
    }
    return rels;
  }
}
