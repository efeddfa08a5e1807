/**
 * The active theme of each running app (keyed by its config, as tests run several apps in one process) and the
 * menu locations core-content serves: the operator's LOOM_MENU_LOCATIONS when set, else the theme's.
 */
import type { KitConfig, RestRequest } from '@loom/service-kit';
import { loadThemeSettings, type MenuLocation, type ThemeSettings } from './settings';
import { loadTheme, type Theme } from './theme';

export interface ActiveTheme {
  theme: Theme;
  settings: ThemeSettings;
}

const active = new WeakMap<KitConfig, ActiveTheme>();

/** Reads the theme the settings name (throws when it cannot be read: at start, not on a request). */
export function activateTheme(config: KitConfig, settings: ThemeSettings): ActiveTheme {
  const a = { theme: loadTheme(settings), settings };
  active.set(config, a);
  return a;
}

function activeOf(req: Pick<RestRequest, 'config'>): ActiveTheme {
  return active.get(req.config) ?? activateTheme(req.config, loadThemeSettings());
}

export const themeOf = (req: Pick<RestRequest, 'config'>): Theme => activeOf(req).theme;

/** register_nav_menus() as the operator and the theme have it: LOOM_MENU_LOCATIONS replaces the theme's list. */
export function menuLocationsOf(req: Pick<RestRequest, 'config'>): readonly MenuLocation[] {
  const { theme, settings } = activeOf(req);
  return settings.menuLocations ?? theme.menuLocations;
}

export {
  loadThemeSettings,
  DEFAULT_THEME,
  SHIPPED_THEME_ROOT,
  type MenuLocation,
  type ThemeSettings,
} from './settings';
export { filterPartArea, loadTheme, type Theme, type ThemeFile, type TemplateType } from './theme';
export { injectTheme } from './theme';
export { ThemeJson, LATEST_SCHEMA, isJsonObject, type Json, type JsonObject } from './theme-json';
export type { PatternCategory, PatternProperties } from './editor-files';
export { CORE_THEME_JSON } from './core-theme-json';
