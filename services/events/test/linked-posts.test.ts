/** Unit tests of the post helpers: the plugin's date form, the fields' rendering, slugs and JSON-LD escaping. */
import { formatLocal, formatUtc, parseDate } from '../src/dates/post-dates';
import { antispambot, escJs } from '../src/json-ld/escape';
import { postExcerpt } from '../src/json-ld/post';
import { renderPost } from '../src/posts/render';
import { noSlug, postName, slugChanges, slugForWrite, trashedSlug } from '../src/posts/slugs';

describe('dates', () => {
  const utc = Date.UTC(2024, 6, 1, 12, 0, 0);

  it('formats UTC and local stamps as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatUtc(utc)).toBe('2024-07-01 12:00:00');
    expect(formatLocal({ timezone: '', gmtOffset: 5.5 }, utc)).toBe('2024-07-01 17:30:00');
    expect(formatLocal({ timezone: 'America/New_York', gmtOffset: 0 }, utc)).toBe('2024-07-01 08:00:00');
    expect(formatLocal({ timezone: 'America/New_York', gmtOffset: 0 }, Date.UTC(2024, 0, 1, 12))).toBe(
      '2024-01-01 07:00:00',
    );
  });

  it('parses local and UTC input; rejects what is not a date', () => {
    const ny = { timezone: 'America/New_York', gmtOffset: 0 };
    expect(formatUtc(parseDate(ny, '2024-07-01 08:00:00', false, 'date'))).toBe('2024-07-01 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01T12:00', true, 'date_utc'))).toBe('2024-07-01 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01', true, 'date_utc'))).toBe('2024-07-01 00:00:00');
    for (const bad of ['banana', '2024-02-30 10:00:00', '2024-13-01', '2024-07-01 25:00', '']) {
      expect(() => parseDate(ny, bad, false, 'date')).toThrow(
        expect.objectContaining({ code: 'rest_invalid_param', status: 400 }),
      );
    }
  });

  it("accepts what strtotime() takes, against the clock's now", () => {
    const ny = { timezone: 'America/New_York', gmtOffset: 0, now: () => utc };
    expect(formatUtc(parseDate(ny, 'tomorrow', false, 'date'))).toBe('2024-07-02 04:00:00');
    expect(formatUtc(parseDate(ny, 'tomorrow 10am', true, 'date_utc'))).toBe('2024-07-02 10:00:00');
    expect(formatUtc(parseDate(ny, '+1 week', false, 'date'))).toBe('2024-07-08 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01T08:00:00-07:00', false, 'date'))).toBe('2024-07-01 15:00:00');
    expect(formatUtc(parseDate({ timezone: '', gmtOffset: 5.5 }, 'July 1, 2024 9am', false, 'date'))).toBe(
      '2024-07-01 03:30:00',
    );
  });
});

describe('rendering (the_title, the_content, the_excerpt)', () => {
  it('wraps paragraphs, keeps block HTML, leaves an empty excerpt empty', () => {
    expect(renderPost(1, 'Bob\'s "gig"', 'One\n\nTwo\nlines', '').description).toBe(
      '<p>One</p>\n<p>Two<br />\nlines</p>',
    );
    expect(renderPost(2, 't', '<p>Already</p>', '').description).toBe('<p>Already</p>');
    expect(renderPost(3, 'Bob\'s "gig"', '', '').title).toBe('Bob&#8217;s &#8220;gig&#8221;');
    expect(renderPost(4, 't', 'Content only', '').excerpt).toBe('');
    expect(renderPost(5, 't', '', 'Short.').excerpt).toBe('<p>Short.</p>');
  });

  it('renders a post once while its text is the same, and again as soon as any of it changes', () => {
    const first = renderPost(6, 'Title', 'Body', '');
    expect(renderPost(6, 'Title', 'Body', '')).toBe(first);
    expect(renderPost(6, 'Title', 'Body', 'Short.')).toEqual({
      title: 'Title',
      description: '<p>Body</p>',
      excerpt: '<p>Short.</p>',
    });
    expect(renderPost(6, 'Title', 'Other body', 'Short.').description).toBe('<p>Other body</p>');
    expect(renderPost(6, 'New title', 'Other body', 'Short.').title).toBe('New title');
    // Another post with the same id in another store (another app in this process) is not answered from the memo.
    expect(renderPost(6, 'Title', 'Body', '')).toEqual(first);
  });
});

describe('slugs (wp_insert_post)', () => {
  it('drafts and pending posts have none until published; trashing adds __trashed; untrashing gives it back', () => {
    expect(slugForWrite({ id: 7, status: 'draft', title: 'Plan' })).toBe(noSlug(7));
    expect(postName({ slug: noSlug(7) })).toBe('');
    expect(slugForWrite({ id: 7, status: 'pending', title: 'Plan', requested: 'my-plan' })).toBe('my-plan');
    expect(
      slugForWrite({ id: 7, status: 'publish', title: 'Plan', previous: { id: 7, status: 'draft', slug: noSlug(7) } }),
    ).toBe('plan');
    expect(slugForWrite({ id: 7, status: 'publish', title: '!!!' })).toBe('7');
    expect(
      slugForWrite({ id: 7, status: 'publish', title: 'Plan', previous: { id: 7, status: 'publish', slug: 'plan' } }),
    ).toBeUndefined();
    expect(
      slugForWrite({ id: 7, status: 'trash', title: 'Plan', previous: { id: 7, status: 'publish', slug: 'plan' } }),
    ).toBe('plan__trashed');
    expect(
      slugForWrite({ id: 7, status: 'trash', title: 'Plan', previous: { id: 7, status: 'draft', slug: noSlug(7) } }),
    ).toBe('__trashed');
    expect(
      slugForWrite({
        id: 7,
        status: 'publish',
        title: 'Plan',
        previous: { id: 7, status: 'trash', slug: 'plan__trashed', desired_slug: 'plan' },
      }),
    ).toBe('plan');
    expect(trashedSlug('plan__trashed')).toBe('plan__trashed');
  });

  it('across the trash the remembered slug wins over one sent, and none remembered keeps `__trashed`', () => {
    const trashed = { id: 7, status: 'trash', slug: 'plan__trashed', desired_slug: 'plan' };
    expect(slugForWrite({ id: 7, status: 'publish', title: 'Plan', requested: 'other', previous: trashed })).toBe(
      'plan',
    );
    expect(
      slugForWrite({
        id: 7,
        status: 'trash',
        title: 'Plan',
        requested: 'other',
        previous: { id: 7, status: 'publish', slug: 'plan' },
      }),
    ).toBe('plan__trashed');
    // An event trashed without a slug remembered '' (falsy): it keeps `__trashed`, as WordPress's untrashed post does.
    expect(
      slugForWrite({
        id: 7,
        status: 'draft',
        title: 'Plan',
        previous: { id: 7, status: 'trash', slug: '__trashed', desired_slug: '' },
      }),
    ).toBeUndefined();
  });

  it('trash bookkeeping: status, time and slug on entering; a slug already ending in __trashed is not remembered; all dropped on leaving', () => {
    const now = Date.UTC(2024, 6, 1, 12);
    expect(slugChanges({ id: 7, status: 'publish', slug: 'plan' }, { status: 'trash', title: 'Plan' }, now)).toEqual({
      set: { slug: 'plan__trashed', trashed_from: 'publish', trashed_at: '2024-07-01 12:00:00', desired_slug: 'plan' },
      unset: [],
    });
    expect(slugChanges({ id: 7, status: 'private', slug: 'x__trashed' }, { status: 'trash', title: 'X' }, now)).toEqual(
      {
        set: { trashed_from: 'private', trashed_at: '2024-07-01 12:00:00' },
        unset: [],
      },
    );
    expect(
      slugChanges({ id: 7, status: 'draft', slug: noSlug(7) }, { status: 'trash', title: 'Plan' }, now).set,
    ).toMatchObject({ slug: '__trashed', desired_slug: '' });
    expect(
      slugChanges(
        { id: 7, status: 'trash', slug: 'plan__trashed', desired_slug: 'plan' },
        { status: 'draft', title: 'Plan' },
        now,
      ),
    ).toEqual({
      set: { slug: 'plan' },
      unset: ['trashed_from', 'trashed_at', 'desired_slug'],
    });
  });
});

describe('JSON-LD', () => {
  it('esc_js: entities for HTML, slashes for quotes, a literal \\n for line breaks', () => {
    expect(escJs('<p>Live jazz by the river</p>\n')).toBe('&lt;p&gt;Live jazz by the river&lt;/p&gt;\\n');
    expect(escJs('Rock \'n\' roll & "more" &amp; more')).toBe("Rock \\'n\\' roll &amp; &quot;more&quot; &amp; more");
  });

  it('antispambot: each character as itself or an entity, @ always &#64;', () => {
    expect(antispambot('a@b.c', () => 0.9)).toBe('a&#64;b.c');
    expect(antispambot('a@b', () => 0.1)).toBe('&#97;&#64;&#98;');
  });

  it('tribe_events_get_the_excerpt: the excerpt, else 55 words of the content; shortcodes and most HTML out', () => {
    expect(postExcerpt('Live jazz by the river', 'ignored')).toBe('<p>Live jazz by the river</p>\n');
    expect(postExcerpt('', '<h2>Title</h2><p>Body [gallery id="1"] text</p>')).toBe('<p>TitleBody text</p>\n');
    expect(postExcerpt('<div><b>Bold</b> move</div>', '')).toBe('<p><b>Bold</b> move</p>\n');
    expect(postExcerpt('', Array.from({ length: 60 }, (_, i) => `w${i}`).join(' '))).toBe(
      `<p>${Array.from({ length: 55 }, (_, i) => `w${i}`).join(' ')} [&hellip;]</p>\n`,
    );
  });
});
