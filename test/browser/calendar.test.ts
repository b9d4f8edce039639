/**
 * The month page in Debian's chromium against wrangler pages dev: the patro grid of Baisakh 2083 as the
 * published almanac has it (31 days from Tuesday 14 April 2026, holidays in red), both languages, the month
 * picker, the prefilled discrepancy link, the home page's link to this month, no sideways scrolling at 360 px,
 * and screenshots at 360 and 1280 px compared with the reviewed ones in test/golden/calendar (rewritten only
 * with UPDATE_GOLDEN=1).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { almanacYear } from '../support/shared-data.ts';
import { startServer, type TestServer } from '../integration/server.ts';
import { CHROMIUM, HAS_CHROMIUM } from './chromium.ts';

const GOLDEN = resolve(import.meta.dirname, '../golden/calendar');
/** Pixels that may differ from the reviewed screenshot (antialiasing between Chromium builds). */
const MAX_DIFFERENT_PIXELS = 0.005;
/** A fixed "now": 06:00 UTC on 20 April 2026, 7 Baisakh 2083 in Nepal. */
const NOW = new Date('2026-04-20T06:00:00Z');

let server: TestServer;
let browser: Browser;

async function open(width: number, path = '/calendar/2083/01'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.clock.setFixedTime(NOW);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.baseUrl}${path}`);
  await page.evaluate(() => document.fonts.ready);
  expect(errors).toEqual([]);
  return page;
}

/** Compare a screenshot with its reviewed golden image; with UPDATE_GOLDEN=1, write it instead. */
function compareWithGolden(name: string, shot: Buffer): number {
  const path = resolve(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`${path} missing: run with UPDATE_GOLDEN=1 and review it`);
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, shot);
    return 0;
  }
  const [actual, expected] = [PNG.sync.read(shot), PNG.sync.read(readFileSync(path))];
  expect([actual.width, actual.height], name).toEqual([expected.width, expected.height]);
  const diff = pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, {
    threshold: 0.1,
  });
  return diff / (actual.width * actual.height);
}

describe.skipIf(!HAS_CHROMIUM)('the month page in chromium', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws Baisakh 2083 in Sunday-first weeks on the published dates, holidays in red, today marked', async () => {
    const page = await open(1280);
    const cells = await page.locator('td.day').evaluateAll((tds) =>
      tds.map((td) => ({
        ad: td.getAttribute('data-ad'),
        column: (td as HTMLTableCellElement).cellIndex,
        holiday: td.classList.contains('holiday'),
        color: getComputedStyle(td.querySelector('.bs')!).color,
        today: td.classList.contains('today'),
      })),
    );
    const published = almanacYear(2083).filter((d) => d.bsM === 1);
    expect(cells.map((c) => c.ad)).toEqual(published.map((d) => d.ad));
    // 14 April 2026 was a Tuesday: the third column of a Sunday-first week.
    expect(cells[0]!.column).toBe(2);
    cells.forEach((c, i) => expect(c.column).toBe((2 + i) % 7));
    for (const [i, day] of published.entries())
      if (day.holidayExcludingWeeklySaturday) expect(cells[i]!.holiday, day.ad).toBe(true);
    for (const c of cells) expect(c.color === 'rgb(204, 0, 0)', c.ad!).toBe(c.holiday);
    expect(cells.filter((c) => c.today).map((c) => c.ad)).toEqual(['2026-04-20']);
    await page.close();
  });

  it('switches between Nepali and English, and remembers the choice', async () => {
    const page = await open(1280);
    await expect(page.locator('h1 > .ne').isVisible()).resolves.toBe(true);
    expect(await page.locator('h1').innerText()).toContain('बैशाख २०८३');
    await page.click('button[data-set-lang="en"]');
    expect(await page.locator('h1').innerText()).toContain('Baisakh 2083');
    expect(await page.locator('td.day .tithi').first().innerText()).not.toMatch(/[\u0900-\u097F]/);
    await page.goto(`${server.baseUrl}/calendar/2083/02`);
    expect(await page.locator('h1').innerText()).toContain('Jestha 2083');
    await page.close();
  });

  it('links each day to the discrepancy form, prefilled, and picks other months', async () => {
    const page = await open(1280);
    const href = await page.locator('td.day a.report').first().getAttribute('href');
    const url = new URL(href!);
    expect(url.pathname.endsWith('/issues/new')).toBe(true);
    expect(url.searchParams.get('template')).toBe('date-discrepancy.yml');
    expect(url.searchParams.get('bs-date')).toBe('2083-01-01');
    expect(url.searchParams.get('ad-date')).toBe('2026-04-14');
    expect(url.searchParams.get('api')).toContain('/api/panchanga/by-english-date/2026-04-14');
    await page.selectOption('select[name="month"]', '06');
    await page.click('form.pick button[type="submit"]');
    await page.waitForURL(/\/calendar\/2083\/06/);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/\/calendar\/2083\/07/);
    await page.close();
  });

  it('is linked from the home page as this month', async () => {
    const page = await open(1280, '/');
    await page.locator('#this-month').click();
    await page.waitForURL(/\/calendar\/2083\/01/);
    await page.close();
  });

  for (const width of [360, 1280]) {
    it(`fits ${width} px without sideways scrolling and looks as reviewed`, async () => {
      const page = await open(width);
      const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = await page.screenshot({ fullPage: true });
      expect(compareWithGolden(`2083-01-${width}.png`, shot)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
      await page.close();
    });
  }
});
