/**
 * Block supports as WordPress 6.4 applies them (wp-includes/block-supports/*.php): the attributes each support
 * adds to a block type (its register_attribute callbacks) and the wrapper attributes get_block_wrapper_attributes()
 * derives from a block's own attributes (its apply callbacks). Both run in the order wp-settings.php loads the
 * support files: align, background, border, colors, custom-classname, dimensions, duotone, shadow, elements,
 * generated-classname, layout, position, spacing, typography.
 *
 * Of the apply callbacks, the common subset is ported: alignment, custom class name, colors (presets and custom
 * values), the generated class name, spacing (padding, margin) and typography (font size and family presets, the
 * custom font size, line height, and the other plain typography values), each skipped where the block type's
 * `__experimentalSkipSerialization` says so. Border, dimensions and shadow are not.
 */

/** The block type fields supports read. */
export interface SupportsOwner {
  name: string;
  supports: Record<string, unknown> | null;
}

type Attrs = Record<string, unknown>;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** block_has_support(): the support's value at `path`, or `fallback` when it is not declared. */
export function blockSupport(type: SupportsOwner, path: string[], fallback: unknown = false): unknown {
  let v: unknown = type.supports;
  for (const key of path) {
    if (!isObj(v) || !Object.hasOwn(v, key)) return fallback;
    v = v[key];
  }
  return v;
}

/**
 * wp_should_skip_block_supports_serialization(): a block type that writes a feature's styles itself (calendar's
 * colors go on its table) declares `__experimentalSkipSerialization`: true for the whole set, or the features.
 */
function skips(type: SupportsOwner, set: string, feature?: string): boolean {
  const skip = blockSupport(type, [set, '__experimentalSkipSerialization'], false);
  if (Array.isArray(skip)) return feature !== undefined && skip.includes(feature);
  return Boolean(skip);
}

/** A support is on when declared truthy (PHP's (bool), arrays counting when not empty). */
const on = (v: unknown) => (Array.isArray(v) ? v.length > 0 : isObj(v) ? Object.keys(v).length > 0 : Boolean(v));
const has = (type: SupportsOwner, path: string[], fallback = false) => on(blockSupport(type, path, fallback));

function colorFlags(type: SupportsOwner) {
  const c = type.supports && Object.hasOwn(type.supports, 'color') ? type.supports.color : false;
  const flag = (k: string) => c === true || (isObj(c) && (Object.hasOwn(c, k) ? on(c[k]) : false));
  const text = c === true || (isObj(c) && (Object.hasOwn(c, 'text') ? on(c.text) : true));
  const background = c === true || (isObj(c) && (Object.hasOwn(c, 'background') ? on(c.background) : true));
  return {
    text,
    background,
    gradients: flag('gradients'),
    any: text || background || ['gradients', 'link', 'button', 'heading'].some(flag),
  };
}

function typographyFlags(type: SupportsOwner) {
  const t = type.supports && Object.hasOwn(type.supports, 'typography') ? type.supports.typography : false;
  const flag = (k: string) => isObj(t) && Object.hasOwn(t, k) && on(t[k]);
  const keys = [
    '__experimentalFontFamily',
    'fontSize',
    '__experimentalFontStyle',
    '__experimentalFontWeight',
    '__experimentalLetterSpacing',
    'lineHeight',
    'textColumns',
    '__experimentalTextDecoration',
    '__experimentalTextTransform',
    '__experimentalWritingMode',
  ];
  return { fontFamily: flag('__experimentalFontFamily'), fontSize: flag('fontSize'), any: keys.some(flag) };
}

/**
 * WP_Block_Supports::register_attributes() for one block type: `attributes` (block.json's plus `lock`) with what
 * its supports add, in WordPress's order; keys already declared are kept as declared.
 */
export function withSupportAttributes(type: SupportsOwner, attributes: Attrs): Attrs {
  const out: Attrs = { ...attributes };
  const add = (key: string, schema: Attrs) => {
    if (!Object.hasOwn(out, key)) out[key] = schema;
  };
  const obj = { type: 'object' };
  const str = { type: 'string' };
  if (has(type, ['align'])) add('align', { type: 'string', enum: ['left', 'center', 'right', 'wide', 'full', ''] });
  if (has(type, ['background'])) add('style', obj);
  if (has(type, ['__experimentalBorder'])) add('style', obj);
  const border = blockSupport(type, ['__experimentalBorder'], false);
  // wp_has_border_feature_support( 'color' ): true for `true`, or a `color` flag in the object.
  if (border === true || (isObj(border) && on(border.color))) add('borderColor', str);
  const color = colorFlags(type);
  if (color.any) add('style', obj);
  if (color.background) add('backgroundColor', str);
  if (color.text) add('textColor', str);
  if (color.gradients) add('gradient', str);
  if (has(type, ['customClassName'], true)) add('className', str);
  if (has(type, ['dimensions'])) add('style', obj);
  if (
    blockSupport(type, ['filter', 'duotone'], null) !== null &&
    blockSupport(type, ['filter', 'duotone'], null) !== false
  )
    add('style', obj);
  // wp_register_shadow_support() only redefines keys that already exist (a 6.4 bug): it adds nothing.
  if (has(type, ['layout']) || has(type, ['__experimentalLayout'])) add('layout', obj);
  if (has(type, ['position'])) add('style', obj);
  if (has(type, ['spacing'])) add('style', obj);
  const typography = typographyFlags(type);
  if (typography.any) add('style', obj);
  if (typography.fontSize) add('fontSize', str);
  if (typography.fontFamily) add('fontFamily', str);
  return out;
}

/** _wp_to_kebab_case() for preset slugs, as the style engine writes them in class names. */
export function kebab(s: string): string {
  return s
    .replace(/([a-z\d])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])(\d)/g, '$1-$2')
    .replace(/(\d)([a-zA-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

const PRESET = /^var:preset\|([a-z-]+)\|(.+)$/;

/** A style value as CSS: `var:preset|color|x` is `var(--wp--preset--color--x)`. */
function cssValue(v: string): string {
  const m = PRESET.exec(v);
  return m ? `var(--wp--preset--${m[1]}--${kebab(m[2]!)})` : v;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const at = (o: unknown, ...path: string[]): unknown => {
  let v = o;
  for (const k of path) v = isObj(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
};

/** safecss_filter_attr()'s outcome for the plain values supports write: declarations with an unsafe value are dropped. */
export const safeCss = (v: string) => !/[\\(&}]|\/\*/.test(v.replace(/var\(--[a-z0-9-]+\)/g, ''));

/** WP_Block_Supports::apply_block_supports(): the class and style the supports give a block from its parsed attributes. */
export function applyBlockSupports(type: SupportsOwner, attrs: Attrs): { class?: string; style?: string } {
  const classes: string[] = [];
  const styles: string[] = [];
  const css = (property: string, value: unknown) => {
    const v = str(value);
    if (v !== undefined && safeCss(cssValue(v))) styles.push(`${property}:${cssValue(v)};`);
  };
  // align.php
  if (has(type, ['align']) && Object.hasOwn(attrs, 'align')) classes.push(`align${String(attrs.align ?? '')}`);
  // colors.php, through the style engine: text, then background, then gradient.
  if (type.supports && Object.hasOwn(type.supports, 'color') && !skips(type, 'color')) {
    const color = colorFlags(type);
    const group: string[] = [];
    const text = str(attrs.textColor);
    const customText = str(at(attrs.style, 'color', 'text'));
    if (color.text && !skips(type, 'color', 'text') && (text || customText)) {
      group.push('has-text-color');
      if (text) group.push(`has-${kebab(text)}-color`);
      else css('color', customText);
    }
    const bg = str(attrs.backgroundColor);
    const customBg = str(at(attrs.style, 'color', 'background'));
    if (color.background && !skips(type, 'color', 'background') && (bg || customBg)) {
      group.push('has-background');
      if (bg) group.push(`has-${kebab(bg)}-background-color`);
      else css('background-color', customBg);
    }
    const gradient = str(attrs.gradient);
    const customGradient = str(at(attrs.style, 'color', 'gradient'));
    if (color.gradients && !skips(type, 'color', 'gradients') && (gradient || customGradient)) {
      group.push('has-background');
      if (gradient) group.push(`has-${kebab(gradient)}-gradient-background`);
      else css('background', customGradient);
    }
    classes.push(...new Set(group));
  }
  // custom-classname.php
  if (has(type, ['customClassName'], true) && Object.hasOwn(attrs, 'className'))
    classes.push(String(attrs.className ?? ''));
  // generated-classname.php: wp_get_block_default_classname().
  if (has(type, ['className'], true)) classes.push(`wp-block-${type.name.replace(/\//g, '-').replace(/^core-/, '')}`);
  // spacing.php: padding then margin, each a string or per side.
  for (const kind of ['padding', 'margin'] as const) {
    if (!has(type, ['spacing', kind]) || skips(type, 'spacing') || skips(type, 'spacing', kind)) continue;
    const v = at(attrs.style, 'spacing', kind);
    if (typeof v === 'string') css(kind, v);
    else if (isObj(v)) for (const side of ['top', 'right', 'bottom', 'left']) css(`${kind}-${side}`, v[side]);
  }
  // typography.php
  if (typographyFlags(type).any && !skips(type, 'typography')) {
    const size = str(attrs.fontSize);
    if (has(type, ['typography', 'fontSize']) && !skips(type, 'typography', 'fontSize')) {
      if (size) classes.push(`has-${kebab(size)}-font-size`);
      else css('font-size', at(attrs.style, 'typography', 'fontSize'));
    }
    const family = str(attrs.fontFamily);
    if (has(type, ['typography', '__experimentalFontFamily']) && !skips(type, 'typography', 'fontFamily')) {
      if (family) classes.push(`has-${kebab(family)}-font-family`);
      else css('font-family', at(attrs.style, 'typography', 'fontFamily'));
    }
    // [support flag, style key (also the skip-serialization feature), CSS property]
    const plain: Array<[string, string, string]> = [
      ['__experimentalFontStyle', 'fontStyle', 'font-style'],
      ['__experimentalFontWeight', 'fontWeight', 'font-weight'],
      ['lineHeight', 'lineHeight', 'line-height'],
      ['textColumns', 'textColumns', 'column-count'],
      ['__experimentalTextDecoration', 'textDecoration', 'text-decoration'],
      ['__experimentalTextTransform', 'textTransform', 'text-transform'],
      ['__experimentalLetterSpacing', 'letterSpacing', 'letter-spacing'],
      ['__experimentalWritingMode', 'writingMode', 'writing-mode'],
    ];
    for (const [flag, key, property] of plain)
      if (has(type, ['typography', flag]) && !skips(type, 'typography', key))
        css(property, at(attrs.style, 'typography', key));
  }
  const out: { class?: string; style?: string } = {};
  const cls = classes.filter((c) => c !== '').join(' ');
  if (cls) out.class = cls;
  if (styles.length) out.style = styles.join('');
  return out;
}
