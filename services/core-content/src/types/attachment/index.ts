/** core/v2 media (spec 2.5, 4.6): uploads, served files, edit and post-process, lookups for other resources. */
export { mediaBindings } from './edit';
export { mountUploads } from './serve';
export { activateMedia, loadMediaSettings, mediaSettings, type MediaSettings } from './settings';
export { attachmentsByIds } from './lookup';
export { fileUrl, UPLOADS_PATH } from '../../engine/media/files';
export { ensureMediaIndexes } from './names';
export { startOrphanSweep, sweepOrphans } from './orphans';
