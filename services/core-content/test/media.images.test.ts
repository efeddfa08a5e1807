/**
 * Images through the gateway (reference §1.3, 1.5): sub-sizes made only when the original is larger, the 2560
 * threshold's `-scaled` copy with `original_image`, EXIF orientation applied (`-rotated`), WebP sources that answer,
 * missing_image_sizes and post-process, and POST /media/<id>/edit making a new `-edited` attachment.
 */
import sharp from 'sharp';
import { as, err, image, startWorld, type World } from '@loom/testing';
import { BASE, fetchFile, month, uploaded } from './media.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const dims = async (w_: World, url: string) => {
  const r = await fetchFile(w_, url);
  expect([url, r.status]).toEqual([url, 200]);
  const m = await sharp(r.body as Buffer).metadata();
  return { width: m.width, height: m.height, format: m.format, type: r.headers['content-type'] };
};

test('sizes: thumbnail 150×150 crop, medium, medium_large, large; none larger than the original; each served', async () => {
  const a = await uploaded(w, 'author', await image(1200, 800), 'wide.jpg');
  const sizes = a.media_details.sizes as Record<
    string,
    { file: string; width: number; height: number; mime_type: string; source_url: string; filesize: number }
  >;
  expect(Object.keys(sizes).sort()).toEqual(['full', 'large', 'medium', 'medium_large', 'thumbnail'].sort());
  expect(sizes.thumbnail).toMatchObject({ file: 'wide-150x150.jpg', width: 150, height: 150, mime_type: 'image/jpeg' });
  expect(sizes.medium).toMatchObject({ file: 'wide-300x200.jpg', width: 300, height: 200 });
  expect(sizes.medium_large).toMatchObject({ width: 768, height: 512 });
  expect(sizes.large).toMatchObject({ width: 1024, height: 683 });
  expect(sizes.full).toMatchObject({
    file: 'wide.jpg',
    width: 1200,
    height: 800,
    mime_type: 'image/jpeg',
    source_url: a.source_url,
  });
  for (const [name, s] of Object.entries(sizes)) {
    expect(s.source_url).toBe(`${BASE}/uploads/${month()}/${s.file}`);
    const d = await dims(w, s.source_url);
    expect([name, d.width, d.height]).toEqual([name, s.width, s.height]);
  }
  // A small image has no sizes at all, and no `full`.
  const small = await uploaded(w, 'author', await image(120, 90), 'small.jpg');
  expect(small.media_details).toMatchObject({ width: 120, height: 90, sizes: {} });
  expect(small.missing_image_sizes).toEqual([]);
});

test('an image over 2560 px gets a -scaled copy as its file, the original kept as original_image', async () => {
  const a = await uploaded(w, 'editor', await image(3000, 1500), 'panorama.jpg');
  expect(a.media_details).toMatchObject({
    width: 2560,
    height: 1280,
    file: `${month()}/panorama-scaled.jpg`,
    original_image: 'panorama.jpg',
  });
  expect(a.source_url).toBe(`${BASE}/uploads/${month()}/panorama-scaled.jpg`);
  expect(await dims(w, a.source_url)).toMatchObject({ width: 2560, height: 1280 });
  expect(await dims(w, `${BASE}/uploads/${month()}/panorama.jpg`)).toMatchObject({ width: 3000, height: 1500 });
  expect(Object.keys(a.media_details.sizes)).toEqual(
    expect.arrayContaining(['thumbnail', 'medium', 'large', '1536x1536', '2048x2048', 'full']),
  );
});

test('EXIF orientation is applied: a portrait photo stored sideways comes out upright (-rotated)', async () => {
  // 400×200 pixels with orientation 6 (rotate 90° clockwise to view): upright it is 200×400.
  const a = await uploaded(w, 'author', await image(400, 200, { orientation: 6 }), 'sideways.jpg');
  expect(a.media_details).toMatchObject({
    width: 200,
    height: 400,
    file: `${month()}/sideways-rotated.jpg`,
    original_image: 'sideways.jpg',
  });
  expect(await dims(w, a.source_url)).toMatchObject({ width: 200, height: 400 });
  expect(await dims(w, a.media_details.sizes.medium.source_url)).toMatchObject({ width: 150, height: 300 });
});

test('WebP sources: where a WebP copy is smaller it is listed in sources and served as image/webp', async () => {
  const a = await uploaded(w, 'author', await image(1000, 700, { format: 'png' }), 'chart.png', 'image/png');
  const withWebp = Object.values(
    a.media_details.sizes as Record<
      string,
      { sources?: Record<string, { file: string; filesize: number; source_url?: string }> }
    >,
  ).filter((s) => s.sources?.['image/webp']);
  expect(withWebp.length).toBeGreaterThan(0);
  for (const s of withWebp) {
    const webp = s.sources!['image/webp']!;
    expect(webp.file).toMatch(/\.webp$/);
    expect(webp.filesize).toBeLessThan(s.sources!['image/png']!.filesize);
    const url = webp.source_url ?? `${BASE}/uploads/${month()}/${webp.file}`;
    const d = await dims(w, url);
    expect(d).toMatchObject({ format: 'webp', type: 'image/webp' });
  }
  // A WebP upload is its own type.
  const own = await uploaded(w, 'author', await image(320, 240, { format: 'webp' }), 'native.webp', 'image/webp');
  expect(own).toMatchObject({ mime_type: 'image/webp', media_type: 'image' });
});

test('edit: a rotate and a crop make a NEW -edited attachment (201, request context) with parent_image', async () => {
  const original = await uploaded(w, 'author', await image(800, 400), 'shirt.jpg');
  await as(w, 'author').post(`/core/v2/media/${original.id}`, {
    alt_text: 'A shirt',
    caption: 'Cotton',
    description: 'Blue',
  });
  const r = await as(w, 'author').post(`/core/v2/media/${original.id}/edit`, {
    src: original.source_url,
    modifiers: [
      { type: 'rotate', args: { angle: 90 } },
      { type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } },
    ],
  });
  expect(r.status).toBe(201);
  expect(r.body.id).not.toBe(original.id);
  expect(r.headers.location).toBe(`${BASE}/rest/core/v2/media/${r.body.id}`);
  expect(r.headers['x-wp-upload-attachment-id']).toBe(String(r.body.id));
  // View context (the route's default): no raw fields.
  expect(r.body.title).toEqual({ rendered: 'shirt' });
  expect(r.body).toMatchObject({
    alt_text: 'A shirt',
    media_type: 'image',
    source_url: `${BASE}/uploads/${month()}/shirt-edited.jpg`,
    post: null,
  });
  // Rotated 90° (400×800), then the top-left quarter: 200×400.
  expect(r.body.media_details).toMatchObject({
    width: 200,
    height: 400,
    parent_image: { attachment_id: String(original.id), file: `${month()}/shirt.jpg` },
  }); // sample 74: the relative path
  expect(await dims(w, r.body.source_url)).toMatchObject({ width: 200, height: 400 });
  // Editing the edit again collapses the suffix and makes it unique.
  const again = await as(w, 'author').post(`/core/v2/media/${r.body.id}/edit?context=edit`, {
    src: r.body.source_url,
    rotation: 180,
  });
  expect(again.status).toBe(201);
  expect(again.body.source_url).toBe(`${BASE}/uploads/${month()}/shirt-edited-1.jpg`);
  expect(again.body.title.raw).toBe('shirt');
});

test('edit errors: src of another file, nothing asked, parameter limits, non-images, permissions', async () => {
  const a = await uploaded(w, 'author', await image(400, 300), 'edit-me.jpg');
  const edit = (caller: Parameters<typeof as>[1], body: object, id = a.id) =>
    as(w, caller).post(`/core/v2/media/${id}/edit`, body);
  expect((await edit('author', { src: `${BASE}/uploads/2001/01/other.jpg`, rotation: 90 })).body).toEqual({
    code: 'rest_unknown_attachment',
    message: 'Unable to get meta information for file.',
    data: { status: 404 },
  });
  expect((await edit('author', { src: a.source_url })).body).toEqual({
    code: 'rest_image_not_edited',
    message: 'The image was not edited. Edit the image before applying the changes.',
    data: { status: 400 },
  });
  // A size's URL is a valid src.
  expect((await edit('author', { src: a.media_details.sizes.medium.source_url, rotation: 90 })).status).toBe(201);
  for (const body of [
    { rotation: 0 },
    { rotation: 360 },
    { x: 101, y: 0, width: 10, height: 10 },
    { modifiers: [] },
    { modifiers: [{ type: 'flip', args: {} }] },
    { modifiers: [{ type: 'crop', args: { left: 1 } }] },
  ]) {
    const r = await edit('author', { src: a.source_url, ...body });
    expect([body, err(r)]).toEqual([body, { status: 400, code: 'rest_invalid_param' }]);
  }
  expect(err(await edit('author', { rotation: 90 }))).toEqual({ status: 400, code: 'rest_missing_callback_param' });
  const txt = await uploaded(w, 'author', Buffer.from('words\n'), 'words.txt', 'text/plain');
  expect(err(await edit('author', { src: txt.source_url, rotation: 90 }, txt.id))).toEqual({
    status: 404,
    code: 'rest_unknown_attachment',
  });
  const gif = await uploaded(w, 'author', await image(40, 40, { format: 'gif' }), 'anim.gif', 'image/gif');
  expect(gif.mime_type).toBe('image/gif');
  // Permissions: upload_files first (rest_cannot_edit_image), then edit_post on the attachment.
  expect(await edit('anonymous', { src: a.source_url, rotation: 90 }).then((r) => r.body)).toEqual({
    code: 'rest_cannot_edit_image',
    message: 'Sorry, you are not allowed to upload media on this site.',
    data: { status: 401 },
  });
  expect(err(await edit('contributor', { src: a.source_url, rotation: 90 }))).toEqual({
    status: 403,
    code: 'rest_cannot_edit_image',
  });
  expect(err(await edit('author2', { src: a.source_url, rotation: 90 }))).toEqual({
    status: 403,
    code: 'rest_cannot_edit',
  });
  expect((await edit('editor', { src: a.source_url, rotation: 90 })).status).toBe(201);
  expect(err(await edit('editor', { src: a.source_url, rotation: 90 }, 999999))).toEqual({
    status: 404,
    code: 'rest_post_invalid_id',
  });
});

test('post-process create-image-subsizes makes the missing sizes; missing_image_sizes lists them (edit context)', async () => {
  const a = await uploaded(w, 'author', await image(1100, 900), 'partial.jpg');
  expect(a.missing_image_sizes).toEqual([]);
  // Lose two sizes as a crashed upload would have (their rows are metadata only).
  const core = w.core.store.collection('posts');
  const row = (await core.findOne({ id: a.id })) as { media_metadata: { sizes: Record<string, unknown> } };
  const sizes = { ...row.media_metadata.sizes };
  delete sizes.large;
  delete sizes.thumbnail;
  await core.updateOne({ id: a.id }, { $set: { 'media_metadata.sizes': sizes } });
  const edit = await as(w, 'author').get(`/core/v2/media/${a.id}?context=edit`);
  expect([...edit.body.missing_image_sizes].sort()).toEqual(['large', 'thumbnail']);
  expect((await as(w, 'author').get(`/core/v2/media/${a.id}`)).body).not.toHaveProperty('missing_image_sizes');

  expect(err(await as(w, 'author').post(`/core/v2/media/${a.id}/post-process`, {}))).toEqual({
    status: 400,
    code: 'rest_missing_callback_param',
  });
  expect(err(await as(w, 'author').post(`/core/v2/media/${a.id}/post-process`, { action: 'other' }))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
  expect(
    err(await as(w, 'author2').post(`/core/v2/media/${a.id}/post-process`, { action: 'create-image-subsizes' })),
  ).toEqual({ status: 403, code: 'rest_cannot_edit' });
  const done = await as(w, 'author').post(`/core/v2/media/${a.id}/post-process`, { action: 'create-image-subsizes' });
  expect(done.status).toBe(200);
  expect(done.body.missing_image_sizes).toEqual([]);
  expect(done.body.media_details.sizes.large).toMatchObject({ width: 1024 });
  expect(await dims(w, done.body.media_details.sizes.thumbnail.source_url)).toMatchObject({ width: 150, height: 150 });
});

test('an attachment deleted while post-process makes its sizes: they go too, and every name is free again', async () => {
  const a = await uploaded(w, 'author', await image(1100, 900), 'vanishing.jpg');
  const core = w.core.store.collection('posts');
  const row = (await core.findOne({ id: a.id })) as { media_metadata: { sizes: Record<string, unknown> } };
  const { large: _large, ...sizes } = row.media_metadata.sizes;
  void _large;
  await core.updateOne({ id: a.id }, { $set: { 'media_metadata.sizes': sizes } });
  // The attachment is deleted for good while the missing size is being stored.
  const files = w.core.store.files as { put: unknown };
  const put = w.core.store.files.put.bind(w.core.store.files);
  files.put = async (...args: Parameters<typeof put>) => {
    delete files.put;
    expect((await as(w, 'author').delete(`/core/v2/media/${a.id}?force=true`)).status).toBe(200);
    return put(...args);
  };
  const r = await as(w, 'author').post(`/core/v2/media/${a.id}/post-process`, { action: 'create-image-subsizes' });
  expect(err(r)).toEqual({ status: 404, code: 'rest_post_invalid_id' });
  const large = a.media_details.sizes.large.file as string;
  expect(await w.core.store.files.stat(`${a.media_details.file.replace(/[^/]+$/, '')}${large}`)).toBeNull();
  expect(await w.core.store.collection('media_files').count({ name: { $regex: /\/vanishing/ } })).toBe(0);
  expect((await uploaded(w, 'author', await image(1100, 900), 'vanishing.jpg')).media_details.sizes.large.file).toBe(
    large,
  );
});
