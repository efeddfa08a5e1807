/**
 * Which theme core-content serves, from the environment: LOOM_THEME (the theme's directory name, WordPress's
 * stylesheet; default the theme Loom ships), LOOM_THEME_ROOT (the directory holding themes; default the ones Loom
 * ships, services/core-content/themes) and LOOM_MENU_LOCATIONS, which, when set, replaces the menu locations the
 * theme registers. Malformed values stop the process at start.
 */
import { resolve } from 'node:path';

export interface MenuLocation {
  name: string;
  description: string;
}

export interface ThemeSettings {
  /** The active theme (get_stylesheet()): a directory name under `root`. */
  name: string;
  root: string;
  /** The operator's menu locations (LOOM_MENU_LOCATIONS), or null to take the theme's. */
  menuLocations: MenuLocation[] | null;
}

/** The theme Loom ships. */
export const DEFAULT_THEME = 'atelier';

/** Where Loom's own themes are: `themes/` beside this package's `src/` and `dist/`. */
export const SHIPPED_THEME_ROOT = resolve(__dirname, '..', '..', '..', 'themes');

/** A theme's directory name: one path segment, none of the characters a template id cannot hold. */
const THEME_NAME = /^[^/\\:<>*?"|]+$/;

/** A menu location's name: what the menu-locations route takes. */
export const LOCATION_NAME = /^[\w-]+$/;

/** A location list given as `name:Description` pairs separated by commas (a name alone describes itself). */
export function parseMenuLocations(raw: string, source = 'LOOM_MENU_LOCATIONS'): MenuLocation[] {
  const out: MenuLocation[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':');
    const name = (at < 0 ? entry : entry.slice(0, at)).trim();
    const description = at < 0 ? name : entry.slice(at + 1).trim();
    out.push(checkedLocation(name, description, out, source));
  }
  return out;
}

/** One location, refused when its name is malformed or already listed. */
export function checkedLocation(
  name: string,
  description: string,
  listed: MenuLocation[],
  source: string,
): MenuLocation {
  if (!LOCATION_NAME.test(name))
    throw new Error(`${source}: a location name is letters, digits, _ and -, got "${name}"`);
  if (listed.some((l) => l.name === name)) throw new Error(`${source}: location "${name}" is listed twice`);
  return { name, description };
}

export function loadThemeSettings(env: NodeJS.ProcessEnv = process.env): ThemeSettings {
  const name = (env.LOOM_THEME ?? '').trim() || DEFAULT_THEME;
  if (!THEME_NAME.test(name) || name === '.' || name === '..')
    throw new Error(`LOOM_THEME must be a theme's directory name, got "${name}"`);
  const root = (env.LOOM_THEME_ROOT ?? '').trim();
  return {
    name,
    root: root ? resolve(root) : SHIPPED_THEME_ROOT,
    menuLocations: env.LOOM_MENU_LOCATIONS === undefined ? null : parseMenuLocations(env.LOOM_MENU_LOCATIONS),
  };
}
