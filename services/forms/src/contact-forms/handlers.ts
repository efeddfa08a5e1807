/**
 * formsA/v1 contact forms (reference B.0, B.1): list, create, read, update, delete, answered as Contact Form 7
 * 5.9's REST controller answers them (samples 189–202, 213–214). Permissions are the plugin's meta capabilities
 * (contributors list, editors read and write) and its refusal is always `403 wpcf7_forbidden`, for anonymous
 * callers too. Without `context: "save"` a create or update previews the result and stores nothing, as the plugin.
 */
import { CHANGE_HEADER, formatChangeHint } from '@loom/contracts';
import * as forms from '../contracts';
import {
  bindResource,
  can,
  wpError,
  type Binding,
  type RequestOf,
  type RestRequest,
  type WpError,
} from '@loom/service-kit';
import { configErrors } from '../form-tags';
import { formsOf } from '../context';
import { defaultProperties, propertiesJson, writeMail, type StoredProperties } from './properties';
import { ContactForms, type ContactFormDoc } from './repository';

const R = forms.contactFormRoutes;
type CreateReq = RequestOf<typeof R.collection.endpoints.create>;
type UpdateReq = RequestOf<typeof R.item.endpoints.update>;
type WriteReq = CreateReq | UpdateReq;

export const notFound = (): WpError => wpError('wpcf7_not_found');
const forbidden = (message: string): WpError => wpError('wpcf7_forbidden', { message });

/** A permission check on one of the plugin's capabilities, refused with its message. */
const requireCap = (cap: string, message: string) => (req: RestRequest) =>
  can(req.user, cap) ? true : forbidden(message);

/** wpcf7_is_valid_locale. */
const VALID_LOCALE = /^[a-z]{2,3}(?:_[a-zA-Z_]{2,})?$/;

/** The answer of a write that stored nothing (a preview): no change notification. */
const NO_CHANGE = { [CHANGE_HEADER]: formatChangeHint('none') };

type FormShown = Pick<ContactFormDoc, 'title' | 'locale' | 'properties'> & { id: number | null; slug: string | null };

function contactFormJson(doc: FormShown, allMessages = true) {
  return {
    id: doc.id,
    slug: doc.slug,
    title: doc.title,
    locale: doc.locale,
    properties: propertiesJson(doc.properties, { allMessages }),
  };
}

/** WPCF7_ContactForm::set_title: tags stripped, trimmed, "Untitled" when empty. */
const formTitle = (raw: string) => raw.replace(/<[^>]*>/g, '').trim() || 'Untitled';

/** wpcf7_save_contact_form: what the request writes over `current`. */
function applyWrite(
  req: WriteReq,
  current: StoredProperties,
  currentTitle: string,
  currentLocale: string,
  siteLocale: string,
) {
  const p = req.params;
  const next: StoredProperties = { ...current };
  if (p.form !== undefined) next.form = p.form;
  if (p.mail !== undefined) next.mail = writeMail(p.mail, current.mail, 'mail');
  if (p.mail_2 !== undefined) next.mail_2 = writeMail(p.mail_2, current.mail_2, 'mail_2');
  if (p.messages !== undefined)
    next.messages = Object.assign(Object.create(null) as Record<string, string>, p.messages);
  if (p.additional_settings !== undefined) next.additional_settings = p.additional_settings;
  const title = p.title !== undefined ? formTitle(p.title) : currentTitle;
  const locale = p.locale !== undefined ? (VALID_LOCALE.test(p.locale) ? p.locale : siteLocale) : currentLocale;
  return { properties: next, title, locale };
}

/** `config_errors`: the validator's object, `[]` when there is none (PHP's empty array). */
function configErrorsJson(req: RestRequest, props: StoredProperties): object {
  const { settings } = formsOf(req.config);
  const errors = configErrors(
    {
      form: props.form,
      mail: props.mail as unknown as Record<string, unknown>,
      mail_2: props.mail_2 as unknown as Record<string, unknown>,
      messages: props.messages,
      additional_settings: props.additional_settings,
    },
    { domain: settings.site.domain, adminEmail: settings.site.adminEmail, maxUploadBytes: settings.maxFileBytes },
  );
  return Object.keys(errors).length ? errors : [];
}

async function list(req: RequestOf<typeof R.collection.endpoints.list>) {
  const p = req.params;
  const orderby = p.orderby === 'ID' || p.orderby === 'id' ? 'id' : p.orderby === 'name' ? 'slug' : p.orderby;
  // An offset past any real list means "nothing left"; the store takes only safe integers (2^53 + 1 parses as 2^53).
  const offset = Math.min(p.offset, Number.MAX_SAFE_INTEGER);
  const docs = await new ContactForms(req.store).list({
    perPage: p.per_page === 0 ? -1 : p.per_page,
    offset,
    order: p.order.toLowerCase() as 'asc' | 'desc',
    orderby,
    search: p.search || undefined,
  });
  return {
    body: docs.map((d) => ({ id: d.id, hash: d.hash.slice(0, 7), slug: d.slug, title: d.title, locale: d.locale })),
  };
}

async function create(req: CreateReq) {
  // The plugin reads `id` as an integer only to refuse a non-zero one.
  const given = Number.parseInt(String(req.params.id ?? '0'), 10);
  if (Number.isFinite(given) && given !== 0) throw wpError('wpcf7_post_exists');
  const { settings } = formsOf(req.config);
  const w = applyWrite(req, defaultProperties(settings), 'Untitled', settings.locale, settings.locale);
  // A new form's answer shows the messages as written (sample 189), the defaults when none were (sample 190).
  const allMessages = req.params.messages === undefined;
  if (req.params.context !== 'save') {
    return {
      body: {
        ...contactFormJson({ id: null, slug: null, ...w }, allMessages),
        config_errors: configErrorsJson(req, w.properties),
      },
      headers: NO_CHANGE,
    };
  }
  const doc = await new ContactForms(req.store).create({ ...w, author: req.user?.id ?? 0 });
  // The plugin answers the slug it had before WordPress named the post: null.
  return {
    body: {
      ...contactFormJson({ ...doc, slug: null }, allMessages),
      config_errors: configErrorsJson(req, doc.properties),
    },
  };
}

async function read(req: RequestOf<typeof R.item.endpoints.read>) {
  const doc = await new ContactForms(req.store).get(Number(req.params.id));
  if (!doc) throw notFound();
  return { body: contactFormJson(doc) };
}

async function update(req: UpdateReq) {
  const repo = new ContactForms(req.store);
  const doc = await repo.get(Number(req.params.id));
  if (!doc) throw notFound();
  const w = applyWrite(req, doc.properties, doc.title, doc.locale, formsOf(req.config).settings.locale);
  if (req.params.context !== 'save')
    return {
      body: { ...contactFormJson({ ...doc, ...w }), config_errors: configErrorsJson(req, w.properties) },
      headers: NO_CHANGE,
    };
  const saved = await repo.update(doc.id, w);
  if (!saved) throw notFound();
  return { body: { ...contactFormJson(saved), config_errors: configErrorsJson(req, saved.properties) } };
}

async function remove(req: RequestOf<typeof R.item.endpoints.delete>) {
  const deleted = await new ContactForms(req.store).delete(Number(req.params.id));
  if (!deleted) throw notFound();
  // `id` is not in the plugin's answer; the change notification names the form through the path.
  return { body: { deleted: true } };
}

export function contactFormBindings(): Binding[] {
  const itemMessage = 'You are not allowed to access the requested contact form.';
  return bindResource(R, {
    list: [requireCap('wpcf7_read_contact_forms', 'You are not allowed to access contact forms.'), list],
    create: [requireCap('wpcf7_edit_contact_forms', 'You are not allowed to create a contact form.'), create],
    read: [requireCap('wpcf7_edit_contact_form', itemMessage), read],
    update: [requireCap('wpcf7_edit_contact_form', itemMessage), update],
    delete: [requireCap('wpcf7_delete_contact_form', itemMessage), remove],
  });
}
