import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSharedJson } from '../support/shared-data.ts';
import { fixedFromGregorian, isoFromFixed } from '../../src/calendar/time.ts';
import { json, startServer, type TestServer } from './server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

interface PublishedTable {
  years: Record<string, { lengths: number[]; firstDayAD: string; status: string }>;
}

describe('GET /api/date-converter through wrangler pages dev', () => {
  it('answers 2082-01-01 BS with 2025-04-14', async () => {
    const res = await server.fetch('/api/date-converter?date=2082-01-01&from=bs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.data.ad.date).toBe('2025-04-14');
    expect(body.data.bs.status).toBe('published');
  });

  // Every month start through the real runtime: 2736 requests, in batches; a loaded machine may take minutes.
  it(
    'converts every month start of BS 1970–2083 as the published table says, both ways',
    { timeout: 600_000 },
    async () => {
      const table = readSharedJson<PublishedTable>('calendar/month-lengths.json');
      const cases: { bs: string; ad: string }[] = [];
      for (const [year, row] of Object.entries(table.years)) {
        if (row.status !== 'published') continue;
        const [y, m, d] = row.firstDayAD.split('-').map(Number) as [number, number, number];
        let fixed = fixedFromGregorian(y, m, d);
        row.lengths.forEach((length, i) => {
          cases.push({ bs: `${year}-${String(i + 1).padStart(2, '0')}-01`, ad: isoFromFixed(fixed) });
          fixed += length;
        });
      }
      expect(cases).toHaveLength(1368);
      for (let i = 0; i < cases.length; i += 24) {
        await Promise.all(
          cases.slice(i, i + 24).map(async (c) => {
            const toAd = await json(await server.fetch(`/api/date-converter?date=${c.bs}&from=bs`));
            expect(toAd.data.ad.date, c.bs).toBe(c.ad);
            const toBs = await json(await server.fetch(`/api/date-converter?date=${c.ad}&from=ad`));
            expect(toBs.data.bs.date, c.ad).toBe(c.bs);
          }),
        );
      }
    },
  );

  it('reads Devanagari digits as BS and a BS-only date as BS, saying so', async () => {
    const dev = await json(
      await server.fetch(`/api/date-converter?date=${encodeURIComponent('२०८२-०१-०१')}&lang=en`),
    );
    expect(dev.data).toMatchObject({ from: 'bs', assumed: true });
    expect(dev.data.ad.date).toBe('2025-04-14');
    expect(dev.data.bs.monthName).toBe('Baisakh');
    const bsOnly = await json(await server.fetch('/api/date-converter?date=2081-02-32'));
    expect(bsOnly.data).toMatchObject({ from: 'bs', assumed: true });
    expect(bsOnly.data.assumption).toMatch(/BS/);
    // Feb 30 is no AD date, but BS 2025-02-30 exists: read as BS, and said so.
    const feb30 = await json(await server.fetch('/api/date-converter?date=2025-02-30'));
    expect(feb30.data).toMatchObject({ from: 'bs', assumed: true });
    const ascii = await json(await server.fetch('/api/date-converter?date=2025-04-14'));
    expect(ascii.data).toMatchObject({ from: 'ad', assumed: true });
    expect(ascii.data.bs.date).toBe('2082-01-01');
    expect(ascii.data.bs.devanagari).toBe('२०८२-०१-०१');
  });

  it('marks projected years', async () => {
    const body = await json(await server.fetch('/api/date-converter?date=2150-01-01&from=bs'));
    expect(body.data.bs.status).toBe('projection');
  });

  const malformed: [string, number, string][] = [
    ['', 400, 'date'],
    ['?from=bs', 400, 'date'],
    ['?date=2082-13-01&from=bs', 400, 'date'],
    ['?date=2082-01-33&from=bs', 400, 'date'],
    ['?date=2025-02-30&from=ad', 400, 'date'],
    ['?date=2023-02-29&from=ad', 400, 'date'],
    ['?date=1800-01-01&from=bs', 404, 'date'],
    ['?date=2300-01-01&from=ad', 404, 'date'],
    ['?date=1840-01-01', 404, 'date'],
    [`?date=${'9'.repeat(5000)}`, 400, 'date'],
    ['?date=2082-01-01&from=xx', 400, 'from'],
    ['?date=2082-01-01&lang=fr', 400, 'lang'],
    ['?date=hello', 400, 'date'],
    ['?date=2082-1', 400, 'date'],
    ['?date=20820101', 400, 'date'],
    [`?date=${encodeURIComponent('२०८२-१३-०१')}`, 400, 'date'],
    ['?date=%00%ff', 400, 'date'],
  ];
  it.each(malformed)('answers %s with a %i problem naming %s', async (query, status, field) => {
    const res = await server.fetch(`/api/date-converter${query}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await json(res);
    expect(body).toMatchObject({ success: false, status, field });
    expect(typeof body.detail).toBe('string');
    expect(body.type).toMatch(/^\/problems\//);
  });
});
