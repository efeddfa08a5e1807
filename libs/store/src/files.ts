/**
 * The file part of the storage port: named byte streams (uploaded media) that every replica of a service sees.
 * Two adapters, chosen with the store: files under `<dir>/files/` (embedded; written to a temporary file and
 * renamed into place, so a reader never meets half a file) and MongoDB GridFS (bucket `files`), so that every
 * core-content replica in Kubernetes serves every upload.
 *
 * Names are relative paths of safe segments (`2026/11/photo.jpg`, `2026/11/照片.jpg`): UTF-8 in Unicode's composed
 * form (NFC), as WordPress keeps its uploads' names, never starting with a dot. Files are immutable: `put` on an
 * existing name replaces it whole (a new ETag).
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

/** What no segment may hold: controls, whitespace, a backslash (a separator elsewhere), lone surrogates (no UTF-8
 * spelling) and the bidirectional controls that would show a name other than it is (`x\u202Egpj.exe`). */
const UNSAFE = /[\p{Cc}\p{White_Space}\\\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** A segment's limit: the 255 bytes of a file name on common disks (ext4, xfs); GridFS is held to it too. */
const SEGMENT_BYTES = 255;

const safeSegment = (s: string): boolean =>
  s !== '' && !s.startsWith('.') && !UNSAFE.test(s) && Buffer.byteLength(s, 'utf8') <= SEGMENT_BYTES;

/** Throws for a name that is not a relative path of safe segments (no `..`, no absolute path, no hidden file), or not
 * in NFC (one spelling per name, whatever the disk does with others). */
export function checkFileName(name: string): void {
  if (
    typeof name !== 'string' ||
    name.length > 1000 ||
    name.normalize('NFC') !== name ||
    !name.split('/').every(safeSegment)
  ) {
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
