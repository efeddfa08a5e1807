/**
 * Media connected to content, through the gateway with real images made by sharp in the test (issue 13, item 6):
 * posts' and pages' `featured_media` (only image attachments the writer may read), the `wp:featuredmedia` and
 * `wp:attachment` links, `_embed` of featured media (one attachment query per page of results), and the media
 * shortcodes ([gallery], [audio], [playlist]) rendering real attachments in `content.rendered`.
 */
import type { Store } from '@loom/store';
import { as, err, image, make, startWorld, type World } from '@loom/testing';
import { BASE, uploaded, uploadRaw } from './media.requests';

let w: World;
let startedAt = 0;
beforeAll(async () => {
  startedAt = Date.now();
  w = await startWorld();
});
afterAll(() => w.close());

const store = () => (w.core as unknown as { store: Store }).store;

/** The orphan sweep's first run (5 s after start: types/attachment/orphans.ts) reads attachments too; long over by then. */
const AFTER_FIRST_SWEEP_MS = 10000;

/** Counts the store queries (find) for attachments while `run` runs (after the orphan sweep's first run). */
async function attachmentQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const wait = startedAt + AFTER_FIRST_SWEEP_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const s = store();
  const original = s.collection.bind(s);
  let queries = 0;
  s.collection = ((name: string) => {
    const c = original(name);
    return new Proxy(c, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'find' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return (filter: Record<string, unknown>, ...rest: unknown[]) => {
          if (filter && filter.type === 'attachment') queries++;
          return value.call(target, filter, ...rest);
        };
      },
    });
  }) as typeof s.collection;
  try {
    return { result: await run(), queries };
  } finally {
    s.collection = original;
  }
}

/** A mono 8-bit PCM WAV of `seconds` of a tone: a real audio file WordPress accepts. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Buffer.alloc(seconds * rate);
  for (let i = 0; i < samples.length; i++)
    samples[i] = 128 + Math.round(100 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const rest = `${BASE}/rest/core/v2`;

/** The parts of a media item these tests read. */
interface MediaBody {
  id: number;
  source_url: string;
  title: { rendered: string };
  media_details: { sizes: Record<string, { source_url: string; width: number; height: number; mime_type: string }> };
}
/** esc_url()'s ampersands. */
const esc = (url: string) => url.replace(/&/g, '&#038;');

describe('featured_media', () => {
  test('a post and a page take an uploaded image; the links point at it and at the attached media', async () => {
    const author = as(w, 'author');
    const img = await uploaded(w, 'author', await image(1200, 800), 'cover.jpg');
    const post = await make(author, 'posts', { title: 'With a cover', status: 'publish', featured_media: img.id });
    expect(post.featured_media).toBe(img.id);
    const links = post._links as Record<string, Array<Record<string, unknown>>>;
    expect(links['wp:featuredmedia']).toEqual([{ embeddable: true, href: `${rest}/media/${img.id}` }]);
    expect(links['wp:attachment']).toEqual([{ href: `${rest}/media?parent=${post.id}` }]);
    const page = await make(as(w, 'editor'), 'pages', {
      title: 'Cover page',
      status: 'publish',
      featured_media: img.id,
    });
    expect(page.featured_media).toBe(img.id);
    // A contributor cannot upload, but may feature an image anyone can see in a draft of their own.
    expect((await make(as(w, 'contributor'), 'posts', { title: 'Pitch', featured_media: img.id })).featured_media).toBe(
      img.id,
    );
    // Changed and removed (0) by an update.
    const other = await uploaded(w, 'author', await image(300, 300, { format: 'png' }), 'other.png', 'image/png');
    expect((await author.post(`/core/v2/posts/${post.id}`, { featured_media: other.id })).body.featured_media).toBe(
      other.id,
    );
    const cleared = await author.post(`/core/v2/posts/${post.id}`, { featured_media: 0 });
    expect(cleared.body.featured_media).toBe(0);
    expect(cleared.body._links['wp:featuredmedia']).toBeUndefined();
  });

  test('refused with rest_invalid_featured_media: no such id, a post, a file that is no image; nothing changes', async () => {
    const author = as(w, 'author');
    const post = await make(author, 'posts', { title: 'Refusals', status: 'draft' });
    const text = await uploadRaw(w, 'author', Buffer.from('plain words\n'), 'notes.txt', 'text/plain');
    expect(text.status).toBe(201);
    for (const id of [987654, post.id, text.body.id as number]) {
      expect(err(await author.post(`/core/v2/posts/${post.id}`, { featured_media: id }))).toEqual({
        status: 400,
        code: 'rest_invalid_featured_media',
      });
      expect(err(await author.post('/core/v2/posts', { title: 'x', featured_media: id }))).toEqual({
        status: 400,
        code: 'rest_invalid_featured_media',
      });
    }
    expect((await author.get(`/core/v2/posts/${post.id}?context=edit`)).body.featured_media).toBe(0);
  });

  test('an attachment the writer may not read (private, trashed, or attached to a draft of another) is refused; its owner may use it', async () => {
    const admin = as(w, 'administrator');
    const author = as(w, 'author');
    const secret = await uploaded(w, 'administrator', await image(400, 300), 'secret.jpg');
    expect((await admin.post(`/core/v2/media/${secret.id}`, { status: 'private' })).body.status).toBe('private');
    const trashed = await uploaded(w, 'administrator', await image(400, 300), 'trashed.jpg');
    // The REST API cannot trash media (MEDIA_TRASH is off; `trash` is no status a write takes): as another tool would.
    await store()
      .collection('posts')
      .updateOne({ id: trashed.id }, { $set: { status: 'trash' } });
    const draft = await make(admin, 'posts', { title: 'Unannounced', status: 'draft' });
    const attached = await uploadRaw(
      w,
      'administrator',
      await image(400, 300),
      'attached.jpg',
      'image/jpeg',
      `?post=${draft.id}`,
    );
    expect(attached.body.post).toBe(draft.id);
    const mine = await make(author, 'posts', { title: 'Mine' });
    expect(err(await author.post(`/core/v2/posts/${mine.id}`, { featured_media: trashed.id }))).toEqual({
      status: 400,
      code: 'rest_invalid_featured_media',
    });
    for (const id of [secret.id, attached.body.id as number]) {
      expect(err(await author.post(`/core/v2/posts/${mine.id}`, { featured_media: id }))).toEqual({
        status: 400,
        code: 'rest_invalid_featured_media',
      });
      expect((await admin.post(`/core/v2/posts/${draft.id}`, { featured_media: id })).status).toBe(200);
    }
  });
});

describe('_embed of wp:featuredmedia', () => {
  test('a page of posts embeds each featured image in the embed context with one attachment query', async () => {
    const author = as(w, 'author');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const img = await uploaded(w, 'author', await image(800 + i * 10, 600), `embed-${i}.jpg`);
      ids.push(img.id);
      await make(author, 'posts', {
        title: `Embedded ${i}`,
        status: 'publish',
        featured_media: img.id,
        categories: [1],
      });
    }
    const { result: r, queries } = await attachmentQueries(() =>
      as(w, 'anonymous').get('/core/v2/posts?search=Embedded&_embed=wp:featuredmedia&per_page=3'),
    );
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    expect(queries).toBe(1);
    for (const post of r.body as Array<{ featured_media: number; _embedded: { 'wp:featuredmedia': MediaBody[] } }>) {
      const [media] = post._embedded['wp:featuredmedia'] as [MediaBody];
      expect(media.id).toBe(post.featured_media);
      expect(ids).toContain(media.id);
      expect(media).toMatchObject({ type: 'attachment', media_type: 'image', mime_type: 'image/jpeg' });
      expect(media.source_url).toMatch(new RegExp(`^${BASE}/uploads/\\d{4}/\\d{2}/embed-\\d\\.jpg$`));
      expect(media.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150, mime_type: 'image/jpeg' });
      // The embed context: no description, no post, no edit fields.
      expect(media).not.toHaveProperty('description');
      expect(media).not.toHaveProperty('post');
      expect(media.title).toEqual({ rendered: media.title.rendered });
    }
  });

  test('a featured image the reader may not read embeds as rest_forbidden; the post still answers', async () => {
    const admin = as(w, 'administrator');
    const img = await uploaded(w, 'administrator', await image(500, 400), 'later.jpg');
    const post = await make(admin, 'posts', {
      title: 'Public with private cover',
      status: 'publish',
      featured_media: img.id,
    });
    await admin.post(`/core/v2/media/${img.id}`, { status: 'private' });
    const anon = await as(w, 'anonymous').get(`/core/v2/posts/${post.id}?_embed`);
    expect(anon.status).toBe(200);
    expect(anon.body._embedded['wp:featuredmedia'][0]).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    const mine = await admin.get(`/core/v2/posts/${post.id}?_embed=wp:featuredmedia`);
    expect(mine.body._embedded['wp:featuredmedia'][0]).toMatchObject({ id: img.id, source_url: img.source_url });
  });
});

describe('media shortcodes in content.rendered', () => {
  test('[gallery] lists the images attached to the post, thumbnails linking to their pages, captions shown', async () => {
    const admin = as(w, 'administrator');
    const post = await make(admin, 'posts', { title: 'Gallery', status: 'draft', content: 'Look:\n\n[gallery]' });
    const a = await uploadRaw(w, 'administrator', await image(900, 600), 'wide.jpg', 'image/jpeg', `?post=${post.id}`);
    const b = await uploadRaw(w, 'administrator', await image(400, 700), 'tall.jpg', 'image/jpeg', `?post=${post.id}`);
    await admin.post(`/core/v2/media/${b.body.id}`, { caption: 'A "tall" one', alt_text: 'Tall <b>one</b>' });
    await admin.post(`/core/v2/posts/${post.id}`, { status: 'publish' });
    const thumb = (m: MediaBody) => m.media_details.sizes.thumbnail!.source_url;
    const { result: r, queries } = await attachmentQueries(() => as(w, 'anonymous').get(`/core/v2/posts/${post.id}`));
    expect(queries).toBe(1);
    const html = r.body.content.rendered as string;
    expect(html).toContain(
      `<div id='gallery-1' class='gallery galleryid-${post.id} gallery-columns-3 gallery-size-thumbnail'>`,
    );
    expect(html).toContain(
      `<div class='gallery-icon landscape'>\n\t\t\t\t<a href='${esc(a.body.link)}'><img loading="lazy" decoding="async" width="150" height="150" src="${thumb(a.body)}" class="attachment-thumbnail size-thumbnail" alt="" /></a>`,
    );
    expect(html).toContain(
      `<img loading="lazy" decoding="async" width="150" height="150" src="${thumb(b.body)}" class="attachment-thumbnail size-thumbnail" alt="Tall one" aria-describedby="gallery-1-${b.body.id}" />`,
    );
    expect(html).toContain(
      `<figcaption class='wp-caption-text gallery-caption' id='gallery-1-${b.body.id}'>\n\t\t\t\tA &#8220;tall&#8221; one\n\t\t\t\t</figcaption>`,
    );
    // menu_order then id: the first upload first.
    expect(html.indexOf(thumb(a.body))).toBeLessThan(html.indexOf(thumb(b.body)));
    // The post's wp:attachment link lists the same attachments.
    const href = (r.body._links['wp:attachment'] as Array<{ href: string }>)[0]!.href;
    expect(href).toBe(`${rest}/media?parent=${post.id}`);
    const listed = await as(w, 'anonymous').get(href.slice(`${BASE}/rest`.length));
    expect((listed.body as MediaBody[]).map((m) => m.id).sort()).toEqual([a.body.id, b.body.id].sort());
  });

  test('[gallery ids size=medium link=file] in another post: given order, srcset of the real sizes; private images left out', async () => {
    const admin = as(w, 'administrator');
    const a = await uploaded(w, 'administrator', await image(1600, 1200), 'big.jpg');
    const b = await uploaded(w, 'administrator', await image(640, 480), 'small.jpg');
    const hidden = await uploaded(w, 'administrator', await image(640, 480), 'hidden.jpg');
    await admin.post(`/core/v2/media/${hidden.id}`, { status: 'private' });
    const post = await make(admin, 'posts', {
      title: 'Ids',
      status: 'publish',
      content: `[gallery ids="${b.id},${hidden.id},${a.id}" size="medium" link="file" columns="2"]`,
    });
    const html = (await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
    const sizes = a.media_details.sizes as Record<string, { source_url: string; width: number; height: number }>;
    expect(html).toContain("gallery-columns-2 gallery-size-medium'");
    expect(html.indexOf('small')).toBeLessThan(html.indexOf('big'));
    expect(html).not.toContain('hidden');
    // The src first, then the other sizes of the same proportions in the metadata's order, then the full size.
    const others = Object.keys(sizes).filter((s) => !['medium', 'thumbnail', 'full'].includes(s));
    expect(others).toEqual(expect.arrayContaining(['medium_large', 'large', '1536x1536']));
    const srcset =
      ['medium', ...others].map((s) => `${sizes[s].source_url} ${sizes[s].width}w`).join(', ') +
      `, ${a.source_url} 1600w`;
    expect(html).toContain(
      `<a href='${a.source_url}'><img loading="lazy" decoding="async" width="300" height="225" src="${sizes.medium.source_url}" class="attachment-medium size-medium" alt="" srcset="${srcset}" sizes="(max-width: 300px) 100vw, 300px" /></a>`,
    );
  });

  test('a gallery follows its attachments at once: a changed alt text, then an image made private (no stale render or answer)', async () => {
    const admin = as(w, 'administrator');
    const anon = as(w, 'anonymous');
    const photo = await uploaded(w, 'administrator', await image(640, 480), 'linen.jpg');
    await admin.post(`/core/v2/media/${photo.id}`, { alt_text: 'Raw linen' });
    const post = await make(admin, 'posts', {
      title: 'Linen',
      status: 'publish',
      content: `[gallery ids="${photo.id}" link="file"]`,
    });
    const read = async () => (await anon.get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
    expect(await read()).toContain('alt="Raw linen"');
    expect(await read()).toContain(photo.source_url); // asked twice: an answer that can be kept
    await admin.post(`/core/v2/media/${photo.id}`, { alt_text: 'Washed linen' });
    expect(await read()).toContain('alt="Washed linen"');
    await admin.post(`/core/v2/media/${photo.id}`, { status: 'private' });
    expect(await read()).not.toContain(photo.source_url);
    // As WordPress's [gallery ids] (post_status inherit), a private image is left out for every reader.
    expect((await admin.get(`/core/v2/posts/${post.id}`)).body.content.rendered).not.toContain(photo.source_url);
  });

  test('revisions render their [gallery ids] too, with one attachment query for the whole list', async () => {
    const admin = as(w, 'administrator');
    const img = await uploaded(w, 'administrator', await image(500, 500), 'revised.jpg');
    const post = await make(admin, 'posts', { title: 'Revised', status: 'publish', content: 'First' });
    await admin.post(`/core/v2/posts/${post.id}`, { content: `[gallery ids="${img.id}"]` });
    await admin.post(`/core/v2/posts/${post.id}`, { content: `Again [gallery ids="${img.id}" link="none"]` });
    const { result: r, queries } = await attachmentQueries(() => admin.get(`/core/v2/posts/${post.id}/revisions`));
    expect(queries).toBe(1);
    const rendered = (r.body as Array<{ content: { rendered: string } }>).map((rev) => rev.content.rendered);
    expect(
      rendered.filter((html) => html.includes(`src="${img.media_details.sizes.thumbnail.source_url}"`)),
    ).toHaveLength(2);
  });

  test('[audio] plays the attached file; [playlist] lists it with its data; escaped throughout', async () => {
    const admin = as(w, 'administrator');
    const post = await make(admin, 'posts', { title: 'Sounds', status: 'publish', content: 'x' });
    const up = await uploadRaw(w, 'administrator', wav(1), 'tone.wav', 'audio/wav', `?post=${post.id}`);
    expect(up.status).toBe(201);
    await admin.post(`/core/v2/media/${up.body.id}`, { title: 'Tone </script><b>' });
    await admin.post(`/core/v2/posts/${post.id}`, {
      content: `[audio]\n\n[playlist ids="${up.body.id}"]\n\n[playlist]`,
    });
    const html = (await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
    const url = up.body.source_url as string;
    expect(html).toContain(
      `<audio class="wp-audio-shortcode" id="audio-${post.id}-1" preload="none" style="width: 100%;" controls="controls"><source type="audio/wav" src="${url}?_=1" /><a href="${url}">${url}</a></audio>`,
    );
    expect(html).toContain('<div class="wp-playlist wp-audio-playlist wp-playlist-light">');
    expect(html).toContain(`<li><a href='${url}'>Tone &lt;/script&gt;&lt;b&gt;</a></li>`);
    // The second, without ids, lists the post's attached audio, for anonymous readers too.
    expect(html.match(/class="wp-playlist-script"/g)).toHaveLength(2);
    const json = /<script type="application\/json" class="wp-playlist-script">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/<|>/);
    const data = JSON.parse(json);
    expect(data).toMatchObject({
      type: 'audio',
      tracklist: true,
      tracks: [{ src: url, type: 'audio/wav', title: 'Tone </script><b>' }],
    });
  });

  test('[video src] of a file elsewhere: the player with its source; a post without attached video shows nothing for [video]', async () => {
    const admin = as(w, 'administrator');
    const post = await make(admin, 'posts', {
      title: 'Clip',
      status: 'publish',
      content: '[video src="https://cdn.example/clip.webm" width="480" height="270"]\n\n[video]',
    });
    const html = (await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered as string;
    expect(html).toBe(
      '<div style="width: 480px;" class="wp-video">' +
        "<!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n" +
        `<video class="wp-video-shortcode" id="video-${post.id}-1" width="480" height="270" preload="metadata" controls="controls">` +
        '<source type="video/webm" src="https://cdn.example/clip.webm?_=1" /><a href="https://cdn.example/clip.webm">https://cdn.example/clip.webm</a></video></div>\n\n',
    );
  });

  test('an image block of an upload gets its dimensions, srcset and sizes from the attachment (wp_filter_content_tags)', async () => {
    const admin = as(w, 'administrator');
    const img = await uploaded(w, 'administrator', await image(1200, 900), 'block.jpg');
    const medium = img.media_details.sizes.medium;
    const content = `<!-- wp:image {"id":${img.id},"sizeSlug":"medium"} -->\n<figure class="wp-block-image size-medium"><img src="${medium.source_url}" alt="" class="wp-image-${img.id}"/></figure>\n<!-- /wp:image -->`;
    const post = await make(admin, 'posts', { title: 'Block image', status: 'publish', content });
    const { result: r, queries } = await attachmentQueries(() => as(w, 'anonymous').get(`/core/v2/posts/${post.id}`));
    expect(queries).toBe(1);
    const sizes = img.media_details.sizes as Record<string, { source_url: string; width: number }>;
    const others = Object.keys(sizes).filter((s) => !['medium', 'thumbnail', 'full'].includes(s));
    const srcset =
      ['medium', ...others].map((s) => `${sizes[s]!.source_url} ${sizes[s]!.width}w`).join(', ') +
      `, ${img.source_url} 1200w`;
    expect(r.body.content.rendered).toBe(
      `\n<figure class="wp-block-image size-medium"><img loading="lazy" decoding="async" width="300" height="225" src="${medium.source_url}" alt="" class="wp-image-${img.id}" ` +
        `srcset="${srcset}" sizes="(max-width: 300px) 100vw, 300px" /></figure>\n`,
    );
  });

  test("a gallery of another post's attachments shows only when the reader may read that post", async () => {
    const admin = as(w, 'administrator');
    const draft = await make(admin, 'posts', { title: 'Hidden gallery source', status: 'draft' });
    await uploadRaw(w, 'administrator', await image(300, 200), 'draft-only.jpg', 'image/jpeg', `?post=${draft.id}`);
    const post = await make(admin, 'posts', {
      title: 'Borrowing',
      status: 'publish',
      content: `[gallery id="${draft.id}"]`,
    });
    expect((await as(w, 'anonymous').get(`/core/v2/posts/${post.id}`)).body.content.rendered).not.toContain(
      'draft-only',
    );
    expect((await admin.get(`/core/v2/posts/${post.id}`)).body.content.rendered).toContain('draft-only');
  });
});
