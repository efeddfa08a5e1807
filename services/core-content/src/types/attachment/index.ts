/** core/v2 media (spec 2.5, 4.6): uploads, served files, edit and post-process, lookups for other resources. */
export { mediaBindings } from './edit';
export { mountUploads } from './serve';
export { activateMedia, loadMediaSettings } from './settings';
export { attachmentsByIds } from './lookup';
export { ensureMediaIndexes } from './names';
export { startOrphanSweep } from './orphans';
export { upgradeStoredAttachments } from './upgrade';
