/**
 * Shortcodes against WordPress: cases ported from WordPress's own PHPUnit suite (tests/phpunit/tests/shortcode.php,
 * media.php's img_caption_shortcode tests), and expectations taken from WordPress 6.1's PHP run on the same input
 * (do_shortcode, strip_shortcodes, shortcode_unautop, wptexturize, img_caption_shortcode, the_content, wp_trim_excerpt).
 */
import {
  ShortcodeRegistry,
  captionShortcode,
  createCoreShortcodes,
  isValidShortcodeName,
  parseShortcodeAtts,
  renderContent,
  renderExcerpt,
  renderTitle,
  shortcodeAtts,
  stripcslashes,
  wpautop,
  wptexturize,
  type ShortcodeAtts,
} from '../src';
import { phpIntval } from '../src/shortcodes';

/** The shortcodes of WordPress's Tests_Shortcode, on top of core's [caption]. */
function testShortcodes(): ShortcodeRegistry {
  const reg = createCoreShortcodes();
  reg.add('footag', (atts) => `foo = ${atts.get('foo') ?? ''}`);
  reg.add('bartag', (atts) => `foo = ${shortcodeAtts({ foo: 'no foo', baz: 'default baz' }, atts).foo}`);
  reg.add('baztag', (_atts, content, _tag, shortcodes) => `content = ${shortcodes.doShortcode(content)}`);
  reg.add('dumptag', (atts) => [...atts].map(([k, v]) => `${k} = ${v}\n`).join(''));
  reg.add('hyphen', () => '_shortcode_hyphen');
  reg.add('hyphen-foo', () => '_shortcode_hyphen_foo');
  reg.add('hyphen-foo-bar', () => '_shortcode_hyphen_foo_bar');
  reg.add('url', () => 'http://www.wordpress.org/');
  reg.add('img', (atts) => `<img${[...atts].map(([k, v]) => ` ${k}="${v}"`).join('')} />`);
  return reg;
}

const entries = (atts: ShortcodeAtts) => [...atts];

describe('shortcode_parse_atts()', () => {
  test('named (double, single, unquoted), positional (quoted and not), names lower-cased', () => {
    expect(entries(parseShortcodeAtts(' foo="asdf" bar=\'bing\' baz=123'))).toEqual([
      ['foo', 'asdf'],
      ['bar', 'bing'],
      ['baz', '123'],
    ]);
    expect(entries(parseShortcodeAtts(' 123 url=https://wordpress.org/ foo bar="baz"'))).toEqual([
      ['0', '123'],
      ['url', 'https://wordpress.org/'],
      ['1', 'foo'],
      ['bar', 'baz'],
    ]);
    expect(
      entries(parseShortcodeAtts(` 'something in quotes' "something else" 123 foo bar='baz' example="test" `)),
    ).toEqual([
      ['0', 'something in quotes'],
      ['1', 'something else'],
      ['2', '123'],
      ['3', 'foo'],
      ['bar', 'baz'],
      ['example', 'test'],
    ]);
    expect(entries(parseShortcodeAtts(' A="Upper" b = "spaced" c= d e="x"f="y"'))).toEqual([
      ['a', 'Upper'],
      ['b', 'spaced'],
      ['c', 'd'],
      ['0', 'e="x"f="y"'],
    ]);
  });

  test('hyphenated names (ticket 9405); NBSP and zero-width space separate attributes (ticket 6562)', () => {
    expect(entries(parseShortcodeAtts(' foo-bar="foo-bar" foo-bar-="x" -foo-bar="y" foo--bar="z"'))).toEqual([
      ['foo-bar', 'foo-bar'],
      ['foo-bar-', 'x'],
      ['-foo-bar', 'y'],
      ['foo--bar', 'z'],
    ]);
    expect(entries(parseShortcodeAtts(' foo="bar" \u00a0baz="123"'))).toEqual([
      ['foo', 'bar'],
      ['baz', '123'],
    ]);
    expect(entries(parseShortcodeAtts(' foo="bar" \u200babc="def"'))).toEqual([
      ['foo', 'bar'],
      ['abc', 'def'],
    ]);
  });

  test('nothing, blanks and empty quotes give no attribute (WordPress: "" for the first two, [] for quotes)', () => {
    for (const text of ['', '\t', '""', "''"]) expect(entries(parseShortcodeAtts(text))).toEqual([]);
  });

  test('PHP\'s keys: a name "0" is dropped (empty()), a numeric name moves the next positional index', () => {
    expect(entries(parseShortcodeAtts(' 0="zero" 7=seven next'))).toEqual([
      ['7', 'seven'],
      ['8', 'next'],
    ]);
    expect(entries(parseShortcodeAtts(' 12=x y'))).toEqual([
      ['12', 'x'],
      ['13', 'y'],
    ]);
  });

  test('C escapes are decoded (stripcslashes); a value with an unclosed element is emptied', () => {
    expect(entries(parseShortcodeAtts(' a="\\x41\\101\\n" b=\'<i>x</i>\' c="<i"'))).toEqual([
      ['a', 'AA\n'],
      ['b', '<i>x</i>'],
      ['c', ''],
    ]);
    // On the UTF-8 bytes, as PHP: \xc3\xa9 is "é".
    expect(stripcslashes('\\xc3\\xa9 \\q \\\\ \\x a\\')).toBe('é q \\ x a\\');
  });

  test('shortcode_atts(): only the supported names, with their defaults', () => {
    const atts = shortcodeAtts({ foo: 'no foo', baz: 'default baz' }, parseShortcodeAtts(' foo="foo1" other="x"'));
    expect({ ...atts }).toEqual({ foo: 'foo1', baz: 'default baz' });
  });
});

describe('add_shortcode() names', () => {
  test('reserved characters, spaces and empty names are refused; other punctuation is fine', () => {
    for (const bad of ['<html>', '[shortcode]', 'bad/', '/bad', 'bad space', '&amp;', '']) {
      expect(isValidShortcodeName(bad)).toBe(false);
      expect(() => new ShortcodeRegistry().add(bad, () => '')).toThrow(TypeError);
    }
    for (const good of ['good!', 'plain', 'unreserved!#$%()*+,-.;?@^_{|}~chars'])
      expect(isValidShortcodeName(good)).toBe(true);
    const reg = new ShortcodeRegistry().add('unreserved!#$%()*+,-.;?@^_{|}~chars', () => 'ran');
    expect(reg.doShortcode('[unreserved!#$%()*+,-.;?@^_{|}~chars]')).toBe('ran');
  });
});

describe('do_shortcode() (Tests_Shortcode)', () => {
  const reg = testShortcodes();
  const seen: Array<{ atts: [string, string][]; content: string; tag: string }> = [];
  reg.add('test-shortcode-tag', (atts, content, tag) => {
    seen.push({ atts: entries(atts), content, tag });
    return '';
  });
  const last = (input: string) => {
    reg.doShortcode(input);
    return seen[seen.length - 1];
  };

  test('self-closing, enclosing and unclosed tags: attributes, content and tag reach the handler', () => {
    expect(last('[test-shortcode-tag /]')).toEqual({ atts: [], content: '', tag: 'test-shortcode-tag' });
    expect(last('[test-shortcode-tag foo="asdf" /]')).toEqual({
      atts: [['foo', 'asdf']],
      content: '',
      tag: 'test-shortcode-tag',
    });
    expect(last('[test-shortcode-tag foo="bar" baz="bing"]content[/test-shortcode-tag]')).toEqual({
      atts: [
        ['foo', 'bar'],
        ['baz', 'bing'],
      ],
      content: 'content',
      tag: 'test-shortcode-tag',
    });
    expect(reg.doShortcode('[test-shortcode-tag]')).toBe('');
    expect(last('[test-shortcode-tag http://www.youtube.com/watch?v=eBGIQ7ZuuiU]').atts).toEqual([
      ['0', 'http://www.youtube.com/watch?v=eBGIQ7ZuuiU'],
    ]);
  });

  test('only registered names, whole names only (ticket 17657)', () => {
    expect(reg.doShortcode('[not-a-shortcode-tag]')).toBe('[not-a-shortcode-tag]');
    for (const other of [
      '[dumptag-notreal]',
      '[dumptag_notreal]',
      '[dumptagnotreal]',
      '[hyphen-baz]',
      '[hyphen-foo-bar-baz]',
    ])
      expect(reg.doShortcode(other)).toBe(other);
    expect(reg.doShortcode('[hyphen]')).toBe('_shortcode_hyphen');
    expect(reg.doShortcode('[hyphen-foo]')).toBe('_shortcode_hyphen_foo');
    expect(reg.doShortcode('[hyphen-foo-bar]')).toBe('_shortcode_hyphen_foo_bar');
  });

  test('defaults, nesting through the handler, [x=value] as a positional attribute (ticket 34939)', () => {
    expect(reg.doShortcode('[footag]')).toBe('foo = ');
    expect(reg.doShortcode('[footag foo="xyz"]')).toBe('foo = xyz');
    expect(reg.doShortcode('[baztag][dumptag abc="foo" def=123 https://wordpress.org/][/baztag]')).toBe(
      'content = abc = foo\ndef = 123\n0 = https://wordpress.org\n',
    );
    expect(reg.doShortcode('[dumptag=https://wordpress.org/]')).toBe('0 = =https://wordpress.org\n');
  });

  test('[[escaped]] tags give the tag as typed (ticket 6518); unbalanced brackets do not escape', () => {
    expect(reg.doShortcode('[[footag]] [[bartag foo="bar"]]')).toBe('[footag] [bartag foo="bar"]');
    expect(reg.doShortcode('[[footag /]] [[bartag foo="bar" /]]')).toBe('[footag /] [bartag foo="bar" /]');
    expect(reg.doShortcode('[[baztag foo="bar"]the content[/baztag]]')).toBe('[baztag foo="bar"]the content[/baztag]');
    expect(reg.doShortcode('[[[footag]]] [[[bartag foo="bar"]]]')).toBe('[[footag]] [[bartag foo="bar"]]');
    expect(reg.doShortcode('[[footag] [bartag foo="bar"]]')).toBe('[foo =  foo = bar]');
    expect(reg.doShortcode('[[baztag foo="bar"]the content[/baztag]')).toBe('[content = the content');
    expect(reg.doShortcode('[[not-a-tag]]')).toBe('[[not-a-tag]]');
    expect(reg.doShortcode('[[[footag] [bartag foo="bar"]]]')).toBe('[[foo =  foo = bar]]');
  });

  test('mixed tags over several lines', () => {
    const input =
      'So this is a post with [footag foo="some stuff"] and a bunch of tags.\n\n[bartag]\n\n[baztag]\nHere\'s some content\non more than one line\n[/baztag]\n\n[bartag foo=1] [baztag] [footag foo="2"] [baztag]\n\n[baztag]\nmore content\n[/baztag]\n\n';
    expect(reg.doShortcode(input)).toBe(
      "So this is a post with foo = some stuff and a bunch of tags.\n\nfoo = no foo\n\ncontent = \nHere's some content\non more than one line\n\n\nfoo = 1 content =  foo = 2 content = \n\ncontent = \nmore content\n\n\n",
    );
  });

  test('inside HTML: quoted attribute values are kses-filtered, comments and stray brackets are left alone (data_escaping)', () => {
    const cases: Array<[string, string]> = [
      ['<!--[if lt IE 7]>', '<!--[if lt IE 7]>'],
      ['1 <a href="[test-shortcode-tag]"> 2 <a href="[test-shortcode-tag]" >', '1 <a href=""> 2 <a href="" >'],
      [
        '1 <a noise="[test-shortcode-tag]"> 2 <a noise=" [test-shortcode-tag] " >',
        '1 <a noise="[test-shortcode-tag]"> 2 <a noise=" [test-shortcode-tag] " >',
      ],
      ['<div [footag]>', '<div foo = >'],
      ['<div [[footag]]>', '<div [footag]>'],
      ['<[[footag]]>', '<[footag]>'],
      ['<div style="selector:url([[footag]])">', '<div style="selector:url([[footag]])">'],
      ['[url]', 'http://www.wordpress.org/'],
      ['<a href="[url]">', '<a href="http://www.wordpress.org/">'],
      ['<a href=[url] >', '<a href=http://www.wordpress.org/ >'],
      ['<a href="[url]plugins/">', '<a href="http://www.wordpress.org/plugins/">'],
      ['<a href="bad[url]">', '<a href="//www.wordpress.org/">'],
      ['<a onclick="bad[url]">', '<a onclick="bad[url]">'],
      [
        '<a title="[caption width=1]x[/caption]" href="[url]">[url]</a> <!-- [url] --> &#91;url&#93;',
        '<a title="x" href="http://www.wordpress.org/">http://www.wordpress.org/</a> <!-- [url] --> &#091;url&#093;',
      ],
    ];
    for (const [input, output] of cases) expect(reg.doShortcode(input)).toBe(output);
  });

  test('ignore_html: shortcodes in elements are not run', () => {
    expect(reg.doShortcode('<a href="[url]">[footag]</a>', true)).toBe('<a href="[url]">foo = </a>');
  });
});

describe('strip_shortcodes()', () => {
  const reg = testShortcodes();

  test('data_test_strip_shortcodes (ticket 10326): registered tags go with what they enclose', () => {
    const cases: Array<[string, string]> = [
      ['before', 'before[footag]'],
      ['after', '[footag]after'],
      ['beforeafter', 'before[footag]after'],
      ['before[after', 'before[after'],
      ['beforeafter', 'before[footag id="123" size="medium"]after'],
      ['before[unregistered_shortcode]after', 'before[unregistered_shortcode]after'],
      ['before  after', 'before [baztag]content[/baztag] after'],
      ['before  after', 'before [baztag foo="123"]content[/baztag] after'],
    ];
    for (const [output, input] of cases) expect(reg.stripShortcodes(input)).toBe(output);
  });

  test('data_escaping2: never inside elements; [[escaped]] unescaped; a caption goes whole', () => {
    expect(reg.stripShortcodes('<!--[if lt IE 7]>')).toBe('<!--[if lt IE 7]>');
    expect(reg.stripShortcodes('[caption caption="test" width="2"]<div>hello</div>[/caption]')).toBe('');
    expect(reg.stripShortcodes('<div [footag]>')).toBe('<div [footag]>');
    expect(reg.stripShortcodes('<[[footag]]>')).toBe('<[[footag]]>');
    expect(reg.stripShortcodes('<div title="[footag]">[footag]</div> &#91;x&#93; [[footag]]')).toBe(
      '<div title="[footag]"></div> &#091;x&#093; [footag]',
    );
  });
});

describe('shortcode_unautop()', () => {
  const reg = testShortcodes();

  test('spaces around a lone shortcode in a paragraph (ticket 22692), and wpautop round trip (ticket 14050)', () => {
    for (const input of [
      '<p>[footag ids="37,15,11"]</p>',
      '<p> [footag ids="37,15,11"] </p>',
      '<p> \u00a0[footag ids="37,15,11"] \u00a0</p>',
      '<p> &nbsp;[footag ids="37,15,11"] &nbsp;</p>',
    ]) {
      expect(reg.unautop(input)).toBe('[footag ids="37,15,11"]');
    }
    expect(reg.unautop(wpautop('[footag]\n'))).toBe('[footag]\n');
  });

  test('not with other text, not for unknown tags, not for two shortcodes in one paragraph', () => {
    for (const input of ['<p>[footag] text</p>', '<p>[unknown]</p>', '<p>[footag]<br />\n[bartag]</p>'])
      expect(reg.unautop(input)).toBe(input);
    expect(reg.unautop('<p>[baztag]x\ny[/baztag]</p>\n')).toBe('[baztag]x\ny[/baztag]\n');
  });
});

describe('wptexturize() with registered shortcodes', () => {
  const reg = testShortcodes();

  test("a registered tag's attributes stay as typed, the text it encloses is texturized; unknown tags are text", () => {
    expect(
      wptexturize('[caption caption="It\'s" width="1"]"Quoted" -- text[/caption] [unknown caption="It\'s"]', reg.tags),
    ).toBe(
      '[caption caption="It\'s" width="1"]&#8220;Quoted&#8221; &#8212; text[/caption] [unknown caption=&#8221;It&#8217;s&#8221;]',
    );
    expect(wptexturize('[[caption caption="x"]] [caption-x "y"] [/caption "z"]', reg.tags)).toBe(
      '[[caption caption="x"]] [caption-x &#8220;y&#8221;] [/caption "z"]',
    );
  });

  test('a registered [code] shortcode switches texturizing off until its closing tag', () => {
    reg.add('code', (_atts, content) => `<code>${content}</code>`);
    expect(wptexturize('[code]"not" -- curled[/code] "curled"', reg.tags)).toBe(
      '[code]"not" -- curled[/code] &#8220;curled&#8221;',
    );
  });
});

describe('[caption] (img_caption_shortcode, Tests_Media)', () => {
  const CAPTION = 'A simple caption.';
  const IMG = '<img src="pic.jpg" id=\'anId\' alt="pic"/>';
  const HTML = 'A <strong class="classy">bolded</strong> <em>caption</em> with a <a href="#">link</a>.';
  const core = createCoreShortcodes();
  const run = (html5: boolean, atts: Record<string, string>, content = '') =>
    captionShortcode({ html5 })(new Map(Object.entries(atts)), content, 'caption', core);

  test('empty parameters, no width or no caption: the content as given', () => {
    expect(run(false, {})).toBe('');
    expect(run(false, {}, CAPTION)).toBe(CAPTION);
    expect(run(false, { width: '0' }, CAPTION)).toBe(CAPTION);
    expect(run(false, { caption: '' })).toBe('');
    expect(run(false, { caption: '' }, CAPTION)).toBe(CAPTION);
  });

  test('old format (caption attribute): 10px wider without html5, exact width with it', () => {
    expect(run(false, { width: '20', caption: CAPTION })).toBe(
      '<div style="width: 30px" class="wp-caption alignnone"><p class="wp-caption-text">A simple caption.</p></div>',
    );
    expect(run(true, { width: '20', caption: CAPTION })).toBe(
      '<figure style="width: 20px" class="wp-caption alignnone"><figcaption class="wp-caption-text">A simple caption.</figcaption></figure>',
    );
  });

  test('id sanitized, align escaped, class appended', () => {
    expect(run(false, { width: '20', caption: CAPTION, id: '"myId', align: '&myAlignment' })).toBe(
      '<div id="myId" style="width: 30px" class="wp-caption &amp;myAlignment"><p id="caption-myId" class="wp-caption-text">A simple caption.</p></div>',
    );
    expect(run(false, { width: '20', class: 'some-class another-class', caption: CAPTION })).toContain(
      'class="wp-caption alignnone some-class another-class"',
    );
  });

  test('HTML captions are kept (kses post); new format: image first, the rest is the caption; a link around the image stays', () => {
    expect(run(false, { width: '20', caption: HTML })).toContain(`<p class="wp-caption-text">${HTML}</p>`);
    expect(run(false, { width: '20' }, IMG + HTML)).toBe(
      `<div style="width: 30px" class="wp-caption alignnone">${IMG}<p class="wp-caption-text">${HTML}</p></div>`,
    );
    const linked = `<a href='#'>${IMG}</a>`;
    expect(run(false, { width: '20' }, `${linked}\n\n${HTML}`)).toBe(
      `<div style="width: 30px" class="wp-caption alignnone">${linked}<p class="wp-caption-text">${HTML}</p></div>`,
    );
  });

  test('aria-describedby only with an id (ticket 34595): on the image without html5, on the <figure> with it', () => {
    expect(run(false, { width: '20', id: 'myId' }, IMG + CAPTION)).toBe(
      '<div id="myId" style="width: 30px" class="wp-caption alignnone"><img aria-describedby="caption-myId" src="pic.jpg" id=\'anId\' alt="pic"/><p id="caption-myId" class="wp-caption-text">A simple caption.</p></div>',
    );
    expect(run(true, { width: '20', id: 'myId' }, IMG + CAPTION)).toBe(
      '<figure id="myId" aria-describedby="caption-myId" style="width: 20px" class="wp-caption alignnone"><img src="pic.jpg" id=\'anId\' alt="pic"/><figcaption id="caption-myId" class="wp-caption-text">A simple caption.</figcaption></figure>',
    );
    expect(run(true, { width: '20' }, IMG + CAPTION)).not.toContain('aria-describedby');
  });

  test('through do_shortcode, as WordPress 6.1 answers', () => {
    const cases: Array<[string, string]> = [
      [
        '[caption id="my_id" caption_id="own id" width="20" align="alignleft" class="one two"]<img src="a.jpg" /> C[/caption]',
        '<figure id="my_id" aria-describedby="ownid" style="width: 20px" class="wp-caption alignleft one two"><img src="a.jpg" /><figcaption id="ownid" class="wp-caption-text">C</figcaption></figure>',
      ],
      // An id that sanitizes to nothing still writes id="", but no caption id.
      [
        '[caption id="!!!" width="20"]<img src="a.jpg" /> C[/caption]',
        '<figure id="" style="width: 20px" class="wp-caption alignnone"><img src="a.jpg" /><figcaption class="wp-caption-text">C</figcaption></figure>',
      ],
      [
        '[caption id="0" width="20"]<img src="a.jpg" /> C[/caption]',
        '<figure style="width: 20px" class="wp-caption alignnone"><img src="a.jpg" /><figcaption class="wp-caption-text">C</figcaption></figure>',
      ],
      [
        '[caption width=" 20px" align=\'a"b&c\']<img src="a.jpg" /> C[/caption]',
        '<figure style="width: 20px" class="wp-caption a&quot;b&amp;c"><img src="a.jpg" /><figcaption class="wp-caption-text">C</figcaption></figure>',
      ],
      ['[caption width="20" caption="0"]<img src="a.jpg" />[/caption]', '<img src="a.jpg" />'],
      [
        '[caption width="20"]Text before <IMG SRC="a.jpg"> after\nmore[/caption]',
        '<figure style="width: 20px" class="wp-caption alignnone"><IMG SRC="a.jpg"><figcaption class="wp-caption-text">after\nmore</figcaption></figure>',
      ],
      // The inner [/caption] closes the outer one: the rest is text.
      [
        '[caption width="20"]<img src="a.jpg"> [caption width="5"]<img src="b.jpg"> inner[/caption] outer[/caption]',
        '<figure style="width: 20px" class="wp-caption alignnone"><img src="a.jpg"><figcaption class="wp-caption-text">[caption width="5"]<img src="b.jpg"> inner</figcaption></figure> outer[/caption]',
      ],
      [
        '[wp_caption width="20"]<img src="a.jpg"> old name[/wp_caption]',
        '<figure style="width: 20px" class="wp-caption alignnone"><img src="a.jpg"><figcaption class="wp-caption-text">old name</figcaption></figure>',
      ],
    ];
    for (const [input, output] of cases) expect(core.doShortcode(input)).toBe(output);
  });

  test("width is PHP's (int): leading spaces and units ignored, exponents read, out of range capped", () => {
    expect(
      [' 300px', '1e2', '-5', '1.9', 'abc', '9999999999999999999999', '1e400'].map((w) => String(phpIntval(w))),
    ).toEqual(['300', '100', '-5', '1', '0', '9223372036854775807', '0']);
  });
});

describe('content.rendered with shortcodes (the_content: do_shortcode at 11, after wpautop and shortcode_unautop)', () => {
  const caption =
    '[caption id="attachment_9" align="alignright" width="150"]<img src="http://loom.test/wp-content/uploads/2024/01/linen.jpg" alt="Linen" width="150" height="100" /> Linen, "washed"[/caption]';
  const figure =
    '<figure id="attachment_9" aria-describedby="caption-attachment-9" style="width: 150px" class="wp-caption alignright">' +
    '<img loading="lazy" decoding="async" src="http://loom.test/wp-content/uploads/2024/01/linen.jpg" alt="Linen" width="150" height="100" />' +
    '<figcaption id="caption-attachment-9" class="wp-caption-text">Linen, &#8220;washed&#8221;</figcaption></figure>';

  test('classic content: the caption is not wrapped in <p>; unknown shortcodes are texturized text; [[caption]] is literal', () => {
    const raw = `Our linen -- "washed" twice.\n\n${caption}\n\nSee [slideshow ids="9,10"] and type [[caption]] for captions.`;
    expect(renderContent(raw)).toBe(
      `<p>Our linen &#8212; &#8220;washed&#8221; twice.</p>\n${figure}\n<p>See [slideshow ids=&#8221;9,10&#8243;] and type [caption] for captions.</p>\n`,
    );
  });

  test('block content: a shortcode block and a paragraph holding only a shortcode both lose their <p>', () => {
    expect(renderContent(`<!-- wp:shortcode -->\n${caption}\n<!-- /wp:shortcode -->`)).toBe(`${figure}\n`);
    expect(renderContent(`<!-- wp:paragraph -->\n<p>${caption}</p>\n<!-- /wp:paragraph -->`)).toBe(`\n${figure}\n`);
    expect(
      renderContent(
        '<!-- wp:paragraph -->\n<p>Text [caption width="300"]<img src="photo.jpg" alt="" /> inline[/caption] and [unknown "x"]</p>\n<!-- /wp:paragraph -->',
      ),
    ).toBe(
      '\n<p>Text <figure style="width: 300px" class="wp-caption alignnone"><img decoding="async" src="photo.jpg" alt="" /><figcaption class="wp-caption-text">inline</figcaption></figure> and [unknown &#8220;x&#8221;]</p>\n',
    );
  });

  test('block content: shortcodes run in code blocks too (untexturized) and in HTML attributes', () => {
    expect(
      renderContent(
        '<!-- wp:code -->\n<pre class="wp-block-code"><code>[caption width="300"]<img src="photo.jpg" alt="" /> "code"[/caption]</code></pre>\n<!-- /wp:code -->',
      ),
    ).toBe(
      '\n<pre class="wp-block-code"><code><figure style="width: 300px" class="wp-caption alignnone"><img decoding="async" src="photo.jpg" alt="" /><figcaption class="wp-caption-text">"code"</figcaption></figure></code></pre>\n',
    );
    expect(
      renderContent('<!-- wp:html -->\n<div title="[caption width=1]x[/caption]">[[caption]]</div>\n<!-- /wp:html -->'),
    ).toBe('\n<div title="x">[caption]</div>\n');
  });

  test('a caption with no width, or no caption text, is only its image', () => {
    expect(renderContent('[caption width="300"]<img src="photo.jpg" alt="" />[/caption]')).toBe(
      '<img decoding="async" src="photo.jpg" alt="" />\n',
    );
    expect(renderContent('[caption width="0" caption="Not shown"]<img src="photo.jpg" alt="" />[/caption]')).toBe(
      '<img decoding="async" src="photo.jpg" alt="" />\n',
    );
  });

  test('a registry given to renderContent is the one used (media adds its own shortcodes)', () => {
    const reg = createCoreShortcodes().add(
      'gallery',
      (atts) => `<div class="gallery" data-ids="${atts.get('ids')}"></div>`,
    );
    expect(renderContent('[gallery ids="9,10"]', reg)).toBe('<div class="gallery" data-ids="9,10"></div>\n');
    // The default registry's [gallery] knows no attachments: an empty gallery, as WordPress's without those ids.
    expect(renderContent('[gallery ids="9,10"]')).toBe('\n');
  });
});

describe('excerpt.rendered with shortcodes', () => {
  test('generated: strip_shortcodes() first, so a caption goes with its text; unknown ones stay, texturized', () => {
    expect(
      renderExcerpt(
        '',
        'Intro "text" [caption id="attachment_7" width="300"]<img src="photo.jpg" alt="" /> Caption text[/caption] and [unknown a="b"] end.',
      ),
    ).toBe('<p>Intro &#8220;text&#8221; and [unknown a=&#8221;b&#8221;] end.</p>\n');
    const blocks =
      '<!-- wp:paragraph -->\n<p>Para [caption width="300"]<img src="photo.jpg" alt="" /> gone[/caption] "kept".</p>\n<!-- /wp:paragraph -->\n\n' +
      '<!-- wp:shortcode -->\n[caption width="300"]<img src="photo.jpg" alt="" /> block[/caption]\n<!-- /wp:shortcode -->';
    expect(renderExcerpt('', blocks)).toBe('<p>Para &#8220;kept&#8221;.</p>\n');
  });

  test('generated: an [[escaped]] caption is unescaped by strip_shortcodes(), then run by the_content', () => {
    expect(
      renderExcerpt('', 'Escaped [[caption width="300"]]<img src="photo.jpg" alt="" /> shown[[/caption]] stays.'),
    ).toBe('<p>Escaped shown[ stays.</p>\n');
  });

  test('manual: the_excerpt runs no do_shortcode; texturize leaves the tags, shortcode_unautop the paragraph', () => {
    expect(renderExcerpt('Manual [caption width="300"]<img alt="" /> "cap"[/caption] excerpt', '')).toBe(
      '<p>Manual [caption width="300"]<img alt="" /> &#8220;cap&#8221;[/caption] excerpt</p>\n',
    );
    expect(renderExcerpt('[caption width="300"]x[/caption]', '')).toBe('[caption width="300"]x[/caption]\n');
  });
});

describe('title.rendered with shortcodes', () => {
  test("a registered shortcode's tag is not texturized and not run; an unknown one is text", () => {
    expect(renderTitle('[caption caption="It\'s"] and [other "x"]')).toBe(
      '[caption caption="It\'s"] and [other &#8220;x&#8221;]',
    );
  });
});
