/**
 * The site settings menus keep, in core-content's store as WordPress keeps them in options: which menu each
 * theme location shows (the theme mod `nav_menu_locations`, in assignment order) and the menus that get new
 * top-level pages (`nav_menu_options.auto_add`). Each setting is one document, changed by compare-and-set on a
 * revision number, so concurrent writers on any replica never lose each other's change. Also which one-time
 * upgrades of stored data a store has had (upgradeOnce).
 */
import { DuplicateKeyError, type Store } from '@loom/store';

const OPTIONS = 'options';

interface OptionDoc<T> extends Record<string, unknown> {
  name: string;
  value: T;
  rev: number;
}

/** One location's assignment (location names are data: kept as values, never as keys). */
export interface LocationAssignment {
  location: string;
  menu: number;
}

const LOCATIONS = 'nav_menu_locations';
const AUTO_ADD = 'nav_menu_auto_add';

/** Bounds the retries of a change that concurrent changes keep overtaking. */
const MAX_ATTEMPTS = 100;

export async function ensureOptionIndexes(store: Store): Promise<void> {
  await store.collection(OPTIONS).ensureIndex({ fields: ['name'], unique: true });
}

async function readOption<T>(store: Store, name: string, dflt: T): Promise<T> {
  return (await readOptionRev(store, name, dflt)).value;
}

/** An option's value and its revision (0: never stored). */
export async function readOptionRev<T>(store: Store, name: string, dflt: T): Promise<{ value: T; rev: number }> {
  const doc = await store.collection<OptionDoc<T>>(OPTIONS).findOne({ name });
  return doc ? { value: doc.value, rev: doc.rev } : { value: dflt, rev: 0 };
}

/** update_option() of a value computed from the stored one, retried when another write changed it meanwhile. */
async function changeOption<T>(store: Store, name: string, dflt: T, change: (current: T) => T): Promise<T> {
  return (await changeOptionRev(store, name, dflt, change)).value;
}

/** changeOption() answering the revision it wrote too. */
export async function changeOptionRev<T>(
  store: Store,
  name: string,
  dflt: T,
  change: (current: T) => T,
): Promise<{ value: T; rev: number }> {
  const options = store.collection<OptionDoc<T>>(OPTIONS);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await options.findOne({ name });
    const value = change(doc?.value ?? dflt);
    if (!doc) {
      try {
        await options.insert({ name, value, rev: 1 });
        return { value, rev: 1 };
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
        continue;
      }
    }
    if (await options.updateOne({ name, rev: doc.rev }, { $set: { value, rev: doc.rev + 1 } }))
      return { value, rev: doc.rev + 1 };
  }
  throw new Error(`option ${name}: too many concurrent changes`);
}

/** get_nav_menu_locations(). */
export const locationAssignments = (store: Store): Promise<LocationAssignment[]> =>
  readOption<LocationAssignment[]>(store, LOCATIONS, []);

/** The menu a location shows (0: none). */
export const menuAt = (assigned: LocationAssignment[], location: string): number =>
  assigned.find((a) => a.location === location)?.menu ?? 0;

/** The locations a menu is assigned to, in the setting's order (WP_REST_Menus_Controller::get_menu_locations). */
export const locationsOf = (assigned: LocationAssignment[], menu: number): string[] =>
  assigned.filter((a) => a.menu === menu).map((a) => a.location);

/**
 * handle_locations(): the menu leaves its locations and takes the given ones. As array_merge() of the others'
 * assignments with the new ones: a location held by another menu changes hands in its place, a new one goes last.
 */
export function assignLocations(store: Store, menu: number, locations: string[]): Promise<LocationAssignment[]> {
  return changeOption<LocationAssignment[]>(store, LOCATIONS, [], (current) => {
    const out = current.filter((a) => a.menu !== menu).map((a) => ({ ...a }));
    for (const location of locations) {
      const held = out.find((a) => a.location === location);
      if (held) held.menu = menu;
      else out.push({ location, menu });
    }
    return out;
  });
}

/** wp_delete_nav_menu(): the locations that showed the menu show none. */
export function releaseLocations(store: Store, menu: number): Promise<LocationAssignment[]> {
  return changeOption<LocationAssignment[]>(store, LOCATIONS, [], (current) =>
    current.map((a) => (a.menu === menu ? { ...a, menu: 0 } : a)),
  );
}

/** The menus that get new top-level pages. */
export const autoAddMenus = (store: Store): Promise<number[]> => readOption<number[]>(store, AUTO_ADD, []);

/** handle_auto_add(): the menu joins or leaves the auto_add list. */
export function setAutoAdd(store: Store, menu: number, on: boolean): Promise<number[]> {
  return changeOption<number[]>(store, AUTO_ADD, [], (current) =>
    on ? (current.includes(menu) ? current : [...current, menu]) : current.filter((id) => id !== menu),
  );
}

/**
 * A change to stored data made once per store, as WordPress's upgrade routines run once per db_version: `run`
 * unless the store records `name` as done, then recorded. `run` must be idempotent: replicas starting together may
 * both run it, and a process stopping before the record runs it again at its next start.
 */
export async function upgradeOnce(store: Store, name: string, run: () => Promise<void>): Promise<void> {
  const options = store.collection<OptionDoc<true>>(OPTIONS);
  const key = `loom_upgrade_${name}`;
  if (await options.findOne({ name: key })) return;
  await run();
  try {
    await options.insert({ name: key, value: true, rev: 1 });
  } catch (e) {
    if (!(e instanceof DuplicateKeyError)) throw e;
  }
}
