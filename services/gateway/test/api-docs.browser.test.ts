/**
 * The API reference page in a real browser (Debian's chromium driven by playwright-core): Swagger UI, served by
 * the gateway from node_modules, renders every operation of the OpenAPI document, and "Try it out" sends a
 * request to the running site (same origin) and shows its answer.
 *
 * Skips itself, saying so, only when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startSite, type Site } from '@loom/testing';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  // Loud on purpose: a skipped browser test must not pass for a tested reference page.
  console.warn(
    `SKIPPED api-docs.browser.test.ts: ${CHROMIUM} not found. Install Debian's chromium (apt-get install -y chromium); .ci/run does.`,
  );
}
const describeBrowser = available ? describe : describe.skip;

jest.setTimeout(120_000);

/** Waits until the browser has painted twice (a scroll step's rendering is done). */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** An operation's block, scrolled into the rendered part of Swagger UI's list, opened, with "Try it out" on. */
async function tryOperation(page: Page, method: string, path: string): Promise<Locator> {
  const op = page.locator(`.opblock-${method}:has(.opblock-summary-path[data-path="${path}"])`);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 200 && (await op.count()) === 0; i++) {
    await page.evaluate(() => window.scrollBy(0, 400));
    await painted(page);
  }
  await op.locator('.opblock-summary').click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  return op;
}

describeBrowser('the API reference page in Chromium', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  test('lists every route of the index, and "try it" answers from the running site', async () => {
    const doc = (await (await fetch(`${site.url}/api-docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(site.url) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.url}/api-docs/`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    // Swagger UI renders only the operations in view (a virtual list): scroll the page through, collecting them,
    // each step once the browser has painted; a second pass picks up anything a slow frame missed.
    const seen = new Set<string>();
    for (let pass = 0; pass < 3 && seen.size < expected.length; pass++) {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let last = -1; ;) {
        await painted(page);
        const blocks = await page.$$eval('.opblock', (els) =>
          els.map(
            (b) =>
              `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
          ),
        );
        for (const b of blocks) seen.add(b);
        const y = await page.evaluate(() => (window.scrollBy(0, 500), window.scrollY));
        if (y === last) break;
        last = y;
      }
    }
    const shown = [...seen];
    expect(shown.sort()).toEqual(expected.sort());
    expect(await page.title()).toBe('Loom API reference');

    // Try it: GET /core/v2/categories, answered by core-content through the gateway.
    const op = await tryOperation(page, 'get', '/core/v2/categories');
    const answer = page.waitForResponse((r) => r.url().startsWith(`${site.url}/rest/core/v2/categories`));
    await op.getByRole('button', { name: 'Execute' }).click();
    expect((await answer).status()).toBe(200);
    const body = op.locator('.live-responses-table .response-col_description pre');
    await body.first().waitFor();
    expect(await body.first().textContent()).toContain('"slug": "uncategorized"');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('"try it" on a contact form\'s feedback sends the multipart body the route reads (JSON was its 415)', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.url}/api-docs/`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    const op = await tryOperation(page, 'post', '/formsA/v1/contact-forms/{id}/feedback');
    await op.locator('tr[data-param-name="id"] input').fill('999999');
    const answer = page.waitForResponse((r) =>
      r.url().startsWith(`${site.url}/rest/formsA/v1/contact-forms/999999/feedback`),
    );
    await op.getByRole('button', { name: 'Execute' }).click();
    const res = await answer;
    expect(res.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Past the media type check (the plugin's first): no such form.
    expect([res.status(), ((await res.json()) as { code: string }).code]).toEqual([404, 'wpcf7_not_found']);
  });
});
