/**
 * What WordPress 6.4 answers for an upload beyond its file, through the gateway: `ping_status` (attachments support
 * comments, not trackbacks), `guid` (the URL the file was uploaded at), `description.rendered` (the_content, which
 * prepend_attachment begins with the file: an image's medium size, a link named by the title, an audio or video
 * player), `caption.rendered` (the excerpt WordPress makes from that when there is no caption) and
 * `permalink_template` (get_sample_permalink: `?attachment_id=` without a parent). Expectations are WordPress's
 * answers for the same files (6.1's, where 6.4 answers the same; the image tags' loading attributes are 6.4's).
 */
import { as, image, startWorld, type World } from '@loom/testing';
import { mp4, wav } from '../../../libs/media/test/fixtures';
import { BASE, month, uploaded, uploadRaw } from './media.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const up = (name: string) => `${BASE}/uploads/${month()}/${name}`;
const edit = async (id: number) => (await as(w, 'author').get(`/core/v2/media/${id}?context=edit`)).body;

describe('ping_status', () => {
  test('an upload is closed to pings and open to comments; a ping_status sent is kept, on create and update', async () => {
    const a = await uploaded(w, 'author', await image(40, 30), 'pings.jpg');
    expect(a).toMatchObject({ comment_status: 'open', ping_status: 'closed' });
    expect((await as(w, 'anonymous').get(`/core/v2/media/${a.id}`)).body.ping_status).toBe('closed');

    const open = await uploadRaw(w, 'author', await image(40, 30), 'pinged.jpg', 'image/jpeg', '?ping_status=open');
    expect(open.status).toBe(201);
    expect(open.body.ping_status).toBe('open');

    const r = await as(w, 'author').post(`/core/v2/media/${a.id}`, { ping_status: 'open' });
    expect(r.body.ping_status).toBe('open');
    // An update that leaves it out keeps it.
    expect((await as(w, 'author').post(`/core/v2/media/${a.id}`, { alt_text: 'x' })).body.ping_status).toBe('open');
    expect((await as(w, 'author').post(`/core/v2/media/${a.id}`, { ping_status: 'closed' })).body.ping_status).toBe(
      'closed',
    );
  });

  test('the default is the type’s: posts take pings, pages do not', async () => {
    const post = await as(w, 'author').post('/core/v2/posts', { title: 'Pinged', status: 'publish' });
    expect(post.body).toMatchObject({ comment_status: 'open', ping_status: 'open' });
    const page = await as(w, 'editor').post('/core/v2/pages', { title: 'Quiet', status: 'publish' });
    expect(page.body).toMatchObject({ comment_status: 'closed', ping_status: 'closed' });
  });
});

describe('guid', () => {
  test('the URL the file was uploaded at: a big image’s -scaled copy and a rotated one do not change it', async () => {
    const big = await uploaded(w, 'author', await image(3000, 2000), 'wide.jpg');
    expect(big.source_url).toBe(up('wide-scaled.jpg'));
    expect(big.guid).toEqual({ raw: up('wide.jpg'), rendered: up('wide.jpg') });
    expect((await as(w, 'anonymous').get(`/core/v2/media/${big.id}`)).body.guid).toEqual({ rendered: up('wide.jpg') });

    const turned = await uploaded(w, 'author', await image(400, 200, { orientation: 6 }), 'turned.jpg');
    expect(turned.source_url).toBe(up('turned-rotated.jpg'));
    expect(turned.guid.raw).toBe(up('turned.jpg'));

    const file = await uploaded(w, 'author', Buffer.from('words\n'), 'plain.txt', 'text/plain');
    expect(file.guid.raw).toBe(file.source_url);
  });
});

describe('description.rendered and caption.rendered', () => {
  test('an image: its medium size linked to the file, with srcset and sizes, before the description', async () => {
    const a = await uploaded(w, 'author', await image(800, 600), 'sample-photo.jpg');
    const img =
      `<img loading="lazy" decoding="async" width="300" height="225" src="${up('sample-photo-300x225.jpg')}" ` +
      `class="attachment-medium size-medium" alt="" srcset="${up('sample-photo-300x225.jpg')} 300w, ` +
      `${up('sample-photo-768x576.jpg')} 768w, ${up('sample-photo.jpg')} 800w" sizes="(max-width: 300px) 100vw, 300px" />`;
    const file = `<p class="attachment"><a href='${up('sample-photo.jpg')}'>${img}</a></p>\n`;
    expect(a.description).toEqual({ raw: '', rendered: file });
    // The link has no text: the excerpt made from it is empty.
    expect(a.caption).toEqual({ raw: '', rendered: '' });

    const r = await as(w, 'author').post(`/core/v2/media/${a.id}`, { alt_text: 'A photo', description: 'About it.' });
    expect(r.body.description.rendered).toBe(`${file.replace('alt=""', 'alt="A photo"')}<p>About it.</p>\n`);
    expect(r.body.caption.rendered).toBe('<p>About it.</p>\n');
    const view = (await as(w, 'anonymous').get(`/core/v2/media/${a.id}`)).body;
    expect(view.description).toEqual({ rendered: r.body.description.rendered });
    const listed = (await as(w, 'anonymous').get(`/core/v2/media?include=${a.id}`)).body[0];
    expect(listed.description.rendered).toBe(r.body.description.rendered);
    const embed = (await as(w, 'anonymous').get(`/core/v2/media/${a.id}?context=embed`)).body;
    expect(embed.caption).toEqual({ rendered: '<p>About it.</p>\n' });
  });

  test('a big image links to its -scaled file; an image without a medium size shows itself, constrained', async () => {
    const big = await uploaded(w, 'author', await image(3000, 2000), 'big.jpg');
    const srcset = ['300x200 300w', '1024x683 1024w', '768x512 768w', '1536x1024 1536w', '2048x1365 2048w']
      .map((s) => `${up(`big-${s.split(' ')[0]}.jpg`)} ${s.split(' ')[1]}`)
      .join(', ');
    expect(big.description.rendered).toBe(
      `<p class="attachment"><a href='${up('big-scaled.jpg')}'><img loading="lazy" decoding="async" width="300" ` +
        `height="200" src="${up('big-300x200.jpg')}" class="attachment-medium size-medium" alt="" ` +
        `srcset="${srcset}" sizes="(max-width: 300px) 100vw, 300px" /></a></p>\n`,
    );

    const tiny = await uploaded(w, 'author', await image(40, 30), 'tiny.jpg');
    expect(tiny.description.rendered).toBe(
      `<p class="attachment"><a href='${up('tiny.jpg')}'><img loading="lazy" decoding="async" width="40" ` +
        `height="30" src="${up('tiny.jpg')}" class="attachment-medium size-medium" alt="" /></a></p>\n`,
    );
  });

  test('any other file: a link named by its title, which the generated caption then holds', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = await uploaded(w, 'author', pdf, 'doc.pdf', 'application/pdf');
    expect(doc.description).toEqual({
      raw: '',
      rendered: `<p class="attachment"><a href='${up('doc.pdf')}'>doc</a></p>\n`,
    });
    expect(doc.caption).toEqual({ raw: '', rendered: '<p>doc</p>\n' });

    const note = await uploaded(w, 'author', Buffer.from('hello words\n'), 'note.txt', 'text/plain');
    expect(note.caption.rendered).toBe('<p>note</p>\n');
    const r = await as(w, 'author').post(`/core/v2/media/${note.id}`, { title: 'Read me', description: 'Some words.' });
    expect(r.body.description.rendered).toBe(
      `<p class="attachment"><a href='${up('note.txt')}'>Read me</a></p>\n<p>Some words.</p>\n`,
    );
    expect(r.body.caption.rendered).toBe('<p>Read me Some words.</p>\n');
    // A caption of its own is shown as it is.
    expect((await as(w, 'author').post(`/core/v2/media/${note.id}`, { caption: 'Short' })).body.caption).toEqual({
      raw: 'Short',
      rendered: '<p>Short</p>\n',
    });
  });

  test('audio and video: the player of the file (wp_audio_shortcode, wp_video_shortcode); the caption is its URL', async () => {
    const tone = await uploaded(w, 'author', wav(1, 8000, 1), 'tone.wav', 'audio/wav');
    const wavUrl = up('tone.wav');
    expect(tone.description.rendered).toBe(
      "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n" +
        `<audio class="wp-audio-shortcode" id="audio-${tone.id}-1" preload="none" style="width: 100%;" controls="controls">` +
        `<source type="audio/wav" src="${wavUrl}?_=1" /><a href="${wavUrl}">${wavUrl}</a></audio>\n`,
    );
    expect(tone.caption.rendered).toBe(`<p>${wavUrl}</p>\n`);

    const clip = await uploaded(w, 'author', mp4(320, 240, 2), 'clip.mp4', 'video/mp4');
    const mp4Url = up('clip.mp4');
    expect(clip.description.rendered).toBe(
      `<div style="width: 320px;" class="wp-video"><!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n` +
        `<video class="wp-video-shortcode" id="video-${clip.id}-1" width="320" height="240" preload="metadata" controls="controls">` +
        `<source type="video/mp4" src="${mp4Url}?_=1" /><a href="${mp4Url}">${mp4Url}</a></video></div>\n`,
    );
    expect(clip.caption.rendered).toBe(`<p>${mp4Url}</p>\n`);
    // A player in the description counts after the file's own.
    const r = await as(w, 'author').post(`/core/v2/media/${tone.id}`, { description: `[audio src="${wavUrl}"]` });
    expect(r.body.description.rendered).toContain(`id="audio-${tone.id}-1"`);
    expect(r.body.description.rendered).toContain(`id="audio-${tone.id}-2"`);
    // The caption made from it keeps the file's URL only: shortcodes are stripped before the_content runs.
    expect(r.body.caption.rendered).toBe(`<p>${wavUrl}</p>\n`);
  });
});

describe('permalink_template and generated_slug', () => {
  test('without a parent: ?attachment_id=; under a published post: its permalink; under a draft: plain', async () => {
    const loose = await uploaded(w, 'author', await image(40, 30), 'loose-one.jpg');
    expect(await edit(loose.id)).toMatchObject({
      link: `${BASE}/loose-one/`,
      permalink_template: `${BASE}/?attachment_id=${loose.id}`,
      generated_slug: 'loose-one',
    });

    const post = (await as(w, 'author').post('/core/v2/posts', { title: 'Holder', status: 'publish' })).body;
    const held = await uploadRaw(w, 'author', await image(40, 30), 'held.jpg', 'image/jpeg', `?post=${post.id}`);
    expect(await edit(held.body.id)).toMatchObject({
      link: `${BASE}/holder/held/`,
      permalink_template: `${BASE}/holder/%postname%/`,
      generated_slug: 'held',
    });

    const draft = (await as(w, 'author').post('/core/v2/posts', { title: 'Unsaid', status: 'draft' })).body;
    const hidden = await uploadRaw(w, 'author', await image(40, 30), 'hidden.jpg', 'image/jpeg', `?post=${draft.id}`);
    expect(await edit(hidden.body.id)).toMatchObject({
      permalink_template: `${BASE}/?attachment_id=${hidden.body.id}`,
      generated_slug: 'hidden',
    });
  });
});
