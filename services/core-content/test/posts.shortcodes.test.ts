/**
 * Shortcodes in posts through the gateway (issue 11): content.rendered and excerpt.rendered as WordPress answers
 * them, do_shortcode running after wpautop and shortcode_unautop, only registered shortcodes ([caption],
 * [wp_caption]) touched. Each expectation is WordPress 6.1's the_content / the_excerpt for the same raw text, plus
 * the decoding/loading attributes wp_filter_content_tags() gives an image with a src (and a width and height).
 */
import { as, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let anon: Client;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  anon = as(w, 'anonymous');
});
afterAll(() => w.close());

/** A published post made by an administrator (unfiltered_html: stored as typed), read back anonymously. */
async function published(fields: { content: string; excerpt?: string; title?: string }) {
  const post = await make(admin, 'posts', { title: 'Shortcodes', status: 'publish', ...fields });
  const r = await anon.get(`/core/v2/posts/${post.id}`);
  expect(r.status).toBe(200);
  return r.body as {
    id: number;
    title: { rendered: string };
    content: { rendered: string };
    excerpt: { rendered: string };
  };
}

const CAPTION =
  '[caption id="attachment_7" align="alignnone" width="300"]' +
  '<img src="http://loom.test/wp-content/uploads/2024/01/linen.jpg" alt="Linen" width="300" height="200" class="size-medium wp-image-7" />' +
  ' Caption text[/caption]';
const FIGURE =
  '<figure id="attachment_7" aria-describedby="caption-attachment-7" style="width: 300px" class="wp-caption alignnone">' +
  '<img loading="lazy" decoding="async" src="http://loom.test/wp-content/uploads/2024/01/linen.jpg" alt="Linen" width="300" height="200" class="size-medium wp-image-7" />' +
  '<figcaption id="caption-attachment-7" class="wp-caption-text">Caption text</figcaption></figure>';

describe('[caption] (img_caption_shortcode, html5 theme support)', () => {
  test('a classic post: <figure>/<figcaption>, aria-describedby from the id, not wrapped in <p>; raw kept as typed', async () => {
    const post = await published({ content: `Before the "photo".\n\n${CAPTION}\n\nAfter it.` });
    expect(post.content.rendered).toBe(`<p>Before the &#8220;photo&#8221;.</p>\n${FIGURE}\n<p>After it.</p>\n`);
    const edit = await admin.get(`/core/v2/posts/${post.id}?context=edit`);
    expect(edit.body.content.raw).toBe(`Before the "photo".\n\n${CAPTION}\n\nAfter it.`);
  });

  test('caption text inside the shortcode is texturized; a link around the image stays; align and class', async () => {
    const post = await published({
      content:
        '[caption id="attachment_8" align="aligncenter" width="150" class="wide"]<a href="http://loom.test/linen/"><img src="linen.jpg" alt="" /></a> It\'s the "best" -- really[/caption]',
    });
    expect(post.content.rendered).toBe(
      '<figure id="attachment_8" aria-describedby="caption-attachment-8" style="width: 150px" class="wp-caption aligncenter wide">' +
        '<a href="http://loom.test/linen/"><img decoding="async" src="linen.jpg" alt="" /></a>' +
        '<figcaption id="caption-attachment-8" class="wp-caption-text">It&#8217;s the &#8220;best&#8221; &#8212; really</figcaption></figure>\n',
    );
  });

  test('the caption attribute instead of content; no id means no aria-describedby; no width means the image alone', async () => {
    const post = await published({
      content:
        '[caption caption="From the <em>attribute</em>" width="120"]<img src="a.jpg" alt="" />[/caption]\n\n[caption align="alignleft"]<img src="b.jpg" alt="" /> no width[/caption]',
    });
    expect(post.content.rendered).toBe(
      '<figure style="width: 120px" class="wp-caption alignnone"><img decoding="async" src="a.jpg" alt="" />' +
        '<figcaption class="wp-caption-text">From the <em>attribute</em></figcaption></figure>\n<img decoding="async" src="b.jpg" alt="" />\n',
    );
  });
});

describe('unknown and escaped shortcodes', () => {
  test('an unregistered shortcode stays as typed text, texturized like text (its quotes curled)', async () => {
    const post = await published({ content: 'Use [slideshow ids="1,2"] or [unknown foo=\'bar\'] -- it\'s "fine".' });
    expect(post.content.rendered).toBe(
      '<p>Use [slideshow ids=&#8221;1,2&#8243;] or [unknown foo=&#8217;bar&#8217;] &#8212; it&#8217;s &#8220;fine&#8221;.</p>\n',
    );
  });

  test('[[caption]] shows literally, attributes untouched by texturize; an enclosing one is escaped as a whole', async () => {
    const one = await published({ content: 'Type [[caption]] or [[caption width="300"]] for a caption.' });
    expect(one.content.rendered).toBe('<p>Type [caption] or [caption width="300"] for a caption.</p>\n');
    const enclosing = await published({ content: 'Shown: [[caption width="300"]Text "here"[/caption]]' });
    expect(enclosing.content.rendered).toBe('<p>Shown: [caption width="300"]Text &#8220;here&#8221;[/caption]</p>\n');
  });

  test('as WordPress, [[caption]] followed later by [/caption] pairs with it: the escape spans both', async () => {
    const post = await published({
      content: 'Type [[caption]] or [[caption width="300"]Text[/caption]] for a caption.',
    });
    expect(post.content.rendered).toBe(
      '<p>Type [caption]] or [[caption width="300"]Text[/caption] for a caption.</p>\n',
    );
  });
});

describe('shortcodes in block markup (do_blocks, then the same filters without wpautop)', () => {
  test('a shortcode block: wpautop of its text, then shortcode_unautop takes the <p> away', async () => {
    const post = await published({ content: `<!-- wp:shortcode -->\n${CAPTION}\n<!-- /wp:shortcode -->` });
    expect(post.content.rendered).toBe(`${FIGURE}\n`);
  });

  test('a paragraph block holding only a caption loses its <p>; inline in text it stays inside the paragraph', async () => {
    const post = await published({
      content:
        `<!-- wp:paragraph -->\n<p>${CAPTION}</p>\n<!-- /wp:paragraph -->\n\n` +
        '<!-- wp:paragraph -->\n<p>Text [caption width="300"]<img src="photo.jpg" alt="" /> inline[/caption] and [unknown "x"]</p>\n<!-- /wp:paragraph -->',
    });
    expect(post.content.rendered).toBe(
      `\n${FIGURE}\n\n\n\n<p>Text <figure style="width: 300px" class="wp-caption alignnone"><img decoding="async" src="photo.jpg" alt="" />` +
        '<figcaption class="wp-caption-text">inline</figcaption></figure> and [unknown &#8220;x&#8221;]</p>\n',
    );
  });

  test('an unregistered shortcode in a shortcode block stays in its paragraph', async () => {
    const post = await published({ content: '<!-- wp:shortcode -->\n[slideshow ids="1,2"]\n<!-- /wp:shortcode -->' });
    expect(post.content.rendered).toBe('<p>[slideshow ids=&#8221;1,2&#8243;]</p>\n');
  });
});

describe('excerpts', () => {
  test('generated: strip_shortcodes() removes a caption with its text; unknown shortcodes stay', async () => {
    const post = await published({ content: `Intro "text" ${CAPTION} and [unknown a="b"] end.` });
    expect(post.excerpt.rendered).toBe('<p>Intro &#8220;text&#8221; and [unknown a=&#8221;b&#8221;] end.</p>\n');
  });

  test('generated from blocks: the shortcode block is left out, a caption in a paragraph stripped', async () => {
    const post = await published({
      content:
        '<!-- wp:paragraph -->\n<p>Para [caption width="300"]<img src="photo.jpg" alt="" /> gone[/caption] "kept".</p>\n<!-- /wp:paragraph -->\n\n' +
        `<!-- wp:shortcode -->\n${CAPTION}\n<!-- /wp:shortcode -->`,
    });
    expect(post.excerpt.rendered).toBe('<p>Para &#8220;kept&#8221;.</p>\n');
  });

  test('manual: the_excerpt runs no shortcode; the tag is not texturized, and alone it is not wrapped in <p>', async () => {
    const one = await published({
      content: CAPTION,
      excerpt: 'Manual [caption width="300"]<img alt="" /> "cap"[/caption] excerpt',
    });
    expect(one.excerpt.rendered).toBe(
      '<p>Manual [caption width="300"]<img alt="" /> &#8220;cap&#8221;[/caption] excerpt</p>\n',
    );
    const alone = await published({ content: CAPTION, excerpt: '[caption width="300"]x[/caption]' });
    expect(alone.excerpt.rendered).toBe('[caption width="300"]x[/caption]\n');
  });
});

test('title: a registered shortcode is neither run nor texturized; an unknown one is text', async () => {
  const post = await published({ content: 'x', title: 'A [caption caption="It\'s"] and [other "x"]' });
  expect(post.title.rendered).toBe('A [caption caption="It\'s"] and [other &#8220;x&#8221;]');
});
