/**
 * The pure slug rules (wp-includes/post.php): _truncate_post_slug, the `__trashed` suffix and its bookkeeping
 * (wp_add_trashed_suffix_to_post_name_for_post, wp_insert_post across the trash), and wp_unique_post_slug's
 * reserved names and `-2`, `-3`... suffixes over a `taken` the services answer from their stores.
 */
import {
  FEED_NAMES,
  isReservedSlug,
  isTrashedSlug,
  SHARED_SLUG_STATUSES,
  SLUG_MAX,
  slugAcrossTrash,
  slugSuffix,
  suffixedSlug,
  trashChanges,
  TRASHED_SLUG_MAX,
  trashedSlug,
  truncateSlug,
  uniqueSlug,
} from '../src';

describe('truncateSlug (_truncate_post_slug)', () => {
  it('cuts to the post_name column by default, and drops trailing dashes whatever the length', () => {
    expect(SLUG_MAX).toBe(200);
    expect(truncateSlug('a'.repeat(210))).toBe('a'.repeat(200));
    expect(truncateSlug('a'.repeat(200))).toBe('a'.repeat(200));
    expect(truncateSlug(`${'a'.repeat(9)}-b`, 10)).toBe('a'.repeat(9));
    expect(truncateSlug('abc-', 200)).toBe('abc');
    expect(truncateSlug('abc--', 200)).toBe('abc');
    expect(truncateSlug('truncated-slug', 10)).toBe('truncated');
  });

  it('never cuts inside a percent-encoded character', () => {
    expect(truncateSlug(`${'a'.repeat(196)}-%c3%a9`, 200)).toBe('a'.repeat(196));
    expect(truncateSlug(`${'a'.repeat(194)}%c3%a9xyz`, 200)).toBe(`${'a'.repeat(194)}%c3%a9`);
    // A three-byte character (€, %e2%82%ac) cut after one or two of its bytes goes whole.
    expect(truncateSlug(`ab%e2%82%ac`, 8)).toBe('ab');
    expect(truncateSlug(`ab%e2%82%ac`, 7)).toBe('ab');
    expect(truncateSlug(`ab%e2%82%ac`, 11)).toBe('ab%e2%82%ac');
    // A stray `%` or `%x` at the cut goes too.
    expect(truncateSlug('myslug%2F', 7)).toBe('myslug');
    expect(truncateSlug('myslug%2F', 8)).toBe('myslug');
  });
});

describe('trashedSlug (wp_add_trashed_suffix_to_post_name_for_post)', () => {
  it('adds __trashed once', () => {
    expect(trashedSlug('hello')).toBe('hello__trashed');
    expect(trashedSlug('hello__trashed')).toBe('hello__trashed');
    expect(isTrashedSlug('hello__trashed')).toBe(true);
    expect(isTrashedSlug('hello__trashed-2')).toBe(false);
    expect(trashedSlug('')).toBe('__trashed');
  });

  it('cuts the slug to 191 bytes first, without a trailing dash', () => {
    expect(TRASHED_SLUG_MAX).toBe(191);
    const slug = `${'a'.repeat(190)}-${'b'.repeat(4)}`;
    expect(trashedSlug(slug)).toBe(`${'a'.repeat(190)}__trashed`);
    expect(trashedSlug('c'.repeat(200))).toBe(`${'c'.repeat(191)}__trashed`);
    expect(trashedSlug('c'.repeat(200))).toHaveLength(200);
    expect(trashedSlug(`${'a'.repeat(189)}%c3%a9`)).toBe(`${'a'.repeat(189)}__trashed`);
  });
});

describe('slugAcrossTrash (wp_insert_post)', () => {
  it('entering the trash: the stored slug with __trashed, whatever was sent', () => {
    expect(slugAcrossTrash('sent', { status: 'publish', slug: 'plan' }, 'trash')).toBe('plan__trashed');
    expect(slugAcrossTrash('', { status: 'draft', slug: '' }, 'trash')).toBe('__trashed');
  });

  it('leaving the trash: the remembered slug, whatever was sent; none remembered keeps the slug', () => {
    const trashed = { status: 'trash', slug: 'plan__trashed', desired_slug: 'plan' };
    expect(slugAcrossTrash('plan__trashed', trashed, 'publish')).toBe('plan');
    expect(slugAcrossTrash('other', trashed, 'draft')).toBe('plan');
    expect(slugAcrossTrash('x__trashed', { status: 'trash', slug: 'x__trashed' }, 'publish')).toBe('x__trashed');
    // _wp_desired_post_slug '' is falsy: the post keeps `__trashed`.
    expect(slugAcrossTrash('__trashed', { status: 'trash', slug: '__trashed', desired_slug: '' }, 'draft')).toBe(
      '__trashed',
    );
  });

  it('otherwise leaves the slug as it is', () => {
    expect(slugAcrossTrash('new', { status: 'publish', slug: 'old' }, 'draft')).toBe('new');
    expect(slugAcrossTrash('new', { status: 'trash', slug: 'old__trashed', desired_slug: 'old' }, 'trash')).toBe('new');
  });
});

describe('trashChanges', () => {
  const now = '2024-07-01 12:00:00';

  it('entering the trash remembers the status, the time and a slug without __trashed', () => {
    expect(trashChanges({ status: 'publish', slug: 'plan' }, 'trash', now)).toEqual({
      set: { trashed_from: 'publish', trashed_at: now, desired_slug: 'plan' },
      unset: [],
    });
    expect(trashChanges({ status: 'draft', slug: '' }, 'trash', now)).toEqual({
      set: { trashed_from: 'draft', trashed_at: now, desired_slug: '' },
      unset: [],
    });
    expect(trashChanges({ status: 'private', slug: 'x__trashed' }, 'trash', now)).toEqual({
      set: { trashed_from: 'private', trashed_at: now },
      unset: [],
    });
  });

  it('leaving it forgets them; other writes change nothing', () => {
    expect(trashChanges({ status: 'trash', slug: 'plan__trashed', desired_slug: 'plan' }, 'draft', now)).toEqual({
      set: {},
      unset: ['trashed_from', 'trashed_at', 'desired_slug'],
    });
    expect(trashChanges({ status: 'trash', slug: 'plan__trashed' }, 'trash', now)).toEqual({ set: {}, unset: [] });
    expect(trashChanges({ status: 'draft', slug: '' }, 'publish', now)).toEqual({ set: {}, unset: [] });
  });
});

describe('wp_unique_post_slug', () => {
  const takenOf = (slugs: string[]) => {
    const asked: string[] = [];
    const taken = async (candidate: string) => {
      asked.push(candidate);
      return slugs.includes(candidate);
    };
    return { taken, asked };
  };

  it('keeps a free slug, and moves a taken one on to the first free -2, -3...', async () => {
    expect(await uniqueSlug('plan', takenOf([]).taken)).toBe('plan');
    expect(await uniqueSlug('plan', takenOf(['plan']).taken)).toBe('plan-2');
    expect(await uniqueSlug('plan', takenOf(['plan', 'plan-2', 'plan-3']).taken)).toBe('plan-4');
  });

  it('moves feed names and embed on even when free', async () => {
    expect(FEED_NAMES).toEqual(['feed', 'rdf', 'rss', 'rss2', 'atom']);
    for (const slug of [...FEED_NAMES, 'embed']) {
      expect(isReservedSlug(slug)).toBe(true);
      expect(await uniqueSlug(slug, takenOf([]).taken, { reserved: isReservedSlug(slug) })).toBe(`${slug}-2`);
    }
    expect(isReservedSlug('feeds')).toBe(false);
    expect(isReservedSlug('embedded')).toBe(false);
  });

  it('shortens the slug so that it and its suffix fit 200 bytes', async () => {
    const long = 'a'.repeat(200);
    expect(suffixedSlug(long, 2)).toBe(`${'a'.repeat(198)}-2`);
    expect(suffixedSlug(long, 10)).toBe(`${'a'.repeat(197)}-10`);
    expect(await uniqueSlug(long, takenOf([long]).taken)).toBe(`${'a'.repeat(198)}-2`);
    // A dash left at the cut goes (no `--2`).
    expect(suffixedSlug(`${'a'.repeat(197)}-bb`, 2)).toBe(`${'a'.repeat(197)}-2`);
    expect(suffixedSlug('short', 2)).toBe('short-2');
  });

  it('starts past a suffix lost to a concurrent write (`from`), never looking at the ones below', async () => {
    const { taken, asked } = takenOf(['plan', 'plan-3']);
    expect(await uniqueSlug('plan', taken, { from: 3 })).toBe('plan-4');
    expect(asked).toEqual(['plan-3', 'plan-4']);
  });

  it('reads back the suffix a slug was given (slugSuffix)', () => {
    const long = 'a'.repeat(200);
    expect(slugSuffix('plan', 'plan')).toBe(1);
    expect(slugSuffix('plan-2', 'plan')).toBe(2);
    expect(slugSuffix('plan-12', 'plan')).toBe(12);
    expect(slugSuffix(`${'a'.repeat(198)}-2`, long)).toBe(2);
    expect(slugSuffix('plan-2', 'plan-2')).toBe(1);
    expect(slugSuffix('other-2', 'plan')).toBe(1);
  });

  it('leaves drafts, pending and auto-drafts sharing slugs (the statuses it skips)', () => {
    expect(SHARED_SLUG_STATUSES).toEqual(['draft', 'pending', 'auto-draft']);
  });
});
