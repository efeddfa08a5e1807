/**
 * @loom/media: WordPress 6.4's media processing as pure functions (no HTTP, no storage).
 *
 * - detectType: the real type of an upload from its bytes, against get_allowed_mime_types.
 * - sanitizeFileName / uniqueFileName / editedFileName: WordPress's file naming.
 * - processImage / missingImageSizes / createMissingSizes: sub-sizes, `-scaled`, `-rotated`, EXIF/IPTC, WebP copies.
 * - normaliseEditArgs / editImage: POST /media/<id>/edit.
 * - mediaMetadata / fileMetadata: audio/video (music-metadata) and other files.
 * - mediaDetails: the REST `media_details` of any attachment.
 * Every refusal is a MediaError carrying WordPress's code, message and status.
 */
export * from './types';
export { MediaError, UPLOAD_TYPE_REFUSED_MESSAGE, UPLOAD_EMPTY_MESSAGE } from './errors';
export { detectType, isImageMime, isEditableImageMime } from './detect';
export { allowedMimeTypes } from './mimes';
export { sanitizeFileName, uniqueFileName, editedFileName, uploadSubdir } from './filenames';
export { DEFAULT_IMAGE_SIZES, DEFAULT_MAX_PIXELS } from './sizes';
export { processImage, missingImageSizes, createMissingSizes, imageFileMatchesMeta } from './image';
export { normaliseEditArgs, editImage, editedImageMetadata, originalImageFile, MAX_EDIT_MODIFIERS } from './edit';
export { rotatedSize, checkEditBudget } from './edit-plan';
export { mediaMetadata, fileMetadata } from './av';
export { attachmentMetadata } from './metadata';
export { mediaDetails } from './details';
