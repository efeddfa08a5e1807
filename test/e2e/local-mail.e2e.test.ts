/**
 * Mail in local runs: `npm start` without SMTP_URL runs a local mail catcher, so a contact form's submission is
 * answered `mail_sent` as in production, the mail is shown on the catcher's page (named in the start summary) and
 * each message is one log line (to, subject).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Cluster, launchStart, printed, stopStart, type Launch } from './processes';

const ROOT = resolve(__dirname, '../..');
const cluster = new Cluster();
let current: Launch | undefined;
let auth: string;

beforeAll(async () => {
  await cluster.init({ LOOM_ADMIN_EMAIL: 'owner@loom.test', LOOM_SITE_NAME: 'Loom Mail Test' });
  // An administrator with an application password, made before the start (the CLI and core-content share the store).
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [join(ROOT, 'services/core-content/dist/cli.js'), ...args], {
      env: cluster.env,
      encoding: 'utf8',
    });
  cli('users', 'create', '--login', 'owner', '--email', 'owner@loom.test', '--role', 'administrator');
  const password = /Password: (.+)\n/.exec(
    cli('app-passwords', 'create', '--login', 'owner', '--name', 'mail test'),
  )![1]!;
  auth = `Basic ${Buffer.from(`owner:${password}`).toString('base64')}`;
});
afterAll(async () => {
  if (current) await stopStart(current);
});

test('a contact form submitted on a local run: mail_sent, the mail on the page the summary names, one log line', async () => {
  current = launchStart(cluster.env);
  await printed(current, 'Loom is ready.');
  const [, page] = (await printed(current, /^\[loom\] {3}Mail {12}(\S+) /m))!;
  expect(await (await fetch(page!)).text()).toContain('No mail yet.');

  const forms = `${cluster.url()}/rest/formsA/v1/contact-forms`;
  const created = await fetch(forms, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Contact', context: 'save' }),
  });
  expect(created.status).toBe(200); // as the plugin answers a create
  const { id } = (await created.json()) as { id: number };
  const body = new FormData();
  for (const [k, v] of [
    ['_wpcf7', String(id)],
    ['_wpcf7_unit_tag', `wpcf7-f${id}-o1`],
    ['your-name', 'Ada Lovelace'],
    ['your-email', 'ada@example.com'],
    ['your-subject', 'Engines & looms'],
    ['your-message', 'Hello from a local run.'],
  ])
    body.append(k!, v!);
  const sent = await fetch(`${forms}/${id}/feedback`, { method: 'POST', body });
  const answer = (await sent.json()) as { status: string; message: string };
  expect(answer).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });

  const html = await (await fetch(page!)).text();
  expect(html).toContain('Loom Mail Test &quot;Engines &amp; looms&quot;'); // the subject, escaped
  expect(html).toContain('owner@loom.test');
  expect(html).toContain('Hello from a local run.');
  await printed(current, '[loom] mail caught: to owner@loom.test, subject "Loom Mail Test \\"Engines & looms\\""');
}, 90000);
