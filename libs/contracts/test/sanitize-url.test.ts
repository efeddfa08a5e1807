/**
 * sanitize_url() (src/sanitize-url.ts) against what WordPress's own sanitize_url() returned for each input (run on
 * the reference site; esc_url() and wp_kses_bad_protocol() read the same in 6.1 and 6.4).
 */
import { sanitizeUrl } from '../src/sanitize-url';

const WORDPRESS: Array<[string, string]> = [
  ['not a url', 'http://not%20a%20url'],
  ['javascript:alert(1)', ''],
  [' spaced.example.com/a b ', 'http://spaced.example.com/a%20b%20'],
  ['example.com/a:b', ''],
  ['foo.php?x=1', 'foo.php?x=1'],
  ['//cdn.example/x', '//cdn.example/x'],
  ['mailto:a@b.c', 'mailto:a@b.c'],
  ['http://[::1]:80/a[b]', 'http://[::1]:80/a%5Bb%5D'],
  ['feed:javascript:x', ''],
  ['a&b', 'http://a&b'],
  ['?q=1', '?q=1'],
  ['x y.com', 'http://x%20y.com'],
  ['HTTPS://Example.com/', 'https://Example.com/'],
  ['feed:http://x.com/', 'feed:http://x.com/'],
  ['javascript&#58;alert(1)', 'http://javascript&#58;alert(1)'],
  ['https://example.com/', 'https://example.com/'],
  ['/relative[1]', '/relative%5B1%5D'],
  ['feed:feed:feed:http://x', ''],
  ['jav&#x09;ascript:alert(1)', ''],
  ['http://user:pw@[::1]:8080/p[1]?q[]=1', 'http://user:pw@[::1]:8080/p%5B1%5D?q%5B%5D=1'],
  ['mailto:[x]', 'mailto:%5Bx%5D'],
  ['#a[b]', '#a%5Bb%5D'],
  ['a/?b:c', 'a/?b:c'],
  ['tel:+1 555', 'tel:+1%20555'],
  ['HTTP://x.com', 'http://x.com'],
  ['data:text/html,hi', ''],
  ['//[::1]/x[y]', '//[::1]/x%5By%5D'],
  ['0', 'http://0'],
  ['ex%0d%0Aa.com', 'http://exa.com'],
  ['https://a.com/%0%0dd', 'https://a.com/'],
  ['été.fr/ça', 'http://été.fr/ça'],
  ['wp-login.php', 'wp-login.php'],
  ['http://x.com/a;//b', 'http://x.com/a://b'],
];

test.each(WORDPRESS)('sanitize_url(%j) is %j', (input, output) => {
  expect(sanitizeUrl(input)).toBe(output);
});
