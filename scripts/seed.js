#!/usr/bin/env node
/**
 * `npm run seed`: fills a running Loom with a realistic site through its own REST API (so every write goes
 * through the same validation, permissions and rules as a client's): users, categories, tags, 1,000 posts
 * and 50 pages, each page revised twice, a few generated images uploaded as a client uploads them (raw bodies to
 * POST /core/v2/media), attached to the seed's showcase post, which shows them in a [gallery] and takes the
 * first as its featured image, with a short thread of comments, and one form of each kind (a Contact Form 7 contact form in formsA/v1, a WPForms
 * form in formsB/v1). Needs an administrator's application password:
 *
 *   LOOM_SEED_USER=admin LOOM_SEED_APP_PASSWORD='xxxx xxxx xxxx xxxx xxxx xxxx' npm run seed
 *
 * Everything it makes is its own and found again by name: slugs `seed-author-N`, `seed-category-N`, `seed-tag-N`,
 * `seed-post-N` (seed-post-1 is the showcase), `seed-page-N`, `seed-image-N`, the comments' authors' addresses
 * (`seed-comment-N@example.com`) and the forms' titles. A run creates
 * only what is missing, so a second run changes nothing (and says so); it never edits content it did not create.
 *
 * The site: LOOM_SEED_URL, else LOOM_BASE_URL, else the gateway's port here (GATEWAY_PORT, 8080). Only loopback
 * targets; every loop is bounded by the counts below.
 */
'use strict';
const { randomBytes } = require('node:crypto');

const env = process.env;
const base = (env.LOOM_SEED_URL || env.LOOM_BASE_URL || `http://127.0.0.1:${env.GATEWAY_PORT || 8080}`).replace(
  /\/+$/,
  '',
);
const user = env.LOOM_SEED_USER;
const password = env.LOOM_SEED_APP_PASSWORD;
const counts = {
  users: 8,
  categories: 12,
  tags: 24,
  posts: Number(env.LOOM_SEED_POSTS || 1000),
  pages: Number(env.LOOM_SEED_PAGES || 50),
  images: Math.min(Number(env.LOOM_SEED_IMAGES || 4), 20),
};
const concurrency = 8;
const CONTACT_FORM_TITLE = 'Seed contact form';
/**
 * A short thread on the showcase, approved, written by visitors (no account): `parent` is the index of the comment
 * answered (-1: none). Each is found again by its author's address, seed-comment-N@example.com.
 */
const COMMENTS = [
  { name: 'Ada Weaver', text: 'Which weight of linen would you choose for a summer jacket?', parent: -1 },
  { name: 'Grace Tailor', text: 'Around 200 g/m²: it keeps its shape and still breathes.', parent: 0 },
  { name: 'Ada Weaver', text: 'Thank you! Does it need a lining at that weight?', parent: 1 },
  { name: 'Linus Cutter', text: 'The gallery shows the twill beautifully. Is it made in navy too?', parent: -1 },
  { name: 'Grace Tailor', text: 'Navy arrives next month, with a matching thread.', parent: 3 },
];
const WPFORMS_TITLE = 'Seed simple contact form';

/** A failure the person running the seed can act on: printed alone, without a stack. */
class SeedError extends Error {}

let host;
try {
  host = new URL(base).hostname;
} catch {
  console.error(
    `seed: "${base}" is not a URL; set LOOM_BASE_URL (or LOOM_SEED_URL) to the site's address, e.g. http://127.0.0.1:8080`,
  );
  process.exit(2);
}
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(
    `seed: refusing to seed ${host}: the seed script only targets this machine (set LOOM_SEED_URL to the gateway's local address)`,
  );
  process.exit(2);
}
if (!user || !password) {
  console.error(
    'Set LOOM_SEED_USER and LOOM_SEED_APP_PASSWORD (an administrator and one of their application passwords).',
  );
  console.error('Create one with the services stopped: npm run loom -- app-passwords create --login admin --name seed');
  process.exit(2);
}
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A deterministic pseudo-random sequence, so two seeded sites look the same. */
let state = 20261123;
const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(rand() * list.length)];
const some = (list, max) => [...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list)))];
const WORDS =
  'cotton linen wool denim yarn loom weave stitch seam pattern fabric dye thread needle collar cuff pleat hem knit twill'.split(
    ' ',
  );
const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const range = (n) => Array.from({ length: n }, (_, i) => i);

/**
 * The whole site, every random choice made here in one order (never while creating), so that each run plans the
 * same items whatever already exists. Items refer to one another by index (a category's parent, a post's author).
 */
function plan() {
  const roles = ['editor', 'author', 'author', 'contributor', 'author', 'editor', 'subscriber', 'author'];
  const users = range(counts.users).map((i) => ({
    slug: `seed-author-${i + 1}`,
    role: roles[i % roles.length],
    name: `Seed Author ${i + 1}`,
  }));
  const authors = range(counts.users).filter((i) => ['editor', 'author'].includes(users[i].role));
  const categories = range(counts.categories).map((i) => ({
    slug: `seed-category-${i + 1}`,
    name: `${capital(sentence(2))} ${i + 1}`,
    description: sentence(8),
    parent: i >= 4 && rand() < 0.5 ? Math.floor(rand() * i) : -1,
  }));
  const tags = range(counts.tags).map((i) => ({ slug: `seed-tag-${i + 1}`, name: `${pick(WORDS)} ${i + 1}` }));
  const categoryIndexes = range(counts.categories);
  const tagIndexes = range(counts.tags);
  const posts = range(counts.posts).map((i) => {
    const status = rand() < 0.85 ? 'publish' : pick(['draft', 'pending', 'private', 'future']);
    // WordPress refuses sticky and password together (rest_invalid_field): a post gets one or neither.
    const extra =
      status !== 'publish' ? {} : rand() < 0.02 ? { sticky: true } : rand() < 0.03 ? { password: 'secret' } : {};
    return {
      slug: `seed-post-${i + 1}`,
      title: `${sentence(4)} ${i}`,
      content: `<!-- wp:paragraph -->\n<p>${sentence(40)}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>${sentence(30)}</p>\n<!-- /wp:paragraph -->`,
      excerpt: rand() < 0.3 ? sentence(12) : '',
      status,
      days: status === 'future' ? -(1 + rand() * 30) : rand() * 730,
      author: pick(authors),
      categories: some(categoryIndexes, 3),
      tags: some(tagIndexes, 4),
      extra,
      format: rand() < 0.9 ? 'standard' : pick(['aside', 'gallery', 'link', 'quote']),
    };
  });
  // The showcase (seed-post-1): published now, so the newest post, showing the seed's images in a gallery.
  if (posts[0]) {
    Object.assign(posts[0], { status: 'publish', days: 0, extra: {}, format: 'standard' });
    posts[0].content += '\n\n<!-- wp:shortcode -->\n[gallery columns="2" size="medium"]\n<!-- /wp:shortcode -->';
  }
  const pages = range(counts.pages).map((i) => ({
    slug: `seed-page-${i + 1}`,
    title: `Page ${sentence(2)} ${i}`,
    content: `<p>${sentence(50)}</p>`,
    parent: i >= 5 && rand() < 0.4 ? Math.floor(rand() * i) : -1,
    // Two edits, so each page has revisions.
    edits: [0, 1].map((n) => `<p>${sentence(50)} (revision ${n})</p>`),
  }));
  const images = range(counts.images).map((i) => ({
    slug: `seed-image-${i + 1}`,
    caption: `${sentence(3)} (${i + 1})`,
    alt: `A ${sentence(2)} sample`,
  }));
  return { users, categories, tags, posts, pages, images };
}

/** fetch() says only "fetch failed": the reason is in its cause (ECONNREFUSED...). */
function unreachable(err) {
  const reason = err.cause?.code || err.cause?.message || err.message;
  return new SeedError(
    `cannot reach Loom at ${base} (${reason}).\n` +
      'Is it running? Start it with `npm start`. If it runs on another port or address, set GATEWAY_PORT or LOOM_BASE_URL (or LOOM_SEED_URL) as for `npm start`.',
  );
}

/** What to do about an error answer, when there is something to say. */
function hint(status, code) {
  if (status === 401)
    return '\nCheck LOOM_SEED_USER and LOOM_SEED_APP_PASSWORD (an application password: npm run loom -- app-passwords create --login <admin> --name seed).';
  if (status === 503)
    return '\nA service behind the gateway is not answering: is every Loom process up (`npm start` says "Loom is ready")?';
  if (status === 404 && code === 'rest_no_route') return `\nIs ${base} a Loom gateway?`;
  return '';
}

async function send(method, path, init) {
  let r;
  try {
    r = await fetch(`${base}/rest${path}`, { method, ...init, headers: { authorization: auth, ...init.headers } });
  } catch (err) {
    throw unreachable(err);
  }
  const data = await r.json().catch(() => null);
  return { r, data };
}

async function call(method, path, body) {
  const { r, data } = await send(method, path, {
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!r.ok)
    throw new SeedError(
      `${method} ${path} → ${r.status} ${data && data.code}: ${data && data.message}${hint(r.status, data && data.code)}`,
    );
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
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .raw()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** POST /core/v2/media with the file as the raw body, as WordPress clients upload. */
async function upload(bytes, filename, query) {
  const { r, data } = await send('POST', `/core/v2/media${query}`, {
    headers: { 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="${filename}"` },
    body: bytes,
  });
  if (r.status !== 201)
    throw new SeedError(
      `POST /core/v2/media → ${r.status} ${data && data.code}: ${data && data.message}${hint(r.status, data && data.code)}`,
    );
  return data;
}

function progress(label, done, total) {
  if (!process.stdout.isTTY) {
    if (done === total) console.log(`${label}: ${total} created`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r${label.padEnd(12)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stdout.write('\n');
}

/** Runs `job` for each of `indexes` with bounded concurrency, reporting progress. */
async function run(label, indexes, job, width = concurrency) {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, indexes.length) }, async () => {
      while (next < indexes.length) {
        const i = indexes[next++];
        await job(i);
        progress(label, ++done, indexes.length);
      }
    }),
  );
}

/** The seed's comments on the showcase (COMMENTS): those there, found by address, and those made now, in order. */
async function ensureComments(post) {
  const email = (i) => `seed-comment-${i + 1}@example.com`;
  const there = await call('GET', `/core/v2/comments?post=${post}&status=any&per_page=100&context=edit`);
  const ids = COMMENTS.map((_, i) => there.find((c) => c.author_email === email(i))?.id);
  const missing = range(COMMENTS.length).filter((i) => ids[i] === undefined);
  await run(
    'comments',
    missing,
    async (i) => {
      const c = COMMENTS[i];
      const made = await call('POST', '/core/v2/comments', {
        post,
        parent: c.parent < 0 ? 0 : ids[c.parent],
        author_name: c.name,
        author_email: email(i),
        content: c.text,
        status: 'approved',
      });
      ids[i] = made.id;
    },
    1,
  );
  return { ids, created: missing };
}

/** The items of a collection with these slugs (any status), by slug, asked 100 at a time. */
async function bySlug(path, slugs, query = '') {
  const found = new Map();
  for (let i = 0; i < slugs.length; i += 100) {
    const chunk = slugs.slice(i, i + 100);
    for (const item of await call('GET', `${path}?slug=${chunk.join(',')}&per_page=100&context=edit${query}`))
      found.set(item.slug, item);
  }
  return found;
}

/**
 * The seed's items of one collection: those already there (found by slug) and those `create(item, i)` makes now,
 * in order (`width` 1) when an item refers to an earlier one. Returns every item's id by index, and what was made.
 */
async function ensure(label, path, items, create, { query = '', width = concurrency } = {}) {
  const found = await bySlug(
    path,
    items.map((p) => p.slug),
    query,
  );
  const ids = items.map((p) => found.get(p.slug)?.id);
  const missing = range(items.length).filter((i) => ids[i] === undefined);
  await run(
    label,
    missing,
    async (i) => {
      ids[i] = (await create(items[i], i, ids)).id;
    },
    width,
  );
  return { ids, found, created: missing };
}

const gmt = (days, now) => new Date(now - days * 86400000).toISOString().slice(0, 19);

async function seed() {
  // Who we are, before writing anything: a wrong password or a site that is not up fails here, saying so.
  const me = await call('GET', '/core/v2/users/me?context=edit');
  if (!me.roles || !me.roles.includes('administrator'))
    throw new SeedError(
      `LOOM_SEED_USER ${user} is not an administrator of ${base} (roles: ${(me.roles || []).join(', ') || 'none'})`,
    );

  const site = plan();
  const made = {};
  const now = Date.now();
  const users = await ensure('users', '/core/v2/users', site.users, (u) =>
    call('POST', '/core/v2/users', {
      username: u.slug,
      slug: u.slug,
      email: `${u.slug}@example.com`,
      password: randomBytes(18).toString('base64url'),
      name: u.name,
      roles: [u.role],
    }),
  );
  const categories = await ensure(
    'categories',
    '/core/v2/categories',
    site.categories,
    (c, _i, ids) =>
      call('POST', '/core/v2/categories', {
        name: c.name,
        slug: c.slug,
        description: c.description,
        parent: c.parent < 0 ? 0 : ids[c.parent],
      }),
    { width: 1 },
  );
  const tags = await ensure('tags', '/core/v2/tags', site.tags, (t) =>
    call('POST', '/core/v2/tags', { name: t.name, slug: t.slug }),
  );
  const posts = await ensure(
    'posts',
    '/core/v2/posts',
    site.posts,
    (p) =>
      call('POST', '/core/v2/posts', {
        slug: p.slug,
        title: p.title,
        content: p.content,
        excerpt: p.excerpt,
        status: p.status,
        // The showcase takes the server's now; the others a date in GMT, whatever the site's timezone.
        ...(p.days ? { date_gmt: gmt(p.days, now) } : {}),
        author: users.ids[p.author],
        categories: p.categories.map((c) => categories.ids[c]),
        tags: p.tags.map((t) => tags.ids[t]),
        ...p.extra,
        format: p.format,
      }),
    { query: '&status=any' },
  );
  const pages = await ensure(
    'pages',
    '/core/v2/pages',
    site.pages,
    (p, i, ids) =>
      call('POST', '/core/v2/pages', {
        slug: p.slug,
        title: p.title,
        content: p.content,
        status: 'publish',
        parent: p.parent < 0 ? 0 : ids[p.parent],
        menu_order: i,
      }),
    { query: '&status=any', width: 1 },
  );
  // The pages made now are revised twice (those already there were on their first run).
  await run(
    'revisions',
    pages.created.flatMap((i) => [0, 1].map((n) => [i, n])),
    ([i, n]) => call('POST', `/core/v2/pages/${pages.ids[i]}`, { content: site.pages[i].edits[n] }),
  );

  // Images, attached to the showcase: its gallery, the first one its featured image.
  const showcaseId = posts.ids[0];
  const images = await ensure(
    'images',
    '/core/v2/media',
    site.images,
    async (m, i) => {
      const media = await upload(await generatedImage(i), `${m.slug}.jpg`, showcaseId ? `?post=${showcaseId}` : '');
      await call('POST', `/core/v2/media/${media.id}`, { alt_text: m.alt, caption: m.caption });
      return media;
    },
    { width: 1 },
  );
  let featured = false;
  if (showcaseId && images.ids.length) {
    // Only when it has none: an image chosen for it since is left alone.
    const showcase = posts.found.get(site.posts[0].slug);
    if (!showcase || !showcase.featured_media) {
      await call('POST', `/core/v2/posts/${showcaseId}`, { featured_media: images.ids[0] });
      featured = true;
    }
  }

  const comments = showcaseId ? await ensureComments(showcaseId) : { ids: [], created: [] };

  // One form of each kind, found by title: a contact form (formsA/v1) with the plugin's default template, and a
  // WPForms form (formsB/v1, through Loom's own import route) from WPForms' Simple Contact Form template.
  const contactForms = await call(
    'GET',
    `/formsA/v1/contact-forms?per_page=-1&search=${encodeURIComponent(CONTACT_FORM_TITLE)}`,
  );
  made.contactForm = !contactForms.some((f) => f.title === CONTACT_FORM_TITLE);
  if (made.contactForm) await call('POST', '/formsA/v1/contact-forms', { title: CONTACT_FORM_TITLE, context: 'save' });
  const wpforms = await call('GET', '/formsB/v1/forms');
  made.wpform = !wpforms.forms.some((f) => f.post_title === WPFORMS_TITLE);
  if (made.wpform) {
    await call('POST', '/formsB/v1/forms/import', {
      title: WPFORMS_TITLE,
      form: {
        field_id: 3,
        settings: {
          form_title: WPFORMS_TITLE,
          form_desc: '',
          submit_text: 'Submit',
          submit_text_processing: 'Sending...',
          antispam: '1',
          notification_enable: '1',
          notifications: { 1: { email: '{admin_email}', replyto: '{field_id="1"}', message: '{all_fields}' } },
          confirmations: {
            1: {
              type: 'message',
              message: 'Thanks for contacting us! We will be in touch with you shortly.',
              message_scroll: '1',
            },
          },
          ajax_submit: '1',
        },
        fields: [
          { id: '0', type: 'name', format: 'first-last', label: 'Name', required: '1', size: 'medium' },
          { id: '1', type: 'email', label: 'Email', required: '1', size: 'medium' },
          { id: '2', type: 'textarea', label: 'Comment or Message', size: 'medium', placeholder: '', css: '' },
        ],
        meta: { template: 'simple-contact-form-template' },
      },
    });
  }

  const kinds = [
    ['users', users],
    ['categories', categories],
    ['tags', tags],
    ['posts', posts],
    ['pages', pages],
    ['images', images],
    ['comments', comments],
  ];
  const forms = [made.contactForm && 'the contact form', made.wpform && 'the WPForms form'].filter(Boolean);
  const created = kinds.filter(([, k]) => k.created.length).map(([name, k]) => `${k.created.length} ${name}`);
  const all = `${kinds.map(([name, k]) => `${k.ids.length} ${name}`).join(', ')} and 2 forms`;
  if (!created.length && !forms.length && !featured) {
    console.log(`seed: nothing to do at ${base}: the seed's ${all} are all there already.`);
  } else {
    console.log(
      `seeded ${base}: created ${[...created, ...forms].join(', ') || 'nothing new'}${featured ? '; the showcase post features the first image' : ''} (the seed's site: ${all}).`,
    );
  }
}

seed().catch((e) => {
  console.error(`\nseed failed: ${e instanceof SeedError ? e.message : e.stack || e.message}`);
  process.exit(1);
});
