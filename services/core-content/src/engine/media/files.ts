/**
 * Where an attachment's files live and how they are reached: stored under their uploads-relative name
 * (`2026/11/photo.jpg`) in the service's file store (DATA_DIR or GridFS), served at `${LOOM_BASE_URL}/uploads/<name>`
 * (serve.ts; the gateway forwards /uploads/). Every file an attachment owns: its original, the attached copy
 * (`-scaled`/`-rotated`), its sizes and their WebP sources.
 */
import type { KitConfig } from '@loom/service-kit';
import type { FileStore } from '@loom/store';
import type { AttachmentMetadata, ImageMetadata, OutputFile } from '@loom/media';

export const UPLOADS_PATH = '/uploads/';

/** The public URL of an uploads-relative file. */
export const fileUrl = (config: Pick<KitConfig, 'baseUrl'>, file: string): string =>
  `${config.baseUrl}${UPLOADS_PATH}${file.split('/').map(encodeURIComponent).join('/')}`;

const dirOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);

/** The file as uploaded (wp_get_original_image_path): the original an image's `-scaled`/`-rotated` copy was made from. */
export function originalFile(file: string, metadata: AttachmentMetadata | null | undefined): string {
  const original = (metadata as Partial<ImageMetadata> | null | undefined)?.original_image;
  return original ? dirOf(file) + original : file;
}

/** Every stored name an attachment owns (its file, original, sizes, WebP sources), without repeats. */
export function attachmentFiles(file: string, metadata: AttachmentMetadata | null | undefined): string[] {
  const out = new Set<string>([file]);
  const meta = metadata as Partial<ImageMetadata> | null | undefined;
  const dir = dirOf(file);
  if (meta?.original_image) out.add(dir + meta.original_image);
  for (const src of Object.values(meta?.sources ?? {})) out.add(dir + src.file);
  for (const size of Object.values(meta?.sizes ?? {})) {
    out.add(dir + size.file);
    for (const src of Object.values(size.sources ?? {})) out.add(dir + src.file);
  }
  return [...out];
}

/**
 * Stores every file of a new attachment; if one fails, those already written are deleted again, so a failed write
 * leaves no file behind (the row is written only after this resolves).
 */
export async function storeAll(files: FileStore, outputs: Array<Pick<OutputFile, 'file' | 'bytes'>>): Promise<void> {
  const written: string[] = [];
  try {
    for (const o of outputs) {
      await files.put(o.file, o.bytes);
      written.push(o.file);
    }
  } catch (e) {
    await removeAll(files, written);
    throw e;
  }
}

/** Deletes files, carrying on past a failure (a file already gone is fine). */
export async function removeAll(files: FileStore, names: string[]): Promise<void> {
  for (const name of names) await files.delete(name).catch(() => undefined);
}
