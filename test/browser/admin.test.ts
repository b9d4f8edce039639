/**
 * The admin page in a real browser (Debian's chromium through playwright-core) against the real edge stack and
 * the embedded local GitHub service over a clone of this repository: sign in, import a month of the published
 * almanac with a preview, see it served by the API, delete it after confirmation, and sign out.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN, rebuildApi, startDevAdmin, type DevAdmin } from '../../scripts/dev-admin.ts';
import { toDevanagariDigits } from '../../src/calendar/digits.ts';
import { monthAnswerSchema, monthFromAnswer } from '../../src/contract/day-record.ts';
import { almanacYear, parserRow } from '../support/shared-data.ts';
import { json, startServer, type TestServer } from '../integration/server.ts';
import { CHROMIUM, HAS_CHROMIUM } from './chromium.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const MONTH = { year: 2081, month: 6 };
const MONTH_PATH = 'data/panchanga/2081/06.json';

let work: string;
let repoDir: string;
let admin: DevAdmin;
let server: TestServer;
let browser: Browser;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' }).trim();

async function servedMonth() {
  return monthFromAnswer(
    monthAnswerSchema.parse(await json(await server.fetch(`/api/panchanga/${MONTH.year}/${MONTH.month}`))),
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'panchanga-browser-'));
  repoDir = join(work, 'repo');
  execFileSync('git', ['clone', '-q', ROOT, repoDir]);
  git('config', 'user.name', 'Setup');
  git('config', 'user.email', 'setup@example.org');
  // Start from a month with no curated records, so the import is what puts the almanac there.
  git('rm', '-q', MONTH_PATH);
  git('commit', '-q', '-m', 'test setup: remove the curated month');
  cpSync(join(ROOT, 'dist'), join(work, 'dist'), { recursive: true });
  expect((await rebuildApi(repoDir, join(work, 'dist'))).ok).toBe(true);
  admin = await startDevAdmin({ repoDir, distDir: join(work, 'dist'), config: {} });
  server = await startServer(admin.bindings, { dist: join(work, 'dist') });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await admin?.settled();
  await admin?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!HAS_CHROMIUM)('the admin page in chromium', () => {
  it('signs in, imports a month with a preview, the API serves it, deletes it after confirmation, signs out', async () => {
    expect((await servedMonth()).curated).toBe(false);
    const almanac = almanacYear(2081).filter((d) => d.bsM === MONTH.month);
    const file = join(work, '2081-06.json');
    writeFileSync(
      file,
      JSON.stringify({
        year: toDevanagariDigits(MONTH.year),
        month: toDevanagariDigits(MONTH.month),
        source: { id: 'almanac_scan_2081', name: 'Printed almanac 2081 (scan)' },
        days: almanac.map((d) => ({ ...parserRow(d), festivals: d.events })),
      }),
    );

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByLabel('User').fill(DEV_ADMIN.user);
    await page.getByLabel('Password').fill(DEV_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('#whoami').textContent()).toBe(`Signed in as ${DEV_ADMIN.user}`);

    await page.locator('input[name="year"]').fill(String(MONTH.year));
    await page.locator('select[name="month"]').selectOption(String(MONTH.month));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.locator('#month-kind').textContent()).toBe('Computed (no curated records)');

    const before = git('rev-parse', 'HEAD');
    await page.locator('#import-file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await expect
      .poll(() => page.locator('#preview-summary').textContent())
      .toMatch(/^\d+ changes \(data\/panchanga\/2081\/06\.json\)$/);
    expect(await page.locator('#preview-rows tr').count()).toBeGreaterThanOrEqual(almanac.length);
    expect(git('rev-parse', 'HEAD')).toBe(before); // the preview wrote nothing
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Committed: [0-9a-f]{40}/);
    await expect.poll(() => page.locator('#month-kind').textContent()).toBe('Curated from an almanac');
    expect(await page.locator('#days tr').count()).toBe(almanac.length);
    expect(git('log', '-1', '--format=%an|%s')).toMatch(/^admin\|Import BS 2081-06/);

    await admin.settled();
    const served = await servedMonth();
    expect(served.curated).toBe(true);
    expect(served.days.map((d) => d.tithiIndex)).toEqual(almanac.map((d) => d.tithi));

    await page.getByRole('button', { name: 'Delete this month’s records' }).click();
    await expect
      .poll(() => page.locator('#delete-question').textContent())
      .toMatch(/^Really delete the curated records of 2081 Ashwin\?$/);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Deleted: [0-9a-f]{40}/);
    expect(() => git('cat-file', '-e', `HEAD:${MONTH_PATH}`)).toThrow();
    await admin.settled();
    expect((await servedMonth()).curated).toBe(false);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Signed out.');
    expect(await page.locator('#login').isVisible()).toBe(true);
    const session = await page.evaluate(() => fetch('/api/admin/session').then((r) => r.status));
    expect(session).toBe(403);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works in Nepali: the labels, month names and digits', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/admin`);
    await page.evaluate(() => localStorage.setItem('admin-lang', 'ne'));
    await page.reload();
    await expect.poll(() => page.locator('[data-text="signIn"]').textContent()).toBe('भित्र जानुहोस्');
    expect(await page.locator('html').getAttribute('lang')).toBe('ne');
    expect(await page.locator('select[name="month"] option[value="1"]').textContent()).toBe('बैशाख');
    await page.close();
  });
});
