/**
 * The routes of one linked post type (venue or organizer): the route's argument checks first (an `id` or `slug`
 * that is no post of the type is WordPress's `rest_invalid_param`, as the plugin's is_venue_id / is_venue_slug
 * validate callbacks make it), then the permission checks (rest_forbidden 401/403; the plugin's own codes from the
 * handlers), then the repository, then the response as the plugin builds it.
 */
import { sanitizeTitle } from '@loom/contracts';
import * as events from '../contracts';
import { can, pageWindow, wpError, type Binding, type RequestOf, type RestRequest } from '@loom/service-kit';
import { checkImage } from '../images';
import { invalidParams } from '../messages';
import { archiveAnswer, QueryUrl } from '../posts/archive';
import { capPostOf, capsOfType, pathSlug, postTypeBindings, renamedSlug } from '../posts/bindings';
import { slugChanges } from '../posts/slugs';
import { listStatuses } from '../posts/statuses';
import { authorOf, newPostDates, publicationDate, scaleStatus, scheduled, updatedPostDates } from '../posts/writes';
import { formatUtc } from '../dates/post-dates';
import { LinkedPostRepository, type LinkedInput, type LinkedPostDoc } from './repository';
import { prepareLinkedPost } from './response';
import { metaOf, type LinkedPostType } from './type';

type Routes = events.LinkedPostRoutes;
/** A venue or organizer write (create, or update by id or by slug), its parameters typed from the contracts. */
type WriteRequest =
  | RequestOf<Routes['collection']['endpoints']['create']>
  | RequestOf<Routes['item']['endpoints']['update']>
  | RequestOf<Routes['bySlug']['endpoints']['update']>;
type Params = WriteRequest['params'];

const repoOf = (req: RestRequest, type: LinkedPostType) =>
  new LinkedPostRepository(req.store, type.spec.type, type.spec.name, type.eventField);

/** Writable fields of a request, as stored; `current` is the post's meta before an update. */
async function linkedInput(
  req: RestRequest,
  type: LinkedPostType,
  p: Params,
  current: Record<string, unknown> = {},
): Promise<LinkedInput> {
  const written = metaOf(type, p);
  const merged = { ...current, ...written };
  const meta = { ...written, ...type.deriveMeta?.(merged, written) };
  const out: LinkedInput = { meta };
  // The name's key is the type's own (`venue`, `organizer`), so the contracts cannot type it.
  const name: unknown = (p as Record<string, unknown>)[type.spec.name];
  if (typeof name === 'string') out.name = name;
  if (p.description !== undefined) out.description = String(p.description).trim();
  if (p.image !== undefined) out.image = await checkImage(req, p.image as number | string);
  return out;
}

/**
 * Creates a venue or organizer from validated parameters (the create route, and events' inline venues/organizers,
 * which pass the key of the data they were matched on: see LinkedPostRepository.create).
 */
export async function createLinkedPost(
  req: RestRequest,
  type: LinkedPostType,
  p: Params,
  matchKey?: string,
): Promise<LinkedPostDoc> {
  const caps = capsOfType(type.spec.type);
  const data = await linkedInput(req, type, p);
  const scaled = scaleStatus(req, caps, p.status as string | undefined);
  const dates = newPostDates(req, publicationDate(req, p), scaled);
  const input = {
    ...data,
    ...dates,
    name: data.name ?? '',
    slug: p.slug as string | undefined,
    author: await authorOf(req, caps, p.author),
    status: scheduled(scaled, dates.date_gmt),
  };
  return repoOf(req, type).create(input, matchKey);
}

export function linkedPostBindings(type: LinkedPostType): Binding[] {
  const { spec, routes } = type;
  const caps = capsOfType(spec.type);
  const repo = (req: RestRequest) => repoOf(req, type);
  const capPost = (doc: LinkedPostDoc) => capPostOf(doc, caps);

  /** The post of an item route, by id or by slug (null: not one of this type). */
  const find = async (req: RestRequest) => {
    const slug = req.route === routes.bySlug ? pathSlug(req) : undefined;
    return slug !== undefined ? repo(req).getBySlug(slug) : repo(req).get(Number(req.params.id));
  };
  /** is_venue_id / is_venue_slug (organizers alike): a post of the type, in any status. */
  const validateItem = async (req: RestRequest) => {
    if (!(await find(req))) throw invalidParams([req.route === routes.bySlug ? 'slug' : 'id']);
  };
  const require = async (req: RestRequest) => (await find(req))!;

  const item = async (req: RestRequest, doc: LinkedPostDoc, status = 200, single = false) => ({
    status,
    body: await prepareLinkedPost(req, type, doc, { single }),
  });

  // -------------------------------------------------------------------------------------------------------
  // Handlers

  const list = async (req: RequestOf<Routes['collection']['endpoints']['list']>) => {
    const p = req.params;
    if (p.search !== undefined && typeof p.search !== 'string') throw wpError('archive-bad-search-string');
    const perPage = Math.min(p.per_page, events.LINKED_MAX_PER_PAGE);
    const r = repo(req);
    const status = listStatuses(req, caps, p.status);

    let include: number[] | undefined;
    const intersect = (ids: number[]) => (include = include ? include.filter((i) => ids.includes(i)) : ids);
    let exclude: number[] | undefined;
    if (p.event !== undefined) {
      intersect(await r.linkedFromEvent(p.event as number));
    }
    if (p.has_events === true) intersect(await r.linkedFromEvents({}));
    if (p.has_events === false) exclude = await r.linkedFromEvents({});
    if (p.only_with_upcoming) intersect(await r.linkedFromEvents({ endsAfter: formatUtc(Date.now()) }));

    const page = p.page;
    const { items, total } = await r.query({
      ...status.query,
      ownerId: req.user?.id,
      search: p.search as string | undefined,
      include,
      exclude,
      perPage,
      offset: pageWindow({ page, per_page: perPage }).offset,
    });
    if (page > 1 && !items.length) {
      throw wpError(`${spec.name}-archive-page-not-found`);
    }

    // rest_url: the archive's query arguments as the plugin echoes them (a search and only_with_upcoming are not).
    const url = QueryUrl.first(`${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}/`, [
      ['page', String(page)],
      ['per_page', String(perPage)],
      ['event', p.event === undefined ? undefined : String(p.event)],
      ['has_events', p.has_events === undefined ? undefined : String(p.has_events)],
      ['status', status.echo],
    ]);
    const prepared = await Promise.all(items.map((d) => prepareLinkedPost(req, type, d)));
    return archiveAnswer(url, spec.restBase, prepared, { page, perPage, total });
  };

  const create = async (req: RequestOf<Routes['collection']['endpoints']['create']>) =>
    item(req, await createLinkedPost(req, type, req.params), 201);

  const read = async (req: RestRequest) => {
    const doc = await require(req);
    // Published posts are public (anonymous callers included); others need read_post.
    if (doc.status !== 'publish' && !can(req.user, 'read_post', { post: capPost(doc) })) {
      throw wpError(`${spec.name}-not-accessible`);
    }
    return item(req, doc, 200, true);
  };

  const update = async (
    req: RequestOf<Routes['item']['endpoints']['update']> | RequestOf<Routes['bySlug']['endpoints']['update']>,
  ) => {
    const doc = await require(req);
    const p = req.params;
    const data = await linkedInput(req, type, p, doc.meta);
    const status = p.status !== undefined ? scaleStatus(req, caps, p.status as string, doc.status) : doc.status;
    const set: Partial<LinkedPostDoc> = { ...updatedPostDates(req, publicationDate(req, p), status, doc) };
    set.status = scheduled(status, set.date_gmt!);
    if (data.name !== undefined) set.name = data.name;
    if (data.description !== undefined) set.description = data.description;
    if (data.image !== undefined) set.image = data.image;
    if (Object.keys(data.meta).length) set.meta = { ...doc.meta, ...data.meta };
    if (p.author !== undefined) set.author = await authorOf(req, caps, p.author, doc.author);
    // By id, `slug` is the new slug; by slug, a body slug other than the path's renames the post.
    const requested =
      req.route === routes.bySlug ? renamedSlug(req, p.slug, sanitizeTitle) : (p.slug as string | undefined);
    const changes = slugChanges(doc, { status: set.status, title: set.name ?? doc.name, requested, named: true });
    return item(req, await repo(req).save(doc, { ...set, ...changes.set }, changes.unset));
  };

  const trash = async (req: RestRequest) => {
    const doc = await require(req);
    if (doc.status === 'trash') throw wpError(`${spec.name}-is-in-trash`);
    const changes = slugChanges(doc, { status: 'trash', title: doc.name, named: true });
    const dates = updatedPostDates(req, undefined, 'trash', doc);
    return item(req, await repo(req).save(doc, { status: 'trash', ...dates, ...changes.set }));
  };

  return postTypeBindings(routes, { caps, find, list, create, read, update, trash, validateItem });
}
