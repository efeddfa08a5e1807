/**
 * Templates as WP_REST_Templates_Controller prepares them (prepare_item_for_response, prepare_links,
 * get_available_actions), for a whole list at once (revision counts in one query), and their revisions and
 * autosaves as the template revision controllers do (the template's shape plus `parent`, their own links).
 * A field is shown when the route's schema has it: `is_custom` and `area` only for an item of the route's own type
 * (a template-parts lookup answers a template without either, as WordPress does).
 */
import type { Context, ResourceDef } from '@loom/contracts';
import { can, filterByContext, links, type Link, type RestRequest } from '@loom/service-kit';
import { revisionSummaries, type RevisionSummary } from '../lifecycle';
import { renderer } from '../render';
import type { PostDoc } from '../repository';
import type { TemplateKind } from './kind';
import type { BlockTemplate } from './model';

const restOf = (req: RestRequest) => `${req.config.restUrl}/core/v2`;

/** The item's data, in WordPress's order, before the context filter. */
function data(kind: TemplateKind, schema: ResourceDef, t: BlockTemplate): Record<string, unknown> {
  const ownType = t.type === kind.type;
  const out: Record<string, unknown> = {
    id: t.id,
    theme: t.theme,
    content: { raw: t.content, block_version: renderer.blockVersion(t.content) },
    slug: t.slug,
    source: t.source,
    origin: t.origin,
    type: t.type,
    description: t.description,
    // the_title for stored templates; a file's title as it is.
    title: { raw: t.title, rendered: t.wp_id ? renderer.renderTitle(t.title) : t.title },
    status: t.status,
    wp_id: t.wp_id,
    has_theme_file: t.has_theme_file,
  };
  if (ownType && schema.fields.is_custom) out.is_custom = t.is_custom;
  out.author = t.author;
  if (ownType && schema.fields.area) out.area = t.area ?? null;
  // mysql_to_rfc3339() of a file's missing date is false.
  out.modified = t.modified ?? false;
  return out;
}

/**
 * The context filter, then a text object left without a property (content in embed context) as PHP's empty
 * array, `[]`, as WordPress answers it.
 */
function filtered(schema: ResourceDef, data: Record<string, unknown>, context: Context): Record<string, unknown> {
  const out = filterByContext(schema, data, context);
  for (const key of ['content', 'title']) {
    const v = out[key];
    if (v && typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length) out[key] = [];
  }
  return out;
}

/** get_available_actions(): publishing (the type's publish_posts) and unfiltered HTML, linked to the item itself. */
function actions(req: RestRequest, kind: TemplateKind): string[] {
  const rels: string[] = [];
  if (can(req.user, kind.rules.object.cap.publish_posts)) rels.push('https://api.w.org/action-publish');
  if (can(req.user, 'unfiltered_html')) rels.push('https://api.w.org/action-unfiltered-html');
  return rels;
}

/** Templates of the route's type prepared in `context`, with their links. */
export async function presentTemplates(
  req: RestRequest,
  kind: TemplateKind,
  templates: BlockTemplate[],
  context: Context,
): Promise<Record<string, unknown>[]> {
  const schema = kind.routes.collection.schema!;
  // Revision counts of the stored rows of this type (version-history), in one query.
  const rows = templates.filter(
    (t) => t.wp_id && t.type === kind.type && kind.rules.object.supports.includes('revisions'),
  );
  const summaries = rows.length
    ? await revisionSummaries(
        rows.map((t) => ({ id: t.wp_id }) as PostDoc),
        req.store,
      )
    : new Map<number, RevisionSummary>();
  return templates.map((t) => ({
    ...filtered(schema, data(kind, schema, t), context),
    _links: templateLinks(req, kind, t.id, summaries.get(t.wp_id)),
  }));
}

/** prepare_links() and the available actions, linked to the template itself. */
function templateLinks(
  req: RestRequest,
  kind: TemplateKind,
  id: string,
  summary: RevisionSummary | undefined,
): ReturnType<typeof links> {
  const rest = restOf(req);
  const base = `${rest}/${kind.rules.object.restBase}`;
  const self = `${base}/${id}`;
  const rels: Record<string, Link | string | undefined> = {
    self,
    collection: base,
    about: `${rest}/types/${kind.type}`,
  };
  if (summary) {
    rels['version-history'] = { href: `${self}/revisions`, count: summary.count };
    if (summary.count > 0 && summary.latestId)
      rels['predecessor-version'] = { href: `${self}/revisions/${summary.latestId}`, id: summary.latestId };
  }
  for (const rel of actions(req, kind)) rels[rel] = self;
  return links(rels);
}

/**
 * A lookup that resolves no template (an empty slug; a classic theme): WordPress 6.4 prepares null, every property
 * of which reads as null (wp_id and author cast to 0, has_theme_file to false, modified false); neither is_custom
 * nor area, whose type is not the route's; linked as an item with an empty id (the collection's URL and a slash).
 */
export function presentNoTemplate(req: RestRequest, kind: TemplateKind, context: Context): Record<string, unknown> {
  const schema = kind.routes.collection.schema!;
  const nulls = {
    id: null,
    theme: null,
    content: { raw: null, block_version: 0 },
    slug: null,
    source: null,
    origin: null,
    type: null,
    description: null,
    title: { raw: null, rendered: null },
    status: null,
    wp_id: 0,
    has_theme_file: false,
    author: 0,
    modified: false,
  };
  return { ...filtered(schema, nulls, context), _links: templateLinks(req, kind, '', undefined) };
}

export async function presentTemplate(
  req: RestRequest,
  kind: TemplateKind,
  template: BlockTemplate,
  context: Context,
): Promise<Record<string, unknown>> {
  return (await presentTemplates(req, kind, [template], context))[0]!;
}

/** A revision or autosave (`under`) of a template: its template with `parent`, linked under the parent's id. */
export function presentTemplateRevision(
  req: RestRequest,
  kind: TemplateKind,
  template: BlockTemplate,
  parentId: number,
  under: 'revisions' | 'autosaves',
  context: Context,
): Record<string, unknown> {
  const schema = kind.routes.revisions.item.schema!;
  const parentUrl = `${restOf(req)}/${kind.rules.object.restBase}/${template.id}`;
  const shaped = { ...data(kind, schema, template), parent: parentId };
  return {
    ...filtered(schema, shaped, context),
    _links: links({ self: `${parentUrl}/${under}/${template.wp_id}`, parent: parentUrl }),
  };
}
