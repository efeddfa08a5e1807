/**
 * The API reference page in a real browser (Debian's chromium driven by playwright-core): Swagger UI, served by
 * the gateway from node_modules, renders every operation of the OpenAPI document, and "Try it out" sends a
 * request to the running site (same origin) and shows its answer.
 *
 * Skips itself, saying so, only when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { startSite, type Site } from './site.harness';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  // Loud on purpose: a skipped browser test must not pass for a tested reference page.
  console.warn(`SKIPPED api-docs.browser.test.ts: ${CHROMIUM} not found. Install Debian's chromium (apt-get install -y chromium); .ci/run does.`);
}
const describeBrowser = available ? describe : describe.skip;

jest.setTimeout(120_000);

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
    const doc = (await (await fetch(`${site.url}/api-docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
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
    const painted = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    const seen = new Set<string>();
    for (let pass = 0; pass < 3 && seen.size < expected.length; pass++) {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let last = -1; ; ) {
        await painted();
        const blocks = await page.$$eval('.opblock', (els) =>
          els.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
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
    const op = page.locator('.opblock-get:has(.opblock-summary-path[data-path="/core/v2/categories"])');
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let i = 0; i < 100 && (await op.count()) === 0; i++) {
      await page.evaluate(() => window.scrollBy(0, 400));
      await painted();
    }
    await op.locator('.opblock-summary').click();
    await op.getByRole('button', { name: 'Try it out' }).click();
    const answer = page.waitForResponse((r) => r.url().startsWith(`${site.url}/rest/core/v2/categories`));
    await op.getByRole('button', { name: 'Execute' }).click();
    expect((await answer).status()).toBe(200);
    const body = op.locator('.live-responses-table .response-col_description pre');
    await body.first().waitFor();
    expect(await body.first().textContent()).toContain('"slug": "uncategorized"');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});
