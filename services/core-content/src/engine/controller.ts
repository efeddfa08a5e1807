/**
 * The post-type controller: WP_REST_Posts_Controller's permission checks, argument handling
 * (prepare_item_for_database, handle_status_param, check_status, check_template) and responses, over the
 * repository, for any served type. Where a type differs, its behaviour's hooks say so (post.ts, page.ts, ...).
 * Error codes, messages and statuses are WordPress's.
 */
import type { Context, ErrorCode, Identity } from '@loom/contracts';
import * as core from './contract';
const { STATUSES } = core;
import {
  authStatus,
  bind,
  can,
  checkPageInRange,
  checkValue,
  deletedAnswer,
  forbidden,
  paginationHeaders,
  parsePhpStyle,
  wpError,
  type WpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';
import type { Filter } from '@loom/store';
import { checkFeaturedMedia } from './media/featured';
import { UserRepository } from '../resources/users/repository';
import { dateWithGmt, localOfQueryDate, siteClock, type SiteClock } from './dates';
import { permalink } from './permalinks';
import { contentSavePre, titleSavePre } from './render';
import { PostRepository, publishDuePosts, type PostDoc, type PostInput, type TaxClause } from './repository';
import { PostPresenter } from './presenter';
import { canReadPost, isPublicFor } from './access';
import { postCan, type PostTypeBehaviour } from './behaviour';
import { pageTemplates } from './templates/page-templates';

type Params = Record<string, unknown>;

/** A validate/sanitize callback's failure, reported as WordPress reports it: rest_invalid_param naming the argument. */
function invalidParam(
  name: string,
  code: ErrorCode,
  message: string,
  data: Record<string, unknown> | null = null,
): WpError {
  return wpError('rest_invalid_param', {
    message: `Invalid parameter(s): ${name}`,
    data: { params: { [name]: message }, details: { [name]: { code, message, data } } },
  });
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  v === 0 ||
  v === '0' ||
  v === false ||
  (Array.isArray(v) && v.length === 0);

/**
 * The write side of a post-like type (prepare_item_for_database and the update permission check), shared by its
 * item routes and by the routes built on them (autosaves).
 */
export function postTypeWrites(rules: PostTypeBehaviour) {
  const cap = rules.object.cap;
  const clockOf = (req: RestRequest): SiteClock => siteClock(req.config);
  const repo = (req: RestRequest) => new PostRepository(req.store, rules, clockOf(req), req.config.homeUrl);

  /**
   * check_assign_terms_permission(): every existing term sent needs the taxonomy's assign_terms. The argument is
   * read as PHP's (array) reads it (a menu item's `menus` is one id; a list filter's object form holds none), and
   * the id 0 is refused: get_term( 0 ) is an error, which counts as found, and assign_term on it is do_not_allow.
   * So `menus=0` (an orphan item) can be neither written nor listed with POST in its Allow header.
   */
  async function canAssignTerms(req: RestRequest): Promise<boolean> {
    const r = repo(req);
    for (const tax of rules.taxonomies) {
      const sent = req.params[tax.restBase];
      const ids = (Array.isArray(sent) ? sent : [sent]).filter((id): id is number => typeof id === 'number');
      if (!ids.length) continue;
      if (ids.includes(0)) return false;
      if ((await r.existingTerms(tax.name, ids)).length && !can(req.user, tax.cap.assign_terms)) return false;
    }
    return true;
  }

  /** handle_status_param(): publishing, scheduling and private posts need the type's publish_posts. */
  function checkStatus(req: RestRequest, status: string): string {
    if ((status === 'publish' || status === 'future') && !can(req.user, cap.publish_posts)) {
      throw forbidden(
        req.user,
        'rest_cannot_publish',
        'Sorry, you are not allowed to publish posts in this post type.',
      );
    }
    if (status === 'private' && !can(req.user, cap.publish_posts)) {
      throw forbidden(
        req.user,
        'rest_cannot_publish',
        'Sorry, you are not allowed to create private posts in this post type.',
      );
    }
    return STATUSES.some((s) => s.name === status) ? status : 'draft';
  }

  /** Meta values for the registered keys (others ignored), each validated against its type as WordPress's meta fields do. */
  function metaInput(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    if (!value) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, dflt] of Object.entries(rules.object.meta)) {
      if (!Object.hasOwn(value, key)) continue;
      const v = value[key];
      if (v === null) {
        out[key] = null;
        continue;
      }
      const values = rules.object.metaEnums[key];
      const checked = checkValue(
        v,
        { type: typeof dflt === 'number' ? 'integer' : 'string', ...(values ? { enum: [...values] } : {}) },
        `meta.${key}`,
      );
      // WP_REST_Meta_Fields passes the schema's error on with add_data( status 400 ).
      if (!checked.ok) throw wpError(checked.issue.code, { message: checked.issue.message, status: 400 });
      out[key] = checked.value;
    }
    return out;
  }

  async function prepareInput(req: RestRequest, existing: PostDoc | null): Promise<PostInput> {
    if (rules.hooks.prepareItemForDatabase) return rules.hooks.prepareItemForDatabase(req, existing);
    const p = req.params as Params;
    const input: PostInput = {};
    const user = req.user;
    const unfiltered = can(user, 'unfiltered_html');
    const kses = (html: string) => contentSavePre(html, unfiltered);
    const text = (name: string) => (p[name] as core.TextInput | undefined)?.raw;

    const title = text('title');
    if (title !== undefined) input.title = titleSavePre(title, unfiltered);
    const content = text('content');
    if (content !== undefined) input.content = kses(content);
    const excerpt = text('excerpt');
    if (excerpt !== undefined) input.excerpt = kses(excerpt);

    // Status: check_status (the current status is always accepted), then handle_status_param when it changes.
    if (req.has('status') && typeof p.status === 'string') {
      const status = p.status;
      if (existing?.status !== status) {
        if (!(core.WRITE_STATUSES as readonly string[]).includes(status)) {
          const check = checkValue(status, { type: 'string', enum: [...core.WRITE_STATUSES] }, 'status');
          if (!check.ok) throw invalidParam('status', check.issue.code, check.issue.message, check.issue.data);
        }
        input.status = checkStatus(req, status);
      }
    }

    // Dates: `date` wins over `date_gmt`; either one set to null resets the date.
    const clock = clockOf(req);
    if (!isEmpty(p.date)) {
      const d = dateWithGmt(clock, p.date as string, false);
      if (d) input.date = { ...d, from: 'date' };
    } else if (!isEmpty(p.date_gmt)) {
      const d = dateWithGmt(clock, p.date_gmt as string, true);
      if (d) input.date = { ...d, from: 'date_gmt' };
    }
    if ((req.has('date') && p.date === null) || (req.has('date_gmt') && p.date_gmt === null)) input.date = null;

    if (p.slug !== undefined) input.slug = p.slug as string;

    if (!isEmpty(p.author)) {
      const author = p.author as number;
      if (author !== user?.id && !(await new UserRepository(req.store).get(author)))
        throw wpError('rest_invalid_author');
      input.author = author;
    }

    if (p.password !== undefined) input.password = p.password as string;
    await rules.hooks.prepareInput?.(req, input, existing);

    if (rules.object.hierarchical && p.parent !== undefined) {
      const parent = p.parent as number;
      if (parent !== 0 && !(await repo(req).getAny(parent)))
        throw wpError('rest_post_invalid_id', { message: 'Invalid post parent ID.', status: 400 });
      input.parent = parent;
    }
    if (p.menu_order !== undefined) input.menu_order = p.menu_order as number;
    if (!isEmpty(p.comment_status)) input.comment_status = p.comment_status as 'open' | 'closed';
    if (!isEmpty(p.ping_status)) input.ping_status = p.ping_status as 'open' | 'closed';

    // check_template: '', the current template, or one of the theme's templates for the type.
    if (p.template !== undefined) {
      const template = p.template as string;
      if (template && template !== existing?.template) {
        const allowed = await pageTemplates(req, rules.object);
        if (!allowed.has(template))
          throw invalidParam(
            'template',
            'rest_invalid_param',
            `template is not one of ${[...allowed.keys()].join(', ')}.`,
          );
      }
      input.template = template;
    }

    // handle_featured_media(): an image attachment the caller may read (media-links/featured.ts).
    if (p.featured_media !== undefined) {
      const id = p.featured_media as number;
      if (id !== 0) await checkFeaturedMedia(req, id);
      input.featured_media = id;
    }

    if (!isEmpty(p.format)) input.format = p.format as string;

    // handle_terms(): ids that are not terms of the taxonomy are dropped, as wp_set_object_terms drops them.
    for (const tax of rules.taxonomies) {
      const ids = p[tax.restBase] as number[] | undefined;
      if (ids === undefined) continue;
      (input.terms ??= {})[tax.restBase] = await repo(req).existingTerms(tax.name, ids);
    }
    input.meta = metaInput(p.meta as Record<string, unknown> | undefined);
    return input;
  }

  /** update_item_permissions_check() for an existing post (also the autosaves controller's create check). */
  async function updatePermission(req: RestRequest, post: PostDoc): Promise<true | WpError> {
    const p = req.params as Params;
    if (!postCan(req.user, 'edit_post', post))
      return forbidden(req.user, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
    if (!isEmpty(p.author) && p.author !== req.user?.id && !can(req.user, cap.edit_others_posts)) {
      return forbidden(req.user, 'rest_cannot_edit_others', 'Sorry, you are not allowed to update posts as this user.');
    }
    const own = rules.hooks.checkWrite?.(req) ?? true;
    if (own !== true) return own;
    if (!(await canAssignTerms(req))) return forbidden(req.user, 'rest_cannot_assign_term');
    return true;
  }

  return { prepareInput, updatePermission, canAssignTerms };
}

export function postTypeBindings(rules: PostTypeBehaviour): Binding[] {
  const routes = core.postTypeRoutesOf(rules.name);
  const cap = rules.object.cap;
  const clockOf = (req: RestRequest): SiteClock => siteClock(req.config);
  const repo = (req: RestRequest) => new PostRepository(req.store, rules, clockOf(req), req.config.homeUrl);
  const presenter = (req: RestRequest) => new PostPresenter(req, rules, clockOf(req));
  const collectionUrl = (req: RestRequest) => `${req.config.restUrl}/core/v2/${rules.object.restBase}`;

  const { prepareInput, updatePermission, canAssignTerms } = postTypeWrites(rules);

  // -------------------------------------------------------------------------------------------------------
  // Permission helpers

  const canRead = canReadPost;
  /** check_read_permission, by the type's own rule where it has one. */
  const readable = (req: RestRequest, post: PostDoc): Promise<boolean> =>
    rules.hooks.canRead ? rules.hooks.canRead(req, post) : Promise.resolve(canRead(req.user, post));

  /**
   * The caller's visibility over a collection, as a filter: check_read_permission (or, in edit context,
   * check_update_permission) per status, for posts of others and for the caller's own, so totals and pages
   * only count what the caller may see.
   */
  function visibility(user: Identity | null, statuses: string[], context: Context): Filter {
    const meta = context === 'edit' ? 'edit_post' : 'read_post';
    const anyone: string[] = [];
    const own: string[] = [];
    const alternatives: Filter[] = [];
    for (const status of statuses) {
      const target = (author: number, trashedFrom?: string) => ({
        author,
        status,
        type: rules.name,
        trashed_from: trashedFrom,
      });
      if ((context !== 'edit' && isPublicFor(rules.name, status)) || postCan(user, meta, target(-1))) {
        anyone.push(status);
        continue;
      }
      if (!user) continue;
      if (status !== 'trash') {
        if (postCan(user, meta, target(user.id))) own.push(status);
        continue;
      }
      // An own trashed post is edited as what it was before (published or not).
      const published = postCan(user, meta, target(user.id, 'publish'));
      const other = postCan(user, meta, target(user.id, 'draft'));
      if (published && other) own.push('trash');
      else if (published)
        alternatives.push({ author: user.id, status: 'trash', trashed_from: { $in: ['publish', 'future'] } });
      else if (other)
        alternatives.push({ author: user.id, status: 'trash', trashed_from: { $nin: ['publish', 'future'] } });
    }
    if (anyone.length) alternatives.push({ status: { $in: anyone } });
    if (own.length && user) alternatives.push({ author: user.id, status: { $in: own } });
    if (!alternatives.length) return { id: { $in: [] } };
    return alternatives.length === 1 ? alternatives[0]! : { $or: alternatives };
  }

  /**
   * The post an item route names, loaded once per request (req.memo): the dispatcher runs every endpoint's
   * permission check for the Allow header, and they share one read. Scheduled posts that are due are published
   * first, so a reader never meets one still marked future.
   */
  const load = (req: RestRequest): Promise<PostDoc> =>
    req.memo('post', () =>
      publishDuePosts(req.store, clockOf(req)).then(() => repo(req).require(Number(req.params.id))),
    );

  /** Existence first (rest_post_invalid_id 404), then the check, as WordPress's item permission checks. */
  const itemCheck =
    (check: (req: RestRequest, post: PostDoc) => true | WpError | Promise<true | WpError>) =>
    async (req: RestRequest) =>
      check(req, await load(req));

  const present = async (req: RestRequest, post: PostDoc, context: Context, password?: string) =>
    (await presenter(req).prepare([post], { context, password }))[0]!;

  // -------------------------------------------------------------------------------------------------------
  // Collection

  /**
   * sanitize_post_statuses(): anything but the default needs edit_posts (private: read_private_posts too). An
   * argument's sanitizer, so it answers before the permission checks do.
   */
  const defaultStatus = (() => {
    const d = routes.collection.endpoints.list.args.status?.safeParse(undefined);
    return d?.success && Array.isArray(d.data) ? String(d.data[0]) : 'publish';
  })();

  function checkStatuses(req: RestRequest): true | WpError {
    const user = req.user;
    for (const status of (req.params.status as string[] | undefined) ?? []) {
      // The route's own default needs nothing (publish; inherit for attachments).
      if (status === defaultStatus) continue;
      if (!(can(user, cap.edit_posts) || (status === 'private' && can(user, cap.read_private_posts)))) {
        return invalidParam('status', 'rest_forbidden_status', 'Status is forbidden.', { status: authStatus(user) });
      }
    }
    return true;
  }

  async function list(req: RestRequest) {
    const p = req.params as Params & { page: number; per_page: number; context: Context; status: string[] };
    const user = req.user;
    const clock = clockOf(req);

    if (p.orderby === 'relevance' && !p.search) throw wpError('rest_no_search_term_defined');
    if (p.orderby === 'include' && !(p.include as number[]).length) {
      throw wpError('rest_orderby_include_missing_include');
    }
    await publishDuePosts(req.store, clock);

    // post_status 'any': every status not excluded from search (the internal ones), plus any named with it.
    const statuses = p.status.includes('any')
      ? STATUSES.filter((s) => !s.internal || p.status.includes(s.name)).map((s) => s.name)
      : p.status;

    const r = repo(req);
    const tax: TaxClause[] = [];
    for (const t of rules.taxonomies) {
      for (const exclude of [false, true]) {
        const value = p[exclude ? `${t.restBase}_exclude` : t.restBase] as
          number[] | { terms?: number[]; include_children?: boolean; operator?: string } | undefined;
        if (!value) continue;
        let terms = Array.isArray(value) ? value : (value.terms ?? []);
        if (!terms.length) continue;
        if (!Array.isArray(value) && value.include_children && t.hierarchical)
          terms = await r.withChildTerms(t.name, terms);
        const operator = exclude ? 'NOT IN' : !Array.isArray(value) && value.operator === 'AND' ? 'AND' : 'IN';
        tax.push({ restBase: t.restBase, terms, operator });
      }
    }
    const queryDate = (name: string) =>
      typeof p[name] === 'string' ? (localOfQueryDate(clock, p[name] as string) ?? undefined) : undefined;
    const perPage = p.per_page;
    const page = p.page;
    // WP_Query: an offset replaces the page's window (absint); page still drives the headers. Past any real
    // collection every window is empty, and the stores only take safe integers.
    const offset = Math.min(
      typeof p.offset === 'number' ? Math.abs(p.offset) : (page - 1) * perPage,
      Number.MAX_SAFE_INTEGER,
    );

    const generic = (list: string[]) => visibility(user, list, p.context);
    const { items, total } = await r.query({
      statuses,
      visibility: rules.hooks.visibility
        ? await rules.hooks.visibility(req, statuses, p.context, generic)
        : generic(statuses),
      search: (p.search as string | undefined) || undefined,
      searchColumns: (p.search_columns as string[] | undefined) ?? [],
      anonymous: !user,
      after: queryDate('after'),
      before: queryDate('before'),
      modifiedAfter: queryDate('modified_after'),
      modifiedBefore: queryDate('modified_before'),
      author: (p.author as number[] | undefined) ?? [],
      authorExclude: (p.author_exclude as number[] | undefined) ?? [],
      include: p.include as number[],
      exclude: p.exclude as number[],
      menuOrder: p.menu_order as number | undefined,
      parent: (p.parent as number[] | undefined) ?? [],
      parentExclude: (p.parent_exclude as number[] | undefined) ?? [],
      slug: p.slug as string[] | undefined,
      taxRelation: p.tax_relation === 'OR' ? 'OR' : 'AND',
      tax,
      own: rules.hooks.queryFilters?.(p) ?? [],
      orderby: p.orderby as string,
      order: p.order as 'asc' | 'desc',
      perPage,
      offset,
    });
    checkPageInRange({ total, perPage, page });
    // Defensive: the visibility filter already keeps out what the caller may not read (or, in edit context, edit).
    const visible: PostDoc[] = [];
    for (const post of items)
      if (p.context === 'edit' ? postCan(user, 'edit_post', post) : await readable(req, post)) visible.push(post);
    return {
      body: await presenter(req).prepare(visible, { context: p.context }),
      headers: paginationHeaders({ total, perPage, page }, collectionUrl(req), req.rawQuery),
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // Bindings

  return [
    bind(
      routes.collection.endpoints.list,
      (req) => {
        if (req.params.context === 'edit' && !can(req.user, cap.edit_posts))
          return forbidden(
            req.user,
            'rest_forbidden_context',
            'Sorry, you are not allowed to edit posts in this post type.',
          );
        return rules.hooks.listPermission?.(req) ?? true;
      },
      list,
      { validate: checkStatuses },
    ),
    bind(
      routes.collection.endpoints.create,
      async (req) => {
        const p = req.params as Params;
        if (!isEmpty(p.id)) return wpError('rest_post_exists');
        if (!isEmpty(p.author) && p.author !== req.user?.id && !can(req.user, cap.edit_others_posts)) {
          return forbidden(
            req.user,
            'rest_cannot_edit_others',
            'Sorry, you are not allowed to create posts as this user.',
          );
        }
        const own = rules.hooks.checkWrite?.(req) ?? true;
        if (own !== true) return own;
        if (!can(req.user, cap.create_posts))
          return forbidden(req.user, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
        if (!(await canAssignTerms(req))) return forbidden(req.user, 'rest_cannot_assign_term');
        return rules.hooks.checkCreate ? rules.hooks.checkCreate(req) : true;
      },
      async (req) => {
        const input = await prepareInput(req, null);
        const create = (i: PostInput) =>
          repo(req).create(i, { userId: req.user?.id ?? 0, canPublish: can(req.user, cap.publish_posts) });
        const { post, headers } = rules.hooks.createItem
          ? await rules.hooks.createItem(req, input, create)
          : { post: await create(input), headers: {} };
        return {
          status: 201,
          body: await present(req, post, 'edit'),
          headers: { ...headers, Location: `${collectionUrl(req)}/${post.id}` },
        };
      },
      { readBody: rules.hooks.readCreateBody },
    ),
    bind(
      routes.item.endpoints.read,
      itemCheck(async (req, post) => {
        if (req.params.context === 'edit' && !postCan(req.user, 'edit_post', post)) {
          return forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.');
        }
        // Only the query string's password counts here (hash_equals against the post's, even when it has none).
        const given = parsePhpStyle(req.rawQuery).password;
        if (typeof given === 'string' && given !== '' && given !== post.password)
          return wpError('rest_post_incorrect_password');
        if (!(await readable(req, post))) return forbidden(req.user);
        return rules.hooks.readPermission?.(req, post) ?? true;
      }),
      async (req) => {
        const r = repo(req);
        const post = await load(req);
        const body = await present(req, post, req.params.context as Context, req.params.password as string | undefined);
        const headers: Record<string, string> = {};
        if (rules.object.viewable) {
          const link = permalink(post, {
            homeUrl: req.config.homeUrl,
            rules,
            ancestors: await r.ancestors(post),
            canRead: await readable(req, post),
          });
          headers.Link = `<${link}>; rel="alternate"; type=text/html`;
        }
        return { body, headers };
      },
    ),
    bind(routes.item.endpoints.update, itemCheck(updatePermission), async (req) => {
      const r = repo(req);
      const existing = await r.require(Number(req.params.id));
      const input = await prepareInput(req, existing);
      const { current } = await r.update(existing.id, input, {
        userId: req.user?.id ?? 0,
        canPublish: postCan(req.user, 'publish_post', existing),
      });
      return { body: await present(req, current, 'edit') };
    }),
    bind(
      routes.item.endpoints.delete,
      itemCheck((req, post) =>
        postCan(req.user, 'delete_post', post)
          ? true
          : forbidden(req.user, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.'),
      ),
      async (req) => {
        const r = repo(req);
        const post = await r.require(Number(req.params.id));
        if (req.params.force) {
          const previous = await present(req, post, rules.deletedContext);
          await r.deletePermanently(post.id);
          return deletedAnswer(previous);
        }
        if (!rules.object.rest?.trash) throw wpError('rest_trash_not_supported', { message: rules.trashMessage });
        if (post.status === 'trash') throw wpError('rest_already_trashed');
        const trashed = await r.trash(post.id, {
          userId: req.user?.id ?? 0,
          canPublish: postCan(req.user, 'publish_post', post),
        });
        return { body: await present(req, trashed, 'edit') };
      },
    ),
  ];
}
