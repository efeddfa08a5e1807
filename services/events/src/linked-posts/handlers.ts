/**
 * The routes of one linked post type (venue or organizer): the plugin's permission checks (rest_forbidden
 * 401/403 from the permission callbacks; its own codes from the handlers), then the repository, then the
 * response as the plugin builds it.
 */
import { events } from '@loom/contracts';
import { bind, can, capabilityType, forbidden, restError, siteClock, type Binding, type CapPost, type RestRequest } from '@loom/service-kit';
import { formatLocal, formatUtc, parseDate, type Clock } from './dates';
import { LinkedPostRepository, type LinkedInput, type LinkedPostDoc } from './repository';
import { prepareLinkedPost } from './response';

type Params = Record<string, unknown>;

export function linkedPostBindings(spec: events.LinkedPostSpec, routes: events.LinkedPostRoutes): Binding[] {
  const plural = `${spec.type}s`;
  const caps = capabilityType(plural);
  const repo = (req: RestRequest) => new LinkedPostRepository(req.store, spec.type, spec.name);
  const clock = (req: RestRequest): Clock => siteClock(req.config);
  const capPost = (doc: LinkedPostDoc): CapPost => ({ author: doc.author, status: doc.status, type: spec.type, caps, trashedFrom: doc.trashed_from });
  const archiveUrl = (req: RestRequest) => `${req.config.restUrl}/${events.EVENTS_NS}/${spec.restBase}/`;

  /** The post of an item route, by id or by slug (undefined: not one of this type). */
  const find = async (req: RestRequest) => {
    const r = repo(req);
    return req.params.slug !== undefined && req.route === routes.bySlug ? r.getBySlug(String(req.params.slug)) : r.get(Number(req.params.id));
  };
  const require = async (req: RestRequest) => {
    const doc = await find(req);
    if (!doc) throw repo(req).notFound();
    return doc;
  };

  /** edit_post on the post (edit_posts of the type when there is none: the handler answers 404). */
  const itemCap = (meta: 'edit_post' | 'delete_post', primitive: string) => async (req: RestRequest) => {
    const doc = await find(req);
    const ok = doc ? can(req.user, meta, { post: capPost(doc) }) : can(req.user, primitive);
    return ok ? (true as const) : forbidden(req.user);
  };

  /** Status scaling: publish/future without publish rights becomes pending; none → publish or draft. */
  const scaleStatus = (req: RestRequest, status: string | undefined, current?: string) => {
    const canPublish = can(req.user, caps.publish_posts);
    if (status === undefined) return current ?? (canPublish ? 'publish' : 'draft');
    if ((status === 'publish' || status === 'future' || status === 'private') && !canPublish) return status === current ? current : 'pending';
    return status;
  };

  /** Writable fields of the request, as stored. */
  const input = (req: RestRequest, p: Params): LinkedInput => {
    const meta: Record<string, unknown> = {};
    for (const f of [...spec.strings, ...spec.booleans]) if (p[f] !== undefined) meta[f] = p[f];
    const out: LinkedInput = { meta };
    if (p[spec.name] !== undefined) out.name = p[spec.name] as string;
    if (p.description !== undefined) out.description = String(p.description).trim();
    if (p.image !== undefined) out.image = p.image as number | string;
    if (p.date_utc !== undefined) out.date_gmt = formatUtc(parseDate(clock(req), String(p.date_utc), true, 'date_utc'));
    else if (p.date !== undefined) out.date_gmt = formatUtc(parseDate(clock(req), String(p.date), false, 'date'));
    if (out.date_gmt) out.date = formatLocal(clock(req), Date.parse(out.date_gmt.replace(' ', 'T') + 'Z'));
    return out;
  };

  const authorOf = (req: RestRequest, requested: unknown, current?: number) => {
    const author = typeof requested === 'number' ? requested : (current ?? req.user!.id);
    if (author !== (current ?? req.user!.id) && !can(req.user, caps.edit_others_posts)) throw forbidden(req.user);
    return author;
  };

  const item = async (req: RestRequest, doc: LinkedPostDoc, status = 200) => ({ status, body: prepareLinkedPost(req, spec, doc) });

  // -------------------------------------------------------------------------------------------------------
  // Handlers

  const list = async (req: RestRequest) => {
    const p = req.params as Params & { page: number; per_page: number; only_with_upcoming: boolean };
    if (p.search !== undefined && typeof p.search !== 'string') throw restError('archive-bad-search-string', 'The search string must be a string.', 400);
    const perPage = Math.min(p.per_page, events.LINKED_MAX_PER_PAGE);
    const r = repo(req);

    // Status: anonymous and readers see publish; editors of the type may ask for others (theirs only without edit_others).
    const requested = typeof p.status === 'string' && p.status ? p.status.split(',').map((s) => s.trim()).filter(Boolean) : ['publish'];
    const all = requested.includes('any') ? [...events.LINKED_STATUSES] : requested;
    const hidden = all.filter((s) => s !== 'publish');
    if (hidden.length && !can(req.user, caps.edit_posts)) {
      throw restError('rest_invalid_param', 'Invalid parameter(s): status', 400, { params: { status: 'Only published items may be listed.' } });
    }
    const others = can(req.user, caps.edit_others_posts);
    const statuses = others ? all : all.filter((s) => s === 'publish');
    const ownStatuses = others ? [] : hidden;

    let include: number[] | undefined;
    const intersect = (ids: number[]) => (include = include ? include.filter((i) => ids.includes(i)) : ids);
    let exclude: number[] | undefined;
    if (p.event !== undefined) {
      await r.requireEvent(p.event as number);
      intersect(await r.linkedFromEvents({ eventId: p.event as number }));
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
      offset: (page - 1) * perPage,
    });
    if (page > 1 && !items.length) {
      throw restError(`${spec.name}-archive-page-not-found`, `The requested ${spec.name} archive page does not exist`, 404);
    }
    const totalPages = Math.ceil(total / perPage);

    // rest_url: the effective arguments (after defaults), as the plugin rebuilds them.
    const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
    if (typeof p.search === 'string' && p.search) query.search = p.search;
    if (p.event !== undefined) query.event = String(p.event);
    if (p.has_events !== undefined) query.has_events = String(p.has_events);
    query.only_with_upcoming = String(p.only_with_upcoming);
    if (typeof p.status === 'string' && p.status) query.status = p.status;
    const urlFor = (n: number | null) => {
      const q = { ...query };
      if (n === null) delete q.page;
      else q.page = String(n);
      return `${archiveUrl(req)}?${new URLSearchParams(q).toString()}`;
    };

    const body: Record<string, unknown> = { [spec.restBase]: items.map((d) => prepareLinkedPost(req, spec, d)), rest_url: urlFor(page) };
    if (page < totalPages) body.next_rest_url = urlFor(page + 1);
    if (page > 1) body.previous_rest_url = urlFor(page === 2 ? null : page - 1);
    body.total = total;
    body.total_pages = totalPages;
    return { body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } };
  };

  const create = async (req: RestRequest) => {
    const p = req.params as Params;
    const data = input(req, p);
    const now = Date.now();
    const c = clock(req);
    const doc = await repo(req).create({
      ...data,
      name: data.name ?? '',
      slug: p.slug as string | undefined,
      author: authorOf(req, p.author),
      status: scaleStatus(req, p.status as string | undefined),
      date: data.date ?? formatLocal(c, now),
      date_gmt: data.date_gmt ?? formatUtc(now),
      modified: formatLocal(c, now),
      modified_gmt: formatUtc(now),
    });
    return item(req, doc, 201);
  };

  const read = async (req: RestRequest) => {
    const doc = await require(req);
    // Published posts are public (anonymous callers included); others need read_post.
    if (doc.status !== 'publish' && !can(req.user, 'read_post', { post: capPost(doc) })) {
      throw restError(`${spec.name}-not-accessible`, `The requested ${spec.name} is not accessible.`, 403);
    }
    return item(req, doc);
  };

  const update = async (req: RestRequest) => {
    const doc = await require(req);
    const p = req.params as Params;
    const data = input(req, p);
    const now = Date.now();
    const set: Partial<LinkedPostDoc> = { modified: formatLocal(clock(req), now), modified_gmt: formatUtc(now) };
    if (data.name !== undefined) set.name = data.name;
    if (data.description !== undefined) set.description = data.description;
    if (data.image !== undefined) set.image = data.image;
    if (data.date_gmt !== undefined) Object.assign(set, { date: data.date, date_gmt: data.date_gmt });
    if (Object.keys(data.meta).length) set.meta = { ...doc.meta, ...data.meta };
    if (p.status !== undefined) set.status = scaleStatus(req, p.status as string, doc.status);
    if (p.author !== undefined) set.author = authorOf(req, p.author, doc.author);
    // On by-slug routes `slug` names the post; elsewhere it is the new slug.
    if (req.route !== routes.bySlug && p.slug !== undefined) set.slug = p.slug as string;
    return item(req, await repo(req).update(doc, set));
  };

  const trash = async (req: RestRequest) => {
    const doc = await require(req);
    if (doc.status === 'trash') throw restError(`${spec.name}-is-in-trash`, `The ${spec.name} with ID ${doc.id} is already in the trash.`, 410);
    const now = Date.now();
    const trashed = await repo(req).update(doc, { status: 'trash', trashed_from: doc.status, modified: formatLocal(clock(req), now), modified_gmt: formatUtc(now) });
    return item(req, trashed);
  };

  const canCreate = (req: RestRequest) => (can(req.user, caps.edit_posts) ? (true as const) : forbidden(req.user));
  const bindings: Binding[] = [bind(routes.collection.endpoints.list, null, list), bind(routes.collection.endpoints.create, canCreate, create)];
  for (const r of [routes.item, routes.bySlug]) {
    bindings.push(
      bind(r.endpoints.read, null, read),
      bind(r.endpoints.update, itemCap('edit_post', caps.edit_posts), update),
      bind(r.endpoints.delete, itemCap('delete_post', caps.delete_posts), trash),
    );
  }
  return bindings;
}
