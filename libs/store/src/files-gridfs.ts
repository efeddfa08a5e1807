/**
 * MongoDB files: GridFS bucket `files` in the service's database. A put uploads a new revision and then removes the
 * older ones, so readers see either the old file or the new one, never a mix; reads take the newest revision.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type Db, type GridFSFile } from 'mongodb';
import { checkFileName, type ByteRange, type FileStore, type StoredFile } from './files';

const describe = (f: GridFSFile): StoredFile => ({
  name: f.filename,
  size: f.length,
  modified: f.uploadDate,
  etag: `"${f._id.toHexString()}"`,
});

export class GridFsFileStore implements FileStore {
  private readonly bucket: GridFSBucket;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'files' });
  }

  private async revisions(name: string): Promise<GridFSFile[]> {
    checkFileName(name);
    return this.bucket.find({ filename: name }).sort({ uploadDate: -1, _id: -1 }).toArray();
  }

  async put(name: string, data: Buffer | Readable): Promise<StoredFile> {
    checkFileName(name);
    const upload = this.bucket.openUploadStream(name);
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, upload);
    } catch (e) {
      await this.bucket.delete(upload.id).catch(() => undefined);
      throw e;
    }
    for (const old of await this.revisions(name))
      if (!old._id.equals(upload.id)) await this.bucket.delete(old._id).catch(() => undefined);
    const [current] = await this.revisions(name);
    return describe(current!);
  }

  async stat(name: string): Promise<StoredFile | null> {
    const [current] = await this.revisions(name);
    return current ? describe(current) : null;
  }

  async read(name: string, range?: ByteRange): Promise<Readable | null> {
    const [current] = await this.revisions(name);
    if (!current) return null;
    // GridFS's end is exclusive.
    return this.bucket.openDownloadStream(current._id, range ? { start: range.start, end: range.end + 1 } : {});
  }

  async delete(name: string): Promise<boolean> {
    const all = await this.revisions(name);
    for (const f of all) await this.bucket.delete(f._id).catch(() => undefined);
    return all.length > 0;
  }
}
