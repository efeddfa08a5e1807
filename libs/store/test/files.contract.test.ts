/**
 * The file part of the storage contract (files.ts), against every adapter: the embedded files always, GridFS when
 * MONGO_URL is set (a fresh database per test, dropped afterwards), as store.contract.test.ts does.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MongoClient } from 'mongodb';
import { openEmbeddedStore } from '../src/embedded';
import { openMongoStore } from '../src/mongo';
import type { Store } from '../src/port';

const MONGO_URL = process.env.MONGO_URL?.trim();

interface Fixture {
  store: Store;
  dir?: string;
  cleanup(): Promise<void>;
}

const adapters: [string, () => Promise<Fixture>][] = [
  [
    'embedded',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'loom-files-'));
      const store = await openEmbeddedStore(dir);
      const fx: Fixture = {
        store,
        dir,
        async cleanup() {
          await fx.store.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
      return fx;
    },
  ],
];
if (MONGO_URL) {
  let n = 0;
  adapters.push([
    'mongodb',
    async () => {
      const db = `loom_files_${process.pid}_${Date.now().toString(36)}_${n++}`;
      const store = await openMongoStore(MONGO_URL, db);
      return {
        store,
        cleanup: async () => {
          await store.close();
          const c = new MongoClient(MONGO_URL, { serverSelectionTimeoutMS: 5000 });
          await c.connect();
          await c.db(db).dropDatabase();
          await c.close();
        },
      };
    },
  ]);
}

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

describe.each(adapters)('file store contract: %s', (_kind, open) => {
  let f: Fixture;
  beforeEach(async () => {
    f = await open();
  });
  afterEach(() => f.cleanup());

  test('put then stat and read back the same bytes, from a buffer or a stream', async () => {
    const a = await f.store.files.put('2026/11/a.txt', Buffer.from('hello world'));
    expect({ ...a, modified: typeof a.modified.getTime() }).toEqual({
      name: '2026/11/a.txt',
      size: 11,
      modified: 'number',
      etag: expect.stringMatching(/^"[^"]+"$/),
    });
    expect(await f.store.files.stat('2026/11/a.txt')).toEqual(a);
    expect(await text(await f.store.files.read('2026/11/a.txt'))).toBe('hello world');
    const big = Buffer.alloc(600 * 1024, 7);
    big.write('end', big.length - 3);
    const b = await f.store.files.put('2026/11/b.bin', Readable.from([big.subarray(0, 100), big.subarray(100)]));
    expect(b.size).toBe(big.length);
    expect(await text(await f.store.files.read('2026/11/b.bin'))).toBe(big.toString('latin1'));
  });

  test('ranges are inclusive, across GridFS chunk boundaries too', async () => {
    const data = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => i % 251));
    await f.store.files.put('r.bin', data);
    expect(await text(await f.store.files.read('r.bin', { start: 0, end: 0 }))).toBe(
      data.subarray(0, 1).toString('latin1'),
    );
    expect(await text(await f.store.files.read('r.bin', { start: 255 * 1024 - 5, end: 255 * 1024 + 5 }))).toBe(
      data.subarray(255 * 1024 - 5, 255 * 1024 + 6).toString('latin1'),
    );
    expect(await text(await f.store.files.read('r.bin', { start: data.length - 3, end: data.length - 1 }))).toBe(
      data.subarray(-3).toString('latin1'),
    );
  });

  test('a missing file is null; delete says whether there was one', async () => {
    expect(await f.store.files.stat('none.txt')).toBeNull();
    expect(await f.store.files.read('none.txt')).toBeNull();
    expect(await f.store.files.delete('none.txt')).toBe(false);
    await f.store.files.put('x/y.txt', Buffer.from('y'));
    expect(await f.store.files.delete('x/y.txt')).toBe(true);
    expect(await f.store.files.stat('x/y.txt')).toBeNull();
    expect(await f.store.files.read('x/y.txt')).toBeNull();
  });

  test('a put replaces the file whole, with a new ETag', async () => {
    const first = await f.store.files.put('same.txt', Buffer.from('first'));
    const second = await f.store.files.put('same.txt', Buffer.from('second!'));
    expect(second.etag).not.toBe(first.etag);
    expect(await text(await f.store.files.read('same.txt'))).toBe('second!');
    expect((await f.store.files.stat('same.txt'))?.size).toBe(7);
  });

  test('an empty file is a file', async () => {
    await f.store.files.put('empty.txt', Buffer.alloc(0));
    expect((await f.store.files.stat('empty.txt'))?.size).toBe(0);
    expect(await text(await f.store.files.read('empty.txt'))).toBe('');
  });

  test('a stream that fails leaves no file and no partial file behind', async () => {
    await f.store.files.put('kept.txt', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(f.store.files.put('kept.txt', failing)).rejects.toThrow('client went away');
    expect(await text(await f.store.files.read('kept.txt'))).toBe('old');
    await expect(
      f.store.files.put(
        'new.txt',
        new Readable({
          read() {
            this.destroy(new Error('boom'));
          },
        }),
      ),
    ).rejects.toThrow('boom');
    expect(await f.store.files.stat('new.txt')).toBeNull();
    if (f.dir) expect(await readdir(path.join(f.dir, 'files', '.tmp'))).toEqual([]);
  });

  if (_kind === 'embedded') {
    test('reopening clears what an interrupted write left in the temporary folder', async () => {
      await mkdir(path.join(f.dir!, 'files', '.tmp'), { recursive: true });
      await writeFile(path.join(f.dir!, 'files', '.tmp', 'half'), 'partial');
      await f.store.files.put('kept.txt', Buffer.from('kept'));
      await f.store.close();
      f.store = await openEmbeddedStore(f.dir!);
      expect(await readdir(path.join(f.dir!, 'files', '.tmp')).catch(() => [])).toEqual([]);
      expect(await text(await f.store.files.read('kept.txt'))).toBe('kept');
    });
  }

  test('names that could leave the store or hide are refused', async () => {
    const long = `${'照'.repeat(84)}.jpg`; // 256 bytes of UTF-8
    const bad = [
      '../x',
      '/etc/passwd',
      'a/../../b',
      '.hidden',
      'a//b',
      '',
      'a\\b',
      'a/b/',
      'x\0y',
      'a b',
      'a\u3000b',
      'x\u202Egpj.exe',
      'a\uD800b',
      'e\u0301.jpg',
      long,
    ];
    for (const name of bad) {
      await expect(f.store.files.put(name, Buffer.from('x'))).rejects.toThrow(TypeError);
      await expect(f.store.files.stat(name)).rejects.toThrow(TypeError);
    }
  });

  test('names keep the letters of every script (UTF-8, composed), as WordPress keeps them', async () => {
    const names = [
      '2026/11/照片.jpg',
      '2026/11/é.jpg',
      '2026/11/Фото-1.png',
      '2026/11/می‌خواهم.jpg',
      '2026/11/a．．／b.jpg',
      `2026/11/${'照'.repeat(83)}.jpg`,
    ];
    for (const [i, name] of names.entries()) await f.store.files.put(name, Buffer.from(`file ${i}`));
    for (const [i, name] of names.entries()) {
      expect([name, await text(await f.store.files.read(name))]).toEqual([name, `file ${i}`]);
      expect((await f.store.files.stat(name))?.name).toBe(name);
      expect(await f.store.files.delete(name)).toBe(true);
    }
  });
});
