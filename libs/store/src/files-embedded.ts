/**
 * Embedded files: `<root>/<name>`, each written to `<root>/.tmp/<random>` first and renamed into place (rename is
 * atomic on one file system), so a crash or a concurrent reader never sees a partial file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileName, type ByteRange, type FileStore, type StoredFile } from './files';

const TMP = '.tmp';

export class EmbeddedFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(name: string): string {
    checkFileName(name);
    return path.join(this.root, ...name.split('/'));
  }

  async put(name: string, data: Buffer | Readable): Promise<StoredFile> {
    const target = this.pathOf(name);
    const tmpDir = path.join(this.root, TMP);
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(tmp, { flags: 'wx' }));
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return (await this.stat(name))!;
  }

  /** Removes what writes interrupted by a crash left in the temporary folder (at open, before any write). */
  async clearTemporary(): Promise<void> {
    await rm(path.join(this.root, TMP), { recursive: true, force: true });
  }

  async stat(name: string): Promise<StoredFile | null> {
    try {
      const s = await stat(this.pathOf(name));
      if (!s.isFile()) return null;
      // Every put is a new inode (rename), so inode, size and time together change with every write.
      return {
        name,
        size: s.size,
        modified: s.mtime,
        etag: `"${s.ino.toString(16)}-${s.size.toString(16)}-${Math.round(s.mtimeMs * 1000).toString(16)}"`,
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR')
        return null;
      throw e;
    }
  }

  async read(name: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(name);
    if (!(await this.stat(name))) return null;
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(name: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(name));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
  }
}
