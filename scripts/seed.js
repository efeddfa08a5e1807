#!/usr/bin/env node
/**
 * `npm run seed`: fills a running Loom with a realistic site through its own REST API (so every write goes
 * through the same validation, permissions and rules as a client's): users, categories, tags, 1,000 posts
 * and 50 pages, each page revised twice, a few generated images uploaded as a client uploads them (raw bodies to
 * POST /core/v2/media), attached to the newest published post, which shows them in a [gallery] and takes the
 * first as its featured image, and one form of each kind (a Contact Form 7 contact form in formsA/v1, a WPForms
 * form in formsB/v1). Needs an administrator's application password:
 *
 *   LOOM_SEED_USER=admin LOOM_SEED_APP_PASSWORD='xxxx xxxx xxxx xxxx xxxx xxxx' npm run seed
 *
 * Only loopback targets; every loop is bounded by the counts below.
 */
'use strict';

const base = (process.env.LOOM_SEED_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const user = process.env.LOOM_SEED_USER;
const password = process.env.LOOM_SEED_APP_PASSWORD;
const counts = {
  users: 8,
  categories: 12,
  tags: 24,
  posts: Number(process.env.LOOM_SEED_POSTS || 1000),
  pages: Number(process.env.LOOM_SEED_PAGES || 50),
  images: Math.min(Number(process.env.LOOM_SEED_IMAGES || 4), 20),
};
const concurrency = 8;

const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`refusing to seed ${host}: the seed script only targets this machine`);
  process.exit(2);
}
if (!user || !password) {
  console.error('Set LOOM_SEED_USER and LOOM_SEED_APP_PASSWORD (an administrator and one of their application passwords).');
  console.error("Create one with the services stopped: npm run loom -- app-passwords create --login admin --name seed");
  process.exit(2);
}
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A deterministic pseudo-random sequence, so two seeded sites look the same. */
let state = 20261123;
const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(rand() * list.length)];
const some = (list, max) => [...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list)))];
const WORDS = 'cotton linen wool denim yarn loom weave stitch seam pattern fabric dye thread needle collar cuff pleat hem knit twill'.split(' ');
const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

async function call(method, path, body) {
  const r = await fetch(`${base}/rest${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${data && data.code}: ${data && data.message}`);
  return data;
}

/** A photo-like JPEG (gradient, a shape, some grain) made with sharp, `i` choosing its colours and size. */
async function generatedImage(i) {
  const sharp = require('sharp');
  const hues = ['#2b5876', '#c94b4b', '#4b8c6a', '#8e6bbf', '#d8a03a'];
  const width = 1600 - (i % 3) * 200;
  const height = i % 2 ? 1200 : 900;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hues[i % hues.length]}"/><stop offset="1" stop-color="#f1e3c8"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width * 0.65}" cy="${height * 0.4}" r="${height / 4}" fill="#fff" opacity="0.5"/></svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 10 } } }).raw().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }]).jpeg({ quality: 85 }).toBuffer();
}

/** POST /core/v2/media with the file as the raw body, as WordPress clients upload. */
async function upload(bytes, filename, query) {
  const r = await fetch(`${base}/rest/core/v2/media${query}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="${filename}"` },
    body: bytes,
  });
  const data = await r.json().catch(() => null);
  if (r.status !== 201) throw new Error(`POST /core/v2/media → ${r.status} ${data && data.code}: ${data && data.message}`);
  return data;
}

function progress(label, done, total) {
  if (!process.stdout.isTTY) {
    if (done === total) console.log(`${label}: ${total}`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r${label.padEnd(12)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stdout.write('\n');
}

/** Runs `count` jobs with bounded concurrency, reporting progress. */
async function run(label, count, job) {
  const results = new Array(count);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
        progress(label, ++done, count);
      }
    }),
  );
  return results;
}

(async () => {
  const stamp = Date.now().toString(36);
  const roles = ['editor', 'author', 'author', 'contributor', 'author', 'editor', 'subscriber', 'author'];
  const users = await run('users', counts.users, (i) =>
    call('POST', '/core/v2/users', { username: `seed-${stamp}-${i}`, email: `seed-${stamp}-${i}@example.com`, password: `seed-password-${stamp}-${i}`, name: `Seed Author ${i}`, roles: [roles[i % roles.length]] }),
  );
  const authors = users.filter((u, i) => ['editor', 'author'].includes(roles[i % roles.length])).map((u) => u.id);
  const categories = [];
  for (let i = 0; i < counts.categories; i++) {
    const parent = i >= 4 && rand() < 0.5 ? pick(categories) : 0;
    categories.push((await call('POST', '/core/v2/categories', { name: `${sentence(2)} ${stamp}-${i}`, description: sentence(8), parent })).id);
    progress('categories', i + 1, counts.categories);
  }
  const tags = (await run('tags', counts.tags, (i) => call('POST', '/core/v2/tags', { name: `${pick(WORDS)} ${stamp}-${i}` }))).map((t) => t.id);
  const now = Date.now();
  await run('posts', counts.posts, (i) => {
    const status = rand() < 0.85 ? 'publish' : pick(['draft', 'pending', 'private', 'future']);
    // WordPress refuses sticky and password together (rest_invalid_field): a post gets one or neither.
    const extra = status !== 'publish' ? {} : rand() < 0.02 ? { sticky: true } : rand() < 0.03 ? { password: 'secret' } : {};
    const days = status === 'future' ? -(1 + rand() * 30) : rand() * 730;
    const date = new Date(now - days * 86400000).toISOString().slice(0, 19);
    return call('POST', '/core/v2/posts', {
      title: `${sentence(4)} ${i}`,
      content: `<!-- wp:paragraph -->\n<p>${sentence(40)}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>${sentence(30)}</p>\n<!-- /wp:paragraph -->`,
      excerpt: rand() < 0.3 ? sentence(12) : '',
      status,
      date,
      author: pick(authors),
      categories: some(categories, 3),
      tags: some(tags, 4),
      ...extra,
      format: rand() < 0.9 ? 'standard' : pick(['aside', 'gallery', 'link', 'quote']),
    });
  });
  const pages = [];
  for (let i = 0; i < counts.pages; i++) {
    const parent = i >= 5 && rand() < 0.4 ? pick(pages) : 0;
    pages.push((await call('POST', '/core/v2/pages', { title: `Page ${sentence(2)} ${i}`, content: `<p>${sentence(50)}</p>`, status: 'publish', parent, menu_order: i })).id);
    progress('pages', i + 1, counts.pages);
  }
  // Two edits per page, so each has revisions.
  await run('revisions', pages.length * 2, (i) => call('POST', `/core/v2/pages/${pages[Math.floor(i / 2)]}`, { content: `<p>${sentence(50)} (revision ${i % 2})</p>` }));
  // Images, attached to the newest published post: its gallery, the first one its featured image.
  const [showcase] = await call('GET', '/core/v2/posts?per_page=1&orderby=date&order=desc&_fields=id,content&context=edit');
  const images = [];
  for (let i = 0; i < counts.images; i++) {
    const caption = `${sentence(3)} (${i + 1})`;
    const media = await upload(await generatedImage(i), `${pick(WORDS)}-${i + 1}.jpg`, showcase ? `?post=${showcase.id}` : '');
    await call('POST', `/core/v2/media/${media.id}`, { alt_text: `A ${sentence(2)} sample`, caption });
    images.push(media.id);
    progress('images', i + 1, counts.images);
  }
  if (showcase && images.length) {
    await call('POST', `/core/v2/posts/${showcase.id}`, { featured_media: images[0], content: `${showcase.content.raw}\n\n<!-- wp:shortcode -->\n[gallery columns="2" size="medium"]\n<!-- /wp:shortcode -->` });
  }
  // One form of each kind: a contact form (formsA/v1) with the plugin's default template, and a WPForms form
  // (formsB/v1, through Loom's own import route) from WPForms' Simple Contact Form template.
  const contactForm = await call('POST', '/formsA/v1/contact-forms', { title: `Contact ${stamp}`, context: 'save' });
  const wpform = await call('POST', '/formsB/v1/forms/import', {
    form: {
      field_id: 3,
      settings: { form_title: `Simple Contact Form ${stamp}`, form_desc: '', submit_text: 'Submit', submit_text_processing: 'Sending...', antispam: '1', notification_enable: '1', notifications: { 1: { email: '{admin_email}', replyto: '{field_id="1"}', message: '{all_fields}' } }, confirmations: { 1: { type: 'message', message: 'Thanks for contacting us! We will be in touch with you shortly.', message_scroll: '1' } }, ajax_submit: '1' },
      fields: [
        { id: '0', type: 'name', format: 'first-last', label: 'Name', required: '1', size: 'medium' },
        { id: '1', type: 'email', label: 'Email', required: '1', size: 'medium' },
        { id: '2', type: 'textarea', label: 'Comment or Message', size: 'medium', placeholder: '', css: '' },
      ],
      meta: { template: 'simple-contact-form-template' },
    },
  });
  console.log(
    `seeded ${base}: ${users.length} users, ${categories.length} categories, ${tags.length} tags, ${counts.posts} posts, ${pages.length} pages, ${images.length} images, contact form ${contactForm.id}, WPForms form ${wpform.ID}`,
  );
})().catch((e) => {
  console.error(`\nseed failed: ${e.message}`);
  process.exit(1);
});
