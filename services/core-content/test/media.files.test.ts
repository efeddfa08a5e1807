/**
 * Uploaded files served through the gateway at source_url (`${LOOM_BASE_URL}/uploads/...`, core-content's
 * media/serve.ts): the right Content-Type, a strong ETag, Last-Modified, Content-Length, byte ranges (206, 416),
 * conditional requests (304 by ETag and by date), caching that revalidates, nosniff and a sandboxing CSP, HEAD,
 * and no file once its attachment is deleted (the row first, then the files).
 */
import { as, err, image, startWorld, type World } from '@loom/testing';
import { fetchFile, uploaded, uploadRaw } from './media.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

test('a file answers with its type, length, strong ETag, Last-Modified, caching and the security headers', async () => {
  const bytes = await image(300, 200, { format: 'png' });
  const a = await uploaded(w, 'author', bytes, 'served.png', 'image/png');
  const r = await fetchFile(w, a.source_url);
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('image/png');
  expect(r.headers['content-length']).toBe(String(bytes.length));
  expect(r.headers.etag).toMatch(/^"[^"]+"$/);
  expect(new Date(r.headers['last-modified']!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  // Revalidated on every use: a name is free again once its attachment is deleted, so a URL may hold other bytes.
  expect(r.headers['cache-control']).toBe('public, no-cache');
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(r.headers['accept-ranges']).toBe('bytes');
  expect(r.headers['content-disposition']).toBeUndefined();
  expect(Buffer.compare(r.body as Buffer, bytes)).toBe(0);
  // HEAD: the same headers, no body.
  const head = await fetchFile(w, a.source_url, {}, 'head');
  expect(head.status).toBe(200);
  expect(head.headers['content-length']).toBe(String(bytes.length));
  expect(head.headers.etag).toBe(r.headers.etag);
});

test('Range: 206 with Content-Range for one range, suffix and open ranges; 416 past the end', async () => {
  const bytes = await image(400, 300);
  const a = await uploaded(w, 'author', bytes, 'ranged.jpg');
  const first = await fetchFile(w, a.source_url, { Range: 'bytes=0-99' });
  expect(first.status).toBe(206);
  expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
  expect(first.headers['content-length']).toBe('100');
  expect(Buffer.compare(first.body as Buffer, bytes.subarray(0, 100))).toBe(0);
  const suffix = await fetchFile(w, a.source_url, { Range: 'bytes=-10' });
  expect(suffix.status).toBe(206);
  expect(Buffer.compare(suffix.body as Buffer, bytes.subarray(-10))).toBe(0);
  const open = await fetchFile(w, a.source_url, { Range: `bytes=${bytes.length - 5}-` });
  expect(Buffer.compare(open.body as Buffer, bytes.subarray(-5))).toBe(0);
  const past = await fetchFile(w, a.source_url, { Range: `bytes=${bytes.length + 10}-` });
  expect(past.status).toBe(416);
  expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  // A malformed range is ignored: the whole file.
  const bad = await fetchFile(w, a.source_url, { Range: 'lines=1-2' });
  expect(bad.status).toBe(200);
  expect((bad.body as Buffer).length).toBe(bytes.length);
  // If-Range with another ETag: the whole file, not the range.
  const stale = await fetchFile(w, a.source_url, { Range: 'bytes=0-9', 'If-Range': '"other"' });
  expect(stale.status).toBe(200);
});

test('conditional requests: If-None-Match and If-Modified-Since answer 304 without a body', async () => {
  const a = await uploaded(w, 'author', await image(50, 50), 'cached.jpg');
  const r = await fetchFile(w, a.source_url);
  const byTag = await fetchFile(w, a.source_url, { 'If-None-Match': r.headers.etag! });
  expect(byTag.status).toBe(304);
  expect((byTag.body as Buffer).length).toBe(0);
  expect(byTag.headers.etag).toBe(r.headers.etag);
  const byDate = await fetchFile(w, a.source_url, { 'If-Modified-Since': r.headers['last-modified']! });
  expect(byDate.status).toBe(304);
  const changed = await fetchFile(w, a.source_url, { 'If-None-Match': '"something-else"' });
  expect(changed.status).toBe(200);
  const older = await fetchFile(w, a.source_url, {
    'If-Modified-Since': new Date(Date.now() - 86400_000 * 365).toUTCString(),
  });
  expect(older.status).toBe(200);
});

test('unknown names and path tricks are 404s, never files outside the store', async () => {
  const a = await uploaded(w, 'author', await image(20, 20), 'here.jpg');
  const dir = a.source_url.slice(0, a.source_url.lastIndexOf('/'));
  for (const url of [
    `${dir}/missing.jpg`,
    `${dir}/../../../../etc/passwd`,
    `${dir}/%2e%2e/%2e%2e/core-content/posts.db`,
    `${dir}/.tmp`,
    'http://loom.test/uploads/',
  ]) {
    const r = await fetchFile(w, url);
    expect([url, r.status]).toEqual([url, 404]);
  }
});

test('text files are plain text; anything a browser could run is a download', async () => {
  const txt = await uploaded(w, 'author', Buffer.from('just some words\n'), 'notes.txt', 'text/plain');
  const r = await fetchFile(w, txt.source_url);
  expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
  const js = await uploadRaw(
    w,
    'administrator',
    Buffer.from('alert(document.cookie)\n'),
    'evil.js',
    'application/javascript',
  );
  expect(js.status).toBe(201);
  const served = await fetchFile(w, js.body.source_url);
  expect(served.headers['content-type']).toBe('application/octet-stream');
  expect(served.headers['content-disposition']).toBe('attachment; filename="evil.js"');
});

test('DELETE without force is 501 rest_trash_not_supported; with force the row and every file go', async () => {
  const a = await uploaded(w, 'editor', await image(900, 700), 'doomed.jpg');
  const urls = [
    a.source_url,
    ...Object.values(a.media_details.sizes as Record<string, { source_url: string }>).map((s) => s.source_url),
  ];
  expect(urls.length).toBeGreaterThan(2);
  for (const u of urls) expect((await fetchFile(w, u)).status).toBe(200);
  const soft = await as(w, 'editor').delete(`/core/v2/media/${a.id}`);
  expect(soft.status).toBe(501);
  expect(soft.body).toEqual({
    code: 'rest_trash_not_supported',
    message: "The post does not support trashing. Set 'force=true' to delete.",
    data: { status: 501 },
  });
  expect((await fetchFile(w, a.source_url)).status).toBe(200);
  // Authors may not delete others' media.
  expect(err(await as(w, 'author').delete(`/core/v2/media/${a.id}?force=true`))).toEqual({
    status: 403,
    code: 'rest_cannot_delete',
  });
  const hard = await as(w, 'editor').delete(`/core/v2/media/${a.id}?force=true`);
  expect(hard.status).toBe(200);
  expect(hard.body).toMatchObject({ deleted: true, previous: { id: a.id, source_url: a.source_url } });
  for (const u of urls) expect([u, (await fetchFile(w, u)).status]).toEqual([u, 404]);
  expect(err(await as(w, 'editor').get(`/core/v2/media/${a.id}`))).toEqual({
    status: 404,
    code: 'rest_post_invalid_id',
  });
});
