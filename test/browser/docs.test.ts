/**
 * The docs page in Debian's chromium against wrangler pages dev: its sections, a curl example and a "try it" for
 * every read endpoint (answered live with a typed token), the webcal link carrying the token, the coverage grid
 * agreeing with the calendar module, and no horizontal scrolling on a 360-pixel phone; and a web app on another
 * origin reading the API with its token in a header (preflighted), by the ids as the API gives them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsYearInfo } from '../../src/calendar/bs.ts';
import { SAMPLE_REQUESTS } from '../../src/http/examples.ts';
import { startServer, TEST_TOKEN, type TestServer } from '../integration/server.ts';
import { CHROMIUM, HAS_CHROMIUM } from './chromium.ts';

let server: TestServer;
let browser: Browser;
let page: Page;

describe.skipIf(!HAS_CHROMIUM)('the docs page in chromium', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/`);
    expect(errors).toEqual([]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says what the service is, and has its sections', async () => {
    await expect(page.locator('h1').textContent()).resolves.toContain('Panchanga');
    // Words stay apart from the values between them (the site is built without whitespace compression).
    expect(await page.locator('header p').innerText()).toContain(`from BS ${BS_MIN_YEAR} to ${BS_MAX_YEAR}`);
    for (const id of ['endpoints', 'subscribe', 'coverage', 'contribute'])
      expect(await page.locator(`section#${id} h2`).count(), id).toBe(1);
  });

  it('shows a curl example for every read endpoint', async () => {
    const curls = await page.locator('pre.curl').allTextContents();
    for (const path of Object.values(SAMPLE_REQUESTS))
      expect(
        curls.some((c) => c.includes(`$BASE${path}`)),
        path,
      ).toBe(true);
  });

  it('tries the converter live with the token typed in, and refuses without one', async () => {
    const tryConverter = async () => {
      await page.locator('#op-convertDate button.try').click();
      const result = page.locator('#op-convertDate pre.result');
      await result.filter({ hasText: 'HTTP' }).waitFor();
      return result.textContent();
    };
    await page.fill('#token', '');
    expect(await tryConverter()).toContain('HTTP 401');
    await page.fill('#token', TEST_TOKEN);
    const answer = (await tryConverter())!;
    expect(answer).toContain('HTTP 200');
    expect(answer).toContain('"date": "2026-04-14"');
  });

  it('puts the token and this host in the webcal links', async () => {
    await page.fill('#token', TEST_TOKEN);
    const hrefs = await page
      .locator('a.webcal')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const host = new URL(server.baseUrl).host;
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs)
      expect(href.startsWith(`webcal://${host}/api/v1/calendar.ics?token=${TEST_TOKEN}`)).toBe(true);
    // The link works once its scheme is the site's: the feed answers with the token in the query.
    const res = await server.fetch(hrefs[1]!.replace(/^webcal:\/\/[^/]+/, ''), { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/calendar');
  });

  it('draws every BS year of the coverage as the calendar module classifies it', async () => {
    const cells = await page
      .locator('.grid .cell')
      .evaluateAll((spans) =>
        spans.map((s) => ({ year: Number(s.getAttribute('data-year')), classes: s.className })),
      );
    expect(cells.length).toBe(BS_MAX_YEAR - BS_MIN_YEAR + 1);
    for (const { year, classes } of cells) expect(classes, String(year)).toContain(bsYearInfo(year).status);
    expect(cells.find((c) => c.year === 2083)!.classes).toContain('curated');
    expect(cells.find((c) => c.year === 2090)!.classes).not.toContain('curated');
  });

  it('does not scroll sideways on a 360-pixel phone, samples opened', async () => {
    for (const details of await page.locator('details').all())
      await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  /**
   * A web app on another origin (a page served from another port), reading the API with its token in a header as
   * its script would: every such request is preflighted, so the preflight must pass wherever the request goes.
   */
  describe('a web app on another origin', () => {
    let app: Server;
    let appPage: Page;
    beforeAll(async () => {
      app = createServer((_, res) => res.end('<!doctype html><title>an app</title>'));
      await new Promise<void>((done) => app.listen(0, '127.0.0.1', done));
      appPage = await browser.newPage();
      await appPage.goto(`http://127.0.0.1:${(app.address() as AddressInfo).port}/`);
    }, 180_000);
    afterAll(async () => {
      await appPage?.close();
      await new Promise((done) => app?.close(done));
    });

    /** The JSON the app's script reads at `path` with the token in a header, or the error its fetch throws. */
    const appReads = (path: string) =>
      appPage.evaluate(
        async ({ url, token }) => {
          try {
            const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
            return { status: res.status, redirected: res.redirected, body: await res.json() };
          } catch (error) {
            return { error: String(error) };
          }
        },
        { url: `${server.baseUrl}${path}`, token: TEST_TOKEN },
      );

    it('reads a festival by the id its listing gives, as given, with no redirect', async () => {
      const ids = await appReads('/api/festivals/ids?lang=en');
      const id = (ids as { body: { data: { festivals: { id: string }[] } } }).body.data.festivals.find(
        (f) => f.id === 'VIJAYA_DASHAMI',
      )!.id;
      const days = await appReads(`/api/festivals/${id}?from=2084&to=2084&lang=en`);
      expect(days).toMatchObject({ status: 200, redirected: false });
      const year = await server.fetch('/api/festivals?year=2084&lang=en');
      const listed = (
        (await year.json()) as { data: { festivals: { id: string; bsDate: string }[] } }
      ).data.festivals
        .filter((f) => f.id === id)
        .map((f) => f.bsDate);
      const read = (days as { body: { data: { festivals: { bsDate: string }[] } } }).body.data.festivals;
      expect(read.map((f) => f.bsDate)).toEqual(listed);
      expect(listed.length).toBe(1);
    });

    it('follows another spelling of an API path to its answer', async () => {
      const month = await appReads('/API/panchanga/2083/01.?lang=en');
      expect(month).toMatchObject({ status: 200, redirected: true });
      expect((month as { body: { data: { englishDate: string }[] } }).body.data[0]!.englishDate).toBe(
        '2026-04-14',
      );
    });
  });
});
