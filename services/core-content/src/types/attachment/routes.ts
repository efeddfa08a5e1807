/**
 * The attachments controller's own routes (spec 4.6, 7.2, 8; WP_REST_Attachments_Controller::register_routes):
 * `POST /core/v2/media/<id>/post-process` and `POST /core/v2/media/<id>/edit`, never batchable. The media
 * collection and item routes are the posts controller's, from the `attachment` type (post-types/attachment.ts).
 */
import { z } from 'zod';
import { CREATABLE, endpoint, route, sanitizedOnly, wp, type WpSchema, sanitizeError } from '@loom/contracts';
/** The namespace (written here: terms.ts reads the registry, which loads the attachment type that loads this). */
const CORE = 'core/v2';

export const MEDIA_POST_PROCESS_ACTIONS = ['create-image-subsizes'] as const;

const mediaId = () => z.number().int().optional().describe('Unique identifier for the attachment.');

/** One edit step as the handler gets it: angles in degrees clockwise, crops in percent. */
export type MediaModifier =
  | { type: 'rotate'; args: { angle: number } }
  | { type: 'crop'; args: { left: number; top: number; width: number; height: number } };

const ROTATE: WpSchema = {
  title: 'Rotation',
  type: 'object',
  properties: {
    // Required, as WordPress's schema says (`required: [type, args]`, each argument): `type` tells a rotation from a crop.
    type: { description: 'Rotation type.', type: 'string', enum: ['rotate'], required: true },
    args: {
      description: 'Rotation arguments.',
      type: 'object',
      required: true,
      properties: { angle: { description: 'Angle to rotate clockwise in degrees.', type: 'number', required: true } },
    } as WpSchema,
  },
};
const CROP: WpSchema = {
  title: 'Crop',
  type: 'object',
  properties: {
    type: { description: 'Crop type.', type: 'string', enum: ['crop'], required: true },
    args: {
      description: 'Crop arguments.',
      type: 'object',
      required: true,
      properties: {
        left: {
          description: 'Horizontal position from the left to begin the crop as a percentage of the image width.',
          type: 'number',
          required: true,
        },
        top: {
          description: 'Vertical position from the top to begin the crop as a percentage of the image height.',
          type: 'number',
          required: true,
        },
        width: { description: 'Width of the crop as a percentage of the image width.', type: 'number', required: true },
        height: {
          description: 'Height of the crop as a percentage of the image height.',
          type: 'number',
          required: true,
        },
      },
    },
  },
};

const isNumber = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v));

/** One modifier against WordPress's oneOf (rotate | crop), or the reason it matches neither. */
function readModifier(v: unknown, at: string): MediaModifier | string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return `${at} is not of type object.`;
  const { type, args } = v as Record<string, unknown>;
  if (type !== 'rotate' && type !== 'crop') return `${at} does not match any of the expected formats.`;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return `${at}[args] is a required property of ${at}.`;
  const a = args as Record<string, unknown>;
  const keys = type === 'rotate' ? ['angle'] : ['left', 'top', 'width', 'height'];
  for (const k of keys) {
    if (!Object.hasOwn(a, k)) return `${k} is a required property of ${at}[args].`;
    if (!isNumber(a[k])) return `${at}[args][${k}] is not of type number.`;
  }
  const n = (k: string) => Number(a[k]);
  return type === 'rotate'
    ? { type, args: { angle: n('angle') } }
    : { type, args: { left: n('left'), top: n('top'), width: n('width'), height: n('height') } };
}

/** `modifiers`: at least one item, each a rotate or a crop (validated here: the kit's checker has no oneOf). */
const modifiersArg = () =>
  sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v, ctx): MediaModifier[] => {
          if (!Array.isArray(v)) return sanitizeError(ctx, 'rest_invalid_type', 'modifiers is not of type array.');
          if (v.length < 1) return sanitizeError(ctx, 'rest_too_few_items', 'modifiers must contain at least 1 items.');
          const out: MediaModifier[] = [];
          for (const [i, item] of v.entries()) {
            const m = readModifier(item, `modifiers[${i}]`);
            if (typeof m === 'string') return sanitizeError(ctx, 'rest_one_of_no_matches', m);
            out.push(m);
          }
          return out;
        })
        .optional(),
      // maxItems is Loom's (WordPress sets none); libs/media's normaliseEditArgs enforces it (MAX_EDIT_MODIFIERS).
      {
        description: 'Array of image edits.',
        type: 'array',
        minItems: 1,
        maxItems: 10,
        items: { description: 'Image edit.', type: 'object', oneOf: [ROTATE, CROP] },
      },
    ),
  );

const percent = (description: string) => wp(z.number().optional().describe(description), { minimum: 0, maximum: 100 });

export const mediaRoutes = {
  postProcess: route(CORE, `/${CORE}/media/<id>/post-process`, {
    create: endpoint(
      CREATABLE,
      {
        id: mediaId(),
        action: z.enum(MEDIA_POST_PROCESS_ACTIONS).describe('The post-processing action to perform on the attachment.'),
      },
      { docs: { summary: "Post-process a media item (make an image's sizes)" } },
    ),
  }),
  edit: route(CORE, `/${CORE}/media/<id>/edit`, {
    create: endpoint(
      CREATABLE,
      {
        src: wp(z.string().describe('URL to the edited image file.'), { format: 'uri' }),
        modifiers: modifiersArg(),
        rotation: wp(
          z
            .number()
            .int()
            .optional()
            .describe('The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.'),
          {
            minimum: 0,
            exclusiveMinimum: true,
            maximum: 360,
            exclusiveMaximum: true,
          },
        ),
        x: percent(
          'As a percentage of the image, the x position to start the crop from. DEPRECATED: Use `modifiers` instead.',
        ),
        y: percent(
          'As a percentage of the image, the y position to start the crop from. DEPRECATED: Use `modifiers` instead.',
        ),
        width: percent(
          'As a percentage of the image, the width to crop the image to. DEPRECATED: Use `modifiers` instead.',
        ),
        height: percent(
          'As a percentage of the image, the height to crop the image to. DEPRECATED: Use `modifiers` instead.',
        ),
        id: mediaId(),
      },
      { docs: { summary: 'Edit an image (rotate, crop) into a new media item' } },
    ),
  }),
};
