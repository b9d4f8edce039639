/**
 * What an admin change does to a curated month: set fields of one day (starting, for a month with no curated
 * file yet, from the records the site serves), and the field-by-field difference between two versions of a
 * month, used for dry runs, previews and commit messages.
 */
import type { DayUpdate, FieldChange } from '../contract/admin.ts';
import { COMPUTED_SOURCE, type CuratedDay, type CuratedMonth, type Source } from '../contract/data-files.ts';
import type { MonthFile } from '../contract/day-record.ts';

/**
 * A curated month that says what the site serves now: each day's tithi and holiday flag from the served month
 * file, no events, every day's tithi and events marked as computed (COMPUTED_SOURCE), so that the days a change
 * leaves alone are still served as computed: their festivals and observances from the rules, `estimated`.
 */
export function baselineFromServed(served: MonthFile): CuratedMonth {
  return {
    schemaVersion: 1,
    year: served.year,
    month: served.month,
    sources: [COMPUTED_SOURCE],
    days: served.days.map((day) => ({
      gate: day.gate,
      englishDate: day.englishDate,
      tithi: day.tithiIndex,
      events: [],
      holiday: day.holiday,
      tithiSource: COMPUTED_SOURCE.id,
      eventsSource: COMPUTED_SOURCE.id,
    })),
  };
}

/** The fields whose provenance is `tithiSource` and `confidence`; the rest of a day's facts are `eventsSource`'s. */
const TITHI_FIELDS = ['tithi', 'tithiEnds', 'printedTithi'] as const;
const EVENT_FIELDS = ['events', 'holiday'] as const;

/**
 * The month with one day's fields set, attributed to `source` where a value changes: a changed tithi (or its
 * end or printed label) makes the tithi the source's (`tithiSource`, `confidence: 'admin'`), changed events or
 * holiday make them the source's (`eventsSource`); a value set to what it was keeps its provenance. Throws
 * RangeError for a gate outside the month.
 */
export function applyDayUpdate(month: CuratedMonth, update: DayUpdate, source: Source): CuratedMonth {
  const index = month.days.findIndex((d) => d.gate === update.gate);
  if (index < 0) throw new RangeError(`BS ${month.year}-${month.month} has no day ${update.gate}`);
  const before = month.days[index]!;
  const day: CuratedDay = { ...before, ...update.set };
  const changed = (fields: readonly (keyof CuratedDay)[]) =>
    fields.some((f) => JSON.stringify(day[f]) !== JSON.stringify(before[f]));
  if (changed(TITHI_FIELDS)) Object.assign(day, { tithiSource: source.id, confidence: 'admin' });
  if (changed(EVENT_FIELDS)) day.eventsSource = source.id;
  if (JSON.stringify(day) === JSON.stringify(before)) return month;
  const days = month.days.with(index, day);
  const attributed = changed(TITHI_FIELDS) || changed(EVENT_FIELDS);
  const sources =
    !attributed || month.sources.some((s) => s.id === source.id) ? month.sources : [...month.sources, source];
  return { ...month, sources, days };
}

/** Every field that differs between two versions of a month, by day; null stands for "no file". */
export function monthChanges(before: CuratedMonth | null, after: CuratedMonth | null): FieldChange[] {
  const changes: FieldChange[] = [];
  const gates = new Set([...(before?.days ?? []), ...(after?.days ?? [])].map((d) => d.gate));
  for (const gate of [...gates].sort((a, b) => a - b)) {
    const old = before?.days.find((d) => d.gate === gate) as Record<string, unknown> | undefined;
    const now = after?.days.find((d) => d.gate === gate) as Record<string, unknown> | undefined;
    for (const field of new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])) {
      if (field === 'gate') continue;
      const from = old?.[field];
      const to = now?.[field];
      if (JSON.stringify(from) !== JSON.stringify(to))
        changes.push({ gate, field, from: from ?? null, to: to ?? null });
    }
  }
  return changes;
}

/** A one-line summary of changes for a commit message: "day 5 tithi, holiday; day 6 events". */
export function summarizeChanges(changes: readonly FieldChange[]): string {
  const byGate = new Map<number, string[]>();
  for (const c of changes) byGate.set(c.gate, [...(byGate.get(c.gate) ?? []), c.field]);
  const parts = [...byGate].map(([gate, fields]) => `day ${gate} ${fields.join(', ')}`);
  return parts.length > 6 ? `${parts.length} days changed` : parts.join('; ') || 'no changes';
}
