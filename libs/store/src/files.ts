/**
 * The file part of the storage port: named byte streams (uploaded media) that every replica of a service sees.
 * Two adapters, chosen with the store: files under `<dir>/files/` (embedded; written to a temporary file and
 * renamed into place, so a reader never meets half a file) and MongoDB GridFS (bucket `files`), so that every
 * core-content replica in Kubernetes serves every upload.
 *
 * Names are relative paths of safe segments (`2026/11/photo.jpg`): letters, digits, `.`, `_`, `-`, never starting
 * with a dot. Files are immutable: `put` on an existing name replaces it whole (a new ETag).
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  name: string;
  size: number;
  /** When the file was written. */
  modified: Date;
  /** A strong validator, different for every write of the name (quoted, ready for the ETag header). */
  etag: string;
}

/** An inclusive byte range, as HTTP ranges are written. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /** Writes the file whole from a buffer or a stream; resolves once it is durable and visible. */
  put(name: string, data: Buffer | Readable): Promise<StoredFile>;
  /** The file's description, or null when there is none. */
  stat(name: string): Promise<StoredFile | null>;
  /** The file's bytes (a range of them), or null when there is none. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the file; true when there was one. */
  delete(name: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws for a name that is not a relative path of safe segments (no `..`, no absolute path, no hidden file). */
export function checkFileName(name: string): void {
  if (typeof name !== 'string' || name.length > 1000 || !name.split('/').every((s) => SEGMENT.test(s))) {
    throw new TypeError(`invalid file name ${JSON.stringify(name)}`);
  }
}

/** Whether `name` is a valid file name (for callers turning client paths into names). */
export function isFileName(name: string): boolean {
  try {
    checkFileName(name);
    return true;
  } catch {
    return false;
  }
}
