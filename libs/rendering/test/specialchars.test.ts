/**
 * wp_specialchars_decode(): the answers of WordPress 6.4.3's own function (formatting.php, run under PHP 8.2) for
 * each input, without and with ENT_QUOTES.
 */
import { wpSpecialcharsDecode } from '../src';

const CASES: Array<[input: string, noQuotes: string, quotes: string]> = [
  ['Tea &amp; Cake', 'Tea & Cake', 'Tea & Cake'],
  // One pass, as strtr: what a decode makes is not decoded again.
  ['&amp;lt;b&amp;gt;', '&lt;b&gt;', '&lt;b&gt;'],
  ['&#0038; &#38; &#x0026; &#X26; &#x026;', '& & & & &', '& & & & &'],
  ['&lt;x&gt; &quot;q&quot; &#039;s&#39; &#x27;', '<x> &quot;q&quot; &#039;s&#39; &#x27;', `<x> "q" 's' '`],
  // Other entities stay.
  ['&eacute; &nbsp; &#8217;', '&eacute; &nbsp; &#8217;', '&eacute; &nbsp; &#8217;'],
  ['no entities', 'no entities', 'no entities'],
  ['&&amp;amp;', '&&amp;', '&&amp;'],
];

test.each(CASES)('wp_specialchars_decode(%j)', (input, noQuotes, quotes) => {
  expect(wpSpecialcharsDecode(input)).toBe(noQuotes);
  expect(wpSpecialcharsDecode(input, true)).toBe(quotes);
});
