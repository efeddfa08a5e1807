/**
 * POST /core/v2/media through the gateway (WP_REST_Attachments_Controller::create_item, reference §1.2): raw and
 * multipart uploads of images made by sharp in the test, the type decided from the bytes, WordPress's errors and
 * statuses, names sanitised and made unique in uploads/YYYY/MM/, Content-MD5, the size limit answered before the body
 * is read, and nothing stored when an upload is refused.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { request as httpRequest } from 'node:http';
import { as, bombPng, err, image, listen, startWorld, type Running, type World } from '@loom/testing';
import { BASE, fetchFile, mediaPost, month, uploaded, uploadMultipart, uploadRaw } from './media.requests';

const LIMIT = 3 * 1024 * 1024;
let w: World;
beforeAll(async () => {
  w = await startWorld({ LOOM_MEDIA_MAX_UPLOAD_BYTES: String(LIMIT), LOOM_MEDIA_MAX_PIXELS: String(50_000_000) });
});
afterAll(() => w.close());

const mediaCount = async () =>
  (await as(w, 'administrator').get('/core/v2/media?per_page=100&status=inherit,private')).body.length as number;

test('a raw upload answers 201 with Location, X-WP-Upload-Attachment-ID and the attachment in edit context', async () => {
  const bytes = await image(640, 480);
  const r = await uploadRaw(w, 'author', bytes, 'Summer Shirt.jpg', 'image/jpeg');
  expect(r.status).toBe(201);
  const id = r.body.id as number;
  expect(r.headers.location).toBe(`${BASE}/rest/core/v2/media/${id}`);
  expect(r.headers['x-wp-upload-attachment-id']).toBe(String(id));
  const file = `${month()}/Summer-Shirt.jpg`;
  expect(r.body).toMatchObject({
    id,
    type: 'attachment',
    status: 'inherit',
    author: w.users.author.id,
    title: { raw: 'Summer-Shirt', rendered: 'Summer-Shirt' },
    slug: 'summer-shirt',
    media_type: 'image',
    mime_type: 'image/jpeg',
    post: null,
    alt_text: '',
    source_url: `${BASE}/uploads/${file}`,
    guid: { raw: `${BASE}/uploads/${file}`, rendered: `${BASE}/uploads/${file}` },
    caption: { raw: '' },
    description: { raw: '' },
  });
  expect(r.body.media_details).toMatchObject({ width: 640, height: 480, file, filesize: bytes.length });
  expect(r.body).toHaveProperty('missing_image_sizes');
  expect(r.body).not.toHaveProperty('password');
  // The file answers at source_url, byte for byte.
  const f = await fetchFile(w, r.body.source_url);
  expect(f.status).toBe(200);
  expect(Buffer.compare(f.body as Buffer, bytes)).toBe(0);
});

test('multipart: the file under `file`, other fields are parameters; another field name is no file', async () => {
  const bytes = await image(200, 100, { format: 'png' });
  const r = await uploadMultipart(w, 'editor', bytes, 'logo.png', {
    title: 'Our logo',
    alt_text: 'The logo',
    caption: 'A <b>bold</b> caption',
    description: 'About it',
  });
  expect(r.status).toBe(201);
  expect(r.body).toMatchObject({
    title: { raw: 'Our logo' },
    alt_text: 'The logo',
    caption: { raw: 'A <b>bold</b> caption' },
    description: { raw: 'About it' },
    mime_type: 'image/png',
  });
  expect(r.body.caption.rendered).toBe('<p>A <b>bold</b> caption</p>\n');
  expect(r.body.description.rendered).toContain('<p class="attachment">');
  expect(r.headers['x-wp-upload-attachment-id']).toBe(String(r.body.id));

  const other = await mediaPost(w, 'editor').attach('upload', bytes, 'logo.png');
  expect(other.status).toBe(400);
  expect(other.body).toEqual({ code: 'rest_upload_no_data', message: 'No data supplied.', data: { status: 400 } });
});

test('names are sanitised and made unique (-1, -2) in uploads/YYYY/MM/', async () => {
  const bytes = await image(64, 64);
  const names = [];
  for (let i = 0; i < 3; i++) names.push((await uploaded(w, 'author', bytes, 'my photo (1).jpg')).media_details.file);
  expect(names).toEqual([`${month()}/my-photo-1.jpg`, `${month()}/my-photo-1-1.jpg`, `${month()}/my-photo-1-2.jpg`]);
});

test('concurrent uploads of one name get distinct names; a name like another upload’s size is avoided', async () => {
  const bytes = await image(200, 160);
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => uploadRaw(w, 'author', bytes, 'race.jpg', 'image/jpeg')),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
  const files = answers.map((r) => r.body.media_details.file as string);
  expect(new Set(files).size).toBe(6);
  for (const r of answers)
    expect(Buffer.compare((await fetchFile(w, r.body.source_url)).body as Buffer, bytes)).toBe(0);
  // A name that would look like another upload's size is avoided too (WordPress's _wp_check_existing_file_names).
  const big = await uploaded(w, 'editor', await image(400, 300), 'look.jpg');
  expect(big.media_details.sizes.thumbnail.file).toBe('look-150x150.jpg');
  const lookalike = await uploaded(w, 'editor', bytes, 'look-150x150.jpg');
  expect(lookalike.media_details.file).not.toBe(`${month()}/look-150x150.jpg`);
});

test('a name is free again once its attachment is permanently deleted: the file, its -scaled copy, its sizes', async () => {
  const claims = () =>
    w.core.store.collection('media_files').count({ name: { $regex: new RegExp(`^${month()}/again[-.]`) } });
  const first = await uploaded(w, 'editor', await image(3000, 2000), 'again.jpg');
  expect(first.media_details).toMatchObject({ file: `${month()}/again-scaled.jpg`, original_image: 'again.jpg' });
  const held = await claims();
  expect(held).toBeGreaterThan(6);

  // A delete that does not happen frees nothing: without force, or by someone who may not delete it.
  expect((await as(w, 'editor').delete(`/core/v2/media/${first.id}`)).status).toBe(501);
  expect((await as(w, 'author').delete(`/core/v2/media/${first.id}?force=true`)).status).toBe(403);
  expect(await claims()).toBe(held);
  const other = await uploaded(w, 'editor', await image(60, 40), 'again.jpg');
  expect(other.media_details.file).toBe(`${month()}/again-1.jpg`);
  expect((await as(w, 'editor').delete(`/core/v2/media/${other.id}?force=true`)).status).toBe(200);

  expect((await as(w, 'editor').delete(`/core/v2/media/${first.id}?force=true`)).status).toBe(200);
  expect(await claims()).toBe(0);
  expect((await fetchFile(w, first.guid.raw)).status).toBe(404);

  // Uploaded again, the same names: the file, its -scaled copy and every size, holding the new bytes.
  const bytes = await image(3200, 2000);
  const second = await uploaded(w, 'editor', bytes, 'again.jpg');
  expect(second).toMatchObject({ source_url: first.source_url, guid: first.guid });
  expect(second.media_details.original_image).toBe('again.jpg');
  const { full, ...sizes } = second.media_details.sizes as Record<string, { file: string }>;
  expect(full!.file).toBe('again-scaled.jpg');
  expect(Object.keys(sizes).length).toBeGreaterThan(4);
  for (const size of Object.values(sizes)) expect(size.file).toMatch(/^again-\d+x\d+\.jpg$/);
  const served = await fetchFile(w, second.guid.raw);
  expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);

  // Free again, it goes to one upload only: the store's unique index decides between concurrent ones.
  expect((await as(w, 'editor').delete(`/core/v2/media/${second.id}?force=true`)).status).toBe(200);
  const small = await image(60, 40);
  const race = await Promise.all(Array.from({ length: 4 }, () => uploaded(w, 'editor', small, 'again.jpg')));
  expect(race.map((a) => a.media_details.file).sort()).toEqual(
    ['again.jpg', 'again-1.jpg', 'again-2.jpg', 'again-3.jpg'].map((n) => `${month()}/${n}`).sort(),
  );
});

test('the type comes from the bytes: a PNG named .jpg is stored as .png; html in a .jpg is refused', async () => {
  const png = await image(50, 50, { format: 'png' });
  const r = await uploadRaw(w, 'author', png, 'liar.jpg', 'image/jpeg');
  expect(r.status).toBe(201);
  expect(r.body.mime_type).toBe('image/png');
  expect(r.body.source_url).toMatch(/\/liar\.png$/);

  const before = await mediaCount();
  const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
  const fake = await uploadRaw(w, 'administrator', html, 'photo.jpg', 'image/jpeg');
  expect(fake.status).toBe(500);
  expect(fake.body).toEqual({
    code: 'rest_upload_sideload_error',
    message: 'Sorry, you are not allowed to upload this file type.',
    data: { status: 500 },
  });
  expect(await mediaCount()).toBe(before);
});

test('svg is never accepted; html and js only with unfiltered_html (multipart errors are rest_upload_unknown_error)', async () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  for (const caller of ['author', 'administrator'] as const) {
    expect(err(await uploadRaw(w, caller, svg, 'x.svg', 'image/svg+xml'))).toEqual({
      status: 500,
      code: 'rest_upload_sideload_error',
    });
    expect(err(await uploadMultipart(w, caller, svg, 'x.svg'))).toEqual({
      status: 500,
      code: 'rest_upload_unknown_error',
    });
  }
  const html = Buffer.from('<!DOCTYPE html><html><body><p>Hello</p></body></html>\n');
  const refused = await uploadRaw(w, 'author', html, 'page.html', 'text/html');
  expect(refused.body).toEqual({
    code: 'rest_upload_sideload_error',
    message: 'Sorry, you are not allowed to upload this file type.',
    data: { status: 500 },
  });
  const admin = await uploadRaw(w, 'administrator', html, 'page.html', 'text/html');
  expect(admin.status).toBe(201);
  expect(admin.body).toMatchObject({
    mime_type: 'text/html',
    media_type: 'file',
    media_details: { filesize: html.length, sizes: {} },
  });
  // Served as a download, never as a page of the site.
  const served = await fetchFile(w, admin.body.source_url);
  expect(served.headers['content-type']).toBe('application/octet-stream');
  expect(served.headers['content-disposition']).toBe('attachment; filename="page.html"');
  expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
});

test('raw body errors: no data, no Content-Type, no or bad Content-Disposition (400s in WordPress order)', async () => {
  const bytes = await image(20, 20);
  const post = () => mediaPost(w, 'author');
  expect(
    (await post().set('Content-Type', 'image/jpeg').set('Content-Disposition', 'attachment; filename=a.jpg')).body,
  ).toEqual({ code: 'rest_upload_no_data', message: 'No data supplied.', data: { status: 400 } });
  const noType = await post()
    .set('Content-Disposition', 'attachment; filename=a.jpg')
    .set('Content-Type', '')
    .send(bytes);
  expect(noType.body.code).toBe('rest_upload_no_content_type');
  expect((await post().set('Content-Type', 'image/jpeg').send(bytes)).body).toEqual({
    code: 'rest_upload_no_content_disposition',
    message: 'No Content-Disposition supplied.',
    data: { status: 400 },
  });
  const bad = await post().set('Content-Type', 'image/jpeg').set('Content-Disposition', 'attachment').send(bytes);
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe('rest_upload_invalid_disposition');
  // The last filename= wins, quotes stripped.
  const good = await post()
    .set('Content-Type', 'image/jpeg')
    .set('Content-Disposition', 'attachment; filename="first.jpg"; filename="second.jpg"')
    .send(bytes);
  expect(good.status).toBe(201);
  expect(good.body.source_url).toMatch(/\/second\.jpg$/);
});

test('an empty file sent as multipart is WordPress 500 "File is empty"', async () => {
  const r = await uploadMultipart(w, 'author', Buffer.alloc(0), 'empty.txt');
  expect(r.status).toBe(500);
  expect(r.body.code).toBe('rest_upload_unknown_error');
  expect(r.body.message).toMatch(/^File is empty\. Please upload something more substantial\./);
});

test('Content-MD5: a match is stored, a mismatch is 412 rest_upload_hash_mismatch and stores nothing', async () => {
  const bytes = await image(30, 30);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const ok = await uploadRaw(w, 'author', bytes, 'hashed.jpg', 'image/jpeg').set('Content-MD5', md5);
  expect(ok.status).toBe(201);
  const before = await mediaCount();
  const bad = await uploadRaw(w, 'author', bytes, 'hashed.jpg', 'image/jpeg').set('Content-MD5', '0'.repeat(32));
  expect(bad.status).toBe(412);
  expect(bad.body).toEqual({
    code: 'rest_upload_hash_mismatch',
    message: 'Content hash did not match expected.',
    data: { status: 412 },
  });
  const badMultipart = await uploadMultipart(w, 'author', bytes, 'hashed.jpg').set('Content-MD5', 'abc');
  expect(err(badMultipart)).toEqual({ status: 412, code: 'rest_upload_hash_mismatch' });
  expect(await mediaCount()).toBe(before);
});

test('a decompression bomb is refused cleanly and stores nothing', async () => {
  const before = await mediaCount();
  const r = await uploadRaw(w, 'author', bombPng(30000, 30000), 'bomb.png', 'image/png');
  expect(r.status).toBe(400);
  expect(r.body.code).toBe('rest_upload_image_too_large');
  expect(await mediaCount()).toBe(before);
});

test('the size limit: too big is 413 rest_upload_file_too_big, streamed bodies are cut at the limit', async () => {
  const big = Buffer.alloc(LIMIT + 1, 1);
  const r = await uploadRaw(w, 'author', big, 'big.txt', 'text/plain');
  expect(r.status).toBe(413);
  expect(r.body).toEqual({
    code: 'rest_upload_file_too_big',
    message: `This file is too big. Files must be less than ${LIMIT / 1024} KB in size.`,
    data: { status: 413 },
  });
  const multipart = await uploadMultipart(w, 'author', Buffer.alloc(LIMIT + 10, 65), 'big.txt');
  expect(err(multipart)).toEqual({ status: 413, code: 'rest_upload_file_too_big' });
});

test('a Content-Length over the limit is answered before any of the body is sent', async () => {
  const gw: Running = await listen(w.gw.app);
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: gw.port,
          method: 'POST',
          path: '/rest/core/v2/media',
          headers: {
            ...w.auth.author,
            'content-type': 'image/jpeg',
            'content-disposition': 'attachment; filename=x.jpg',
            'content-length': String(500 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.flushHeaders(); // headers only: not one byte of the 500 MB
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('rest_upload_file_too_big');
  } finally {
    await gw.close();
  }
});

test('uploading needs upload_files: 401 anonymous, 403 subscriber and contributor, before the body is read', async () => {
  const bytes = await image(10, 10);
  expect((await uploadRaw(w, 'anonymous', bytes, 'a.jpg', 'image/jpeg')).body).toEqual({
    code: 'rest_cannot_create',
    message: 'Sorry, you are not allowed to create posts as this user.',
    data: { status: 401 },
  });
  for (const role of ['subscriber', 'contributor'] as const)
    expect(err(await uploadRaw(w, role, bytes, 'a.jpg', 'image/jpeg'))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
  for (const role of ['author', 'editor', 'administrator'] as const)
    expect((await uploadRaw(w, role, bytes, 'a.jpg', 'image/jpeg')).status).toBe(201);
});

test('attaching to a post needs edit_post on it; a revision or attachment is no parent', async () => {
  const adminPost = await as(w, 'administrator').post('/core/v2/posts', { title: 'Admin post', status: 'publish' });
  const bytes = await image(10, 10);
  expect((await uploadRaw(w, 'author', bytes, 'a.jpg', 'image/jpeg', `?post=${adminPost.body.id}`)).body).toEqual({
    code: 'rest_cannot_edit',
    message: 'Sorry, you are not allowed to upload media to this post.',
    data: { status: 403 },
  });
  const ok = await uploadRaw(w, 'editor', bytes, 'a.jpg', 'image/jpeg', `?post=${adminPost.body.id}`);
  expect(ok.status).toBe(201);
  expect(ok.body.post).toBe(adminPost.body.id);
  const onAttachment = await uploadRaw(w, 'editor', bytes, 'a.jpg', 'image/jpeg', `?post=${ok.body.id}`);
  expect(onAttachment.body).toEqual({
    code: 'rest_invalid_param',
    message: 'Invalid parent type.',
    data: { status: 400 },
  });
});

/** One second of a 440 Hz tone as 16-bit mono PCM WAV at 8 kHz. */
function wav(seconds = 1, rate = 8000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

test('audio gets its length, bitrate and format; it is a `file` served as audio', async () => {
  const bytes = wav(2);
  const r = await uploadRaw(w, 'author', bytes, 'tone.wav', 'audio/wav');
  expect(r.status).toBe(201);
  expect(r.body).toMatchObject({
    media_type: 'file',
    mime_type: 'audio/wav',
    media_details: { length: 2, length_formatted: '0:02', filesize: bytes.length, sizes: {} },
  });
  expect(r.body.media_details.bitrate).toBe(128000);
  expect(r.body.media_details.dataformat).toBe('wav');
  const f = await fetchFile(w, r.body.source_url, { Range: 'bytes=0-43' });
  expect(f.status).toBe(206);
  expect(f.headers['content-type']).toBe('audio/wav');
});

test('a TIFF (an image sharp is not asked to size, as WordPress 6.4 leaves it) is stored with its file size and no sizes', async () => {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .tiff()
    .toBuffer();
  const r = await uploadRaw(w, 'author', bytes, 'swatch.tiff', 'image/tiff');
  expect(r.status).toBe(201);
  // wp_attachment_is('image') knows jpg, jpeg, jpe, gif, png and webp only: a TIFF is a `file` (WordPress 6.4).
  expect(r.body).toMatchObject({ media_type: 'file', mime_type: 'image/tiff' });
  expect(r.body.media_details.filesize).toBe(bytes.length);
  expect(r.body.media_details.sizes ?? {}).toEqual({});
  const f = await fetchFile(w, r.body.source_url);
  expect(f.status).toBe(200);
  expect(f.headers['content-type']).toBe('image/tiff');
});
