/**
 * [gallery], [audio], [video] and [playlist] against a stub MediaLookup (the renderer's port; core-content's real
 * one is tested through the gateway in services/core-content/test/media.connections.test.ts). Expectations are what
 * WordPress 6.4's gallery_shortcode(), wp_audio_shortcode(), wp_video_shortcode() and wp_playlist_shortcode() print
 * for the same attachments with an HTML5 (block) theme and no $content_width.
 */
import {
  createCoreShortcodes,
  mediaShortcodeRefs,
  renderContent,
  renderExcerpt,
  type MediaAttachment,
  type MediaLookup,
} from '../src';

const UP = 'http://loom.test/uploads/2030/01/';

function attachment(id: number, fields: Partial<MediaAttachment>): MediaAttachment {
  return {
    id,
    parent: 10,
    status: 'inherit',
    menu_order: 0,
    date: `2030-01-01T00:00:${String(id).padStart(2, '0')}`,
    modified: '2030-01-01T00:00:00',
    title: `Item ${id}`,
    name: `item-${id}`,
    caption: '',
    description: '',
    author: 1,
    alt: '',
    mime_type: 'image/jpeg',
    url: `${UP}item-${id}.jpg`,
    link: `http://loom.test/?attachment_id=${id}`,
    meta: null,
    ...fields,
  };
}

const landscape = attachment(1, {
  title: 'Linen',
  caption: 'Fresh "linen"',
  alt: 'A <b>linen</b> sheet',
  url: `${UP}linen.jpg`,
  menu_order: 2,
  meta: {
    width: 1200,
    height: 800,
    file: '2030/01/linen.jpg',
    sizes: {
      thumbnail: { file: 'linen-150x150.jpg', width: 150, height: 150, mime_type: 'image/jpeg' },
      medium: { file: 'linen-300x200.jpg', width: 300, height: 200, mime_type: 'image/jpeg' },
      medium_large: { file: 'linen-768x512.jpg', width: 768, height: 512, mime_type: 'image/jpeg' },
      large: { file: 'linen-1024x683.jpg', width: 1024, height: 683, mime_type: 'image/jpeg' },
    },
  },
});
const portrait = attachment(2, {
  title: 'Wool',
  url: `${UP}wool.png`,
  mime_type: 'image/png',
  menu_order: 1,
  meta: {
    width: 600,
    height: 900,
    file: '2030/01/wool.png',
    sizes: {
      thumbnail: { file: 'wool-150x150.png', width: 150, height: 150 },
      medium: { file: 'wool-200x300.png', width: 200, height: 300 },
    },
  },
});
const small = attachment(3, {
  title: '',
  menu_order: 3,
  url: `${UP}dot.gif`,
  mime_type: 'image/gif',
  meta: { width: 100, height: 50, file: '2030/01/dot.gif', sizes: {} },
});
const song = attachment(4, {
  title: 'Song <One>',
  caption: 'sung',
  url: `${UP}song.mp3`,
  mime_type: 'audio/mpeg',
  meta: { length_formatted: '0:03', artist: 'Éva', album: '', year: 2030, filesize: 1000 },
});
const clip = attachment(5, {
  title: 'Clip',
  url: `${UP}clip.mp4`,
  mime_type: 'video/mp4',
  meta: { width: 1280, height: 720, length_formatted: '0:02' },
});
const hidden = attachment(6, {
  status: 'private',
  url: `${UP}private.jpg`,
  meta: { width: 10, height: 10, file: '2030/01/private.jpg' },
});
const other = attachment(7, {
  parent: 20,
  url: `${UP}other.jpg`,
  meta: { width: 10, height: 10, file: '2030/01/other.jpg' },
});
const ALL = [landscape, portrait, small, song, clip, hidden, other];

const lookup = (readable = new Set([10])): MediaLookup & { asked: number[] } => {
  const asked: number[] = [];
  return {
    asked,
    attachment: (id) => ALL.find((a) => a.id === id),
    childrenOf: (parent) => (asked.push(parent), ALL.filter((a) => a.parent === parent)),
    canListChildrenOf: (parent) => readable.has(parent),
    mimeIcon: (mime) => `http://loom.test/wp-includes/images/media/${mime.split('/')[0]}.svg`,
  };
};

/** the_content of a post holding `content`, without the newline wpautop ends every text with. */
const render = (content: string, postId = 10, media: MediaLookup = lookup()) =>
  renderContent(content, createCoreShortcodes({ postId, media }), {}, media).replace(/\n$/, '');

const THUMB_1 = `<img loading="lazy" decoding="async" width="150" height="150" src="${UP}linen-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="A linen sheet" aria-describedby="gallery-1-1" />`;
const THUMB_2 = `<img loading="lazy" decoding="async" width="150" height="150" src="${UP}wool-150x150.png" class="attachment-thumbnail size-thumbnail" alt="" />`;

describe('[gallery]', () => {
  test('the attached images, by menu_order then id, as HTML5 figures linking to their pages; captions texturized', () => {
    expect(render('[gallery]')).toBe(
      "<div id='gallery-1' class='gallery galleryid-10 gallery-columns-3 gallery-size-thumbnail'>" +
        "<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t" +
        `<a href='http://loom.test/?attachment_id=2'>${THUMB_2}</a>\n\t\t\t</div></figure>` +
        "<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t" +
        `<a href='http://loom.test/?attachment_id=1'>${THUMB_1}</a>\n\t\t\t</div>` +
        "\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-1'>\n\t\t\t\tFresh &#8220;linen&#8221;\n\t\t\t\t</figcaption></figure>" +
        "<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t" +
        `<a href='http://loom.test/?attachment_id=3'><img loading="lazy" decoding="async" width="100" height="50" src="${UP}dot.gif" class="attachment-thumbnail size-thumbnail" alt="" /></a>\n\t\t\t</div></figure>` +
        '\n\t\t</div>\n',
    );
  });

  test('ids keep their order; size medium gets srcset and sizes of the same proportions; link=file; columns', () => {
    const html = render('[gallery ids="1,2" size="medium" link="file" columns="2"]');
    expect(html).toContain("class='gallery galleryid-10 gallery-columns-2 gallery-size-medium'");
    expect(html.indexOf('linen-300x200')).toBeLessThan(html.indexOf('wool-200x300'));
    expect(html).toContain(
      `<a href='${UP}linen.jpg'><img loading="lazy" decoding="async" width="300" height="200" src="${UP}linen-300x200.jpg" class="attachment-medium size-medium" alt="A linen sheet" aria-describedby="gallery-1-1" ` +
        `srcset="${UP}linen-300x200.jpg 300w, ${UP}linen-768x512.jpg 768w, ${UP}linen-1024x683.jpg 1024w, ${UP}linen.jpg 1200w" sizes="(max-width: 300px) 100vw, 300px" /></a>`,
    );
    expect(html).toContain(`srcset="${UP}wool-200x300.png 200w, ${UP}wool.png 600w"`);
  });

  test('link=none shows bare images; order DESC with orderby ID; include and exclude; private ones left out', () => {
    const html = render('[gallery link="none" order="DESC" orderby="ID" exclude="3"]');
    expect(html).not.toContain('<a ');
    expect(html.indexOf('wool-150x150')).toBeLessThan(html.indexOf('linen-150x150'));
    expect(html).not.toContain('dot.gif');
    expect(render('[gallery include="6,1"]')).not.toContain('private.jpg');
    expect(render('[gallery ids="4,5"]')).toBe(''); // not images
  });

  test("another post's attachments only when the reader may list them; nothing for an unreadable post", () => {
    expect(render('[gallery id="20"]', 10, lookup(new Set([10, 20])))).toContain('other.jpg');
    expect(render('[gallery id="20"]', 10, lookup(new Set([10])))).toBe('');
    expect(render('[gallery]', 10, lookup(new Set()))).toBe('');
  });

  test('attributes are escaped; unknown tags fall back to dl/dt/dd; each gallery has its own instance', () => {
    const html = render(
      '[gallery ids="1" size="x\' onclick=\'alert(1)" itemtag="script" captiontag="b" icontag="i"]\n\n[gallery ids="2"]',
    );
    expect(html).not.toMatch(/<script|' onclick/);
    expect(html).toContain("gallery-size-xonclickalert1'");
    expect(html).toContain('class="attachment-x&#039; onclick=&#039;alert(1) size-x&#039; onclick=&#039;alert(1)"');
    expect(html).toContain("<dl class='gallery-item'>");
    expect(html).toContain("<b class='wp-caption-text gallery-caption'");
    expect(html).toContain("<i class='gallery-icon landscape'>");
    expect(html).toContain("id='gallery-2'");
  });

  test('without a lookup (the default registry) a gallery renders as one with no attachments: nothing', () => {
    expect(renderContent('Before [gallery ids="1,2"] after')).toBe('<p>Before  after</p>\n');
    expect(renderExcerpt('', 'Before [gallery ids="1,2"] after')).toBe('<p>Before after</p>\n');
  });
});

describe('[audio] and [video]', () => {
  test('[audio src] with a supported extension: the element, a source with ?_=instance, the fallback link', () => {
    expect(render('[audio src="http://cdn.test/a.mp3" loop="on" preload="auto"]')).toBe(
      "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n" +
        '<audio class="wp-audio-shortcode" id="audio-10-1" loop="1" preload="auto" style="width: 100%;" controls="controls">' +
        '<source type="audio/mpeg" src="http://cdn.test/a.mp3?_=1" /><a href="http://cdn.test/a.mp3">http://cdn.test/a.mp3</a></audio>',
    );
  });

  test('[audio] without a file plays the first attached audio; a second one has no IE comment', () => {
    const html = render('[audio]\n\n[audio autoplay="false" mp3="http://cdn.test/b.mp3" ogg="http://cdn.test/b.ogg"]');
    expect(html).toContain(
      `<audio class="wp-audio-shortcode" id="audio-10-1" preload="none" style="width: 100%;" controls="controls"><source type="audio/mpeg" src="${UP}song.mp3?_=1" />`,
    );
    expect(html).toContain(
      '<audio class="wp-audio-shortcode" id="audio-10-2" preload="none" style="width: 100%;" controls="controls">' +
        '<source type="audio/mpeg" src="http://cdn.test/b.mp3?_=2" /><source type="audio/ogg" src="http://cdn.test/b.ogg?_=2" />',
    );
    expect(html.match(/\[if lt IE 9\]/g)).toHaveLength(1);
    expect(render('[audio]', 20)).toBe('');
  });

  test('an unsupported or hostile src is a plain, escaped link', () => {
    expect(render('[audio src="http://cdn.test/a.exe"]')).toBe(
      '<a class="wp-embedded-audio" href="http://cdn.test/a.exe">http://cdn.test/a.exe</a>',
    );
    const bad = render("[audio src='javascript:alert(1)//\"><b>.mp3']");
    expect(bad).toContain('href=""');
    expect(bad).not.toMatch(/<b>|href="javascript/);
    const script = render('[audio src="javascript:alert(1)//x.mp3"]');
    expect(script).toContain('<source type="audio/mpeg" src="" /><a href=""></a>');
  });

  test('[video] with the attached video, width and height, muted, poster; enclosed tracks kept', () => {
    const html = render(
      '[video width="480" height="270" muted="true" poster="http://cdn.test/p.jpg"]<track src="c.vtt" />\n[/video]',
    );
    expect(html).toBe(
      '<div style="width: 480px;" class="wp-video">' +
        "<!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n" +
        '<video class="wp-video-shortcode" id="video-10-1" width="480" height="270" poster="http://cdn.test/p.jpg" muted="1" preload="metadata" controls="controls">' +
        `<source type="video/mp4" src="${UP}clip.mp4?_=1" /><track src="c.vtt" /><a href="${UP}clip.mp4">${UP}clip.mp4</a></video></div>`,
    );
  });

  test('[video] of YouTube: https, no feature argument, video/youtube', () => {
    expect(render('[video src="http://www.youtube.com/watch?v=abc&feature=share"]')).toContain(
      '<source type="video/youtube" src="https://www.youtube.com/watch?v=abc&#038;_=1" />',
    );
  });
});

describe('[playlist]', () => {
  test('audio tracks with their ID3 fields, the icon as image, noscript links and JSON as wp_json_encode writes it', () => {
    const html = render('[playlist ids="4"]');
    const json =
      '{"type":"audio","tracklist":true,"tracknumbers":true,"images":true,"artists":true,"tracks":[{' +
      '"src":"http:\\/\\/loom.test\\/uploads\\/2030\\/01\\/song.mp3","type":"audio\\/mpeg","title":"Song \\u003cOne\\u003e","caption":"sung","description":"",' +
      '"meta":{"artist":"\\u00c9va","year":2030,"length_formatted":"0:03"},' +
      '"image":{"src":"http:\\/\\/loom.test\\/wp-includes\\/images\\/media\\/audio.svg","width":48,"height":64},' +
      '"thumb":{"src":"http:\\/\\/loom.test\\/wp-includes\\/images\\/media\\/audio.svg","width":48,"height":64}}]}';
    expect(html).toBe(
      "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n\t" +
        '<div class="wp-playlist wp-audio-playlist wp-playlist-light">\n\t\t\t<div class="wp-playlist-current-item"></div>\n\t' +
        '\t<audio controls="controls" preload="none" width="640"\n\t\t\t></audio>\n\t<div class="wp-playlist-next"></div>\n\t<div class="wp-playlist-prev"></div>\n\t' +
        `<noscript>\n\t<ol>\n\t\t<li><a href='${UP}song.mp3'>Song &lt;One&gt;</a></li>\t</ol>\n\t</noscript>\n\t` +
        `<script type="application/json" class="wp-playlist-script">${json}</script>\n</div>\n\t`,
    );
  });

  test('video playlists take the height from the video (a PHP float), dimensions per track', () => {
    const html = render('[playlist type="video" images="false" tracklist="false"]');
    expect(html).toContain('<video controls="controls" preload="none" width="640"\n\t\t height="360"\t></video>');
    expect(html).toContain('"tracklist":false');
    expect(html).toContain('"images":false');
    expect(html).toContain(
      '"dimensions":{"original":{"width":1280,"height":720},"resized":{"width":640,"height":360.0}}',
    );
    // PHP tests the attribute itself for images, so "false" still adds them.
    expect(html).toContain('"image":{"src":');
  });

  test('nothing without tracks of the type', () => {
    expect(render('[playlist ids="1,2"]')).toBe('');
    expect(render('[playlist]', 10, lookup(new Set()))).toBe('');
  });
});

describe('images of the media library (wp_filter_content_tags with a lookup)', () => {
  const block = (img: string) =>
    `<!-- wp:image {"id":1} -->\n<figure class="wp-block-image">${img}</figure>\n<!-- /wp:image -->`;

  test("a wp-image-{id} image gets its file's width and height, then srcset and sizes of the same proportions", () => {
    expect(render(block(`<img src="${UP}linen-300x200.jpg" alt="" class="wp-image-1"/>`))).toBe(
      `\n<figure class="wp-block-image"><img loading="lazy" decoding="async" width="300" height="200" src="${UP}linen-300x200.jpg" alt="" class="wp-image-1" ` +
        `srcset="${UP}linen-300x200.jpg 300w, ${UP}linen-768x512.jpg 768w, ${UP}linen-1024x683.jpg 1024w, ${UP}linen.jpg 1200w" sizes="(max-width: 300px) 100vw, 300px" /></figure>`,
    );
  });

  test('given dimensions and sizes are kept; an unknown attachment, a foreign file or no lookup change nothing but loading', () => {
    expect(render(`<img src="${UP}linen.jpg" width="600" height="400" sizes="50vw" class="wp-image-1">`)).toBe(
      `<p><img loading="lazy" decoding="async" src="${UP}linen.jpg" width="600" height="400" sizes="50vw" class="wp-image-1" srcset="${UP}linen.jpg 1200w, ${UP}linen-300x200.jpg 300w, ${UP}linen-768x512.jpg 768w, ${UP}linen-1024x683.jpg 1024w" /></p>`,
    );
    expect(render('<img src="http://elsewhere.test/x.jpg" class="wp-image-1">')).toBe(
      '<p><img decoding="async" src="http://elsewhere.test/x.jpg" class="wp-image-1"></p>',
    );
    expect(render(`<img src="${UP}linen-300x200.jpg" class="wp-image-99">`)).toBe(
      `<p><img decoding="async" src="${UP}linen-300x200.jpg" class="wp-image-99"></p>`,
    );
    expect(renderContent(`<img src="${UP}linen-300x200.jpg" class="wp-image-1">`)).toBe(
      `<p><img decoding="async" src="${UP}linen-300x200.jpg" class="wp-image-1"></p>\n`,
    );
  });
});

describe('mediaShortcodeRefs(): what the caller loads before rendering', () => {
  test('ids and include lists, parents for galleries without ids and for audio/video without a file', () => {
    expect(
      mediaShortcodeRefs(
        '[gallery ids="3, 1,3"] [playlist include="9"] [gallery id="20" exclude="2"] [audio] [video src="x.mp4"] [[gallery]]',
        10,
      ),
    ).toEqual({
      ids: [3, 1, 9],
      parents: [20, 10],
    });
    expect(mediaShortcodeRefs('no shortcodes', 10)).toEqual({ ids: [], parents: [] });
    expect(
      mediaShortcodeRefs('<p><img src="a.jpg" class="alignleft WP-IMAGE-12"/></p><img class="wp-image-x">', 10),
    ).toEqual({ ids: [12], parents: [] });
    // Only safe integers reach the caller's query; a hostile id list names nothing.
    expect(
      mediaShortcodeRefs(
        '[gallery ids="99999999999999999999,1e400,-3,abc"] [playlist id="123456789012345678901234"]',
        10,
      ),
    ).toEqual({ ids: [3], parents: [] });
  });
});
