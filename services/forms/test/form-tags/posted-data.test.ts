/** Posted data as the plugin derives it, posted_data_hash, and additional settings. */
import {
  collectPosted,
  parseAdditionalSettings,
  parseFormTags,
  postedDataHash,
  preparePostedData,
  settingFlag,
  settingValues,
} from '../../src/form-tags';

describe('collectPosted', () => {
  it('name[] collects lists; a repeated plain name keeps the last value; non-strings are skipped', () => {
    const posted = collectPosted([
      ['a', '1'],
      ['a', '2'],
      ['b[]', 'x'],
      ['b[]', 'y'],
      ['[]', 'odd'],
      ['c', 3 as unknown as string],
    ]);
    expect({ ...posted }).toEqual({ a: '2', b: ['x', 'y'], '[]': 'odd' });
  });
});

describe('preparePostedData', () => {
  const tags = parseFormTags(
    '[text name] [select* dept "Sales|sales@example.com" "Support|help@example.com"] [checkbox how free_text "Web" "Other"] [radio r "A|1" "B|2"] [acceptance ok] [quiz q "1+1|2"] [file f] [count name]',
  );
  it('pipes for selectable fields, lists, free text, underscore keys dropped, posted extras kept', () => {
    const prepared = preparePostedData(
      tags,
      collectPosted([
        ['_wpcf7', '5'],
        ['_wpcf7_free_text_how', ' from a friend '],
        ['name', 'Ada'],
        ['dept', ' Support '],
        ['how[]', 'Other'],
        ['r', 'B'],
        ['ok', '1'],
        ['q', '2'],
        ['extra', 'x'],
      ]),
    );
    expect({ ...prepared }).toEqual({
      name: 'Ada',
      dept: ['help@example.com'],
      how: ['Other  from a friend'],
      r: ['2'],
      ok: ['1'],
      q: '2',
      extra: 'x',
      f: '',
    });
  });
  it('fields the client did not send are empty (lists for selectable ones)', () => {
    expect({ ...preparePostedData(tags, collectPosted([])) }).toEqual({
      name: '',
      dept: [],
      how: [],
      r: [],
      ok: [],
      f: '',
    });
  });
  it('a label that is not an option passes through unpiped', () => {
    expect(preparePostedData(tags, collectPosted([['dept', 'Elsewhere']])).dept).toEqual(['Elsewhere']);
  });
});

describe('postedDataHash', () => {
  const data = preparePostedData(parseFormTags('[text a]'), collectPosted([['a', 'x']]));
  const meta = { remoteIp: '203.0.113.9', unitTag: 'wpcf7-f5-o1', now: Date.UTC(2026, 10, 23, 16, 10) };
  it('32 hex characters, stable within the half hour, different for other data, address, unit tag, window or secret', () => {
    const h = postedDataHash(data, meta, 's');
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(postedDataHash(data, { ...meta, now: meta.now + 60_000 }, 's')).toBe(h);
    const other = preparePostedData(parseFormTags('[text a]'), collectPosted([['a', 'y']]));
    for (const different of [
      postedDataHash(other, meta, 's'),
      postedDataHash(data, { ...meta, remoteIp: '203.0.113.10' }, 's'),
      postedDataHash(data, { ...meta, unitTag: 'wpcf7-f5-o2' }, 's'),
      postedDataHash(data, { ...meta, now: meta.now + 3_600_000 }, 's'),
      postedDataHash(data, meta, 't'),
    ])
      expect(different).not.toBe(h);
  });
});

describe('additional settings', () => {
  it('lines name: value; on/true and off/false become booleans; other lines ignored', () => {
    const settings = parseAdditionalSettings(
      'acceptance_as_validation: off\ndemo_mode: on\nnot a setting\nsubscribers_only:true\nflamingo_email: [your-email]\ndemo_mode: off',
    );
    expect(settings).toEqual([
      ['acceptance_as_validation', false],
      ['demo_mode', true],
      ['subscribers_only', true],
      ['flamingo_email', '[your-email]'],
      ['demo_mode', false],
    ]);
    expect(settingFlag(settings, 'demo_mode')).toBe(true); // the first value counts, as the plugin's pref()
    expect(settingFlag(settings, 'acceptance_as_validation')).toBe(false);
    expect(settingFlag(settings, 'skip_mail')).toBe(false);
    expect(settingFlag(parseAdditionalSettings('skip_mail: 1'), 'skip_mail')).toBe(true);
    expect(settingValues(settings, 'flamingo_email')).toEqual(['[your-email]']);
    expect(parseAdditionalSettings(undefined as unknown as string)).toEqual([]);
  });
});
