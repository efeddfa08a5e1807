/**
 * core/v2 comments through the gateway: routes, fields, parameters, statuses and who may do what, as WordPress's
 * comments controller answers. The expectations quoted as WordPress's are a WordPress site's answers to the same
 * requests (wp/v2/comments), recorded here.
 */
import request from 'supertest';
import { as, err, type World, startWorld } from '@loom/testing';
import { approved, BASE, comment, made, newPost, stored } from './comments.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const REST = `${BASE}/rest/core/v2`;

describe('creating', () => {
  test('anonymous callers are refused, as WordPress refuses them by default', async () => {
    const post = await newPost(w);
    const r = await comment(w, 'anonymous', {
      post: post.id,
      content: 'hi',
      author_name: 'A',
      author_email: 'a@example.com',
    });
    // WordPress's answer.
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      code: 'rest_comment_login_required',
      message: 'Sorry, you must be logged in to comment.',
      data: { status: 401 },
    });
  });

  test("a subscriber comments as themself: 201, Location, the view context, held as a first-timer's", async () => {
    const post = await newPost(w, { slug: 'comments-oracle' });
    const r = await comment(w, 'subscriber', {
      post: post.id,
      content: 'First <b>bold</b> see https://example.com/x "quoted" -- yes',
    });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`${REST}/comments/${r.body.id}`);
    const subscriber = w.users.subscriber;
    // WordPress's answer (its ids, host and avatar hash aside: Loom's avatars are SHA-256 Gravatars, as WordPress 6.8's).
    expect(r.body).toEqual({
      id: r.body.id,
      post: post.id,
      parent: 0,
      author: subscriber.id,
      author_name: 'subscriber',
      author_url: '',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      date_gmt: r.body.date_gmt,
      content: {
        rendered:
          '<p>First <b>bold</b> see <a href="https://example.com/x" rel="nofollow ugc">https://example.com/x</a> ' +
          '&#8220;quoted&#8221; &#8212; yes</p>\n',
      },
      link: `${BASE}/comments-oracle/#comment-${r.body.id}`,
      status: 'hold',
      type: 'comment',
      author_avatar_urls: {
        '24': expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=24&d=mm&r=g$/),
        '48': expect.stringMatching(/\?s=48&d=mm&r=g$/),
        '96': expect.stringMatching(/\?s=96&d=mm&r=g$/),
      },
      meta: [],
      _links: {
        self: [{ href: `${REST}/comments/${r.body.id}` }],
        collection: [{ href: `${REST}/comments` }],
        author: [{ embeddable: true, href: `${REST}/users/${subscriber.id}` }],
        up: [{ embeddable: true, post_type: 'post', href: `${REST}/posts/${post.id}` }],
      },
    });
    // What is stored: the author's account details, address and agent.
    expect(await stored(w, r.body.id)).toMatchObject({
      user_id: subscriber.id,
      author_email: subscriber.email,
      author_ip: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
      approved: '0',
    });
  });

  test("a moderator gets the edit context and is approved at once; the user agent is the request's", async () => {
    const post = await newPost(w);
    const r = await as(w, 'editor')
      .post('/core/v2/comments', { post: post.id, content: 'Editor <script>kept()</script>' })
      .set('User-Agent', 'Loom-test/1.0');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      author: w.users.editor.id,
      author_email: w.users.editor.email,
      author_user_agent: 'Loom-test/1.0',
      status: 'approved',
      // unfiltered_html: the text is kept as written (WordPress's answer to an editor).
      content: { raw: 'Editor <script>kept()</script>', rendered: '<p>Editor <script>kept()</script></p>\n' },
    });
    expect(Object.keys(r.body)).toEqual([
      'id',
      'post',
      'parent',
      'author',
      'author_name',
      'author_email',
      'author_url',
      'author_ip',
      'author_user_agent',
      'date',
      'date_gmt',
      'content',
      'link',
      'status',
      'type',
      'author_avatar_urls',
      'meta',
      '_links',
    ]);
  });

  test('only moderators set author, author_ip and status; a subscriber sending them is refused', async () => {
    const post = await newPost(w);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ author: 1 }, 'rest_comment_invalid_author', "Sorry, you are not allowed to edit 'author' for comments."],
      [
        { author_ip: '10.1.2.3' },
        'rest_comment_invalid_author_ip',
        "Sorry, you are not allowed to edit 'author_ip' for comments.",
      ],
      [
        { status: 'approved' },
        'rest_comment_invalid_status',
        "Sorry, you are not allowed to edit 'status' for comments.",
      ],
    ];
    for (const [extra, code, message] of cases) {
      const r = await comment(w, 'subscriber', { post: post.id, content: 'x', ...extra });
      expect(r.body).toEqual({ code, message, data: { status: 403 } });
    }
    // A moderator may: another author, an address, a status.
    const r = await comment(w, 'administrator', {
      post: post.id,
      content: 'on behalf',
      author: w.users.subscriber.id,
      author_ip: '10.1.2.3',
      status: 'hold',
    });
    expect(r.body).toMatchObject({
      author: w.users.subscriber.id,
      author_name: 'subscriber',
      author_ip: '10.1.2.3',
      status: 'hold',
    });
  });

  test('the post must exist, be readable, open, and be neither a draft nor in the trash', async () => {
    const draft = await newPost(w, { status: 'draft' });
    const closed = await newPost(w, { comment_status: 'closed' });
    const privatePost = await newPost(w, { status: 'private' });
    const trashed = await newPost(w);
    await as(w, 'administrator').delete(`/core/v2/posts/${trashed.id}`);
    // WordPress's answers.
    expect((await comment(w, 'editor', { post: 999999, content: 'x' })).body).toEqual({
      code: 'rest_comment_invalid_post_id',
      message: 'Sorry, you are not allowed to create this comment without a post.',
      data: { status: 403 },
    });
    expect(err(await comment(w, 'editor', { content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_comment_invalid_post_id',
    });
    expect((await comment(w, 'editor', { post: draft.id, content: 'x' })).body).toEqual({
      code: 'rest_comment_draft_post',
      message: 'Sorry, you are not allowed to create a comment on this post.',
      data: { status: 403 },
    });
    expect(err(await comment(w, 'editor', { post: trashed.id, content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_comment_trash_post',
    });
    expect((await comment(w, 'editor', { post: closed.id, content: 'x' })).body).toEqual({
      code: 'rest_comment_closed',
      message: 'Sorry, comments are closed for this item.',
      data: { status: 403 },
    });
    expect((await comment(w, 'subscriber', { post: privatePost.id, content: 'x' })).body).toEqual({
      code: 'rest_cannot_read_post',
      message: 'Sorry, you are not allowed to read the post for this comment.',
      data: { status: 403 },
    });
    expect((await comment(w, 'editor', { post: privatePost.id, content: 'on private' })).status).toBe(201);
  });

  test('empty text, another type, an unknown author and an id are refused as WordPress refuses them', async () => {
    const post = await newPost(w);
    expect((await comment(w, 'editor', { post: post.id, content: '   ' })).body).toEqual({
      code: 'rest_comment_content_invalid',
      message: 'Invalid comment content.',
      data: { status: 400 },
    });
    expect(err(await comment(w, 'editor', { post: post.id, content: 'x', type: 'pingback' }))).toEqual({
      status: 400,
      code: 'rest_invalid_comment_type',
    });
    expect((await comment(w, 'editor', { post: post.id, content: 'x', author: 987654 })).body).toEqual({
      code: 'rest_comment_author_invalid',
      message: 'Invalid comment author ID.',
      data: { status: 400 },
    });
    expect(err(await comment(w, 'editor', { post: post.id, content: 'x', id: 5 }))).toEqual({
      status: 400,
      code: 'rest_comment_exists',
    });
    // WordPress's answer to a malformed address.
    expect(
      (await comment(w, 'editor', { post: post.id, content: 'x', author_email: 'not-an-email' })).body,
    ).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): author_email',
      data: { status: 400, params: { author_email: 'Invalid email address.' } },
    });
  });

  test('the author fields as sent: name stripped of tags and entity-encoded, URL made safe, not linked to the account', async () => {
    const post = await newPost(w);
    const r = await comment(w, 'editor', {
      post: post.id,
      content: 'y4',
      author_name: '<b>Bob</b> & co',
      author_email: 'b@example.com',
      author_url: 'example.com/x',
    });
    // WordPress's answer: the account is not the author once a name is given, so the comment is checked (held).
    expect(r.body).toMatchObject({
      author: 0,
      author_name: 'Bob &amp; co',
      author_email: 'b@example.com',
      author_url: 'http://example.com/x',
      status: 'hold',
    });
    const js = await comment(w, 'editor', { post: post.id, content: 'x3', author_url: 'javascript:alert(1)' });
    // An author_url WordPress empties: then the account's details are used.
    expect(js.body).toMatchObject({ author: w.users.editor.id, author_url: '' });
  });
});

describe('reading', () => {
  test('an approved comment is public; a held one only for its author and those who may edit the post', async () => {
    const post = await newPost(w);
    const held = await made(w, 'subscriber', { post: post.id, content: 'held one' });
    const ok = await approved(w, post.id);
    expect((await as(w, 'anonymous').get(`/core/v2/comments/${ok.id}`)).status).toBe(200);
    // WordPress's answers.
    expect((await as(w, 'anonymous').get(`/core/v2/comments/${held.id}`)).body).toEqual({
      code: 'rest_cannot_read',
      message: 'Sorry, you are not allowed to read this comment.',
      data: { status: 401 },
    });
    expect((await as(w, 'subscriber').get(`/core/v2/comments/${held.id}`)).status).toBe(200);
    expect(err(await as(w, 'contributor').get(`/core/v2/comments/${held.id}`))).toEqual({
      status: 403,
      code: 'rest_cannot_read',
    });
    expect((await as(w, 'editor').get(`/core/v2/comments/${held.id}?context=edit`)).status).toBe(200);
    expect((await as(w, 'subscriber').get(`/core/v2/comments/${held.id}?context=edit`)).body).toEqual({
      code: 'rest_forbidden_context',
      message: 'Sorry, you are not allowed to edit comments.',
      data: { status: 403 },
    });
    expect((await as(w, 'anonymous').get('/core/v2/comments/987654')).body).toEqual({
      code: 'rest_comment_invalid_id',
      message: 'Invalid comment ID.',
      data: { status: 404 },
    });
  });

  test('the list holds approved comments by default, newest first; X-WP-Total counts what the caller may see', async () => {
    const post = await newPost(w);
    const a = await approved(w, post.id);
    const b = await approved(w, post.id);
    await made(w, 'subscriber', { post: post.id, content: 'pending' });
    const anon = await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}`);
    expect(anon.headers['x-wp-total']).toBe('2');
    expect(anon.headers['x-wp-totalpages']).toBe('1');
    expect(anon.body.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    // A contributor may ask for held comments, and sees only those it may read: WordPress counts the others in
    // X-WP-Total without showing them (2 and []); Loom counts what it shows.
    const held = await as(w, 'contributor').get(`/core/v2/comments?post=${post.id}&status=hold`);
    expect([held.headers['x-wp-total'], held.body]).toEqual(['0', []]);
    const all = await as(w, 'editor').get(`/core/v2/comments?post=${post.id}&status=all`);
    expect(all.headers['x-wp-total']).toBe('3');
  });

  test('without edit_posts, author, author_exclude, author_email, type and status are not permitted', async () => {
    // WordPress's answers.
    expect((await as(w, 'anonymous').get('/core/v2/comments?type=pingback&author=1&author_email=a@b.co')).body).toEqual(
      {
        code: 'rest_forbidden_param',
        message: 'Query parameter not permitted: author, author_email, type',
        data: { status: 401 },
      },
    );
    expect((await as(w, 'subscriber').get('/core/v2/comments?status=hold')).body).toEqual({
      code: 'rest_forbidden_param',
      message: 'Query parameter not permitted: status',
      data: { status: 403 },
    });
    expect((await as(w, 'subscriber').get('/core/v2/comments?context=edit')).body).toEqual({
      code: 'rest_forbidden_context',
      message: 'Sorry, you are not allowed to edit comments.',
      data: { status: 403 },
    });
    expect((await as(w, 'anonymous').get('/core/v2/comments?post=0')).body).toEqual({
      code: 'rest_cannot_read',
      message: 'Sorry, you are not allowed to read comments without a post.',
      data: { status: 401 },
    });
    expect((await as(w, 'contributor').get('/core/v2/comments?status=hold&author=1')).status).toBe(200);
  });

  test('filters and order: parent, include/exclude, search, author, dates, orderby, pages and offset', async () => {
    const post = await newPost(w);
    const top = await approved(w, post.id, { content: 'Top alpha' });
    const reply = await approved(w, post.id, { content: 'Reply beta', parent: top.id, date: '2020-01-02T10:00:00' });
    const other = await made(w, 'editor', { post: post.id, content: 'Editor gamma', date: '2019-05-05T10:00:00' });
    const ids = async (q: string, who: 'anonymous' | 'administrator' = 'anonymous') =>
      (await as(w, who).get(`/core/v2/comments?post=${post.id}&${q}`)).body.map((c: { id: number }) => c.id);
    expect(await ids(`parent=${top.id}`)).toEqual([reply.id]);
    expect(await ids(`parent_exclude=${top.id}`)).toEqual([top.id, other.id]);
    expect(await ids(`include=${other.id},${top.id}&orderby=include`)).toEqual([other.id, top.id]);
    expect(await ids(`exclude=${top.id}`)).toEqual([reply.id, other.id]);
    expect(await ids('search=BETA')).toEqual([reply.id]);
    expect(await ids('orderby=id&order=asc')).toEqual([top.id, reply.id, other.id]);
    expect(await ids('after=2020-01-01T00:00:00')).toEqual([top.id, reply.id]);
    expect(await ids('before=2020-01-01T00:00:00')).toEqual([other.id]);
    expect(await ids(`author=${w.users.editor.id}`, 'administrator')).toEqual([other.id]);
    expect(await ids(`author_exclude=${w.users.editor.id}`, 'administrator')).toEqual([top.id, reply.id]);
    expect(await ids(`author_email=${w.users.editor.email.toUpperCase()}`, 'administrator')).toEqual([other.id]);
    const page = await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}&per_page=1&page=2`);
    expect(page.body.map((c: { id: number }) => c.id)).toEqual([reply.id]);
    expect(page.headers['x-wp-totalpages']).toBe('3');
    expect(page.headers.link).toBe(
      `<${REST}/comments?post=${post.id}&per_page=1&page=1>; rel="prev", <${REST}/comments?post=${post.id}&per_page=1&page=3>; rel="next"`,
    );
    expect(await ids('per_page=1&offset=2')).toEqual([other.id]);
    // Past the end: [] (no error for comments).
    expect((await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}&page=9`)).body).toEqual([]);
    // Other types have no comments.
    expect(await ids('type=pingback', 'administrator')).toEqual([]);
  });

  test('links: in-reply-to for a reply, children for a comment with replies', async () => {
    const post = await newPost(w);
    const a = await approved(w, post.id);
    const b = await approved(w, post.id, { parent: a.id });
    const ra = await as(w, 'anonymous').get(`/core/v2/comments/${a.id}`);
    // WordPress's answer.
    expect(ra.body._links.children).toEqual([{ embeddable: true, href: `${REST}/comments?parent=${a.id}` }]);
    expect(ra.body._links['in-reply-to']).toBeUndefined();
    const rb = await as(w, 'anonymous').get(`/core/v2/comments/${b.id}`);
    expect(rb.body._links['in-reply-to']).toEqual([{ embeddable: true, href: `${REST}/comments/${a.id}` }]);
    expect(rb.body._links.children).toBeUndefined();
  });

  test("Allow names the methods the caller may use, as WordPress's", async () => {
    const c = await approved(w, (await newPost(w)).id);
    // WordPress's answers: a list names no post to create a comment on, so only GET.
    expect((await as(w, 'administrator').get('/core/v2/comments')).headers.allow).toBe('GET');
    expect((await as(w, 'anonymous').get(`/core/v2/comments/${c.id}`)).headers.allow).toBe('GET');
    expect((await as(w, 'administrator').get(`/core/v2/comments/${c.id}`)).headers.allow).toBe(
      'GET, POST, PUT, PATCH, DELETE',
    );
  });

  test("the routes' arguments and schema are WordPress's", async () => {
    const optionsOf = async (path: string) => (await request(w.gw.app).options(`/rest/core/v2/${path}`)).body;
    const pick = (args: Record<string, Record<string, unknown>>) =>
      Object.fromEntries(
        Object.entries(args).map(([k, v]) => [
          k,
          Object.fromEntries(
            Object.entries(v).filter(([kk]) => ['type', 'default', 'enum', 'format', 'required'].includes(kk)),
          ),
        ]),
      );
    const collection = await optionsOf('comments');
    // WordPress's OPTIONS answer, its arguments (type, default, enum, format, required) by endpoint.
    expect(collection.endpoints.map((e: { args: Record<string, Record<string, unknown>> }) => pick(e.args))).toEqual([
      {
        context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false },
        page: { type: 'integer', default: 1, required: false },
        per_page: { type: 'integer', default: 10, required: false },
        search: { type: 'string', required: false },
        after: { type: 'string', format: 'date-time', required: false },
        author: { type: 'array', required: false },
        author_exclude: { type: 'array', required: false },
        author_email: { default: null, format: 'email', type: 'string', required: false },
        before: { type: 'string', format: 'date-time', required: false },
        exclude: { type: 'array', default: [], required: false },
        include: { type: 'array', default: [], required: false },
        offset: { type: 'integer', required: false },
        order: { type: 'string', default: 'desc', enum: ['asc', 'desc'], required: false },
        orderby: {
          type: 'string',
          default: 'date_gmt',
          enum: ['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'],
          required: false,
        },
        parent: { default: [], type: 'array', required: false },
        parent_exclude: { default: [], type: 'array', required: false },
        post: { default: [], type: 'array', required: false },
        status: { default: 'approve', type: 'string', required: false },
        type: { default: 'comment', type: 'string', required: false },
        password: { type: 'string', required: false },
      },
      {
        author: { type: 'integer', required: false },
        author_email: { type: 'string', format: 'email', required: false },
        author_ip: { type: 'string', format: 'ip', required: false },
        author_name: { type: 'string', required: false },
        author_url: { type: 'string', format: 'uri', required: false },
        author_user_agent: { type: 'string', required: false },
        content: { type: 'object', required: false },
        date: { type: 'string', format: 'date-time', required: false },
        date_gmt: { type: 'string', format: 'date-time', required: false },
        parent: { default: 0, type: 'integer', required: false },
        post: { default: 0, type: 'integer', required: false },
        status: { type: 'string', required: false },
        meta: { type: 'object', required: false },
      },
    ]);
    const item = await optionsOf('comments/1');
    expect(
      item.endpoints.map((e: { methods: string[]; args: Record<string, unknown> }) => [e.methods, Object.keys(e.args)]),
    ).toEqual([
      [['GET'], ['id', 'context', 'password']],
      [
        ['POST', 'PUT', 'PATCH'],
        [
          'id',
          'author',
          'author_email',
          'author_ip',
          'author_name',
          'author_url',
          'author_user_agent',
          'content',
          'date',
          'date_gmt',
          'parent',
          'post',
          'status',
          'meta',
        ],
      ],
      [['DELETE'], ['id', 'force', 'password']],
    ]);
    // WordPress's schema: its properties, with their types, contexts and readonly flags.
    const props = collection.schema.properties as Record<
      string,
      { type: string; context: string[]; readonly?: boolean }
    >;
    expect(collection.schema.title).toBe('comment');
    expect(
      Object.fromEntries(Object.entries(props).map(([k, v]) => [k, [v.type, v.context, v.readonly ?? false]])),
    ).toEqual({
      id: ['integer', ['view', 'edit', 'embed'], true],
      author: ['integer', ['view', 'edit', 'embed'], false],
      author_email: ['string', ['edit'], false],
      author_ip: ['string', ['edit'], false],
      author_name: ['string', ['view', 'edit', 'embed'], false],
      author_url: ['string', ['view', 'edit', 'embed'], false],
      author_user_agent: ['string', ['edit'], false],
      content: ['object', ['view', 'edit', 'embed'], false],
      date: ['string', ['view', 'edit', 'embed'], false],
      date_gmt: ['string', ['view', 'edit'], false],
      link: ['string', ['view', 'edit', 'embed'], true],
      parent: ['integer', ['view', 'edit', 'embed'], false],
      post: ['integer', ['view', 'edit'], false],
      status: ['string', ['view', 'edit'], false],
      type: ['string', ['view', 'edit', 'embed'], true],
      author_avatar_urls: ['object', ['view', 'edit', 'embed'], true],
      meta: ['object', ['view', 'edit'], false],
    });
  });
});

describe('changing', () => {
  test('moderators change the status; trash, then delete for good; replies move up to the parent', async () => {
    const post = await newPost(w);
    const held = await made(w, 'subscriber', { post: post.id, content: 'approve me' });
    const approve = await as(w, 'editor').post(`/core/v2/comments/${held.id}`, { status: 'approved' });
    expect(approve.body).toMatchObject({ status: 'approved', author_email: w.users.subscriber.email });
    // The same status again changes nothing (200, as WordPress).
    expect((await as(w, 'editor').post(`/core/v2/comments/${held.id}`, { status: 'approved' })).body.status).toBe(
      'approved',
    );
    expect((await as(w, 'editor').patch(`/core/v2/comments/${held.id}`, { status: 'spam' })).body.status).toBe('spam');
    expect((await as(w, 'editor').patch(`/core/v2/comments/${held.id}`, { status: 'unspam' })).body.status).toBe(
      'approved',
    );

    const a = await approved(w, post.id);
    const b = await approved(w, post.id, { parent: a.id });
    const c = await approved(w, post.id, { parent: b.id });
    const trashed = await as(w, 'administrator').delete(`/core/v2/comments/${b.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({ id: b.id, status: 'trash', author_email: w.users.administrator.email });
    // WordPress's answer to trashing it again.
    expect((await as(w, 'administrator').delete(`/core/v2/comments/${b.id}`)).body).toEqual({
      code: 'rest_already_trashed',
      message: 'The comment has already been trashed.',
      data: { status: 410 },
    });
    const gone = await as(w, 'administrator').delete(`/core/v2/comments/${b.id}?force=true`);
    expect(gone.body).toEqual({
      deleted: true,
      previous: expect.objectContaining({ id: b.id, status: 'trash', parent: a.id }),
    });
    expect(gone.body.previous._links).toBeUndefined();
    // WordPress's wp_delete_comment: the reply now answers the deleted comment's parent.
    expect((await as(w, 'anonymous').get(`/core/v2/comments/${c.id}`)).body.parent).toBe(a.id);
    expect(err(await as(w, 'anonymous').get(`/core/v2/comments/${b.id}`))).toEqual({
      status: 404,
      code: 'rest_comment_invalid_id',
    });
    // Untrash brings back what a trashed comment was.
    await as(w, 'administrator').delete(`/core/v2/comments/${c.id}`);
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { status: 'untrash' })).body.status).toBe(
      'approved',
    );
  });

  test("who may edit: moderators, and the post's author for comments on their post; not the commenter", async () => {
    const byAuthor = await make2(w);
    await w.core.store.collection('comment_flood').deleteMany({});
    const c = (
      await as(w, 'subscriber')
        .post('/core/v2/comments', { post: byAuthor, content: 'on an author post' })
        .set('User-Agent', 'Commenter/1.0')
    ).body as { id: number };
    expect((await as(w, 'subscriber').post(`/core/v2/comments/${c.id}`, { content: 'edited' })).body).toEqual({
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this comment.',
      data: { status: 403 },
    });
    expect((await as(w, 'anonymous').delete(`/core/v2/comments/${c.id}`)).body).toEqual({
      code: 'rest_cannot_delete',
      message: 'Sorry, you are not allowed to delete this comment.',
      data: { status: 401 },
    });
    expect(err(await as(w, 'author2').post(`/core/v2/comments/${c.id}`, { content: 'no' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    const edited = await as(w, 'author')
      .post(`/core/v2/comments/${c.id}`, { content: 'edited by the author' })
      .set('User-Agent', 'Editor/2.0');
    // Updating keeps the commenter's user agent (WordPress writes the updater's over it, and the address).
    expect(edited.body).toMatchObject({
      content: { raw: 'edited by the author' },
      author: w.users.subscriber.id,
      author_user_agent: 'Commenter/1.0',
    });
    expect(await stored(w, c.id)).toMatchObject({ agent: 'Commenter/1.0', content: 'edited by the author' });
  });

  test('update refusals as WordPress answers them', async () => {
    const post = await newPost(w);
    const c = await approved(w, post.id);
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { content: '' })).body).toEqual({
      code: 'rest_comment_content_invalid',
      message: 'Invalid comment content.',
      data: { status: 400 },
    });
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { type: 'pingback' })).body).toEqual({
      code: 'rest_comment_invalid_type',
      message: 'Sorry, you are not allowed to change the comment type.',
      data: { status: 404 },
    });
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { post: 99999 })).body).toEqual({
      code: 'rest_comment_invalid_post_id',
      message: 'Invalid post ID.',
      data: { status: 403 },
    });
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { author: 999 })).body).toEqual({
      code: 'rest_comment_author_invalid',
      message: 'Invalid comment author ID.',
      data: { status: 400 },
    });
    // An unknown status is ignored (200, as WordPress).
    expect((await as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { status: 'bogus' })).body.status).toBe(
      'approved',
    );
  });
});

/** A post of the author's own (published), for the edit_comment rule. */
async function make2(world: World): Promise<number> {
  const r = await as(world, 'author').post('/core/v2/posts', { title: 'By the author', status: 'publish' });
  return r.body.id as number;
}
