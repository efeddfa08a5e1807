/**
 * WP_Theme_JSON as the global styles endpoints need it (WordPress 6.4, class-wp-theme-json.php): a theme.json
 * document of one origin, with presets keyed by that origin, `appearanceTools` expanded into the settings it opts
 * into, and merge() as WordPress merges origins (core's defaults, then the theme's, then the user's). What is left
 * out: the per-property sanitising against VALID_SETTINGS / VALID_STYLES (only the top-level keys are kept), the
 * v1 → v2 migration, and the styles blocks declare in their block.json (get_block_data); docs/differences.md says so.
 *
 * Documents are JSON values (client-chosen keys included): every object made here is built from parsed JSON or
 * with own keys only, and no key is ever used as a path into a live object.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type Origin = 'default' | 'blocks' | 'theme' | 'custom';
const ORIGINS: readonly Origin[] = ['default', 'blocks', 'theme', 'custom'];

/** WP_Theme_JSON::LATEST_SCHEMA. */
export const LATEST_SCHEMA = 2;

const VALID_TOP_LEVEL_KEYS = [
  'customTemplates',
  'description',
  'patterns',
  'settings',
  'styles',
  'templateParts',
  'title',
  'version',
];

/** PRESETS_METADATA: where each preset lives, which setting keeps the theme's from overriding core's, and whether a theme's preset takes core's name. */
const PRESETS: ReadonlyArray<{ path: string[]; preventOverride: string[] | null; useDefaultNames: boolean }> = [
  { path: ['color', 'palette'], preventOverride: ['color', 'defaultPalette'], useDefaultNames: false },
  { path: ['color', 'gradients'], preventOverride: ['color', 'defaultGradients'], useDefaultNames: false },
  { path: ['color', 'duotone'], preventOverride: ['color', 'defaultDuotone'], useDefaultNames: false },
  { path: ['typography', 'fontSizes'], preventOverride: null, useDefaultNames: true },
  { path: ['typography', 'fontFamilies'], preventOverride: null, useDefaultNames: false },
  { path: ['spacing', 'spacingSizes'], preventOverride: null, useDefaultNames: true },
  { path: ['shadow', 'presets'], preventOverride: ['shadow', 'defaultPresets'], useDefaultNames: false },
];

/** APPEARANCE_TOOLS_OPT_INS. */
const APPEARANCE_TOOLS: readonly string[][] = [
  ['background', 'backgroundImage'],
  ['border', 'color'],
  ['border', 'radius'],
  ['border', 'style'],
  ['border', 'width'],
  ['color', 'link'],
  ['color', 'heading'],
  ['color', 'button'],
  ['color', 'caption'],
  ['dimensions', 'minHeight'],
  ['position', 'sticky'],
  ['spacing', 'blockGap'],
  ['spacing', 'margin'],
  ['spacing', 'padding'],
  ['typography', 'lineHeight'],
];

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A fresh JSON copy (so no document shares structure with another). */
const clone = <T extends Json>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** _wp_array_get(). */
function getPath(root: Json | undefined, path: readonly string[]): Json | undefined {
  let at: Json | undefined = root;
  for (const key of path) {
    if (Array.isArray(at) && /^\d+$/.test(key)) at = at[Number(key)];
    else if (isJsonObject(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

/** _wp_array_set(): makes the objects on the way (replacing anything that is not one). */
function setPath(root: JsonObject, path: readonly string[], value: Json): void {
  let at = root;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(at, key) ? at[key] : undefined;
    if (!isJsonObject(next)) defineKey(at, key, {});
    at = at[key] as JsonObject;
  }
  defineKey(at, path[path.length - 1]!, value);
}

/** An own, enumerable key (a client's `__proto__` stays a plain key, as JSON.parse makes it). */
function defineKey(obj: JsonObject, key: string, value: Json): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** PHP's array_replace_recursive() over decoded JSON: objects key by key, lists index by index. */
export function replaceRecursive(base: Json, incoming: Json): Json {
  if (Array.isArray(base) && Array.isArray(incoming)) {
    const out = [...base];
    incoming.forEach((v, i) => (out[i] = i < base.length ? replaceRecursive(base[i]!, v) : v));
    return out;
  }
  if (isJsonObject(base) && isJsonObject(incoming)) {
    const out: JsonObject = { ...base };
    for (const [k, v] of Object.entries(incoming))
      defineKey(out, k, Object.hasOwn(base, k) ? replaceRecursive(base[k]!, v) : v);
    return out;
  }
  return incoming;
}

/** get_setting_nodes(): `settings` and each `settings.blocks.<name>`. */
function settingNodes(doc: JsonObject): string[][] {
  const settings = doc.settings;
  if (!isJsonObject(settings)) return [];
  const nodes = [['settings']];
  if (isJsonObject(settings.blocks))
    for (const name of Object.keys(settings.blocks)) nodes.push(['settings', 'blocks', name]);
  return nodes;
}

function optIn(settings: JsonObject): void {
  for (const path of APPEARANCE_TOOLS) if (getPath(settings, path) === undefined) setPath(settings, path, true);
  delete settings.appearanceTools;
}

/** get_metadata_boolean(): a boolean setting, `fallback` when unset or not a boolean. */
function metadataBoolean(settings: Json | undefined, path: readonly string[], fallback: boolean): boolean {
  const v = getPath(settings, path);
  return typeof v === 'boolean' ? v : fallback;
}

const slugsOf = (items: Json | undefined): string[] =>
  Array.isArray(items) ? items.flatMap((i) => (isJsonObject(i) && typeof i.slug === 'string' ? [i.slug] : [])) : [];

export class ThemeJson {
  private doc: JsonObject;

  /** new WP_Theme_JSON( $data, $origin ). */
  constructor(
    data: unknown = {},
    readonly origin: Origin = 'theme',
  ) {
    // WP_Theme_JSON_Schema::migrate(): a document without a version is no document.
    const input = isJsonObject(data) && data.version !== undefined ? clone(data) : { version: LATEST_SCHEMA };
    const doc: JsonObject = {};
    for (const key of VALID_TOP_LEVEL_KEYS) if (Object.hasOwn(input, key)) defineKey(doc, key, input[key]!);
    const settings = doc.settings;
    if (isJsonObject(settings)) {
      if (settings.appearanceTools === true) optIn(settings);
      if (isJsonObject(settings.blocks))
        for (const block of Object.values(settings.blocks))
          if (isJsonObject(block) && block.appearanceTools === true) optIn(block);
    }
    // Internally, presets are keyed by origin.
    for (const node of settingNodes(doc))
      for (const preset of PRESETS) {
        const path = [...node, ...preset.path];
        const value = getPath(doc, path);
        if (value === undefined || value === null) continue;
        const empty = Array.isArray(value) ? value.length === 0 : isJsonObject(value) && !Object.keys(value).length;
        if (Array.isArray(value) || empty) setPath(doc, path, { [origin]: value });
      }
    this.doc = doc;
  }

  /** get_raw_data(). */
  raw(): JsonObject {
    return clone(this.doc);
  }

  /** get_settings(): the settings, or `[]` (PHP's empty array) when there are none. */
  settings(): Json {
    return isJsonObject(this.doc.settings) ? clone(this.doc.settings) : [];
  }

  /** merge(): the incoming document over this one, presets replaced whole per origin. */
  merge(incoming: ThemeJson): this {
    const data = incoming.doc;
    this.doc = replaceRecursive(this.doc, clone(data)) as JsonObject;
    const settings = this.doc.settings;
    const globalDefaults = (preset: (typeof PRESETS)[number]) =>
      slugsOf(getPath(this.doc, ['settings', ...preset.path, 'default']));
    for (const node of settingNodes(data)) {
      const units = getPath(data, [...node, 'spacing', 'units']);
      if (units !== undefined && units !== null) setPath(this.doc, [...node, 'spacing', 'units'], clone(units));
      for (const preset of PRESETS) {
        const override = preset.preventOverride ? !metadataBoolean(settings, preset.preventOverride, true) : true;
        for (const origin of ORIGINS) {
          const base = [...node, ...preset.path];
          let content = getPath(data, [...base, origin]);
          if (content === undefined || content === null) continue;
          content = clone(content);
          if (origin === 'theme' && preset.useDefaultNames && Array.isArray(content))
            for (const item of content)
              if (isJsonObject(item) && item.name === undefined && typeof item.slug === 'string') {
                const named = (getPath(this.doc, [...base, 'default']) as Json[] | undefined)?.find(
                  (d) => isJsonObject(d) && d.slug === item.slug,
                );
                if (isJsonObject(named) && named.name !== undefined) item.name = named.name;
              }
          if (origin === 'theme' && !override && Array.isArray(content)) {
            // filter_slugs(): a theme's preset may not take a slug core's defaults use.
            const taken = new Set([...globalDefaults(preset), ...slugsOf(getPath(this.doc, [...base, 'default']))]);
            content = content.filter((i) => !(isJsonObject(i) && typeof i.slug === 'string' && taken.has(i.slug)));
          }
          setPath(this.doc, [...base, origin], content);
        }
      }
    }
    return this;
  }

  /** set_spacing_sizes(): the default spacing sizes generated from `settings.spacing.spacingScale`. */
  setSpacingSizes(): this {
    const sizes = spacingSizes(getPath(this.doc, ['settings', 'spacing', 'spacingScale']));
    if (sizes) setPath(this.doc, ['settings', 'spacing', 'spacingSizes', 'default'], sizes);
    return this;
  }
}

/** PHP's round( $n, 2 ) printed as PHP prints a float (no trailing zeros). */
const round2 = (n: number): string => String(Math.round((n + Number.EPSILON) * 100) / 100);

/** The sizes set_spacing_sizes() generates, or null when the scale is missing, invalid or has no steps. */
function spacingSizes(scale: Json | undefined): JsonObject[] | null {
  if (!isJsonObject(scale)) return null;
  const { steps, mediumStep, unit, operator, increment } = scale;
  if (
    typeof steps !== 'number' ||
    typeof mediumStep !== 'number' ||
    typeof increment !== 'number' ||
    typeof unit !== 'string' ||
    (operator !== '+' && operator !== '*') ||
    steps === 0
  )
    return null;
  const u = unit === '%' ? '%' : unit.toLowerCase().replace(/[^a-z0-9_-]/g, '');
  const mid = Math.round(steps / 2);
  let current = mediumStep;
  let xSmall: number | null = null;
  let slug = 40;
  let remainder = 0;
  const below: JsonObject[] = [];
  for (let count = mid - 1; steps > 1 && slug > 0 && count > 0; count--) {
    if (operator === '+') current -= increment;
    else if (increment > 1) current /= increment;
    else current *= increment;
    if (current <= 0) {
      remainder = count;
      break;
    }
    below.push({
      name: count === mid - 1 ? 'Small' : `${xSmall}X-Small`,
      slug: String(slug),
      size: round2(current) + u,
    });
    if (count === mid - 2) xSmall = 2;
    if (count < mid - 2) xSmall = (xSmall ?? 0) + 1;
    slug -= 10;
  }
  below.reverse();
  below.push({ name: 'Medium', slug: '50', size: `${mediumStep}${u}` });
  current = mediumStep;
  let xLarge: number | null = null;
  slug = 60;
  const above = steps - mid + remainder;
  for (let count = 0; count < above; count++) {
    current = operator === '+' ? current + increment : increment >= 1 ? current * increment : current / increment;
    below.push({ name: count === 0 ? 'Large' : `${xLarge}X-Large`, slug: String(slug), size: round2(current) + u });
    if (count === 1) xLarge = 2;
    if (count > 1) xLarge = (xLarge ?? 0) + 1;
    slug += 10;
  }
  // Seven steps or fewer are numbered rather than t-shirt sized.
  if (steps <= 7) below.forEach((s, i) => (s.name = String(i + 1)));
  return below;
}
