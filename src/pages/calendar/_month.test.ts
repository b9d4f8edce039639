import { describe, expect, it } from 'vitest';
import { bsMonthStartFixed, daysInBsMonth } from '../../calendar/bs.ts';
import { isoFromFixed } from '../../calendar/time.ts';
import { gridRowsHtml, monthPage, type MonthPage } from './_month.ts';

/** The squares of a grid's HTML: each `<td …>…</td>` with its attributes decoded as a browser reads them. */
function squares(html: string) {
  const decode = (value: string) =>
    value.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
    );
  return [...html.matchAll(/<td class="([^"]*)"(?: data-ad="([^"]*)" data-bs="([^"]*)")?>(.*?)<\/td>/g)].map(
    ([, classes, ad, bs, inner]) => ({
      classes: classes!.split(' '),
      ad,
      bs,
      inner: inner!,
      report: /<a class="report" href="([^"]*)"/
        .exec(inner!)?.[1]
        ?.replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"'),
      text: decode(inner!.replace(/<[^>]*>/g, '')),
    }),
  );
}

describe('the month page grid', () => {
  it('writes every day of Baisakh 2083 once, on its AD date, holidays and estimates marked, each with its report link', () => {
    const page = monthPage(2083, 1);
    const html = gridRowsHtml(page, 'https://github.com/example/panchanga');
    const days = squares(html).filter((s) => s.classes[0] === 'day');
    const start = bsMonthStartFixed(2083, 1);
    expect(days.map((d) => d.bs)).toEqual(
      Array.from({ length: daysInBsMonth(2083, 1) }, (_, i) => `2083-01-${String(i + 1).padStart(2, '0')}`),
    );
    expect(days.map((d) => d.ad)).toEqual(days.map((_, i) => isoFromFixed(start + i)));
    days.forEach((d, i) => {
      const en = page.files.en.days[i]!;
      expect(d.classes.includes('holiday'), d.bs).toBe(en.holiday);
      expect(d.classes.includes('estimated'), d.bs).toBe(en.estimated === true);
      const report = new URL(d.report!);
      expect(report.pathname).toBe('/example/panchanga/issues/new');
      expect(report.searchParams.get('bs-date')).toBe(d.bs);
      expect(report.searchParams.get('ad-date')).toBe(d.ad);
      expect(report.searchParams.get('api')).toContain(`festivals "${en.festivals}"`);
    });
    // Sunday-first weeks: the rows hold 7 squares each, blanks before the 1st (a Tuesday, 14 April 2026).
    expect(
      html
        .split('</tr>')
        .filter(Boolean)
        .every((row) => squares(row).length === 7),
    ).toBe(true);
    expect(squares(html).findIndex((s) => s.classes[0] === 'day')).toBe(2);
  });

  it('escapes what a day’s names hold, in text and in the report link', () => {
    const page = monthPage(2083, 1);
    const odd = `Tom & Jerry <b>"x"</b> 'y'`;
    const first = page.files.en.days[0]!;
    const changed: MonthPage = {
      ...page,
      weeks: page.weeks.map((week) =>
        week.map((cell) =>
          cell && cell.en === first ? { ...cell, en: { ...first, festivals: odd } } : cell,
        ),
      ),
    };
    const html = gridRowsHtml(changed, 'https://github.com/example/panchanga');
    expect(html).not.toContain('<b>');
    const day = squares(html).find((s) => s.bs === '2083-01-01')!;
    expect(day.text).toContain(odd);
    expect(new URL(day.report!).searchParams.get('api')).toContain(`festivals "${odd}"`);
  });
});
