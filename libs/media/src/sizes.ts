import { constrainDimensions } from '@loom/rendering';
import type { ImageSizeSpec } from './types';

/** WordPress 6.4's registered sizes (options thumbnail/medium/medium_large/large and the two core sizes). */
export const DEFAULT_IMAGE_SIZES: Readonly<Record<string, ImageSizeSpec>> = Object.freeze({
  thumbnail: { width: 150, height: 150, crop: true },
  medium: { width: 300, height: 300, crop: false },
  medium_large: { width: 768, height: 0, crop: false },
  large: { width: 1024, height: 1024, crop: false },
  '1536x1536': { width: 1536, height: 1536, crop: false },
  '2048x2048': { width: 2048, height: 2048, crop: false },
});

/** big_image_size_threshold's default. */
export const BIG_IMAGE_THRESHOLD = 2560;

/** Loom's default pixel limit (LOOM_MEDIA_MAX_PIXELS): 100 megapixels. */
export const DEFAULT_MAX_PIXELS = 100_000_000;

export interface ResizePlan {
  /** The region of the original to take (centre crop for cropped sizes). */
  srcX: number;
  srcY: number;
  srcW: number;
  srcH: number;
  /** The size of the result. */
  width: number;
  height: number;
}

/** image_resize_dimensions: the crop/resize of an origW×origH image for a size, or null when the result would
 * be (within a pixel) the original's size or larger: WordPress never upscales. */
export function resizeDimensions(origW: number, origH: number, size: ImageSizeSpec): ResizePlan | null {
  const { width: destW, height: destH, crop } = size;
  if (origW <= 0 || origH <= 0 || (destW <= 0 && destH <= 0)) return null;
  let srcX = 0;
  let srcY = 0;
  let srcW = origW;
  let srcH = origH;
  let newW: number;
  let newH: number;
  if (crop) {
    const aspect = origW / origH;
    newW = Math.min(destW, origW);
    newH = Math.min(destH, origH);
    if (!newW) newW = Math.round(newH * aspect);
    if (!newH) newH = Math.round(newW / aspect);
    const sizeRatio = Math.max(newW / origW, newH / origH);
    srcW = Math.round(newW / sizeRatio);
    srcH = Math.round(newH / sizeRatio);
    srcX = Math.floor((origW - srcW) / 2);
    srcY = Math.floor((origH - srcH) / 2);
  } else {
    [newW, newH] = constrainDimensions(origW, origH, destW, destH);
  }
  // wp_fuzzy_number_match: within one pixel of the original on both sides is "the same size".
  if (Math.abs(newW - origW) <= 1 && Math.abs(newH - origH) <= 1) return null;
  return { srcX, srcY, srcW, srcH, width: newW, height: newH };
}
