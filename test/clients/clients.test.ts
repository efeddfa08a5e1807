/**
 * Issue 27: WordPress clients work against Loom unchanged, through the `/wp-json` face: the clients that run in a
 * process of their own, against the whole site in this one (startSite: every service behind the gateway on its own
 * address). @wordpress/core-data on a @wordpress/data registry (under jsdom: its dependencies read browser globals
 * when they load) and Python's requests following the REST API Handbook's examples. node-wpapi and
 * @wordpress/api-fetch run in-process in the gateway's suites (wp-face.wpapi, cookie-auth.api-fetch).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAppPassword, createUser, startSite, type Site } from '@loom/testing';

jest.setTimeout(120_000);
const run = promisify(execFile);

let site: Site;
let login: string;
let password: string;
beforeAll(async () => {
  site = await startSite();
  const core = site.services['core-content'].url;
  const admin = await createUser(core, 'administrator');
  login = admin.login;
  password = (await createAppPassword(core, admin)).password;
});
afterAll(() => site?.close());

test('@wordpress/core-data: entity records read, saved and deleted; its entity configuration resolves', async () => {
  const { stdout } = await run(process.execPath, [join(__dirname, 'core-data.cjs'), site.url, login, password], {
    timeout: 90_000,
  });
  const seen = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  expect(seen.postTypes).toEqual(expect.arrayContaining(['post', 'page', 'attachment']));
  expect(seen.taxonomies).toEqual(expect.arrayContaining(['category', 'post_tag']));
  expect(seen).toMatchObject({
    saved: { status: 'draft', title: 'From core-data' },
    listed: true,
    read: { title: 'From core-data' },
    edited: 'Edited by core-data',
    category: 'From core-data',
  });
  expect((seen.deleted as { deleted: boolean }).deleted).toBe(true);
});

test("Python's requests, as the REST API Handbook's examples are written", async () => {
  const { stdout } = await run('python3', [join(__dirname, 'handbook.py'), site.url, login, password], {
    timeout: 60_000,
  });
  const seen = JSON.parse(stdout.trim()) as Record<string, unknown>;
  expect(seen).toMatchObject({
    discovered: `${site.url}/wp-json/`,
    created: { status: 201, location: expect.stringMatching(`^${site.url}/wp-json/wp/v2/posts/\\d+$`) },
    read: { title: 'From requests', author: login },
    updated: 'Updated by requests',
    deleted: true,
    refused: { status: 401, code: 'rest_cannot_create' },
  });
  expect(seen.namespaces).toEqual(expect.arrayContaining(['wp/v2', 'tribe/events/v1', 'contact-form-7/v1']));
  expect((seen.created as { self: string }).self).toMatch(`${site.url}/wp-json/wp/v2/posts/`);
});
