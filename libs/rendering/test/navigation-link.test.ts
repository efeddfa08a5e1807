/**
 * The navigation-link block as WordPress renders it in content.rendered: sample 108/114's markup, links to posts
 * that are gone or unpublished, attributes escaped, labels kses'd, submenus, and esc_url().
 */
import { escUrl, linkedPostIds, renderContent } from '../src';

const link = (attrs: Record<string, unknown>, inner = '') =>
  inner
    ? `<!-- wp:navigation-link ${JSON.stringify(attrs)} -->${inner}<!-- /wp:navigation-link -->`
    : `<!-- wp:navigation-link ${JSON.stringify(attrs)} /-->`;
const about = link({ label: 'About', type: 'page', id: 32, url: 'http://127.0.0.1:8089/about/', kind: 'post-type' });
const example = link({ label: 'Example', url: 'https://example.com/', kind: 'custom' });
const li = (href: string, label: string) =>
  `<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="${href}"><span class="wp-block-navigation-item__label">${label}</span></a></li>`;

describe('core/navigation-link', () => {
  test('samples 108 and 114: one list item per link', () => {
    expect(renderContent(about)).toBe(li('http://127.0.0.1:8089/about/', 'About'));
    expect(renderContent(about + example)).toBe(
      li('http://127.0.0.1:8089/about/', 'About') + li('https://example.com/', 'Example'),
    );
  });

  test('a link to a post that is not published, or gone, renders nothing; custom links do not ask', () => {
    const seen: number[] = [];
    const postStatus = (id: number) => (seen.push(id), id === 32 ? 'draft' : undefined);
    expect(renderContent(about + example, undefined, { postStatus })).toBe(li('https://example.com/', 'Example'));
    expect(seen).toEqual([32]);
    expect(renderContent(about, undefined, { postStatus: () => 'publish' })).toBe(
      li('http://127.0.0.1:8089/about/', 'About'),
    );
    expect(
      renderContent(link({ label: 'Post', type: 'post', id: '7', url: '/p' }), undefined, {
        postStatus: () => undefined,
      }),
    ).toBe('');
  });

  test('linkedPostIds: the posts and pages links name, nested ones included, for one lookup', () => {
    const nested = link(
      { label: 'Top', type: 'page', id: 5, url: '/top' },
      link({ label: 'Sub', kind: 'post-type', id: '9', url: '/sub' }) + example,
    );
    expect(linkedPostIds(about + nested + about)).toEqual([32, 5, 9]);
    expect(linkedPostIds(example)).toEqual([]);
    expect(linkedPostIds('<!-- wp:paragraph --><p>navigation-link</p><!-- /wp:paragraph -->')).toEqual([]);
  });

  test('no label, no link', () => {
    expect(renderContent(link({ url: '/x' }))).toBe('');
    expect(renderContent(link({ label: '', url: '/x' }))).toBe('');
  });

  test("attributes: new tab, rel, title, class name, description; the label kses'd and texturized", () => {
    const html = renderContent(
      link({
        label: "Tom's <b>shop</b><script>x()</script>",
        url: '/shop',
        opensInNewTab: true,
        rel: 'me "you"',
        title: 'A "title"',
        className: 'one two',
        description: 'Our <em>shop</em>',
      }),
    );
    expect(html).toBe(
      '<li class=" wp-block-navigation-item one two wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="/shop" target="_blank"   rel="me &quot;you&quot;" title="A &quot;title&quot;">' +
        '<span class="wp-block-navigation-item__label">Tom&#8217;s <b>shop</b></span><span class="wp-block-navigation-item__description">Our <em>shop</em></span></a></li>',
    );
    expect(renderContent(link({ label: 'N', url: '/n', nofollow: true }))).toContain('href="/n" rel="nofollow">');
  });

  test('inner links render as a submenu', () => {
    expect(renderContent(link({ label: 'Top', url: '/top' }, link({ label: 'Sub', url: '/sub' })))).toBe(
      '<li class=" wp-block-navigation-item has-child wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="/top"><span class="wp-block-navigation-item__label">Top</span></a>' +
        '<ul class="wp-block-navigation__submenu-container">' +
        '<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="/sub"><span class="wp-block-navigation-item__label">Sub</span></a></li>' +
        '</ul></li>',
    );
  });

  test('URLs: a dangerous scheme is dropped, an encoded one decoded once, ampersands as entities', () => {
    expect(renderContent(link({ label: 'x', url: 'javascript:alert(1)' }))).toContain('href=""');
    expect(renderContent(link({ label: 'x', url: '/search?q=a%2520b&x=1' }))).toContain(
      'href="/search?q=a%20b&#038;x=1"',
    );
    expect(renderContent(link({ label: 'x', url: '/search?q=a%20b' }))).toContain('href="/search?q=a%20b"');
  });
});

describe('escUrl (esc_url for display)', () => {
  test.each([
    ['', ''],
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['example.com/x', 'http://example.com/x'],
    ['/a?b=1&c=2', '/a?b=1&#038;c=2'],
    ["http://example.com/it's", 'http://example.com/it&#039;s'],
    ['http://example.com/<script>', 'http://example.com/script'],
    ['http://[::1]:8080/a[1]', 'http://[::1]:8080/a%5B1%5D'],
    ['http://example.com/%0d%0aSet-Cookie', 'http://example.com/Set-Cookie'],
    ['javascript:alert(1)', ''],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['#top', '#top'],
    ['index.php?x=1', 'index.php?x=1'],
  ])('%s → %s', (input, expected) => {
    expect(escUrl(input)).toBe(expected);
  });
});
