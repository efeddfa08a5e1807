/**
 * The rules that keep a site's comments clean, through the gateway: duplicates, floods, the moderation options,
 * threads, and what limits and hostile input get. Each world runs with the discussion options its tests need.
 */
import { as, err, startWorld, type World } from '@loom/testing';
import { approved, comment, made, newPost, stored } from './comments.requests';

const FLOOD = 'comment_flood';

describe("with WordPress's default options", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());

  test('the same text by the same author on the same post is a duplicate (409), also when sent twice at once', async () => {
    const post = await newPost(w);
    expect((await comment(w, 'editor', { post: post.id, content: 'Said once' })).status).toBe(201);
    const again = await comment(w, 'editor', { post: post.id, content: 'said ONCE' });
    // WordPress's answer (MySQL compares the text without case).
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'comment_duplicate',
      message: 'Duplicate comment detected; it looks as though you&#8217;ve already said that!',
      data: { status: 409 },
    });
    // Elsewhere (another post, or as a reply) it is no duplicate.
    const other = await newPost(w);
    expect((await comment(w, 'editor', { post: other.id, content: 'Said once' })).status).toBe(201);
    // Two at once: the store lets one through.
    const both = await Promise.all(
      [1, 2].map(() => as(w, 'administrator').post('/core/v2/comments', { post: post.id, content: 'At once' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // A trashed comment is no duplicate.
    const trashed = both.find((r) => r.status === 201)!.body.id as number;
    await as(w, 'administrator').delete(`/core/v2/comments/${trashed}`);
    expect((await comment(w, 'administrator', { post: post.id, content: 'At once' })).status).toBe(201);
  });

  test('a second comment within 15 s is a flood, for everyone but moderators', async () => {
    const post = await newPost(w);
    await w.core.store.collection(FLOOD).deleteMany({});
    const first = await as(w, 'contributor').post('/core/v2/comments', { post: post.id, content: 'one' });
    expect(first.status).toBe(201);
    const second = await as(w, 'contributor').post('/core/v2/comments', { post: post.id, content: 'two' });
    // WordPress's answer.
    expect(second.body).toEqual({
      code: 'comment_flood',
      message: 'You are posting comments too quickly. Slow down.',
      data: { status: 400 },
    });
    // Moderators are not throttled.
    for (const content of ['m1', 'm2', 'm3'])
      expect((await as(w, 'editor').post('/core/v2/comments', { post: post.id, content })).status).toBe(201);
    // 15 s later (the claim made older), the contributor may comment again.
    await w.core.store.collection(FLOOD).updateMany({}, { $set: { at: Date.now() - 16_000 } });
    expect((await as(w, 'contributor').post('/core/v2/comments', { post: post.id, content: 'two' })).status).toBe(201);
    // Sent together, one gets through.
    await w.core.store.collection(FLOOD).deleteMany({});
    const together = await Promise.all(
      ['x', 'y'].map((content) => as(w, 'author2').post('/core/v2/comments', { post: post.id, content })),
    );
    expect(together.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  test('an author without an approved comment is held; once one is approved, the next is approved', async () => {
    const post = await newPost(w);
    const first = await made(w, 'subscriber', { post: post.id, content: 'first-timer' });
    expect(first.status).toBe('hold');
    await as(w, 'editor').post(`/core/v2/comments/${first.id}`, { status: 'approved' });
    expect((await made(w, 'subscriber', { post: post.id, content: 'regular now' })).status).toBe('approved');
    // The post's own author is approved at once.
    const own = (await as(w, 'author').post('/core/v2/posts', { title: 'Mine', status: 'publish' })).body.id as number;
    expect((await made(w, 'author', { post: own, content: 'on my post' })).status).toBe('approved');
  });

  test('two links or more hold a comment (comment_max_links 2)', async () => {
    const post = await newPost(w);
    const approveFirst = await made(w, 'contributor', { post: post.id, content: 'hello' });
    await as(w, 'editor').post(`/core/v2/comments/${approveFirst.id}`, { status: 'approved' });
    expect((await made(w, 'contributor', { post: post.id, content: 'one https://a.example/' })).status).toBe(
      'approved',
    );
    const two = await made(w, 'contributor', {
      post: post.id,
      content: 'https://a.example/ and <a href="https://b.example/">b</a>',
    });
    expect(two.status).toBe('hold');
  });

  test('each field has its limit: name 245 bytes, e-mail 100, URL 200, text 65,525 bytes', async () => {
    const post = await newPost(w);
    const base = { post: post.id, author_name: 'n', author_email: 'a@example.com' };
    const cases: [Record<string, unknown>, string][] = [
      [{ content: 'y1', author_name: 'n'.repeat(246) }, 'comment_author_column_length'],
      [{ content: 'y2', author_email: `${'e'.repeat(95)}@ex.com` }, 'comment_author_email_column_length'],
      [{ content: 'y3', author_url: `http://example.com/${'u'.repeat(190)}` }, 'comment_author_url_column_length'],
      [{ content: 'a'.repeat(65526) }, 'comment_content_column_length'],
      // Bytes, not characters: 32,763 two-byte letters.
      [{ content: 'é'.repeat(32763) }, 'comment_content_column_length'],
    ];
    for (const [extra, code] of cases) {
      // WordPress's answers.
      expect((await comment(w, 'editor', { ...base, ...extra })).body).toEqual({
        code,
        message: 'Comment field exceeds maximum length allowed.',
        data: { status: 400 },
      });
    }
    const longest = await comment(w, 'editor', { post: post.id, content: 'a'.repeat(65525) });
    expect(longest.status).toBe(201);
  });

  test('hostile input: lone surrogates, 100 KB bodies and scripts are answered without a 5xx', async () => {
    const post = await newPost(w);
    const lone = await comment(w, 'editor', { post: post.id, content: 'bad \ud800 text' });
    expect(err(lone)).toEqual({ status: 400, code: 'rest_invalid_param' });
    const loneName = await comment(w, 'editor', { post: post.id, content: 'ok', author_name: '\udfff' });
    expect(err(loneName)).toEqual({ status: 400, code: 'rest_invalid_param' });
    const big = await comment(w, 'editor', { post: post.id, content: `${'word '.repeat(20_000)}https://a.example/` });
    expect(err(big)).toEqual({ status: 400, code: 'comment_content_column_length' });
    const script = await made(w, 'subscriber', {
      post: post.id,
      content: 'hi <script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
    });
    const raw = (await stored(w, script.id))!.content as string;
    expect(raw).not.toMatch(/<script|onerror|javascript:|<img/i);
    expect((await as(w, 'editor').get(`/core/v2/comments/${script.id}`)).status).toBe(200);
  });

  test('threads: a reply answers an approved comment of the same post, at most 5 levels deep', async () => {
    const post = await newPost(w);
    let parent = 0;
    const chain: number[] = [];
    for (let depth = 1; depth <= 5; depth++) {
      parent = (await approved(w, post.id, { parent })).id;
      chain.push(parent);
    }
    const tooDeep = await comment(w, 'administrator', { post: post.id, content: 'sixth level', parent });
    expect(tooDeep.body).toEqual({
      code: 'loom_comment_thread_too_deep',
      message: 'Replies may be nested at most 5 levels deep.',
      data: { status: 400 },
    });
    expect(
      (await comment(w, 'administrator', { post: post.id, content: 'fifth level', parent: chain[3] })).status,
    ).toBe(201);

    const other = await newPost(w);
    expect(
      (await comment(w, 'administrator', { post: other.id, content: 'cross-post', parent: chain[0] })).body,
    ).toEqual({
      code: 'loom_comment_parent_other_post',
      message: 'The comment replied to is on another post.',
      data: { status: 400 },
    });
    const held = await made(w, 'author2', { post: post.id, content: 'held parent' });
    // wp_handle_comment_submission()'s answer.
    expect((await comment(w, 'administrator', { post: post.id, content: 'reply', parent: held.id })).body).toEqual({
      code: 'comment_reply_to_unapproved_comment',
      message: 'Sorry, replies to unapproved comments are not allowed.',
      data: { status: 403 },
    });
    expect(err(await comment(w, 'administrator', { post: post.id, content: 'reply', parent: 987654 }))).toEqual({
      status: 403,
      code: 'comment_reply_to_unapproved_comment',
    });
  });
});

describe('with moderation words, disallowed words, anonymous comments and 3 levels', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({
      LOOM_COMMENTS_ALLOW_ANONYMOUS: 'on',
      LOOM_COMMENT_PREVIOUSLY_APPROVED: 'off',
      LOOM_COMMENT_MODERATION_KEYS: 'casino\nreplica watch',
      LOOM_COMMENT_DISALLOWED_KEYS: 'badword, 10.9.9.9',
      LOOM_THREAD_COMMENTS_DEPTH: '3',
    });
  });
  afterAll(() => w.close());

  test('anonymous comments need a name and an e-mail address; then they are stored without an account', async () => {
    const post = await newPost(w);
    expect((await comment(w, 'anonymous', { post: post.id, content: 'hi' })).body).toEqual({
      code: 'rest_comment_author_data_required',
      message: 'Creating a comment requires valid author name and email values.',
      data: { status: 400 },
    });
    const r = await comment(w, 'anonymous', {
      post: post.id,
      content: 'hello there',
      author_name: 'Visitor',
      author_email: 'visitor@example.com',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ author: 0, author_name: 'Visitor', status: 'approved' });
    expect(r.body.author_email).toBeUndefined();
    expect(await stored(w, r.body.id)).toMatchObject({ user_id: 0, author_email: 'visitor@example.com' });
  });

  test('a moderation word in any field holds the comment; a disallowed one sends it to the trash', async () => {
    const post = await newPost(w);
    expect((await made(w, 'contributor', { post: post.id, content: 'Best CASINO in town' })).status).toBe('hold');
    expect(
      (
        await made(w, 'contributor', {
          post: post.id,
          content: 'nice',
          author_name: 'Replica Watch Co',
          author_email: 'r@example.com',
        })
      ).status,
    ).toBe('hold');
    expect((await made(w, 'contributor', { post: post.id, content: 'a bad word here' })).status).toBe('approved');
    expect((await made(w, 'contributor', { post: post.id, content: 'a BADWORD here' })).status).toBe('trash');
    // Markup does not hide a word: the text is also checked with its tags stripped.
    expect((await made(w, 'contributor', { post: post.id, content: 'a <b>bad</b>word here' })).status).toBe('trash');
    // The address counts too (the moderator's own comments are not checked).
    const byIp = await made(w, 'contributor', { post: post.id, content: 'from there' });
    expect(byIp.status).toBe('approved');
    const fromIp = await comment(w, 'administrator', {
      post: post.id,
      content: 'on behalf of a visitor',
      author_name: 'V',
      author_email: 'v@example.com',
      author_ip: '10.9.9.9',
    });
    expect(fromIp.body.status).toBe('trash');
  });

  test('thread_comments_depth 3', async () => {
    const post = await newPost(w);
    const a = await approved(w, post.id);
    const b = await approved(w, post.id, { parent: a.id });
    const c = await approved(w, post.id, { parent: b.id });
    expect(err(await comment(w, 'administrator', { post: post.id, content: 'deeper', parent: c.id }))).toEqual({
      status: 400,
      code: 'loom_comment_thread_too_deep',
    });
  });
});

describe('with manual moderation and comments closing on posts older than a day', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({
      LOOM_COMMENT_MODERATION: 'on',
      LOOM_CLOSE_COMMENTS_FOR_OLD_POSTS: 'on',
      LOOM_CLOSE_COMMENTS_DAYS_OLD: '1',
    });
  });
  afterAll(() => w.close());

  test("every new comment waits, but the post author's and moderators'", async () => {
    const post = await newPost(w);
    const first = await made(w, 'subscriber', { post: post.id, content: 'one' });
    await as(w, 'editor').post(`/core/v2/comments/${first.id}`, { status: 'approved' });
    expect((await made(w, 'subscriber', { post: post.id, content: 'two' })).status).toBe('hold');
    expect((await made(w, 'editor', { post: post.id, content: 'three' })).status).toBe('approved');
  });

  test('a post older than close_comments_days_old takes no comments; a page is not closed', async () => {
    const old = await newPost(w, { date_gmt: '2020-01-01T00:00:00' });
    expect((await comment(w, 'editor', { post: old.id, content: 'late' })).body).toEqual({
      code: 'rest_comment_closed',
      message: 'Sorry, comments are closed for this item.',
      data: { status: 403 },
    });
    const fresh = await newPost(w);
    expect((await comment(w, 'editor', { post: fresh.id, content: 'in time' })).status).toBe(201);
    const page = (
      await as(w, 'administrator').post('/core/v2/pages', {
        title: 'Old page',
        status: 'publish',
        comment_status: 'open',
        date_gmt: '2020-01-01T00:00:00',
      })
    ).body.id as number;
    expect((await comment(w, 'editor', { post: page, content: 'on a page' })).status).toBe(201);
  });
});
