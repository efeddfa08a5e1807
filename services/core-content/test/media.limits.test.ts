/**
 * Media requests that must not exhaust core-content or refuse real users' files (issue 22 §4), through the gateway:
 * an edit's `modifiers` list is bounded and every rotation's canvas is checked against LOOM_MEDIA_MAX_PIXELS before
 * any work; file names in any script are kept, as WordPress keeps them; and a file store that fails answers
 * WordPress's error and keeps nothing.
 */
import { escapeRegExp } from '@loom/store';
import { as, err, image, startWorld, type World } from '@loom/testing';
import { BASE, fetchFile, month, uploaded, uploadMultipart, uploadRaw } from './media.requests';

/** Small enough that a few 45° turns of a 64×64 image pass it: 64 → 91 → 129 (16,641 px) → 182 (33,124 px). */
const MAX_PIXELS = 20_000;

let w: World;
beforeAll(async () => {
  w = await startWorld({ LOOM_MEDIA_MAX_PIXELS: String(MAX_PIXELS) });
});
afterAll(() => w.close());

/** What is stored: attachments and claimed file names. */
const stored = async () => ({
  attachments: await w.core.store.collection('posts').count({ type: 'attachment' }),
  names: await w.core.store.collection('media_files').count(),
});
const turns = (n: number, angle = 45) => Array.from({ length: n }, () => ({ type: 'rotate', args: { angle } }));
const edit = (id: number, body: object) => as(w, 'author').post(`/core/v2/media/${id}/edit`, body);

describe('image edits', () => {
  test('the reproductions: 13, 15 and 17 rotations of a 64×64 JPEG are refused at once, and nothing is stored', async () => {
    const a = await uploaded(w, 'author', await image(64, 64), 'tiny.jpg');
    const before = await stored();
    for (const n of [13, 15, 17]) {
      const r = await edit(a.id, { src: a.source_url, modifiers: turns(n) });
      expect([n, r.status, r.body]).toEqual([
        n,
        400,
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): modifiers',
          data: {
            status: 400,
            params: { modifiers: 'modifiers must contain at most 10 items.' },
            details: {
              modifiers: {
                code: 'rest_too_many_items',
                message: 'modifiers must contain at most 10 items.',
                data: null,
              },
            },
          },
        },
      ]);
    }
    expect(await stored()).toEqual(before);
  });

  test("ten modifiers are allowed (WordPress's editor sends one rotation and one crop)", async () => {
    const a = await uploaded(w, 'author', await image(64, 48), 'ten.jpg');
    const r = await edit(a.id, {
      src: a.source_url,
      modifiers: [...turns(9, 90), { type: 'crop', args: { left: 0, top: 0, width: 50, height: 100 } }],
    });
    expect(r.status).toBe(201);
    // Nine quarter turns are one (48×64); then the left half.
    expect(r.body.media_details).toMatchObject({ width: 24, height: 64 });
  });

  test('a rotation that would pass LOOM_MEDIA_MAX_PIXELS is refused before any work, even when a crop would shrink the result', async () => {
    const a = await uploaded(w, 'author', await image(64, 64), 'grow.jpg');
    const before = await stored();
    const crop = { type: 'crop', args: { left: 0, top: 0, width: 10, height: 10 } };
    // Without the check before each step, the result (18×18 after the crop) would have been accepted.
    const r = await edit(a.id, { src: a.source_url, modifiers: [...turns(3), crop] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_image_rotation_failed',
      message: `Unable to rotate this image: the result would have more than ${MAX_PIXELS} pixels.`,
      data: { status: 400 },
    });
    expect(await stored()).toEqual(before);
    // Two turns stay inside the budget: 129×129.
    const ok = await edit(a.id, { src: a.source_url, modifiers: turns(2) });
    expect(ok.status).toBe(201);
    expect(ok.body.media_details).toMatchObject({ width: 129, height: 129 });
  });
});

describe('file names in any script', () => {
  const names: [string, string][] = [
    ['照片.jpg', '照片.jpg'],
    ['ééé.jpg', 'eee.jpg'],
    ['a．．／b.jpg', 'a.b.jpg'],
  ];

  /** The name an upload got: the expected one, numbered when an earlier test took it (wp_unique_filename). */
  const expectStoredAs = (body: { media_details: { file: string }; source_url: string }, file: string) => {
    const dot = file.lastIndexOf('.');
    expect(body.media_details.file).toMatch(
      new RegExp(`^${month()}/${escapeRegExp(file.slice(0, dot))}(?:-\\d+)?${escapeRegExp(file.slice(dot))}$`),
    );
    expect(body.source_url).toBe(
      `${BASE}/uploads/${body.media_details.file.split('/').map(encodeURIComponent).join('/')}`,
    );
  };

  test.each(names)('multipart %j is stored as %j and served at its URL', async (sent, file) => {
    const bytes = await image(64, 64);
    const r = await uploadMultipart(w, 'author', bytes, sent);
    expect(r.status).toBe(201);
    expectStoredAs(r.body, file);
    const f = await fetchFile(w, r.body.source_url);
    expect(f.status).toBe(200);
    expect(Buffer.compare(f.body as Buffer, bytes)).toBe(0);
  });

  test.each(names)('raw %j (UTF-8 in Content-Disposition, as curl sends it) is stored as %j', async (sent, file) => {
    const r = await uploadRaw(
      w,
      'author',
      await image(64, 64),
      Buffer.from(sent, 'utf8').toString('latin1'),
      'image/jpeg',
    );
    expect(r.status).toBe(201);
    expectStoredAs(r.body, file);
    expect(r.body.title.raw).toBe(r.body.media_details.file.slice(month().length + 1).replace(/\.jpg$/, ''));
    expect((await fetchFile(w, r.body.source_url)).status).toBe(200);
  });

  test('a download keeps its name for the browser (RFC 6266 filename*)', async () => {
    const r = await uploadRaw(
      w,
      'author',
      Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]),
      Buffer.from('文档.zip').toString('latin1'),
      'application/zip',
    );
    expect(r.status).toBe(201);
    const f = await fetchFile(w, r.body.source_url);
    expect(f.headers['content-type']).toBe('application/octet-stream');
    const base = decodeURIComponent(
      (r.body.source_url as string).slice((r.body.source_url as string).lastIndexOf('/') + 1),
    );
    expect(base).toMatch(/^文档(-\d+)?\.zip$/);
    expect(f.headers['content-disposition']).toBe(
      `attachment; filename="${base.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(base)}`,
    );
  });
});

describe('a file store that fails', () => {
  /** Runs `fn` while every write of the store fails as a full disk would. */
  async function withFailingWrites<T>(fn: () => Promise<T>): Promise<T> {
    const files = w.core.store.files as { put: unknown };
    files.put = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    try {
      return await fn();
    } finally {
      delete files.put;
    }
  }

  test('an upload answers WordPress\'s "could not be moved" (raw: sideload, multipart: unknown) and keeps nothing', async () => {
    const bytes = await image(64, 64);
    const before = await stored();
    const raw = await withFailingWrites(() => uploadRaw(w, 'author', bytes, 'full-disk.jpg', 'image/jpeg'));
    expect(raw.body).toEqual({
      code: 'rest_upload_sideload_error',
      message: `The uploaded file could not be moved to uploads/${month()}.`,
      data: { status: 500 },
    });
    const multipart = await withFailingWrites(() => uploadMultipart(w, 'author', bytes, 'full-disk.jpg'));
    expect(multipart.body).toEqual({
      code: 'rest_upload_unknown_error',
      message: `The uploaded file could not be moved to uploads/${month()}.`,
      data: { status: 500 },
    });
    expect((await stored()).attachments).toBe(before.attachments);
    // The names tried are given up, never left pending for the orphan sweep.
    expect(
      await w.core.store
        .collection('media_files')
        .count({ name: { $regex: /full-disk/ }, state: { $ne: 'abandoned' } }),
    ).toBe(0);
  });

  test("an edit answers WP_Image_Editor::save()'s error and keeps nothing", async () => {
    const a = await uploaded(w, 'author', await image(64, 64), 'save-fails.jpg');
    const before = await stored();
    const r = await withFailingWrites(() => edit(a.id, { src: a.source_url, rotation: 90 }));
    expect(r.body).toEqual({ code: 'image_save_error', message: 'Image Editor Save Failed', data: { status: 500 } });
    expect((await stored()).attachments).toBe(before.attachments);
    expect(err(await edit(a.id, { src: a.source_url, rotation: 90 }))).toEqual({ status: 201, code: undefined });
  });
});
