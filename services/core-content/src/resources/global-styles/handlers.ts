/**
 * core/v2/global-styles (WordPress 6.4's two controllers): the active theme's base styles and variations for those
 * who may edit theme options, and the user's styles post, read and updated through read_post / edit_post (both
 * edit_theme_options for wp_global_styles), with its revisions.
 */
import type { Context } from '@loom/contracts';
import { renderTitle } from '@loom/rendering';
import {
  bind,
  can,
  filterByContext,
  forbidden,
  links,
  paginationHeaders,
  wpError,
  type Binding,
  type RestRequest,
} from '@loom/service-kit';
import { RevisionRepository } from '../../engine/revisions/repository';
import { LATEST_SCHEMA, themeOf } from '../../site/theme';
import { globalStyles, globalStylesResource, globalStylesRevisionResource } from './contract';
import { GlobalStylesRepository, type GlobalStylesDoc } from './repository';
import { mergedThemeData, styleVariations, userConfig, userSettingsAndStyles } from './resolver';

const base = (req: RestRequest) => `${req.config.restUrl}/core/v2/global-styles`;

/** The theme routes: edit_theme_options, for the active theme only ("This endpoint only supports the active theme for now"). */
const manage = (req: RestRequest) =>
  can(req.user, 'edit_theme_options') ? true : forbidden(req.user, 'rest_cannot_manage_global_styles');

function activeStylesheet(req: RestRequest & { params: { stylesheet?: string } }): string {
  if (req.params.stylesheet !== themeOf(req).name) throw wpError('rest_theme_not_found');
  return req.params.stylesheet;
}

/** WP_REST_Global_Styles_Controller::get_post(): `(int) $id`, so `12abc` is 12 and anything else no post. */
async function stylesPost(req: RestRequest): Promise<GlobalStylesDoc> {
  const raw = req.route.regex.exec(req.path)?.groups?.id ?? '';
  const id = /^\s*\d+/.test(raw) ? parseInt(raw, 10) : 0;
  const post = await new GlobalStylesRepository(req.store, req.config).get(id);
  if (!post) throw wpError('rest_global_styles_not_found');
  return post;
}

const canEdit = (req: RestRequest) => can(req.user, 'edit_theme_options');

/** `$request['context']`: the item routes declare no context argument, so it is read from the query as sent. */
function contextOf(req: RestRequest): Context {
  const c = new URLSearchParams(req.rawQuery).get('context');
  return c === 'edit' || c === 'embed' ? c : 'view';
}

async function present(req: RestRequest, post: GlobalStylesDoc, context: Context): Promise<Record<string, unknown>> {
  const { settings, styles } = userSettingsAndStyles(userConfig(post.content));
  const data = {
    id: post.id,
    title: { raw: post.title, rendered: renderTitle(post.title) },
    settings,
    styles,
  };
  const self = `${base(req)}/${post.id}`;
  const count = (await new RevisionRepository(req.store).summaries([post.id])).get(post.id)?.count ?? 0;
  return {
    ...filterByContext(globalStylesResource, data, context),
    _links: links({
      self,
      'version-history': { href: `${self}/revisions`, count },
      // get_available_actions(): publish_posts (the type's default), and edit_css (unfiltered_html on one site).
      'https://api.w.org/action-publish': can(req.user, 'publish_posts') ? self : undefined,
      'https://api.w.org/action-edit-css': can(req.user, 'unfiltered_html') ? self : undefined,
    }),
  };
}

/** prepare_item_for_database(): the config with the request's styles and settings (or the stored ones), and the title. */
function changes(
  req: RestRequest<(typeof globalStyles.item.endpoints.update)['args']>,
  post: GlobalStylesDoc,
): { title?: string; content?: string } {
  const out: { title?: string; content?: string } = {};
  const { styles, settings, title } = req.params;
  if (styles !== undefined || settings !== undefined) {
    const existing = userConfig(post.content) ?? {};
    if (styles !== undefined && typeof styles.css === 'string' && /<\/?\w+/.test(styles.css))
      throw wpError('rest_custom_css_illegal_markup');
    const config: Record<string, unknown> = {};
    if (styles !== undefined) config.styles = styles;
    else if (existing.styles !== undefined) config.styles = existing.styles;
    if (settings !== undefined) config.settings = settings;
    else if (existing.settings !== undefined) config.settings = existing.settings;
    config.isGlobalStylesUserThemeJSON = true;
    config.version = LATEST_SCHEMA;
    out.content = JSON.stringify(config);
  }
  if (typeof title === 'string') out.title = title;
  else if (title && typeof title.raw === 'string' && title.raw !== '') out.title = title.raw;
  return out;
}

export const globalStylesBindings: Binding[] = [
  bind(
    globalStyles.revisions.endpoints.list,
    async (req) => {
      const parent = await new GlobalStylesRepository(req.store, req.config).get(req.params.parent ?? 0);
      if (!parent) throw wpError('rest_post_invalid_parent');
      return can(req.user, 'edit_theme_options')
        ? true
        : forbidden(
            req.user,
            'rest_cannot_view',
            'Sorry, you are not allowed to view revisions for this global style.',
          );
    },
    async (req) => {
      const parent = (await new GlobalStylesRepository(req.store, req.config).get(req.params.parent ?? 0))!;
      if (!userConfig(parent.content))
        throw wpError('rest_global_styles_not_found', { message: 'Cannot find user global styles revisions.' });
      const { page, per_page: perPage, offset } = req.params;
      const window = perPage === undefined ? undefined : perPage;
      const skip = offset ?? (window === undefined ? 0 : (page - 1) * window);
      const { items, total } = await new RevisionRepository(req.store).query(parent.id, {
        include: [],
        exclude: [],
        orderby: 'date',
        order: 'desc',
        perPage: window,
        offset: window === undefined ? 0 : skip,
      });
      const maxPages = window === undefined ? (total > 0 ? 1 : 0) : Math.ceil(total / window);
      if (total > 0) {
        if ((offset ?? 0) >= total) throw wpError('rest_revision_invalid_offset_number');
        if (!offset && page > maxPages) throw wpError('rest_revision_invalid_page_number');
      }
      const body = items.map((r) => {
        const config = userConfig(r.content);
        const data: Record<string, unknown> = {};
        if (config && (config.styles || config.settings)) Object.assign(data, userSettingsAndStyles(config));
        Object.assign(data, {
          author: r.author,
          date: r.date,
          date_gmt: r.date_gmt,
          id: r.id,
          modified: r.modified,
          modified_gmt: r.modified_gmt,
          parent: parent.id,
        });
        return filterByContext(globalStylesRevisionResource, data, req.params.context);
      });
      const headers = paginationHeaders(
        { total, perPage: window ?? Math.max(total, 1), page },
        `${base(req)}/${parent.id}/revisions`,
        req.rawQuery,
      );
      return { body, headers: { ...headers, 'X-WP-TotalPages': String(maxPages) } };
    },
  ),
  bind(globalStyles.variations.endpoints.list, manage, async (req) => {
    activeStylesheet(req);
    return { body: styleVariations(themeOf(req)) };
  }),
  bind(globalStyles.theme.endpoints.read, manage, async (req) => {
    const stylesheet = activeStylesheet(req);
    const merged = mergedThemeData(themeOf(req));
    return {
      body: {
        settings: merged.settings(),
        styles: merged.raw().styles ?? [],
        _links: links({ self: `${base(req)}/themes/${stylesheet}` }),
      },
    };
  }),
  bind(
    globalStyles.item.endpoints.read,
    async (req) => {
      await stylesPost(req);
      if (contextOf(req) === 'edit' && !canEdit(req))
        return forbidden(req.user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this global style.');
      return canEdit(req)
        ? true
        : forbidden(req.user, 'rest_cannot_view', 'Sorry, you are not allowed to view this global style.');
    },
    async (req) => ({ body: await present(req, await stylesPost(req), contextOf(req)) }),
  ),
  bind(
    globalStyles.item.endpoints.update,
    async (req) => {
      await stylesPost(req);
      return canEdit(req)
        ? true
        : forbidden(req.user, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this global style.');
    },
    async (req) => {
      const before = await stylesPost(req);
      const after = await new GlobalStylesRepository(req.store, req.config).update(
        before,
        changes(req, before),
        req.user?.id ?? 0,
      );
      return { body: await present(req, after, contextOf(req)) };
    },
  ),
];
