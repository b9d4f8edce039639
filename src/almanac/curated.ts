/**
 * Loading and checking the curated data files: almanac months (data/panchanga/{YYYY}/{MM}.json) and muhurat
 * lists (data/muhurats/{YYYY}.json). A malformed month file stops the
 * build with the file, the day and the field named; the semantic checks compare each file with the BS table.
 * Node only (the build and scripts); functions read the built month files through env.ASSETS instead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { curatedMonthSchema, type CuratedMonth } from '../contract/data-files.ts';
import { muhuratFileSchema, type MuhuratFile } from '../contract/muhurat.ts';
import { checkCuratedMonth, DataFileError, issuesFromZod, type DataIssue } from './month-check.ts';

export const CURATED_DIR = 'data/panchanga';

/** Parse and check one curated month file; throws DataFileError naming file, day and field. */
export function loadCuratedFile(path: string, root = '.'): CuratedMonth {
  const file = relative(root, path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DataFileError([{ file, message: `not valid JSON (${(error as Error).message})` }]);
  }
  const parsed = curatedMonthSchema().safeParse(data);
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

/** The published muhurat files (data/muhurats/{YYYY}.json), validated, by BS year. */
export function loadMuhuratFiles(dir = 'data/muhurats'): Map<number, MuhuratFile> {
  const files = new Map<number, MuhuratFile>();
  for (const name of readdirSync(dir).filter((f) => /^\d{4}\.json$/.test(f))) {
    const file = muhuratFileSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    files.set(file.year, file);
  }
  return files;
}
