/**
 * Normalizing a month file from the text-recognition parser into a curated month, checked against the BS table
 * before anything is written. Normalization: Devanagari digits to ASCII; times "६:१५", "6.15", "०६:१५ बजे" to
 * "06:15"; tithis by number (1–30, or 1–15 with the paksha) or by name in Nepali or English with the common
 * spelling variants of src/calendar/names.ts; weekdays checked against the calendar; festivals as one text
 * (separated by commas, "।" or ";") or a list; the holiday flag as a boolean or "बिदा"/"yes".
 * Every problem is reported with its row, gate and field; a file with any problem yields no month at all.
 */
import { bsToFixed, bsYearStatus, daysInBsMonth } from '../calendar/bs.ts';
import { fromDevanagariDigits } from '../calendar/digits.ts';
import { AUNSI, indexOfName, PAKSHAS, PURNIMA, TITHI_NAMES, WEEKDAYS, type Name } from '../calendar/names.ts';
import { isoFromFixed, weekdayOfFixed } from '../calendar/time.ts';
import type { ImportError, ImportMonth } from '../contract/admin.ts';
import {
  curatedMonthSchema,
  type CuratedDay,
  type CuratedMonth,
  type Source,
} from '../contract/data-files.ts';
import { normalizeName } from '../festivals/match.ts';
import { checkCuratedMonth, issueErrors } from '../almanac/month-check.ts';
import { printedEndMoment, tithisBetween, TITHI_HOURS } from '../almanac/printed-tithis.ts';

/** The source given to admin changes that name none. */
export function adminSource(user: string): Source {
  return { id: 'admin', name: `Admin correction (${user})` };
}

/** A whole number from a number or a text with ASCII or Devanagari digits; null when it is not one. */
export function parseWhole(value: number | string): number | null {
  const text = fromDevanagariDigits(String(value).trim());
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** "06:15" from "६:१५", "6.15", "06:15 बजे", "6:15 AM"; null when it is not a time of day (up to 47:59). */
export function parseTime(value: string): string | null {
  const text = fromDevanagariDigits(value.trim()).replace(/\s*(बजे|am|AM)$/u, '');
  const pm = /\s*(pm|PM)$/.test(text);
  const match = text.replace(/\s*(pm|PM)$/, '').match(/^(\d{1,2})\s*[:.]\s*(\d{2})$/);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (pm && hours < 12) hours += 12;
  if (hours > 47 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Index of a name in a list, by exact form, alias, or the spelling-insensitive comparison of festival names. */
function matchName(list: readonly Name[], text: string): number {
  const exact = indexOfName(list, text);
  if (exact >= 0) return exact;
  const wanted = normalizeName(text).toLowerCase();
  return list.findIndex((n) =>
    [n.ne, n.en, ...(n.aliases ?? [])].some((form) => normalizeName(form).toLowerCase() === wanted),
  );
}

/** Paksha from "शुक्ल", "कृष्ण पक्ष", "shukla", "Krishna"…: 0 shukla, 1 krishna, -1 unknown. */
function parsePaksha(text: string): number {
  const core = (t: string) =>
    normalizeName(t)
      .toLowerCase()
      .replace(/पक्ष|paksha/g, '');
  const wanted = core(text);
  return PAKSHAS.findIndex((p) => core(p.ne) === wanted || core(p.en) === wanted);
}

function parseHoliday(value: boolean | string): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = value.trim().toLowerCase();
  if (['बिदा', 'सार्वजनिक बिदा', 'yes', 'true', 'holiday', 'हो'].includes(text)) return true;
  if (['', 'no', 'false', 'होइन', '-'].includes(text)) return false;
  return null;
}

function splitFestivals(value: string | string[]): string[] {
  const items = Array.isArray(value) ? value : value.split(/[,،;।]/u);
  return items.map((item) => item.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

type DayInput = ImportMonth['days'][number];

/** Resolve a day's tithi to 1–30, or an error message. */
function resolveTithi(day: DayInput): number | string | undefined {
  const paksha = day.paksha !== undefined ? parsePaksha(day.paksha) : undefined;
  if (paksha === -1) return `paksha "${day.paksha}" is neither shukla nor krishna`;
  let index: number | undefined;
  if (day.tithi !== undefined) {
    const n = parseWhole(day.tithi);
    if (n === null || n < 1 || n > 30) return `tithi "${day.tithi}" is not a number 1–30`;
    if (n <= 15 && paksha === 1) index = n + 15;
    else if (n > 15 && paksha === 0) return `tithi ${n} is in the krishna paksha, but paksha says shukla`;
    else index = n;
  }
  if (day.tithiName !== undefined) {
    const name = day.tithiName;
    let byName: number;
    if (matchName([PURNIMA], name) === 0) byName = 15;
    else if (matchName([AUNSI], name) === 0) byName = 30;
    else {
      const within = matchName(TITHI_NAMES, name);
      if (within < 0) return `tithiName "${name}" is not a tithi name`;
      if (paksha === undefined && index === undefined)
        return `tithiName "${name}" needs a paksha or a tithi number 1–30`;
      const pakshaOf = paksha ?? (index! > 15 ? 1 : 0);
      byName = within + 1 + 15 * pakshaOf;
    }
    if (
      index !== undefined &&
      index !== byName &&
      !(index <= 15 && paksha === undefined && byName === index + 15)
    )
      return `tithiName "${name}" (tithi ${byName}) disagrees with tithi ${day.tithi}`;
    index = byName;
  }
  return index;
}

/**
 * Provenance of an imported day against the day it replaces (the stored one, or the last before a delete):
 * a tithi (with its end and printed label) equal to the previous keeps `tithiSource`, `confidence` and
 * `printedTithi`; events and holiday equal to the previous keep `eventsSource`; what changed is the source's.
 */
function keepProvenance(day: CuratedDay, previous: CuratedDay | undefined, source: Source): CuratedDay {
  const same = (fields: readonly (keyof CuratedDay)[]) =>
    previous !== undefined && fields.every((f) => JSON.stringify(day[f]) === JSON.stringify(previous[f]));
  const result = { ...day };
  const tithiKept =
    previous !== undefined &&
    day.tithi === previous.tithi &&
    (day.tithiEnds === undefined || day.tithiEnds === previous.tithiEnds) &&
    (day.printedTithi === undefined || day.printedTithi === previous.printedTithi);
  if (tithiKept) {
    for (const field of ['printedTithi', 'tithiSource', 'confidence'] as const)
      if (previous[field] !== undefined) Object.assign(result, { [field]: previous[field] });
      else delete result[field];
  } else {
    Object.assign(result, { tithiSource: source.id, confidence: 'admin' });
    if (day.printedTithi === undefined) delete result.printedTithi;
  }
  if (same(['events', 'holiday']) && previous?.eventsSource !== undefined)
    result.eventsSource = previous.eventsSource;
  else result.eventsSource = source.id;
  return result;
}

/**
 * Rows of a month (in gate order) that the sky rules out, each as an error on its row: a printed end time whose
 * distance from the previous day's printed end fits no whole number of tithis of TITHI_HOURS.min–max hours
 * (src/almanac/printed-tithis.ts), and, where either day prints no end time, a tithi that is neither the
 * previous day's, the next, nor the one after (a tithi can span two sunrises, or none).
 */
export function skyErrors(
  year: number,
  month: number,
  days: readonly CuratedDay[],
  rowOf: (gate: number) => number,
): ImportError[] {
  const errors: ImportError[] = [];
  for (let i = 1; i < days.length; i++) {
    const [before, day] = [days[i - 1]!, days[i]!];
    const at = (d: CuratedDay) => ({
      fixed: bsToFixed({ year, month, day: d.gate }),
      tithi: d.tithi,
      ends: d.tithiEnds,
    });
    const [earlier, later] = [printedEndMoment(at(before)), printedEndMoment(at(day))];
    if (earlier !== null && later !== null) {
      if (tithisBetween(earlier, later) === null) {
        const hours = ((later - earlier) * 24).toFixed(1);
        errors.push({
          row: rowOf(day.gate),
          gate: day.gate,
          field: 'tithiEnds',
          message: `${day.tithiEnds} is ${hours} h after day ${before.gate}'s printed end: no whole number of tithis of ${TITHI_HOURS.min}–${TITHI_HOURS.max} h fits`,
        });
      }
      continue;
    }
    const step = (day.tithi - before.tithi + 30) % 30;
    if (step > 2)
      errors.push({
        row: rowOf(day.gate),
        gate: day.gate,
        field: 'tithi',
        message: `${day.tithi} after day ${before.gate}'s ${before.tithi}: a day's tithi is the previous day's, the next, or the one after`,
      });
  }
  return errors;
}

/**
 * What a month-length error adds for a year no almanac had fixed when the BS table was made: its lengths are the
 * engine's projection, which a printed almanac may correct; the table is corrected first, by a pull request.
 */
export function projectedLengthNote(year: number): string {
  return bsYearStatus(year) === 'projection'
    ? ` (a projected length: where the printed almanac gives another, correct the BS table first, as CONTRIBUTING.md's "Add a new year's almanac" says)`
    : '';
}

export type ImportResult = { month: CuratedMonth } | { errors: ImportError[] };

/**
 * Normalize an import file into a curated month attributed to `source`; or every error found, by row and field.
 * `stored` (the month's current curated file, if any) supplies values the import leaves out, like the tithi;
 * `provenance` (default `stored`; after a delete, the last version before it) is what unchanged values keep
 * their `confidence`, `tithiSource`, `eventsSource` and `printedTithi` from.
 */
export function normalizeImport(
  input: ImportMonth,
  source: Source,
  stored?: CuratedMonth | null,
  provenance: CuratedMonth | null | undefined = stored,
): ImportResult {
  const errors: ImportError[] = [];
  const year = parseWhole(input.year);
  const month = parseWhole(input.month);
  if (year === null || year < 1900 || year > 2200)
    errors.push({ field: 'year', message: `"${input.year}" is not a BS year 1900–2200` });
  if (month === null || month < 1 || month > 12)
    errors.push({ field: 'month', message: `"${input.month}" is not a month 1–12` });
  if (errors.length) return { errors };
  const length = daysInBsMonth(year!, month!);
  const days: CuratedDay[] = [];
  const seen = new Set<number>();
  input.days.forEach((day, i) => {
    const row = i + 1;
    const fail = (field: string, message: string, gate?: number) =>
      errors.push({ row, gate, field, message });
    const gate = parseWhole(day.gate);
    if (gate === null || gate < 1 || gate > length) {
      const note = gate !== null && gate > length ? projectedLengthNote(year!) : '';
      fail('gate', `"${day.gate}" is not a day of BS ${year}-${month} (1–${length})${note}`);
      return;
    }
    if (seen.has(gate)) fail('gate', `day ${gate} appears twice`, gate);
    seen.add(gate);
    const fixed = bsToFixed({ year: year!, month: month!, day: gate });
    const englishDate = isoFromFixed(fixed);
    if (day.englishDate !== undefined && fromDevanagariDigits(day.englishDate.trim()) !== englishDate)
      fail('englishDate', `is ${day.englishDate} but BS ${year}-${month}-${gate} is ${englishDate}`, gate);
    if (day.baar !== undefined) {
      const weekday = matchName(WEEKDAYS, day.baar.replace(/बार$/, '') + 'बार');
      const expected = weekdayOfFixed(fixed);
      if (matchName(WEEKDAYS, day.baar) !== expected && weekday !== expected)
        fail('baar', `is "${day.baar}" but BS ${year}-${month}-${gate} is a ${WEEKDAYS[expected]!.en}`, gate);
    }
    const previous = stored?.days.find((d) => d.gate === gate);
    const tithi = resolveTithi(day);
    if (typeof tithi === 'string')
      fail(day.tithiName !== undefined && !tithi.startsWith('tithi ') ? 'tithiName' : 'tithi', tithi, gate);
    const tithiIndex = typeof tithi === 'number' ? tithi : previous?.tithi;
    if (tithi === undefined && tithiIndex === undefined)
      fail('tithi', 'is required (a number 1–30, or a name with its paksha)', gate);
    const result: CuratedDay = {
      ...previous,
      gate,
      englishDate,
      tithi: tithiIndex ?? 1,
      events: day.festivals !== undefined ? splitFestivals(day.festivals) : (previous?.events ?? []),
      holiday: previous?.holiday ?? false,
    };
    if (day.printedTithi !== undefined) {
      const printed = parseWhole(day.printedTithi);
      if (printed === null || printed < 1 || printed > 30)
        fail('printedTithi', `"${day.printedTithi}" is not a tithi 1–30`, gate);
      else result.printedTithi = printed;
    }
    for (const field of ['tithiEnds', 'nakshatraEnds', 'sunrise', 'sunset'] as const) {
      const value = day[field];
      if (value === undefined) continue;
      const time = parseTime(value);
      if (time === null) fail(field, `"${value}" is not a time HH:MM`, gate);
      else result[field] = time;
    }
    for (const field of ['nakshatra', 'yoga', 'karana', 'note'] as const) {
      const value = day[field]?.trim();
      if (value) result[field] = value;
    }
    if (day.holiday !== undefined) {
      const holiday = parseHoliday(day.holiday);
      if (holiday === null) fail('holiday', `"${day.holiday}" is neither yes nor no`, gate);
      else result.holiday = holiday;
    }
    days.push(
      keepProvenance(
        result,
        provenance?.days.find((d) => d.gate === gate),
        source,
      ),
    );
  });
  if (!errors.length && seen.size !== length) {
    const missing = Array.from({ length }, (_, i) => i + 1).filter((g) => !seen.has(g));
    errors.push({
      field: 'days',
      message: `BS ${year}-${month} has ${length} days; missing ${missing.join(', ')}${projectedLengthNote(year!)}`,
    });
  }
  if (errors.length) return { errors };
  days.sort((a, b) => a.gate - b.gate);
  const rows = new Map(input.days.map((day, i) => [parseWhole(day.gate), i + 1]));
  errors.push(...skyErrors(year!, month!, days, (gate) => rows.get(gate) ?? 0));
  if (errors.length) return { errors };
  const sources = [source, ...(stored?.sources ?? []), ...(provenance?.sources ?? [])].filter(
    (s, i, all) => all.findIndex((t) => t.id === s.id) === i,
  );
  const candidate = { schemaVersion: 1 as const, year: year!, month: month!, sources, days };
  const parsed = curatedMonthSchema().safeParse(candidate);
  if (!parsed.success)
    return {
      errors: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    };
  const issues = checkCuratedMonth('import', parsed.data);
  if (issues.length) return { errors: issueErrors(issues) };
  return { month: parsed.data };
}
