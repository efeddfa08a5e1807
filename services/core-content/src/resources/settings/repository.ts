/**
 * Where the settings live: one option document in core-content's store holding the values set through the API
 * (WordPress's options table rows), over the initial values (the environment's, then WordPress's defaults). A
 * write is one compare-and-set of that document, so concurrent writers on any replica never lose each other's
 * change, and its revision number is what every process's copy follows (SITE_OPTIONS_PATH).
 */
import type { SiteOptionsAnswer, SiteOptionValues } from '@loom/contracts';
import type { Store } from '@loom/store';
import { fileUrl } from '../../engine/media/files';
import { POSTS, type PostDoc } from '../../engine/repository';
import { changeOptionRev, readOptionRev } from '../../site/options';

const OPTION = 'loom_site_options';

/** The stored values: only those set through the API (a null-prototype record of known names). */
export type StoredOptions = Partial<SiteOptionValues>;

/** The current values: the stored ones over `initial`, with get_site_icon_url() derived. */
export async function readSiteOptions(
  store: Store,
  initial: SiteOptionValues,
  baseUrl: string,
): Promise<SiteOptionsAnswer> {
  const { value, rev } = await readOptionRev<StoredOptions>(store, OPTION, {});
  return { rev, values: await withDerived(store, { ...initial, ...value }, baseUrl) };
}

/** The revision alone (the cheap question every follower asks on its timer). */
export async function siteOptionsRev(store: Store): Promise<number> {
  return (await readOptionRev<StoredOptions>(store, OPTION, {})).rev;
}

/**
 * update_option() / delete_option() of each given setting: `undefined` leaves one as it is, `null` deletes it
 * (back to its initial value), anything else is stored.
 */
export async function writeSiteOptions(
  store: Store,
  changes: ReadonlyArray<[keyof SiteOptionValues, unknown]>,
): Promise<number> {
  const { rev } = await changeOptionRev<StoredOptions>(store, OPTION, {}, (current) => {
    const next: Record<string, unknown> = Object.assign(Object.create(null) as object, current);
    for (const [name, value] of changes) {
      if (value === null) delete next[name];
      else next[name] = value;
    }
    return { ...next } as StoredOptions;
  });
  return rev;
}

/** get_site_icon_url(): the icon attachment's file, '' when there is none (or it is gone). */
async function withDerived(store: Store, values: SiteOptionValues, baseUrl: string): Promise<SiteOptionValues> {
  if (!values.site_icon) return { ...values, site_icon_url: '' };
  const icon = await store
    .collection<PostDoc & { file?: string }>(POSTS)
    .findOne({ id: values.site_icon, type: 'attachment' });
  return { ...values, site_icon_url: icon?.file ? fileUrl({ baseUrl }, icon.file) : '' };
}
