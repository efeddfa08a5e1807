/**
 * The matrix rows of core/v2 media (reference §1.1): anyone lists and reads what is readable (an unattached
 * `inherit` file is public, one attached to a draft is not); uploading needs upload_files (authors and up; a JSON
 * body is then refused as no upload, 400); editing, post-processing and deleting someone else's file need
 * edit_others_posts; DELETE without force is 501; edit first needs upload_files.
 */
import request from 'supertest';
import sharp from 'sharp';
import { asRole } from '@loom/service-kit';
import type { MatrixWorld, Row } from './harness';

let jpeg: Buffer | undefined;

/** An image uploaded by the administrator (attached to `parent` when given); its id and file URL. */
async function upload(w: MatrixWorld, parent?: number): Promise<{ id: number; url: string }> {
  jpeg ??= await sharp({ create: { width: 400, height: 300, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  const r = await request(w.app)
    .post(`/rest/core/v2/media${parent ? `?post=${parent}` : ''}`)
    .set(asRole('administrator'))
    .set('Content-Type', 'image/jpeg')
    .set('Content-Disposition', `attachment; filename="${w.unique('m')}.jpg"`)
    .send(jpeg);
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as number, url: r.body.source_url as string };
}

const ANYONE: Row['expect'] = [200, 200, 200, 200, 200, 200];
const EDITORS: Row['expect'] = [401, 403, 403, 403, 200, 200];

export const mediaRows: Row[] = [
  { name: 'list media', method: 'get', path: () => 'media', expect: ANYONE },
  {
    name: 'list media, edit context',
    method: 'get',
    path: () => 'media?context=edit',
    expect: [401, 403, 200, 200, 200, 200],
  },
  {
    name: 'list private media',
    method: 'get',
    path: () => 'media?status=private',
    expect: [400, 400, 200, 200, 200, 200],
  },
  {
    name: 'read an unattached file',
    method: 'get',
    path: async (w) => `media/${(await upload(w)).id}`,
    expect: ANYONE,
  },
  {
    name: 'read a file attached to a draft',
    method: 'get',
    path: async (w) =>
      `media/${(await upload(w, await w.made('posts', { title: w.unique('d'), status: 'draft' }))).id}`,
    expect: [401, 403, 403, 403, 200, 200],
  },
  {
    name: 'read a file attached to a published post',
    method: 'get',
    path: async (w) =>
      `media/${(await upload(w, await w.made('posts', { title: w.unique('p'), status: 'publish' }))).id}`,
    expect: ANYONE,
  },
  {
    name: "read someone else's file, edit context",
    method: 'get',
    path: async (w) => `media/${(await upload(w)).id}?context=edit`,
    expect: EDITORS,
  },
  {
    name: 'upload (a JSON body is no file)',
    method: 'post',
    path: () => 'media',
    body: () => ({ title: 'x' }),
    expect: [401, 403, 403, 400, 400, 400],
  },
  {
    name: "update someone else's file",
    method: 'post',
    path: async (w) => `media/${(await upload(w)).id}`,
    body: () => ({ alt_text: 'alt' }),
    expect: EDITORS,
  },
  {
    name: "trash someone else's file (no trash: 501)",
    method: 'delete',
    path: async (w) => `media/${(await upload(w)).id}`,
    expect: [401, 403, 403, 403, 501, 501],
  },
  {
    name: "delete someone else's file",
    method: 'delete',
    path: async (w) => `media/${(await upload(w)).id}?force=true`,
    expect: EDITORS,
  },
  {
    name: "post-process someone else's file",
    method: 'post',
    path: async (w) => `media/${(await upload(w)).id}/post-process`,
    body: () => ({ action: 'create-image-subsizes' }),
    expect: EDITORS,
  },
  {
    name: "edit someone else's image",
    method: 'post',
    path: async (w) => {
      const a = await upload(w);
      (w as MatrixWorld & { lastUrl?: string }).lastUrl = a.url;
      return `media/${a.id}/edit`;
    },
    body: (w) => ({ src: (w as MatrixWorld & { lastUrl?: string }).lastUrl, rotation: 90 }),
    expect: [401, 403, 403, 403, 201, 201],
  },
];
