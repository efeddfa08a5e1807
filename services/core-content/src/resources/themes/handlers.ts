/**
 * core/v2/themes (WP_REST_Themes_Controller, WordPress 6.4): the active theme, as its header, theme.json and files
 * describe it. Those who may switch themes read any; a caller who may edit some type's posts reads the active one.
 * Loom reads no other theme directory, so the collection is the active theme (or, for `status=inactive`, empty).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeUrl } from '@loom/contracts';
import { escUrl, wpKses, wptexturize } from '@loom/rendering';
import { bind, can, filterByContext, forbidden, links, wpError, type Binding, type RestRequest } from '@loom/service-kit';
import { canEditSomePostType } from '../../engine/access';
import { themeOf, type Theme } from '../../site/theme';
import { SCREENSHOTS, themeDirectoryUri } from '../../site/theme/files';
import { GlobalStylesRepository } from '../global-styles/repository';
import { themeResource, themes } from './contract';
import { themeSupports } from './supports';

const readActive = (req: RestRequest) =>
  canEditSomePostType(req.user)
    ? true
    : forbidden(req.user, 'rest_cannot_view_active_theme');

const cannotView = (req: RestRequest) =>
  forbidden(req.user, 'rest_cannot_view_themes');

const mayViewAny = (req: RestRequest) => can(req.user, 'switch_themes') || can(req.user, 'manage_network_themes');

/** WP_Theme::sanitize_header()'s tags for the name, and for the author and description. */
const NAME_TAGS = { abbr: ['title'], acronym: ['title'], code: [], em: [], strong: [] };
const TEXT_TAGS = { ...NAME_TAGS, a: ['href', 'title'] };

/** The header fields as `raw` (sanitised, as found) and `rendered` (WP_Theme::display() with markup). */
function headerFields(theme: Theme): Record<string, unknown> {
  const h = theme.header;
  const name = wpKses(h.Name, NAME_TAGS);
  const author = wpKses(h.Author, TEXT_TAGS);
  const description = wpKses(h.Description, TEXT_TAGS);
  const authorUri = sanitizeUrl(h.AuthorURI);
  const themeUri = sanitizeUrl(h.ThemeURI);
  const tags = h.Tags.replace(/<[^>]*>/g, '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    author: {
      raw: author,
      rendered: authorUri ? `<a href="${escUrl(authorUri)}">${author}</a>` : author || 'Anonymous',
    },
    author_uri: { raw: authorUri, rendered: escUrl(authorUri) },
    description: { raw: description, rendered: wptexturize(description) },
    name: { raw: name || theme.name, rendered: name || theme.name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) },
    tags: { raw: tags, rendered: tags.join(', ') },
    theme_uri: { raw: themeUri, rendered: escUrl(themeUri) },
  };
}

/** WP_Theme::get_screenshot( 'relative' ) under the theme's URI, or '' without one. */
function screenshotOf(req: RestRequest, theme: Theme): string {
  const file = SCREENSHOTS.find((f) => existsSync(join(theme.dir, f)));
  return file ? `${themeDirectoryUri(req.config, theme.name)}/${file}` : '';
}

async function present(req: RestRequest, theme: Theme): Promise<Record<string, unknown>> {
  const h = theme.header;
  const rich = headerFields(theme);
  const data = {
    stylesheet: theme.name,
    // WordPress 6.5's stylesheet_uri and template_uri (6.4 has neither): Loom serves the theme's public files there.
    stylesheet_uri: themeDirectoryUri(req.config, theme.name),
    // get_template(): Loom has no parent themes, so a theme is its own template.
    template: theme.name,
    template_uri: themeDirectoryUri(req.config, theme.name),
    requires_php: h.RequiresPHP.replace(/<[^>]*>/g, ''),
    requires_wp: h.RequiresWP.replace(/<[^>]*>/g, ''),
    textdomain: h.TextDomain,
    version: h.Version.replace(/<[^>]*>/g, ''),
    screenshot: screenshotOf(req, theme),
    author: rich.author,
    author_uri: rich.author_uri,
    description: rich.description,
    name: rich.name,
    tags: rich.tags,
    theme_uri: rich.theme_uri,
    status: 'active',
    theme_supports: themeSupports(theme),
    is_block_theme: theme.isBlockTheme,
  };
  const base = `${req.config.restUrl}/core/v2/themes`;
  // get_user_global_styles_post_id(): made on first need, for a theme with theme.json.
  const styles = theme.json ? await new GlobalStylesRepository(req.store, req.config).ensure(theme.name) : null;
  return {
    ...filterByContext(themeResource, data, 'view'),
    _links: links({
      self: `${base}/${theme.name}`,
      collection: base,
      'https://api.w.org/user-global-styles': styles
        ? `${req.config.restUrl}/core/v2/global-styles/${styles.id}`
        : undefined,
    }),
  };
}

export const themeBindings: Binding[] = [
  bind(
    themes.collection.endpoints.list,
    (req) => {
      if (mayViewAny(req)) return true;
      const status = req.params.status;
      return status && status.length === 1 && status[0] === 'active' ? readActive(req) : cannotView(req);
    },
    async (req) => {
      const status = req.params.status;
      const list = status && !status.includes('active') ? [] : [themeOf(req)];
      const body = await Promise.all(list.map((t) => present(req, t)));
      return { body, headers: { 'X-WP-Total': String(body.length), 'X-WP-TotalPages': '1' } };
    },
  ),
  bind(
    themes.item.endpoints.read,
    (req) => {
      if (mayViewAny(req)) return true;
      return req.params.stylesheet === themeOf(req).name ? readActive(req) : cannotView(req);
    },
    async (req) => {
      const theme = themeOf(req);
      if (req.params.stylesheet !== theme.name) throw wpError('rest_theme_not_found');
      return { body: await present(req, theme) };
    },
  ),
];
