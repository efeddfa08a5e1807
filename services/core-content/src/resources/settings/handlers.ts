/**
 * core/v2/settings (WP_REST_Settings_Controller): GET shows every setting, POST/PUT/PATCH change the given ones
 * (unknown keys are ignored, null resets one) and answer like GET. Both need manage_options. Beyond the schema,
 * sanitize_option()'s rules apply, and Loom refuses ids that name nothing (WordPress stores them as given).
 */
import type { SiteOptionValues } from '@loom/contracts';
import { bind, can, forbidden, wpError, type RestRequest } from '@loom/service-kit';
import { TERMS } from '@loom/terms';
import * as core from '../../routes';
import { escAttr } from '@loom/rendering';
import { POSTS } from '../../engine/repository';
import { SETTINGS } from './contract';
import { readSiteOptions, writeSiteOptions } from './repository';
import { initialOptions } from './initial';

const check = (req: RestRequest) =>
  can(req.user, 'manage_options')
    ? true
    : forbidden(req.user, 'rest_forbidden', 'Sorry, you are not allowed to do that.');

/** get_item(): each setting in registration order, `url` from the deployment. */
function present(req: RestRequest, values: SiteOptionValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS))
    out[name] = name === 'url' ? req.config.baseUrl : values[name as keyof SiteOptionValues];
  return out;
}

/** sanitize_option() of the settings it changes. */
function sanitize(name: string, value: unknown): unknown {
  switch (name) {
    case 'title':
    case 'description':
      return escAttr(value as string); // esc_html(): the same escaping as esc_attr()
    case 'date_format':
    case 'time_format':
      return (value as string).replace(/<[^>]*>?/g, '');
    case 'email':
      return (value as string).trim();
    case 'posts_per_page': {
      const n = value as number;
      return n === 0 ? 1 : n < -1 ? Math.abs(n) : n;
    }
    default:
      return value;
  }
}

/** The ids a setting names must exist, as what they name: [setting, the item's type, the store's collection]. */
const REFERENCES: ReadonlyArray<[string, string, 'posts' | 'terms']> = [
  ['default_category', 'category', 'terms'],
  ['page_on_front', 'page', 'posts'],
  ['page_for_posts', 'page', 'posts'],
  ['site_logo', 'attachment', 'posts'],
  ['site_icon', 'attachment', 'posts'],
];

async function checkReferences(req: RestRequest, given: Record<string, unknown>): Promise<void> {
  const bad: Record<string, string> = {};
  for (const [name, kind, where] of REFERENCES) {
    const id = given[name];
    if (typeof id !== 'number' || (id === 0 && name !== 'default_category')) continue;
    const found =
      where === 'terms'
        ? await req.store.collection(TERMS).count({ id, taxonomy: kind })
        : await req.store.collection(POSTS).count({ id, type: kind });
    if (!found) bad[name] = `${name} must be the id of an existing ${kind}.`;
  }
  if (Object.keys(bad).length)
    throw wpError('rest_invalid_param', {
      message: `Invalid parameter(s): ${Object.keys(bad).join(', ')}`,
      data: { params: bad },
    });
}

export const settingsBindings = [
  bind(core.settings.item.endpoints.read, check, async (req) => ({
    body: present(req, (await readSiteOptions(req.store, initialOptions(req.config), req.config.baseUrl)).values),
  })),
  bind(core.settings.item.endpoints.update, check, async (req) => {
    // Only the arguments the request gave (a setting left out keeps its value; null resets it).
    const given: Record<string, unknown> = Object.create(null);
    for (const name of Object.keys(SETTINGS))
      if (Object.hasOwn(req.params, name) && (req.params as Record<string, unknown>)[name] !== undefined)
        given[name] = (req.params as Record<string, unknown>)[name];
    await checkReferences(req, given);
    const changes = Object.keys(given).map((name): [keyof SiteOptionValues, unknown] => [
      name as keyof SiteOptionValues,
      given[name] === null ? null : sanitize(name, given[name]),
    ]);
    if (changes.length) await writeSiteOptions(req.store, changes);
    const now = await readSiteOptions(req.store, initialOptions(req.config), req.config.baseUrl);
    // This replica answers with the new values at once; the others learn them from the change notification.
    req.config.site.apply(now);
    return { body: present(req, now.values) };
  }),
];
