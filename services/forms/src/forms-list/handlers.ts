/**
 * formsB/v1 (WPForms Lite 1.8.4–1.8.7, reference wp-rest-content-types §7): `GET /forms`, the block editor's
 * form-selector data with `forms` as raw WP_Post objects (samples 215–219); its refusal is always
 * `401 rest_forbidden` "This route is private.", signed-in subscribers included. And Loom's own
 * `POST /forms/import` (administrators) storing a form from WPForms' JSON definition.
 */
import { createHmac } from 'node:crypto';
import * as forms from '../contracts';
import { bind, can, forbidden, wpError, type Binding, type RequestOf, type RestRequest } from '@loom/service-kit';
import { formsOf } from '../context';
import { BLOCK_DATA } from './block-data';
import { WpForms, type WpFormDoc } from './repository';

/** WordPress's post dates: local time from the site's offset (the forms service keeps GMT). */
function localDate(req: RestRequest, gmt: string): string {
  const offsetH = Number(req.config.gmtOffset) || 0;
  const d = new Date(Date.parse(`${gmt.replace(' ', 'T')}Z`) + offsetH * 3600000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** A WP_Post as PHP's json_encode shows it (`filter: raw`). */
function wpPost(req: RestRequest, f: WpFormDoc) {
  return {
    ID: f.id,
    post_author: String(f.author),
    post_date: localDate(req, f.date_gmt),
    post_date_gmt: f.date_gmt,
    post_content: f.content,
    post_title: f.title,
    post_excerpt: '',
    post_status: f.status,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name: f.slug,
    to_ping: '',
    pinged: '',
    post_modified: localDate(req, f.modified_gmt),
    post_modified_gmt: f.modified_gmt,
    post_content_filtered: '',
    post_parent: 0,
    guid: `${req.config.homeUrl}/?post_type=wpforms&p=${f.id}`,
    menu_order: 0,
    post_type: 'wpforms',
    post_mime_type: '',
    comment_count: '0',
    filter: 'raw',
  };
}

const privateRoute = (req: RestRequest) =>
  can(req.user, 'edit_posts') ? true : wpError('rest_forbidden', { message: 'This route is private.', status: 401 });

async function list(req: RequestOf<typeof forms.formsListRoute.endpoints.list>) {
  const base = req.config.baseUrl;
  const assets = `${base}/wp-content/plugins/wpforms-lite/assets/images`;
  const guide =
    'https://wpforms.com/docs/creating-first-form/?utm_campaign=liteplugin&#038;utm_source=WordPress&#038;utm_medium=gutenberg&#038;utm_content=Create%20Your%20First%20Form%20Documentation&#038;utm_locale=en_US';
  // Loom has no nonces; the field keeps its shape (10 hex characters, per user) for the editor script.
  const nonce = createHmac('sha256', formsOf(req.config).settings.secret)
    .update(`wpforms-nonce|${req.user?.id ?? 0}`)
    .digest('hex')
    .slice(0, 10);
  const items = await new WpForms(req.store).published();
  return {
    body: {
      logo_url: `${assets}/sullie-alt.png`,
      block_preview_url: `${assets}/integrations/gutenberg/block-preview.png`,
      block_empty_url: `${assets}/empty-states/no-forms.svg`,
      wpnonce: nonce,
      urls: {
        form_url: `${base}/wp-admin/admin.php?page=wpforms-builder&view=fields&form_id={ID}`,
        entries_url: `${base}/wp-admin/admin.php?view=list&page=wpforms-entries&form_id={ID}`,
      },
      forms: items.map((f) => wpPost(req, f)),
      strings: BLOCK_DATA.strings,
      isPro: BLOCK_DATA.isPro,
      defaults: BLOCK_DATA.defaults,
      is_modern_markup: BLOCK_DATA.is_modern_markup,
      is_full_styling: BLOCK_DATA.is_full_styling,
      wpforms_guide: guide,
      get_started_url: `${base}/wp-admin/admin.php?page=wpforms-builder`,
      sizes: BLOCK_DATA.sizes,
    },
  };
}

async function importForm(req: RequestOf<typeof forms.formsImportRoute.endpoints.create>) {
  const def = req.params.form;
  const settings =
    def.settings && typeof def.settings === 'object' && !Array.isArray(def.settings)
      ? (def.settings as Record<string, unknown>)
      : {};
  const title = (req.params.title ?? (typeof settings.form_title === 'string' ? settings.form_title : '')).trim();
  if (!title)
    throw wpError('rest_invalid_param', {
      message: 'Invalid parameter(s): title',
      data: { params: { title: 'A form needs a title: `title`, or `settings.form_title` in its definition.' } },
    });
  const doc = await new WpForms(req.store).create({
    title,
    definition: def,
    status: req.params.status,
    author: req.user?.id ?? 0,
  });
  return { status: 201, body: wpPost(req, doc) };
}

const adminOnly = (req: RestRequest) =>
  can(req.user, 'manage_options')
    ? true
    : forbidden(req.user, 'rest_forbidden', 'Sorry, you are not allowed to import forms.');

export function formsListBindings(): Binding[] {
  return [
    bind(forms.formsListRoute.endpoints.list, privateRoute, list),
    bind(forms.formsImportRoute.endpoints.create, adminOnly, importForm),
  ];
}
