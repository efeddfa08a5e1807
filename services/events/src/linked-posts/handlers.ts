/**
 * The routes of one linked post type (venue or organizer): the plugin's permission checks (rest_forbidden
 * 401/403 from the permission callbacks; its own codes from the handlers), then the repository, then the
 * response as the plugin builds it.
 */
import { events, sanitizeTitle } from '@loom/contracts';
import { can, capabilityType, pageWindow, type Binding, type RestRequest } from '@loom/service-kit';
import { checkImage } from '../images';
import { invalidParam, tecError } from '../messages';
import { archiveAnswer } from '../posts/archive';
import { capPostOf, pathSlug, postTypeBindings, renamedSlug } from '../posts/bindings';
import { authorOf, modifiedNow, publicationDate, scaleStatus, scheduled } from '../posts/writes';
import { formatUtc } from '../dates/post-dates';
import { LinkedPostRepository, type LinkedInput, type LinkedPostDoc } from './repository';
import { prepareLinkedPost } from './response';

type Params = Record<string, unknown>;

const capsOf = (spec: events.LinkedPostSpec) => capabilityType(`${spec.type}s`);

/** Writable fields of a request, as stored. */
async function linkedInput(req: RestRequest, spec: events.LinkedPostSpec, p: Params): Promise<LinkedInput> {
  const meta: Record<string, unknown> = {};
  for (const f of [...spec.strings, ...spec.booleans]) if (p[f] !== undefined) meta[f] = p[f];
  const out: LinkedInput = { meta };
  if (p[spec.name] !== undefined) out.name = p[spec.name] as string;
  if (p.description !== undefined) out.description = String(p.description).trim();
  if (p.image !== undefined) out.image = await checkImage(req, p.image as number | string);
  Object.assign(out, publicationDate(req, p));
  return out;
}

/**
 * Creates a venue or organizer from validated parameters (the create route, and events' inline venues/organizers,
 * which pass the key of the data they were matched on: see LinkedPostRepository.create).
 */
export async function createLinkedPost(req: RestRequest, spec: events.LinkedPostSpec, p: Params, matchKey?: string): Promise<LinkedPostDoc> {
  const caps = capsOf(spec);
  const data = await linkedInput(req, spec, p);
  const stamp = modifiedNow(req);
  const input = {
    ...data,
    name: data.name ?? '',
    slug: p.slug as string | undefined,
    author: await authorOf(req, caps, p.author),
    status: scheduled(scaleStatus(req, caps, p.status as string | undefined), data.date_gmt ?? stamp.modified_gmt),
    date: data.date ?? stamp.modified,
    date_gmt: data.date_gmt ?? stamp.modified_gmt,
    ...stamp,
  };
  return new LinkedPostRepository(req.store, spec.type, spec.name).create(input, matchKey);
}

export function linkedPostBindings(spec: events.LinkedPostSpec, routes: events.LinkedPostRoutes): Binding[] {
  const caps = capsOf(spec);
  const repo = (req: RestRequest) => new LinkedPostRepository(req.store, spec.type, spec.name);
  const capPost = (doc: LinkedPostDoc) => capPostOf(doc, caps);
  const archiveUrl = (req: RestRequest) => `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}/`;

  /** The post of an item route, by id or by slug (undefined: not one of this type). */
  const find = async (req: RestRequest) => {
    const r = repo(req);
    const slug = req.route === routes.bySlug ? pathSlug(req) : undefined;
    return slug !== undefined ? r.getBySlug(slug) : r.get(Number(req.params.id));
  };
  const require = async (req: RestRequest) => {
    const doc = await find(req);
    if (!doc) throw repo(req).notFound();
    return doc;
  };

  const item = async (req: RestRequest, doc: LinkedPostDoc, status = 200, single = false) => ({ status, body: await prepareLinkedPost(req, spec, doc, { single }) });

  // -------------------------------------------------------------------------------------------------------
  // Handlers

  const list = async (req: RestRequest) => {
    const p = req.params as Params & { page: number; per_page: number; only_with_upcoming: boolean };
    if (p.search !== undefined && typeof p.search !== 'string') throw tecError('archive-bad-search-string', 400);
    const perPage = Math.min(p.per_page, events.LINKED_MAX_PER_PAGE);
    const r = repo(req);

    // Status: anonymous and readers see publish; editors of the type may ask for others (theirs only without edit_others).
    const requested = typeof p.status === 'string' && p.status ? p.status.split(',').map((s) => s.trim()).filter(Boolean) : ['publish'];
    const all = requested.includes('any') ? [...events.LINKED_STATUSES] : requested;
    const hidden = all.filter((s) => s !== 'publish');
    if (hidden.length && !can(req.user, caps.edit_posts)) {
      throw invalidParam('status', 'Only published items may be listed.');
    }
    const others = can(req.user, caps.edit_others_posts);
    const statuses = others ? all : all.filter((s) => s === 'publish');
    const ownStatuses = others ? [] : hidden;

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
      statuses,
      ownStatuses,
      ownerId: req.user?.id,
      search: p.search as string | undefined,
      include,
      exclude,
      perPage,
      offset: pageWindow({ page, per_page: perPage }).offset,
    });
    if (page > 1 && !items.length) {
      throw tecError(`${spec.name}-archive-page-not-found`, 404);
    }

    // rest_url: the effective arguments (after defaults), as the plugin rebuilds them.
    const args: Record<string, string> = { page: String(page), per_page: String(perPage) };
    if (typeof p.search === 'string' && p.search) args.search = p.search;
    if (p.event !== undefined) args.event = String(p.event);
    if (p.has_events !== undefined) args.has_events = String(p.has_events);
    args.only_with_upcoming = String(p.only_with_upcoming);
    if (typeof p.status === 'string' && p.status) args.status = p.status;
    const prepared = await Promise.all(items.map((d) => prepareLinkedPost(req, spec, d)));
    return archiveAnswer(archiveUrl(req), spec.restBase, prepared, args, { page, perPage, total });
  };

  const create = async (req: RestRequest) => item(req, await createLinkedPost(req, spec, req.params as Params), 201);

  const read = async (req: RestRequest) => {
    const doc = await require(req);
    // Published posts are public (anonymous callers included); others need read_post.
    if (doc.status !== 'publish' && !can(req.user, 'read_post', { post: capPost(doc) })) {
      throw tecError(`${spec.name}-not-accessible`, 403);
    }
    return item(req, doc, 200, true);
  };

  const update = async (req: RestRequest) => {
    const doc = await require(req);
    const p = req.params as Params;
    const data = await linkedInput(req, spec, p);
    const set: Partial<LinkedPostDoc> = modifiedNow(req);
    if (data.name !== undefined) set.name = data.name;
    if (data.description !== undefined) set.description = data.description;
    if (data.image !== undefined) set.image = data.image;
    if (data.date_gmt !== undefined) Object.assign(set, { date: data.date, date_gmt: data.date_gmt });
    if (Object.keys(data.meta).length) set.meta = { ...doc.meta, ...data.meta };
    if (p.status !== undefined) set.status = scaleStatus(req, caps, p.status as string, doc.status);
    if (set.status !== undefined || set.date_gmt !== undefined) set.status = scheduled(set.status ?? doc.status, set.date_gmt ?? doc.date_gmt);
    if (p.author !== undefined) set.author = await authorOf(req, caps, p.author, doc.author);
    // By id, `slug` is the new slug; by slug, a body slug other than the path's renames the post.
    const slug = req.route === routes.bySlug ? renamedSlug(req, p.slug, sanitizeTitle) : (p.slug as string | undefined);
    if (slug !== undefined) set.slug = slug;
    return item(req, await repo(req).save(doc, set));
  };

  const trash = async (req: RestRequest) => {
    const doc = await require(req);
    if (doc.status === 'trash') throw tecError(`${spec.name}-is-in-trash`, 410);
    const trashed = await repo(req).save(doc, { status: 'trash', trashed_from: doc.status, ...modifiedNow(req) });
    return item(req, trashed);
  };

  return postTypeBindings(routes, { caps, find, list, create, read, update, trash });
}
