/**
 * Checking a curated month (data/panchanga/{YYYY}/{MM}.json) against the BS table and against its own tithi end
 * times, and naming what is wrong by file, day and field. No file system here: the build, the data validation and the admin functions share it.
 */
import type { z } from 'zod';
import { bsToFixed, daysInBsMonth } from '../calendar/bs.ts';
import { isoFromFixed } from '../calendar/time.ts';
import type { CuratedMonth } from '../contract/data-files.ts';
import { TITHI_HOURS, tithisImpliedByEnds } from './printed-tithis.ts';

/** The repository path of a BS month's curated file. Example: `curatedPath(2083, 5)` → `data/panchanga/2083/05.json`. */
export function curatedPath(year: number, month: number): string {
  return `data/panchanga/${year}/${String(month).padStart(2, '0')}.json`;
}

/** The BS year of a curated month's repository path, or null for any other path. Example: `curatedYearOf('data/panchanga/2083/05.json')` → 2083. */
export function curatedYearOf(path: string): number | null {
  const match = /^data\/panchanga\/(\d{4})\/\d{2}\.json$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The text of a data file as the repository keeps it (one-space indent, final newline). */
export function dataFileText(value: unknown): string {
  return JSON.stringify(value, null, 1) + '\n';
}

/** A data file problem: where it is and what is wrong. */
export interface DataIssue {
  file: string;
  /** The BS day (gate) of the record, when the problem is in one day. */
  gate?: number;
  field?: string;
  message: string;
}

export class DataFileError extends Error {
  readonly issues: DataIssue[];
  constructor(issues: DataIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'DataFileError';
    this.issues = issues;
  }
}

/** "data/panchanga/2083/05.json: day 3: tithi: Too big: expected number to be <=30" */
export function formatIssue(issue: DataIssue): string {
  return [issue.file, issue.gate !== undefined ? `day ${issue.gate}` : undefined, issue.field, issue.message]
    .filter((part) => part !== undefined)
    .join(': ');
}

/** Turn a zod error on a month file into issues naming the day (by its gate when readable) and the field. */
export function issuesFromZod(file: string, data: unknown, error: z.ZodError): DataIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    if (path[0] === 'days' && path.length >= 2) {
      const day = (data as { days?: { gate?: unknown }[] }).days?.[Number(path[1])];
      const gate = typeof day?.gate === 'number' ? day.gate : Number(path[1]) + 1;
      return { file, gate, field: path.slice(2).join('.') || undefined, message: issue.message };
    }
    return { file, field: path.join('.') || undefined, message: issue.message };
  });
}

/** Issues as the error entries of an admin answer: the day, the field (`days` for the month as a whole), the message. */
export function issueErrors(
  issues: readonly DataIssue[],
): { gate?: number; field: string; message: string }[] {
  return issues.map((i) => ({ gate: i.gate, field: i.field ?? 'days', message: i.message }));
}

/** Semantic checks of a month file that passed the schema: its place in the BS table. */
export function checkCuratedMonth(
  file: string,
  month: CuratedMonth,
  expectedYear?: number,
  expectedMonth?: number,
): DataIssue[] {
  const issues: DataIssue[] = [];
  if (expectedYear !== undefined && month.year !== expectedYear) {
    issues.push({ file, field: 'year', message: `is ${month.year} but the file is under ${expectedYear}/` });
  }
  if (expectedMonth !== undefined && month.month !== expectedMonth) {
    issues.push({
      file,
      field: 'month',
      message: `is ${month.month} but the file is named ${String(expectedMonth).padStart(2, '0')}.json`,
    });
  }
  let length: number;
  try {
    length = daysInBsMonth(month.year, month.month);
  } catch (error) {
    return [...issues, { file, field: 'year', message: (error as Error).message }];
  }
  if (month.days.length !== length) {
    issues.push({
      file,
      field: 'days',
      message: `has ${month.days.length} days but BS ${month.year}-${month.month} has ${length}`,
    });
  }
  month.days.forEach((day, i) => {
    if (day.gate !== i + 1)
      issues.push({
        file,
        gate: day.gate,
        field: 'gate',
        message: `expected ${i + 1}: days must be consecutive from 1`,
      });
    if (day.gate >= 1 && day.gate <= length) {
      const expected = isoFromFixed(bsToFixed({ year: month.year, month: month.month, day: day.gate }));
      if (day.englishDate !== expected) {
        issues.push({
          file,
          gate: day.gate,
          field: 'englishDate',
          message: `is ${day.englishDate} but the BS table gives ${expected}`,
        });
      }
    }
  });
  if (issues.length === 0) issues.push(...labelsAgainstEndTimes(file, month));
  return issues;
}

/** Tithi labels that contradict the month's own printed end times (src/almanac/printed-tithis.ts). */
function labelsAgainstEndTimes(file: string, month: CuratedMonth): DataIssue[] {
  if (!month.days.some((day) => day.tithiEnds)) return [];
  const days = month.days.map((day) => {
    const fixed = bsToFixed({ year: month.year, month: month.month, day: day.gate });
    return { gate: day.gate, fixed, tithi: day.tithi, ends: day.tithiEnds };
  });
  return tithisImpliedByEnds(days).flatMap((implied, i) => {
    const day = days[i]!;
    if (implied === null || implied === day.tithi) return [];
    const message = `is ${day.tithi} but the month's own end times make it ${implied} (a tithi lasts ${TITHI_HOURS.min}–${TITHI_HOURS.max} h): correct the label or the end time`;
    return [{ file, gate: day.gate, field: 'tithi', message }];
  });
}
