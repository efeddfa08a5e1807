/**
 * A process's copy of the site options (site-options/): newer revisions win, the first answer replaces the
 * environment's guess; the follower reads again when the settings notification arrives on a real nats-server, on
 * its timer, and every second while its source cannot be read; the config's clock follows the copy.
 */
import { connect } from 'nats';
import { changeSubject, SITE_OPTION_DEFAULTS, type SiteOptionsAnswer } from '@loom/contracts';
import { startNats, type NatsServer } from '@loom/testing';
import { followSiteOptions, loadConfig, SiteOptions, type SiteOptionsLoader } from '../src';
import { createLogger } from '../src/logger';

const log = createLogger('test', 'silent');
const answer = (rev: number, over: Partial<typeof SITE_OPTION_DEFAULTS> = {}): SiteOptionsAnswer => ({
  rev,
  values: { ...SITE_OPTION_DEFAULTS, ...over },
});

/** A source of options the test changes, counting its reads (the follower's port, as core-content's endpoint). */
function source(initial: SiteOptionsAnswer) {
  let current = initial;
  let down = false;
  let reads = 0;
  const load: SiteOptionsLoader = async (rev) => {
    reads++;
    if (down) throw new Error('unreachable');
    return rev === current.rev ? 'unchanged' : current;
  };
  return {
    load,
    set: (a: SiteOptionsAnswer) => void (current = a),
    setDown: (d: boolean) => void (down = d),
    reads: () => reads,
  };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('SiteOptions', () => {
  test('starts from the environment, takes the first answer even at revision 0, then only newer ones', () => {
    const site = new SiteOptions({ ...SITE_OPTION_DEFAULTS, title: 'From env' });
    const seen: string[] = [];
    site.onChange((v) => seen.push(v.title));
    expect(site.rev).toBe(-1);
    expect(site.apply(answer(0, { title: 'Stored' }))).toBe(true);
    expect(site.apply(answer(0, { title: 'Again' }))).toBe(false);
    expect(site.apply(answer(3, { title: 'Three' }))).toBe(true);
    expect(site.apply(answer(2, { title: 'Late answer' }))).toBe(false);
    expect(site.current().title).toBe('Three');
    expect(seen).toEqual(['Stored', 'Three']);
  });

  test("the kit config's clock is the copy's time zone and offset", () => {
    const config = loadConfig('events', { LOOM_TIMEZONE: 'Europe/Paris', LOOM_SITE_NAME: 'Env name' });
    expect([config.timezoneString, config.site.current().title]).toEqual(['Europe/Paris', 'Env name']);
    config.site.apply(answer(1, { timezone: 'Asia/Kolkata', gmt_offset: '5.5' }));
    expect([config.timezoneString, config.gmtOffset]).toEqual(['Asia/Kolkata', '5.5']);
  });
});

describe('followSiteOptions', () => {
  let nats: NatsServer;
  beforeAll(async () => {
    nats = await startNats();
    await nats.start();
  });
  afterAll(async () => nats?.dispose());

  test('a settings notification makes it read at once (its timer is far off)', async () => {
    const src = source(answer(1, { title: 'One' }));
    const site = new SiteOptions(SITE_OPTION_DEFAULTS);
    const f = followSiteOptions({ site, load: src.load, natsUrl: nats.url, pollMs: 600000, log });
    await f.ready;
    expect(site.current().title).toBe('One');
    src.set(answer(2, { title: 'Two' }));
    const nc = await connect({ servers: nats.url });
    nc.publish(changeSubject('core/v2', 'settings'), JSON.stringify({ action: 'updated' }));
    await nc.drain();
    expect(await until(() => site.current().title === 'Two', 5000)).toBe(true);
    await f.close();
  });

  test('without NATS its timer reads; while the source is down it tries every second, then catches up', async () => {
    const src = source(answer(1, { title: 'One' }));
    src.setDown(true);
    const site = new SiteOptions({ ...SITE_OPTION_DEFAULTS, title: 'Env' });
    const f = followSiteOptions({ site, load: src.load, pollMs: 600000, log });
    await f.ready;
    expect(site.current().title).toBe('Env');
    // Down: read again within about a second although the timer's period is ten minutes.
    const before = src.reads();
    expect(await until(() => src.reads() > before, 3000)).toBe(true);
    src.setDown(false);
    expect(await until(() => site.current().title === 'One', 3000)).toBe(true);
    await f.close();

    const polled = source(answer(1, { title: 'A' }));
    const copy = new SiteOptions(SITE_OPTION_DEFAULTS);
    const g = followSiteOptions({ site: copy, load: polled.load, pollMs: 100, log });
    await g.ready;
    polled.set(answer(2, { title: 'B' }));
    expect(await until(() => copy.current().title === 'B', 3000)).toBe(true);
    await g.close();
  });
});
