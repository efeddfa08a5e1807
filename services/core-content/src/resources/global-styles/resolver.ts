/**
 * WP_Theme_JSON_Resolver's reads for the global styles endpoints (WordPress 6.4): the theme's data as
 * get_theme_data() gives it (the settings WordPress derives from theme supports, under the theme's theme.json),
 * get_merged_data( 'theme' ) (core's defaults, then that), the style variations, and a user post's own config.
 */
import { CORE_THEME_JSON, isJsonObject, ThemeJson, type Json, type JsonObject, type Theme } from '../../site/theme';

/**
 * get_from_editor_settings( get_classic_theme_supports_block_editor_settings() ) for a theme that runs no PHP: no
 * theme support is added, so every disable-* and custom-* support is false.
 */
function themeSupportData(theme: Theme): JsonObject {
  const settings: JsonObject = {
    color: { custom: true, customGradient: true },
    typography: { customFontSize: true, lineHeight: false },
    spacing: { units: false, padding: false },
  };
  // A theme without theme.json still shows core's presets, and has no global duotone.
  if (!theme.json)
    Object.assign(settings.color as JsonObject, {
      defaultPalette: true,
      defaultGradients: true,
      defaultDuotone: false,
    });
  return { version: 2, settings };
}

/** get_theme_data(): the theme's theme.json over the settings its supports give. */
export function themeData(theme: Theme): ThemeJson {
  return new ThemeJson(themeSupportData(theme)).merge(new ThemeJson(theme.json ?? {}, 'theme'));
}

/** get_merged_data( 'theme' ): core's theme.json, then the theme's data, then the generated spacing sizes. */
export function mergedThemeData(theme: Theme): ThemeJson {
  return new ThemeJson().merge(new ThemeJson(CORE_THEME_JSON, 'default')).merge(themeData(theme)).setSpacingSizes();
}

/** get_style_variations(): each variation's data, titled by its file name when it has no title. */
export function styleVariations(theme: Theme): JsonObject[] {
  return theme.styleVariations.flatMap((v) => {
    if (!isJsonObject(v.data as Json) && !Array.isArray(v.data)) return [];
    const variation = new ThemeJson(v.data).raw();
    if (!variation.title) variation.title = v.name;
    return [variation];
  });
}

/** A user post's content decoded, when it is a user theme.json (isGlobalStylesUserThemeJSON); null otherwise. */
export function userConfig(content: string): JsonObject | null {
  try {
    const decoded = JSON.parse(content) as Json;
    return isJsonObject(decoded) && decoded.isGlobalStylesUserThemeJSON === true ? decoded : null;
  } catch {
    return null;
  }
}

/** `settings` and `styles` of a user config as the endpoints show them: `{}` when empty. */
export function userSettingsAndStyles(config: JsonObject | null): { settings: Json; styles: Json } {
  const raw = config ? new ThemeJson(config, 'custom').raw() : {};
  const nonEmpty = (v: Json | undefined): Json =>
    v !== undefined &&
    v !== null &&
    (isJsonObject(v) ? Object.keys(v).length > 0 : Array.isArray(v) ? v.length > 0 : !!v)
      ? v
      : {};
  return { settings: nonEmpty(raw.settings), styles: nonEmpty(raw.styles) };
}
