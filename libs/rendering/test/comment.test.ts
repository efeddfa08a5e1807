/**
 * A comment's text as WordPress saves and shows it. The expectations are WordPress's answers (a WordPress 6.1 site,
 * GET /wp/v2/comments/<id>?context=edit), except where the 6.4 source differs (noted).
 */
import { makeClickable, relUgc, renderCommentText, sanitizeCommentContent } from '../src/comment';

const HOME = 'http://127.0.0.1:8089';

test("a subscriber's comment: kses on save, then clickable links, curly quotes, dashes and paragraphs on display", () => {
  const raw = sanitizeCommentContent(
    'First <b>bold</b> and <script>alert(1)</script> see https://example.com/x "quoted" -- yes :)',
    { unfilteredHtml: false, homeUrl: HOME },
  );
  // WordPress keeps a removed script's text (`and alert(1) see`); Loom's kses drops it (docs/differences.md).
  expect(raw).toBe('First <b>bold</b> and  see https://example.com/x "quoted" -- yes :)');
  // WordPress 6.1 draws :) as an emoji (use_smilies); Loom draws no smilies.
  expect(renderCommentText(raw, HOME)).toBe(
    '<p>First <b>bold</b> and  see <a href="https://example.com/x" rel="nofollow ugc">https://example.com/x</a> ' +
      '&#8220;quoted&#8221; &#8212; yes :)</p>\n',
  );
});

test('links a commenter writes get rel="nofollow ugc", merged with their own rel', () => {
  expect(
    sanitizeCommentContent(
      'z1 <a href="https://ext.example/">ext</a> <a href="https://ext.example/2" rel="me">two</a>',
      {
        unfilteredHtml: true,
        homeUrl: HOME,
      },
    ),
  ).toBe(
    'z1 <a href="https://ext.example/" rel="nofollow ugc">ext</a> <a href="https://ext.example/2" rel="me nofollow ugc">two</a>',
  );
  // 6.4's wp_rel_callback keeps `ugc` on an internal link (6.1 left internal links untouched).
  expect(relUgc('<a href="http://127.0.0.1:8089/in">in</a>', HOME)).toBe(
    '<a href="http://127.0.0.1:8089/in" rel="ugc">in</a>',
  );
});

test('without unfiltered_html only $allowedtags stay', () => {
  const raw = sanitizeCommentContent('z2 <a href="https://ext.example/" onclick="x">ext</a> <p>para</p> <img src=x>', {
    unfilteredHtml: false,
    homeUrl: HOME,
  });
  expect(renderCommentText(raw, HOME)).toBe(
    '<p>z2 <a href="https://ext.example/" rel="nofollow ugc">ext</a> para </p>\n',
  );
});

test('make_clickable: www. hosts, e-mail addresses, parentheses; nothing inside code or tags', () => {
  expect(makeClickable('see www.example.com. or me@example.org', HOME)).toBe(
    'see <a href="http://www.example.com" rel="nofollow ugc">http://www.example.com</a>. or <a href="mailto:me@example.org">me@example.org</a>',
  );
  expect(makeClickable('(https://en.wikipedia.org/wiki/Foo_(bar))', HOME)).toBe(
    '(<a href="https://en.wikipedia.org/wiki/Foo_(bar)" rel="nofollow ugc">https://en.wikipedia.org/wiki/Foo_(bar)</a>)',
  );
  expect(
    makeClickable('<code>https://a.example/</code> <a href="https://b.example/">https://b.example/</a>', HOME),
  ).toBe('<code>https://a.example/</code> <a href="https://b.example/">https://b.example/</a>');
  expect(makeClickable('home http://127.0.0.1:8089/x', HOME)).toBe(
    'home <a href="http://127.0.0.1:8089/x" rel="ugc">http://127.0.0.1:8089/x</a>',
  );
});

test('long text without whitespace is left alone, quickly', () => {
  const long = `https://a.example/${'x'.repeat(100_000)}`;
  const started = Date.now();
  expect(makeClickable(long, HOME)).toBe(long);
  expect(makeClickable(`${'word '.repeat(20_000)}https://a.example/`, HOME)).toContain('<a href="https://a.example/"');
  expect(Date.now() - started).toBeLessThan(2000);
});
