/**
 * Loading and checking the curated month files (data/panchanga/{YYYY}/{MM}.json). A malformed file stops the
 * build with the file, the day and the field named; the semantic checks compare each file with the BS table.
 * Node only (the build and scripts); functions read the built month files through env.ASSETS instead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { bsToFixed, daysInBsMonth } from '../calendar/bs.ts';
import { isoFromFixed } from '../calendar/time.ts';
import { curatedMonthSchema, type CuratedMonth } from '../contract/data-files.ts';

export const CURATED_DIR = 'data/panchanga';

/** A data file problem: where it is and what is wrong. */
export interface DataIssue {
  file: string;
  /** The BS day (gate) of the record, when the problem is in one day. */
  gate?: number;
  field?: string;
  message: string;
}

export class DataFileError extends Error {
  constructor(readonly issues: DataIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'DataFileError';
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
  return issues;
}

/** Parse and check one curated month file; throws DataFileError naming file, day and field. */
export function loadCuratedFile(path: string, root = '.'): CuratedMonth {
  const file = relative(root, path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DataFileError([{ file, message: `not valid JSON (${(error as Error).message})` }]);
  }
  const parsed = curatedMonthSchema.safeParse(data);
  if (!parsed.success) throw new DataFileError(issuesFromZod(file, data, parsed.error));
  const match = file.match(/(\d{4})[/\\](\d{2})\.json$/);
  const issues = checkCuratedMonth(
    file,
    parsed.data,
    match ? Number(match[1]) : undefined,
    match ? Number(match[2]) : undefined,
  );
  if (issues.length) throw new DataFileError(issues);
  return parsed.data;
}

/** Every curated month file under a directory, as `YYYY/MM.json` paths. */
export function curatedFiles(dir = CURATED_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((y) => /^\d{4}$/.test(y))
    .sort()
    .flatMap((y) =>
      readdirSync(join(dir, y))
        .filter((f) => /^\d{2}\.json$/.test(f))
        .sort()
        .map((f) => join(dir, y, f)),
    );
}

/** All curated months, keyed `YYYY-MM`, validated. Throws DataFileError listing every problem found. */
export function loadAllCurated(dir = CURATED_DIR): Map<string, CuratedMonth> {
  const months = new Map<string, CuratedMonth>();
  const issues: DataIssue[] = [];
  for (const path of curatedFiles(dir)) {
    try {
      const month = loadCuratedFile(path);
      months.set(`${month.year}-${month.month}`, month);
    } catch (error) {
      if (error instanceof DataFileError) issues.push(...error.issues);
      else throw error;
    }
  }
  if (issues.length) throw new DataFileError(issues);
  return months;
}
