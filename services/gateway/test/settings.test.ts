/**
 * core/v2 settings through the gateway (WP_REST_Settings_Controller, WordPress 6.4): the shape, the permission,
 * validation that changes nothing, resets; and the settings driving every service with no restart: the index's
 * name, logo, icon and front page, oEmbed's provider_name, a contact form's mail, the time zone of dates and new
 * posts' defaults. The services learn a change from the change notification on a real nats-server: their timers
 * are set far beyond the test's waits, so only the notification can tell them.
 */
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import {
  basicForAll,
  eventually,
  hiddenFields,
  image,
  ownAddress,
  roleUsers,
  startCore,
  startEvents,
  startForms,
  startNats,
  startOembed,
  startSmtp,
  gatewayOnOwnAddress,
  FAST_MAIL_ENV,
  type NatsServer,
  type RunningService,
  type SmtpSink,
} from '@loom/testing';

const ROLES = roleUsers();
type Caller = keyof typeof ROLES | 'anonymous';

let nats: NatsServer;
let smtp: SmtpSink;
let core: RunningService;
let forms: RunningService;
let oembed: RunningService;
let events: RunningService;
let site: Awaited<ReturnType<typeof gatewayOnOwnAddress>>;
let auth: Record<Caller, Record<string, string>>;

beforeAll(async () => {
  nats = await startNats();
  await nats.start();
  smtp = await startSmtp();
  const address = await ownAddress();
  // No timer tick within the test's waits: a change reaches a service through its notification or not at all.
  const env = {
    LOOM_BASE_URL: address.url,
    NATS_URL: nats.url,
    LOOM_SITE_OPTIONS_POLL_MS: '600000',
    LOOM_SITE_NAME: 'Loom Initial',
  };
  core = await startCore(env);
  forms = await startForms({ ...FAST_MAIL_ENV, ...env, SMTP_URL: smtp.url, CORE_CONTENT_URL: core.url });
  events = await startEvents(0, { ...env, CORE_CONTENT_URL: core.url });
  oembed = await startOembed({ ...env, CORE_CONTENT_URL: core.url, LOOM_OEMBED_REMOTE: 'off' });
  site = await gatewayOnOwnAddress(
    { 'core-content': core.url, events: events.url, forms: forms.url, oembed: oembed.url },
    {
      config: testConfig('gateway', { LOOM_BASE_URL: address.url, NATS_URL: nats.url }),
      env: { LOOM_SITE_OPTIONS_POLL_MS: '600000' },
    },
    address,
  );
  auth = { anonymous: {}, ...(await basicForAll(core.url, ROLES)) };
}, 60000);

afterAll(async () => {
  await site?.close();
  for (const s of [oembed, events, forms, core]) await s?.close();
  await smtp?.down();
  await nats?.stop();
});

const as = (who: Caller) => ({
  get: (path: string) => request(site.url).get(`/rest${path}`).set(auth[who]),
  post: (path: string, body: object) => request(site.url).post(`/rest${path}`).set(auth[who]).send(body),
});
const err = (r: request.Response) => ({ status: r.status, code: r.body.code });

describe('GET and POST /core/v2/settings', () => {
  test('an administrator reads every setting, in WordPress 6.4 order, with the site URL', async () => {
    const r = await as('administrator').get('/core/v2/settings');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 20)).toEqual([
      'title',
      'description',
      'url',
      'email',
      'timezone',
      'date_format',
      'time_format',
      'start_of_week',
      'language',
      'use_smilies',
      'default_category',
      'default_post_format',
      'posts_per_page',
      'show_on_front',
      'page_on_front',
      'page_for_posts',
      'default_ping_status',
      'default_comment_status',
      'site_logo',
      'site_icon',
    ]);
    expect(r.body).toMatchObject({
      title: 'Loom Initial',
      url: site.url,
      date_format: 'F j, Y',
      time_format: 'g:i a',
      start_of_week: 1,
      language: 'en_US',
      use_smilies: true,
      default_category: 1,
      default_post_format: '0',
      posts_per_page: 10,
      show_on_front: 'posts',
      default_comment_status: 'open',
      site_logo: null,
      site_icon: 0,
      comment_moderation: false,
      thread_comments_depth: 5,
    });
  });

  test('anonymous callers get 401 and subscribers 403 rest_forbidden, for reading and for writing', async () => {
    expect(err(await as('anonymous').get('/core/v2/settings'))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect(err(await as('subscriber').get('/core/v2/settings'))).toEqual({ status: 403, code: 'rest_forbidden' });
    expect(err(await as('editor').post('/core/v2/settings', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
  });

  test('invalid values are 400 rest_invalid_param naming each, and change nothing', async () => {
    const before = (await as('administrator').get('/core/v2/settings')).body;
    for (const [body, param] of [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ email: 'not-an-address' }, 'email'],
      [{ start_of_week: 9 }, 'start_of_week'],
      [{ default_ping_status: 'maybe' }, 'default_ping_status'],
      [{ use_smilies: 'sometimes' }, 'use_smilies'],
      [{ show_on_front: 'everything' }, 'show_on_front'],
      [{ page_on_front: 987654 }, 'page_on_front'],
      [{ default_category: 987654 }, 'default_category'],
      [{ title: 'Half written', posts_per_page: 'many' }, 'posts_per_page'],
    ] as const) {
      const r = await as('administrator').post('/core/v2/settings', body);
      expect({ status: r.status, code: r.body.code, params: Object.keys(r.body.data?.params ?? {}) }).toEqual({
        status: 400,
        code: 'rest_invalid_param',
        params: [param],
      });
    }
    expect((await as('administrator').get('/core/v2/settings')).body).toEqual(before);
  });

  test('a write changes the given settings only, ignores unknown and read-only keys, and null resets one', async () => {
    const r = await as('administrator').post('/core/v2/settings', {
      description: 'Threads & <b>yarns</b>',
      posts_per_page: 0,
      date_format: 'Y-m-d<script>',
      url: 'http://elsewhere.test',
      no_such_setting: 1,
      __proto__: { polluted: true },
    });
    expect(r.status).toBe(200);
    // sanitize_option(): esc_html for the tagline, 0 posts per page is 1, tags stripped from formats.
    expect(r.body).toMatchObject({
      description: 'Threads &amp; &lt;b&gt;yarns&lt;/b&gt;',
      posts_per_page: 1,
      date_format: 'Y-m-d',
      url: site.url,
      title: 'Loom Initial',
    });
    expect(r.body).not.toHaveProperty('no_such_setting');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const reset = await as('administrator').post('/core/v2/settings', {
      description: null,
      posts_per_page: null,
      date_format: null,
    });
    expect(reset.body).toMatchObject({ description: '', posts_per_page: 10, date_format: 'F j, Y' });
  });
});

describe('settings drive the other services, with no restart', () => {
  test('a new title reaches the index, oEmbed provider_name and a contact form mail', async () => {
    const post = await as('administrator').post('/core/v2/posts', { title: 'Linen', status: 'publish' });
    expect(post.status).toBe(201);
    const form = await request(site.url)
      .post('/rest/formsA/v1/contact-forms')
      .set(auth.administrator)
      .send({
        context: 'save',
        title: 'Hello',
        form: '[text* your-name]',
        mail: {
          subject: '[_site_title] says hello',
          sender: '[_site_title] <wordpress@loom.test>',
          body: 'From [your-name]',
          recipient: '[_site_admin_email]',
          additional_headers: '',
          attachments: '',
          use_html: false,
          exclude_blank: false,
        },
      });
    expect(form.status).toBe(200);
    const provider = async () =>
      (await request(site.url).get('/rest/oembed/1.0/embed').query({ url: post.body.link })).body.provider_name;
    expect(await provider()).toBe('Loom Initial');
    expect((await request(site.url).get('/rest/')).body.name).toBe('Loom Initial');

    const changed = await as('administrator').post('/core/v2/settings', {
      title: 'Loom Renamed',
      email: 'owner@loom.test',
    });
    expect(changed.status).toBe(200);
    await eventually(async () => (await request(site.url).get('/rest/')).body.name === 'Loom Renamed', 5000);
    await eventually(async () => (await provider()) === 'Loom Renamed', 5000);
    const sent = smtp.messages.length;
    await eventually(async () => {
      const r = await request(site.url)
        .post(`/rest/formsA/v1/contact-forms/${form.body.id}/feedback`)
        .field('your-name', 'Ada')
        .field(hiddenFields(form.body.id).reduce((o, [k, v]) => ({ ...o, [k]: v }), {}));
      return r.body.status === 'mail_sent' && (await mailTo(sent)).includes('Loom Renamed');
    }, 5000);
  });

  test('the site logo, icon and front page show in the index, the logo and icon as embeddable media links', async () => {
    const page = await as('administrator').post('/core/v2/pages', { title: 'Home', status: 'publish' });
    const upload = await request(site.url)
      .post('/rest/core/v2/media')
      .set(auth.administrator)
      .set('Content-Type', 'image/png')
      .set('Content-Disposition', 'attachment; filename="icon.png"')
      .send(await image(64, 64, { format: 'png' }));
    expect(upload.status).toBe(201);
    const id = upload.body.id as number;
    // Read (and so cached, by core-content and the gateway) before the change: no answer outlives it.
    const pageUrl = `/rest/core/v2/pages/${page.body.id}`;
    for (let i = 0; i < 2; i++) expect((await request(site.url).get(pageUrl)).body.link).toBe(page.body.link);
    const r = await as('administrator').post('/core/v2/settings', {
      show_on_front: 'page',
      page_on_front: page.body.id,
      site_logo: id,
      site_icon: id,
    });
    expect(r.body).toMatchObject({ site_logo: id, site_icon: id });
    await eventually(async () => (await request(site.url).get('/rest/')).body.show_on_front === 'page', 5000);
    const index = (await request(site.url).get('/rest/')).body;
    expect(index).toMatchObject({
      show_on_front: 'page',
      page_on_front: page.body.id,
      site_logo: id,
      site_icon: id,
      site_icon_url: upload.body.source_url,
    });
    expect(index._links['https://api.w.org/featuredmedia']).toEqual([
      { embeddable: true, type: 'site_logo', href: `${site.url}/rest/core/v2/media/${id}` },
      { embeddable: true, type: 'site_icon', href: `${site.url}/rest/core/v2/media/${id}` },
    ]);
    // get_page_link(): the front page links to the home page; map_meta_cap: only managers of options may delete it.
    expect((await request(site.url).get(pageUrl)).body.link).toBe(`${site.url}/`);
    expect(err(await request(site.url).delete(`/rest/core/v2/pages/${page.body.id}`).set(auth.editor))).toEqual({
      status: 403,
      code: 'rest_cannot_delete',
    });
    expect(err(await as('administrator').post('/core/v2/settings', { site_icon: page.body.id }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('the time zone dates new posts and the index at once; new posts take the default comment status and category', async () => {
    const cat = await as('administrator').post('/core/v2/categories', { name: 'Knits' });
    const before = await as('administrator').post('/core/v2/posts', {
      title: 'Dated',
      status: 'publish',
      date_gmt: '2024-01-15T12:00:00',
    });
    expect(before.body.date).toBe('2024-01-15T12:00:00');
    const r = await as('administrator').post('/core/v2/settings', {
      timezone: 'Asia/Kolkata',
      default_comment_status: 'closed',
      default_category: cat.body.id,
    });
    expect(r.status).toBe(200);
    // As in WordPress, a stored post keeps its local date (post_date); a new one is dated in the new zone.
    expect((await as('administrator').get(`/core/v2/posts/${before.body.id}`)).body.date).toBe('2024-01-15T12:00:00');
    const after = await as('administrator').post('/core/v2/posts', {
      title: 'Dated again',
      status: 'publish',
      date_gmt: '2024-01-15T12:00:00',
    });
    expect({ date: after.body.date, date_gmt: after.body.date_gmt }).toEqual({
      date: '2024-01-15T17:30:00',
      date_gmt: '2024-01-15T12:00:00',
    });
    await eventually(async () => (await request(site.url).get('/rest/')).body.timezone_string === 'Asia/Kolkata', 5000);
    expect(after.body).toMatchObject({ comment_status: 'closed', categories: [cat.body.id] });
    const page = await as('administrator').post('/core/v2/pages', { title: 'Fresh page', status: 'publish' });
    expect(page.body.comment_status).toBe('closed');
    // The events service's default zone is the site's (an event created without one takes it).
    await eventually(async () => {
      const ev = await as('administrator').post('/events/v1/events', {
        title: 'Trunk show',
        start_date: '2025-03-01 10:00:00',
        end_date: '2025-03-01 12:00:00',
      });
      return ev.status === 201 && ev.body.timezone === 'Asia/Kolkata';
    }, 5000);
  });
});

/** The raw text of every message received after the first `from`. */
async function mailTo(from: number): Promise<string> {
  return smtp.messages
    .slice(from)
    .map((m) => m.raw)
    .join('\n');
}
