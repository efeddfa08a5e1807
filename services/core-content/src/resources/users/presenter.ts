/** A user as WordPress's users controller prepares it (prepare_item_for_response), filtered by context. */
import { createHash } from 'node:crypto';
import { own, type Context } from '@loom/contracts';
import * as core from '../../routes';
import { filterByContext, links, ROLE_CAPABILITIES, type KitConfig } from '@loom/service-kit';
import type { UserDoc } from './repository';

/** gmdate( 'c' ): `2026-11-22T12:07:03+00:00`. */
export const gmdateC = (iso: string): string => `${iso.slice(0, 19)}+00:00`;

/** get_avatar_url() for each REST size (Gravatar, by the SHA-256 of the address as WordPress 6.8 does); also comments'. */
export function avatarUrls(email: string): Record<string, string> {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return Object.fromEntries(
    core.AVATAR_SIZES.map((s) => [String(s), `https://secure.gravatar.com/avatar/${hash}?s=${s}&d=mm&r=g`]),
  );
}

/** WP_User's allcaps: every capability of every role, then the roles themselves. */
function allCaps(user: UserDoc): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const r of user.roles) for (const c of own(ROLE_CAPABILITIES, r) ?? []) out[c] = true;
  for (const r of user.roles) out[r] = true;
  return out;
}

export function prepareUser(user: UserDoc, config: KitConfig, context: Context): Record<string, unknown> {
  const base = `${config.restUrl}/core/v2/users`;
  const data = {
    id: user.id,
    username: user.login,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    url: user.url,
    description: user.description,
    link: `${config.homeUrl}/author/${user.slug}/`,
    // get_user_locale(): the site's locale when the user chose none.
    locale: user.locale || 'en_US',
    nickname: user.nickname,
    slug: user.slug,
    roles: [...user.roles],
    registered_date: gmdateC(user.registered),
    capabilities: allCaps(user),
    extra_capabilities: Object.fromEntries(user.roles.map((r) => [r, true])),
    avatar_urls: avatarUrls(user.email),
    // The one registered user meta key, persisted_preferences, is edit-only; an empty PHP array is `[]`.
    meta:
      context === 'edit'
        ? { persisted_preferences: user.preferences && Object.keys(user.preferences).length ? user.preferences : [] }
        : [],
    _links: links({ self: `${base}/${user.id}`, collection: base }),
  };
  return filterByContext(core.userResource, data, context);
}
