/**
 * What `null` resets a setting to is the app's own initial value (its environment's LOOM_SITE_NAME...), kept per
 * app: two core-content apps in one process, as in a test, do not share theirs.
 */
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import { startCore, type RunningService } from '@loom/testing';

const SETTINGS = '/rest/core/v2/settings';
let sites: Array<{ core: RunningService; name: string }>;

beforeAll(async () => {
  sites = [];
  for (const name of ['First site', 'Second site'])
    sites.push({ core: await startCore({ LOOM_SITE_NAME: name }), name });
});
afterAll(() => Promise.all(sites.map((s) => s.core.close())));

test("a title reset to null is each app's own initial name", async () => {
  for (const { core, name } of sites) {
    const write = (body: object) => request(core.url).post(SETTINGS).set(asRole('administrator')).send(body);
    expect((await write({ title: 'Renamed' })).body.title).toBe('Renamed');
    const reset = await write({ title: null });
    expect([reset.status, reset.body.title]).toEqual([200, name]);
  }
});
