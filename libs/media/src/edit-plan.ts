/**
 * The canvas each step of an edit leaves, worked out from sizes alone: editImage checks the whole list against the
 * pixel budget before it decodes anything, so a list of rotations that would grow the canvas past LOOM_MEDIA_MAX_PIXELS
 * costs no memory (each rotation by a non-right angle can double it: 64×64 turned 45° fifteen times is 134 Mpx).
 */
import { type MediaError, mediaError } from './errors';
import type { EditModifier } from './types';

export interface Size {
  width: number;
  height: number;
}

export interface CropBox extends Size {
  left: number;
  top: number;
}

/** A modifier's angle as a clockwise turn in [0, 360). */
export const normalAngle = (angle: number): number => ((angle % 360) + 360) % 360;

/** The canvas a clockwise rotation by `angle` degrees leaves: the turned image's bounding box (libvips's, which
 * rounds it). */
export function rotatedSize(width: number, height: number, angle: number): Size {
  const rad = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  return { width: Math.round(width * cos + height * sin), height: Math.round(width * sin + height * cos) };
}

/** A crop in percent of the current size as pixels: rounded, clamped to the image; null when nothing is left. */
export function cropBox(
  w: number,
  h: number,
  args: { left: number; top: number; width: number; height: number },
): CropBox | null {
  const left = Math.min(Math.max(0, Math.round((w * args.left) / 100)), w - 1);
  const top = Math.min(Math.max(0, Math.round((h * args.top) / 100)), h - 1);
  const width = Math.min(Math.round((w * args.width) / 100), w - left);
  const height = Math.min(Math.round((h * args.height) / 100), h - top);
  return width < 1 || height < 1 ? null : { left, top, width, height };
}

export const cropFailed = (): MediaError => mediaError('rest_image_crop_failed');

/**
 * Follows the modifiers from the (oriented) source size and throws before any work: `rest_image_rotation_failed` 400
 * when a rotation would make a canvas of more than `maxPixels` (WordPress's code for a rotation its editor could not
 * do; 400, as the request asks too much), `rest_image_crop_failed` 500 when a crop leaves nothing (as doing it would).
 * A crop never grows the canvas.
 */
export function checkEditBudget(source: Size, modifiers: readonly EditModifier[], maxPixels: number): void {
  let size: Size = source;
  for (const m of modifiers) {
    if (m.type === 'rotate') {
      const angle = normalAngle(m.args.angle);
      if (angle === 0) continue;
      size = rotatedSize(size.width, size.height, angle);
      if (size.width * size.height > maxPixels) {
        throw mediaError('rest_image_rotation_failed', {
          message: `Unable to rotate this image: the result would have more than ${maxPixels} pixels.`,
          status: 400,
        });
      }
    } else {
      const box = cropBox(size.width, size.height, m.args);
      if (!box) throw cropFailed();
      size = box;
    }
  }
}
