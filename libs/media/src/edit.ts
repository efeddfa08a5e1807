import type { ErrorCode } from '@loom/contracts';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { checkEditBudget, cropBox, cropFailed, normalAngle } from './edit-plan';
import { imageTooLarge, type MediaError, mediaError } from './errors';
import { DEFAULT_MAX_PIXELS } from './sizes';
import type { EditModifier, ImageMetadata } from './types';

/** One failed check, as rest_validate_value_from_schema words it. */
interface Invalid {
  code: ErrorCode;
  message: string;
  param: string;
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** rest_is_number / rest_is_integer: numbers and numeric strings. */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim()))
    return Number(v);
  return null;
}

function number(v: unknown, param: string): Invalid | number {
  const n = toNumber(v);
  return n === null ? { code: 'rest_invalid_type', message: `${param} is not of type number.`, param } : n;
}

/** Checks one modifier against the Rotation and Crop schemas and picks WordPress's error when neither fits
 * (rest_find_one_matching_schema → rest_get_combining_operation_error). */
function checkModifier(item: unknown, param: string): Invalid | EditModifier {
  const schemas = [
    { title: 'Rotation', type: 'rotate', args: ['angle'] },
    { title: 'Crop', type: 'crop', args: ['left', 'top', 'width', 'height'] },
  ];
  const errors: { err: Invalid; title: string }[] = [];
  let match: EditModifier | null = null;
  for (const s of schemas) {
    const err = ((): Invalid | EditModifier => {
      if (!isPlainObject(item)) return { code: 'rest_invalid_type', message: `${param} is not of type object.`, param };
      if (has(item, 'type') && item.type !== s.type) {
        return {
          code: 'rest_not_in_enum',
          message: `${param}[type] is not one of ${s.type}.`,
          param: `${param}[type]`,
        };
      }
      const values: Record<string, number> = {};
      if (has(item, 'args')) {
        const args = item.args;
        const p = `${param}[args]`;
        if (!isPlainObject(args))
          return { code: 'rest_invalid_type', message: `${p} is not of type object.`, param: p };
        for (const name of s.args) {
          if (!has(args, name))
            return { code: 'rest_property_required', message: `${name} is a required property of ${p}.`, param: p };
        }
        for (const name of s.args) {
          const n = number(args[name], `${p}[${name}]`);
          if (typeof n !== 'number') return n;
          values[name] = n;
        }
      }
      return s.type === 'rotate'
        ? { type: 'rotate', args: { angle: values.angle } }
        : { type: 'crop', args: { left: values.left, top: values.top, width: values.width, height: values.height } };
    })();
    if ('type' in err && (err.type === 'rotate' || err.type === 'crop')) {
      if (!match) match = err;
    } else {
      errors.push({ err: err as Invalid, title: s.title });
    }
  }
  if (match) {
    // The items' own `required` applies once a schema matched.
    const obj = item as Record<string, unknown>;
    for (const name of ['type', 'args']) {
      if (!has(obj, name))
        return { code: 'rest_property_required', message: `${name} is a required property of ${param}.`, param };
    }
    return match;
  }
  const filtered = errors.filter((e) => e.err.code !== 'rest_invalid_type' || e.err.param !== param);
  const pick = filtered.length === 1 ? filtered[0] : filtered.length > 1 ? filtered[0] : null;
  if (pick)
    return {
      code: 'rest_no_matching_schema',
      message: `${param} is not a valid ${pick.title}. Reason: ${pick.err.message}`,
      param,
    };
  return { code: 'rest_no_matching_schema', message: `${param} is not a valid Rotation and Crop.`, param };
}

/**
 * Loom's `maxItems` for `modifiers` (WordPress sets none): its editor sends one rotation and one crop, and every step
 * is a full pass over the image (a rotation by a non-right angle also grows the canvas), so a long list is only work.
 */
export const MAX_EDIT_MODIFIERS = 10;

function checkModifiers(v: unknown): Invalid | EditModifier[] {
  if (!Array.isArray(v))
    return { code: 'rest_invalid_type', message: 'modifiers is not of type array.', param: 'modifiers' };
  if (v.length < 1)
    return { code: 'rest_too_few_items', message: 'modifiers must contain at least 1 item.', param: 'modifiers' };
  const out: EditModifier[] = [];
  for (let i = 0; i < v.length; i++) {
    const m = checkModifier(v[i], `modifiers[${i}]`);
    if ('code' in m) return m;
    out.push(m);
  }
  // After the items, as rest_validate_array_value_from_schema checks them.
  if (v.length > MAX_EDIT_MODIFIERS) {
    return {
      code: 'rest_too_many_items',
      message: `modifiers must contain at most ${MAX_EDIT_MODIFIERS} items.`,
      param: 'modifiers',
    };
  }
  return out;
}

function checkRange(
  v: unknown,
  param: string,
  integer: boolean,
  exclusive: boolean,
  min: number,
  max: number,
): Invalid | number {
  const n = toNumber(v);
  if (n === null || (integer && !Number.isInteger(n))) {
    return { code: 'rest_invalid_type', message: `${param} is not of type ${integer ? 'integer' : 'number'}.`, param };
  }
  const out = exclusive ? n <= min || n >= max : n < min || n > max;
  if (out) {
    const kind = exclusive ? 'exclusive' : 'inclusive';
    return {
      code: 'rest_out_of_bounds',
      message: `${param} must be between ${min} (${kind}) and ${max} (${kind})`,
      param,
    };
  }
  return n;
}

/**
 * The edit route's parameters as an ordered list of modifiers, as WP_REST_Attachments_Controller::edit_media_item
 * reads them: `modifiers` (minItems 1; each a Rotation `{type:'rotate', args:{angle}}` or a Crop
 * `{type:'crop', args:{left, top, width, height}}` in percent) wins over the deprecated `rotation` (integer,
 * 0 < r < 360) and `x`/`y`/`width`/`height` (0–100, used only when all four are given).
 * Throws MediaError `rest_invalid_param` 400 with `params` (and `details`) worded as WordPress's schema
 * validation words them, or `rest_image_not_edited` 400 when nothing is asked. `src` is the caller's to check
 * (required; imageFileMatchesMeta).
 */
export function normaliseEditArgs(params: Record<string, unknown>): EditModifier[] {
  const invalid: Invalid[] = [];
  const get = (k: string): unknown => (has(params, k) ? params[k] : undefined);
  let modifiers: EditModifier[] | null = null;
  if (get('modifiers') !== undefined && get('modifiers') !== null) {
    const m = checkModifiers(get('modifiers'));
    if ('code' in m) invalid.push({ ...m, param: 'modifiers' });
    else modifiers = m;
  }
  const numbers: Record<string, number> = {};
  const deprecated: [string, boolean, boolean, number, number][] = [
    ['rotation', true, true, 0, 360],
    ['x', false, false, 0, 100],
    ['y', false, false, 0, 100],
    ['width', false, false, 0, 100],
    ['height', false, false, 0, 100],
  ];
  for (const [name, integer, exclusive, min, max] of deprecated) {
    const v = get(name);
    if (v === undefined || v === null) continue;
    const n = checkRange(v, name, integer, exclusive, min, max);
    if (typeof n === 'number') numbers[name] = n;
    else invalid.push({ ...n, param: name });
  }
  if (invalid.length) {
    const err = mediaError('rest_invalid_param', {
      message: `Invalid parameter(s): ${invalid.map((i) => i.param).join(', ')}`,
      params: Object.fromEntries(invalid.map((i) => [i.param, i.message])),
    });
    err.details = Object.fromEntries(invalid.map((i) => [i.param, { code: i.code, message: i.message, data: null }]));
    throw err;
  }
  if (modifiers) return modifiers;
  const out: EditModifier[] = [];
  if (numbers.rotation) out.push({ type: 'rotate', args: { angle: numbers.rotation } });
  if (['x', 'y', 'width', 'height'].every((k) => k in numbers)) {
    out.push({ type: 'crop', args: { left: numbers.x, top: numbers.y, width: numbers.width, height: numbers.height } });
  }
  if (out.length === 0) {
    throw mediaError('rest_image_not_edited');
  }
  return out;
}

const EDIT_FORMATS: Readonly<Record<string, (img: Sharp) => Sharp>> = {
  'image/jpeg': (img) => img.jpeg({ quality: 82 }),
  'image/png': (img) => img.png(),
  'image/gif': (img) => img.gif(),
  'image/webp': (img) => img.webp({ quality: 86 }),
};

/**
 * Apply the modifiers in order to an image (EXIF orientation applied first, so percentages mean what the user
 * saw) and encode it in the same format. Rotation is clockwise (any angle; the corners of a non-right angle
 * are transparent, black in JPEG); a crop is in percent of the current size, rounded, clamped to the image.
 * Throws MediaError `rest_unknown_image_file_type` 500 (type or bytes not editable), `rest_image_rotation_failed`
 * / `rest_image_crop_failed` 500, `rest_upload_image_too_large` 400 (the source past the pixel limit), and
 * `rest_image_rotation_failed` 400 when a rotation would make a canvas past it (edit-plan.ts: every step's size is
 * checked before anything is decoded, so no step ever holds more than `maxPixels`).
 */
export async function editImage(
  bytes: Uint8Array,
  mime: string,
  modifiers: EditModifier[],
  opts: { maxPixels?: number } = {},
): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const format = EDIT_FORMATS[mime];
  const unknown = (): MediaError => mediaError('rest_unknown_image_file_type');
  if (!format) throw unknown();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unknown();
  }
  const expected: Record<string, string> = {
    'image/jpeg': 'jpeg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
  };
  if (!meta.width || !meta.height || meta.format !== expected[mime]) throw unknown();
  if (meta.width * meta.height > maxPixels) throw imageTooLarge(maxPixels);
  // EXIF orientations 5–8 turn the image a quarter: the steps start from the size the user saw (crops round from it).
  const sideways = (meta.orientation ?? 1) >= 5;
  checkEditBudget(
    sideways ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height },
    modifiers,
    maxPixels,
  );
  // Each step is materialised as raw pixels so the next one sees the current size, as WordPress's editor does.
  let current: { data: Buffer; info: OutputInfo };
  try {
    current = await sharp(bytes, { autoOrient: true, limitInputPixels: maxPixels })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unknown();
  }
  const fromRaw = (c: { data: Buffer; info: OutputInfo }): Sharp =>
    sharp(c.data, { raw: { width: c.info.width, height: c.info.height, channels: c.info.channels } });
  for (const m of modifiers) {
    if (m.type === 'rotate') {
      const angle = normalAngle(m.args.angle);
      if (angle === 0) continue;
      try {
        current = await fromRaw(current)
          .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw mediaError('rest_image_rotation_failed');
      }
    } else {
      const box = cropBox(current.info.width, current.info.height, m.args);
      if (!box) throw cropFailed();
      try {
        current = await fromRaw(current).extract(box).raw().toBuffer({ resolveWithObject: true });
      } catch {
        throw cropFailed();
      }
    }
  }
  let out = fromRaw(current);
  if (mime === 'image/jpeg') out = out.flatten({ background: '#000000' });
  return format(out).toBuffer();
}

/** PHP's empty() on a metadata value. */
const phpEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  v === '0' ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0);

/** The relative path of the uploaded original (wp_get_original_image_path): `original_image` in the attached
 * file's folder, else the attached file. Edits and post-process work from it. */
export function originalImageFile(metadata: Pick<ImageMetadata, 'file' | 'original_image'>): string {
  const slash = metadata.file.lastIndexOf('/');
  return metadata.original_image ? metadata.file.slice(0, slash + 1) + metadata.original_image : metadata.file;
}

/** What edit_media_item adds to the edited image's fresh metadata (processImage of the saved `-edited` file):
 * empty `image_meta` values filled from the parent's, `orientation` reset to 1 when set, and
 * `parent_image: {attachment_id, file}` (the id as the route gave it, the parent's original file). */
export function editedImageMetadata(
  edited: ImageMetadata,
  parent: ImageMetadata,
  parentId: string | number,
): ImageMetadata {
  const imageMeta = { ...edited.image_meta } as Record<string, unknown>;
  if (parent.image_meta) {
    for (const [k, v] of Object.entries(parent.image_meta))
      if (phpEmpty(imageMeta[k]) && !phpEmpty(v)) imageMeta[k] = v;
  }
  if (!phpEmpty(imageMeta.orientation)) imageMeta.orientation = 1;
  return {
    ...edited,
    image_meta: imageMeta as unknown as ImageMetadata['image_meta'],
    parent_image: { attachment_id: String(parentId), file: originalImageFile(parent) },
  };
}
