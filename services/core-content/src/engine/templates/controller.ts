/**
 * The templates controller (WP_REST_Templates_Controller, WordPress 6.4) for one template type: list, create,
 * read, update (a theme file's first update stores a customised copy; `source=theme` reverts to the file), delete
 * (trash, force; theme files cannot be deleted) and lookup along the template hierarchy. Every route needs
 * edit_theme_options. Error codes, messages and statuses are WordPress's.
 */
import type { Context } from '@loom/contracts';
import {
  bindResource,
  bind,
  can,
  deletedAnswer,
  forbidden,
  wpError,
  type Binding,
  type RequestOf,
  type RestRequest,
} from '@loom/service-kit';
import { contentSavePre, titleSavePre } from '../render';
import type { PostInput } from '../repository';
import { filterPartArea, themeOf } from '../../site/theme';
import { UserRepository } from '../../resources/users/repository';
import { templateHierarchy } from './hierarchy';
import type { TemplateKind } from './kind';
import type { BlockTemplate } from './model';
import { sanitizeTemplateId, TemplateRepository } from './repository';
import { kindOf } from '../registry';
import { presentNoTemplate, presentTemplate, presentTemplates } from './presenter';

type Params = Record<string, unknown>;

/** permissions_check(): every route of the controller. */
export const manageTemplates = (req: RestRequest) =>
  can(req.user, 'edit_theme_options') ? true : forbidden(req.user, 'rest_cannot_manage_templates');

const notFound = () => wpError('rest_template_not_found');

/** PHP's empty(): what counts as not given for a title's `raw` or an author. */
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0' || v === false;

/** A text argument as prepare_item_for_database reads it: a string, or an object's `raw` (a title's only when not empty). */
function textOf(value: unknown, emptyRawCounts: boolean): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const raw = (value as Params).raw;
  if (emptyRawCounts ? raw === undefined || raw === null : isEmpty(raw)) return undefined;
  return String(raw);
}

/**
 * prepare_item_for_database(): a new row (the given or the active theme), a customised copy of a theme file
 * (its slug, theme, text and area unless given; origin `theme`), or changes to a stored row. Always published.
 */
export async function prepareTemplateInput(
  req: RestRequest,
  kind: TemplateKind,
  template: BlockTemplate | null,
): Promise<PostInput> {
  const p = req.params as Params;
  const unfiltered = can(req.user, 'unfiltered_html');
  const copy = template !== null && template.source !== 'custom';
  const own: Record<string, unknown> = {};
  const input: PostInput = { status: 'publish', own };
  if (!template) own.theme = typeof p.theme === 'string' ? p.theme : themeOf(req).name;
  else input.slug = template.slug;
  if (copy) Object.assign(own, { theme: template.theme, origin: template.source });

  const content = p.content !== undefined ? textOf(p.content, true) : copy ? template.content : undefined;
  if (content !== undefined) input.content = contentSavePre(content, unfiltered);
  const title = p.title !== undefined ? textOf(p.title, false) : copy ? template.title : undefined;
  if (title !== undefined) input.title = titleSavePre(title, unfiltered);
  const description = p.description !== undefined ? (p.description as string) : copy ? template.description : undefined;
  if (description !== undefined) input.excerpt = contentSavePre(description, unfiltered);

  if (kind.suggestions && p.is_wp_suggestion !== undefined) own.is_wp_suggestion = Boolean(p.is_wp_suggestion);
  if (kind.areas) {
    if (p.area !== undefined) own.area = filterPartArea(p.area);
    else if (copy && template.area) own.area = filterPartArea(template.area);
    else if (!template?.area) own.area = 'uncategorized';
  }
  if (!isEmpty(p.author)) {
    const author = p.author as number;
    if (author !== req.user?.id && !(await new UserRepository(req.store).get(author)))
      throw wpError('rest_invalid_author');
    input.author = author;
  }
  return input;
}

/** The first template with content along the hierarchy (get_template_fallback over resolve_block_template). */
async function fallback(req: RestRequest, hierarchy: string[]): Promise<BlockTemplate | null> {
  // resolve_block_template() looks among templates whatever route asks.
  const candidates = await new TemplateRepository(req, kindOf('wp_template')!).list({ slugs: hierarchy });
  const bySlug = new Map(candidates.map((t) => [t.slug, t]));
  let found: BlockTemplate | null = null;
  for (let from = 0; from < hierarchy.length; from++) {
    found =
      hierarchy
        .slice(from)
        .map((slug) => bySlug.get(slug))
        .find((t) => t !== undefined) ?? null;
    if (found?.content) return found;
  }
  return found;
}

export function templateBindings(kind: TemplateKind): Binding[] {
  const { routes } = kind;
  const repo = (req: RestRequest) => new TemplateRepository(req, kind);
  const base = (req: RestRequest) => `${req.config.restUrl}/core/v2/${kind.rules.object.restBase}`;
  const idOf = (req: RestRequest) => sanitizeTemplateId(String((req.params as Params).id ?? ''));
  const userOf = (req: RestRequest) => req.user?.id ?? 0;

  type List = RequestOf<typeof routes.collection.endpoints.list>;
  type Create = RequestOf<typeof routes.collection.endpoints.create>;
  type Read = RequestOf<typeof routes.item.endpoints.read>;
  type Update = RequestOf<typeof routes.item.endpoints.update>;
  type Delete = RequestOf<typeof routes.item.endpoints.delete>;

  return [
    ...bindResource(routes, {
      list: [
        manageTemplates,
        async (req: List) => {
          const { ref_id, wp_id, area, post_type, context } = req.params as Params & { context: Context };
          const templates = await repo(req).list({
            wp_id: (ref_id ?? wp_id) as number | undefined,
            area: area as string | undefined,
            post_type: post_type as string | undefined,
          });
          return { body: await presentTemplates(req, kind, templates, context) };
        },
      ],
      create: [
        manageTemplates,
        async (req: Create) => {
          const r = repo(req);
          const input = await prepareTemplateInput(req, kind, null);
          input.slug = req.params.slug as string;
          const row = await r.rows.create(input, { userId: userOf(req), canPublish: true });
          const template = (await r.byPostId(row.id))!;
          // No context argument on create: the answer is in view context, as WordPress's.
          // The id holds the theme's name, which may be any text: each part percent-encoded, for a valid header.
          const location = `${base(req)}/${template.id.split('/').map(encodeURIComponent).join('/')}`;
          return {
            status: 201,
            body: await presentTemplate(req, kind, template, 'view'),
            headers: { Location: location },
          };
        },
      ],
      read: [
        manageTemplates,
        async (req: Read) => {
          const r = repo(req);
          const template = req.params.source === 'theme' ? r.file(idOf(req)) : await r.get(idOf(req));
          if (!template) throw notFound();
          return { body: await presentTemplate(req, kind, template, req.params.context as Context) };
        },
      ],
      update: [
        manageTemplates,
        async (req: Update) => {
          const r = repo(req);
          const id = idOf(req);
          const template = await r.get(id);
          if (!template) throw notFound();
          if (req.params.source === 'theme') {
            // The revert: the stored copy goes (with its revisions), and the theme's file answers.
            if (!r.file(id))
              throw wpError('rest_invalid_template', { message: 'There is no theme file to revert this template to.' });
            if (template.wp_id) await r.rows.deletePermanently(template.wp_id);
            return { body: await presentTemplate(req, kind, r.file(id)!, 'edit') };
          }
          const input = await prepareTemplateInput(req, kind, template);
          const ctx = { userId: userOf(req), canPublish: true };
          const row =
            template.source === 'custom'
              ? (await r.rows.update(template.wp_id, input, ctx)).current
              : await r.rows.create(input, ctx);
          // Read back by its post id: a trashed template published again takes back its slug, and so another id.
          return { body: await presentTemplate(req, kind, (await r.byPostId(row.id))!, 'edit') };
        },
      ],
      delete: [
        manageTemplates,
        async (req: Delete) => {
          const r = repo(req);
          const template = await r.get(idOf(req));
          if (!template) throw notFound();
          if (template.source !== 'custom')
            throw wpError('rest_invalid_template', { message: "Templates based on theme files can't be removed." });
          if (req.params.force) {
            const previous = await presentTemplate(req, kind, template, 'edit');
            await r.rows.deletePermanently(template.wp_id);
            return deletedAnswer(previous);
          }
          if (template.status === 'trash') throw wpError('rest_template_already_trashed');
          await r.rows.trash(template.wp_id, { userId: userOf(req), canPublish: true });
          // The answer is the template as it was found, now trashed (its id still the slug it had).
          return { body: await presentTemplate(req, kind, { ...template, status: 'trash' }, 'edit') };
        },
      ],
    }),
    bind(routes.lookup.endpoints.read, manageTemplates, async (req) => {
      const { slug, is_custom, template_prefix } = req.params;
      // resolve_block_template() resolves nothing for an empty slug (PHP's: '0' too), whatever the hierarchy holds.
      const found =
        slug !== '' && slug !== '0'
          ? await fallback(req, templateHierarchy(slug, Boolean(is_custom), template_prefix ?? ''))
          : null;
      // The route takes no context: view.
      return { body: found ? await presentTemplate(req, kind, found, 'view') : presentNoTemplate(req, kind, 'view') };
    }),
  ];
}
