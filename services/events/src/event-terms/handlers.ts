/**
 * The term routes of events/v1 (event categories, event tags), as The Events Calendar's Term_Archive_Base and
 * Term_Single_Base build them over WordPress's terms controller:
 * - the plugin's argument validate callbacks (an existing term of the taxonomy for id/include/exclude/parent, an
 *   existing event for post/event, non-empty strings) fail with WordPress's `rest_invalid_param` 400, and run
 *   before the permission check, as WordPress validates arguments first;
 * - reads are public (no permission callback); writes need the events' edit capability and the taxonomy's
 *   manage_terms (can_create, can_edit and can_delete are one check), else WordPress's rest_forbidden 401/403;
 * - the archive answers `{rest_url, total, total_pages, <key>, next_rest_url?, previous_rest_url?}` with the
 *   X-TEC headers; a page past the end is an empty page (WordPress's terms listing has no out-of-range error);
 * - create answers 201, update 200, and delete always deletes (the plugin forces it) and answers the term; read,
 *   create and update carry the controller's `_links`, delete (a new response in WordPress) none;
 * - `orderby` is any non-empty string: the plugin hands it to the terms query, which sorts unknown ones by name.
 */
import { sanitizeTitle } from '@loom/contracts';
import * as events from '../contracts';
import {
  type Binding,
  bindResource,
  can,
  capabilityType,
  forbidden,
  pageWindow,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { TERMS, TermRepository, type TermDoc, type TermInput } from '@loom/terms';
import { capPostOf } from '../posts/bindings';
import { EVENT_TYPE, POSTS, type BasePostDoc } from '../posts/repository';
import { invalidParams } from '../messages';
import { TAXONOMY_RULES, TERM_CAPS } from '.';
import { prepareEventTerms, termLinks } from './response';

type Params = Record<string, unknown>;
type Routes = events.EventTermRoutes;
type WriteRequest =
  RequestOf<Routes['collection']['endpoints']['create']> | RequestOf<Routes['item']['endpoints']['update']>;
/** One argument's validate callback: the argument's name, and whether its (given) value passes. */
type Check = [name: string, passes: () => boolean | Promise<boolean>];

export function eventTermBindings(spec: events.EventTaxonomySpec, routes: events.EventTermRoutes): Binding[] {
  const rules = TAXONOMY_RULES[spec.taxonomy];
  const caps = TERM_CAPS[spec.taxonomy];
  const repo = (req: RestRequest) => new TermRepository(req.store, rules);

  /** Tribe__Validator__Base::is_term_of_taxonomy for ids. */
  const termsExist = async (req: RestRequest, ids: number[]) => {
    const unique = [...new Set(ids)];
    if (!unique.length || unique.some((id) => id <= 0)) return false;
    return (
      (await req.store.collection<TermDoc>(TERMS).count({ id: { $in: unique }, taxonomy: spec.taxonomy })) ===
      unique.length
    );
  };
  /** is_event_id: an existing event (any status). */
  const isEvent = async (req: RestRequest, id: number) =>
    id > 0 && (await req.store.collection(POSTS).count({ id, type: EVENT_TYPE })) > 0;
  /** is_string: a non-empty string. */
  const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';

  /** Runs the arguments' validate callbacks, in the plugin's argument order; throws every failing name at once. */
  const validate = async (req: RestRequest, checks: Check[]) => {
    const bad: string[] = [];
    for (const [name, check] of checks) if (req.has(name) && !(await check())) bad.push(name);
    if (bad.length) throw invalidParams(bad);
  };
  /** An argument by name, for the validate callbacks (each runs on several endpoints' requests). */
  const p = (req: RestRequest): Params => req.params;
  const idCheck = (req: RestRequest): Check => ['id', () => termsExist(req, [Number(p(req).id)])];
  /** is_event_category for `parent` (categories only: tags declare no parent). */
  const parentCheck = (req: RestRequest): Check[] =>
    spec.hierarchical ? [['parent', () => termsExist(req, [p(req).parent as number])]] : [];
  const writeChecks = (req: RestRequest): Check[] => [
    ['name', () => nonEmpty(p(req).name)],
    ['description', () => nonEmpty(p(req).description)],
    ['slug', () => nonEmpty(p(req).slug)],
    ...parentCheck(req),
  ];

  /** Term_Single_Base::can_create (also can_edit and can_delete). */
  const canWrite = (req: RestRequest) => can(req.user, 'edit_tribe_events') && can(req.user, caps.manage);
  const writePermission = (checks: (req: RestRequest) => Check[]) => async (req: RestRequest) => {
    await validate(req, checks(req));
    return canWrite(req) ? (true as const) : forbidden(req.user);
  };

  const itemUrl = (req: RestRequest, id: number) => `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}/${id}`;
  const one = async (req: RestRequest, term: TermDoc) => (await prepareEventTerms(req, spec, [term]))[0]!;
  const linked = async (req: RestRequest, term: TermDoc) => ({
    ...(await one(req, term)),
    _links: termLinks(req, spec, term),
  });
  const input = (req: WriteRequest): TermInput => {
    const q = req.params;
    return {
      name: q.name,
      description: q.description,
      slug: q.slug,
      parent: 'parent' in q ? (q.parent as number | undefined) : undefined,
    };
  };

  // -------------------------------------------------------------------------------------------------------

  const listChecks = (req: RestRequest): Check[] => [
    ['search', () => nonEmpty(p(req).search)],
    ['exclude', () => termsExist(req, p(req).exclude as number[])],
    ['include', () => termsExist(req, p(req).include as number[])],
    ['orderby', () => nonEmpty(p(req).orderby)],
    ...parentCheck(req),
    ['post', () => isEvent(req, p(req).post as number)],
    ['event', () => isEvent(req, p(req).event as number)],
    ['slug', () => nonEmpty(p(req).slug)],
  ];

  const list = async (req: RequestOf<Routes['collection']['endpoints']['list']>) => {
    const q = req.params;
    const perPage = Math.min(q.per_page, events.EVENT_TERMS_MAX_PER_PAGE);
    const page = q.page;
    const postId = (q.event ?? q.post) as number | undefined;
    if (postId !== undefined) {
      // WordPress's check_read_terms_permission_for_post (the plugin skips it): the terms of an event the caller
      // may not read would tell what a draft is about.
      const post = await req.store.collection<BasePostDoc>(POSTS).findOne({ id: postId, type: EVENT_TYPE });
      if (
        post &&
        post.status !== 'publish' &&
        !can(req.user, 'read_post', { post: capPostOf(post, capabilityType('tribe_events')) })
      ) {
        throw forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.');
      }
    }
    const { items, total } = await repo(req).query({
      search: q.search as string | undefined,
      include: (q.include as number[] | undefined) ?? [],
      exclude: (q.exclude as number[] | undefined) ?? [],
      // get_terms() takes the one slug through sanitize_title.
      slug: q.slug !== undefined ? [sanitizeTitle(String(q.slug))] : undefined,
      parent: q.parent as number | undefined,
      hideEmpty: q.hide_empty,
      // `event` is the alias of `post`, and wins when both are given (the plugin maps both onto `post`, event last).
      post: postId,
      orderby: q.orderby ?? 'name',
      order: (q.order as 'asc' | 'desc' | undefined) ?? 'asc',
      perPage,
      offset: pageWindow({ page, per_page: perPage }).offset,
    });
    const totalPages = Math.ceil(total / perPage);
    // The bare archive URL (tribe_events_rest_url('<base>/')); the page links only carry `page`.
    const restUrl = `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}/`;
    const body: Record<string, unknown> = {
      rest_url: restUrl,
      total,
      total_pages: totalPages,
      [spec.restBase]: await prepareEventTerms(req, spec, items),
    };
    if (page < totalPages) body.next_rest_url = `${restUrl}?page=${page + 1}`;
    if (page > 1) body.previous_rest_url = page === 2 ? restUrl : `${restUrl}?page=${page - 1}`;
    return { body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } };
  };

  const create = async (req: RequestOf<Routes['collection']['endpoints']['create']>) => {
    const term = await repo(req).create(input(req));
    // WordPress's Location names its own wp/v2 route; the term's address here is its events/v1 one.
    return { status: 201, body: await linked(req, term), headers: { Location: itemUrl(req, term.id) } };
  };

  const read = async (req: RequestOf<Routes['item']['endpoints']['read']>) => ({
    body: await linked(req, await repo(req).require(Number(req.params.id))),
  });

  const update = async (req: RequestOf<Routes['item']['endpoints']['update']>) => ({
    body: await linked(req, await repo(req).update(Number(req.params.id), input(req))),
  });

  const remove = async (req: RestRequest) => {
    const r = repo(req);
    const term = await r.require(Number(p(req).id));
    // The answer is the term as it was (WordPress's `previous`, prepared before the deletion).
    const previous = await one(req, term);
    await r.delete(term.id);
    return { body: previous };
  };

  /** Reads have no permission callback: only the arguments are checked. */
  const readPermission = (checks: (req: RestRequest) => Check[]) => async (req: RestRequest) => {
    await validate(req, checks(req));
    return true as const;
  };

  return bindResource(routes, {
    list: [readPermission(listChecks), list],
    create: [writePermission(writeChecks), create],
    read: [readPermission((req) => [idCheck(req)]), read],
    update: [writePermission((req) => [idCheck(req), ...writeChecks(req)]), update],
    delete: [writePermission((req) => [idCheck(req)]), remove],
  });
}
