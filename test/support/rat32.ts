/**
 * The rat32 calendar of BS 2067–2074 (test/reference/rat32-events-2067-2074.json): the events it printed, linked to
 * the festival rules and observances, and every day it printed red. Years no almanac in ../shared/data covers, read
 * by the tests that measure the rules on them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Rat32Calendar {
  /** The days with a linked event: BS date (YYYY-MM-DD), the names as printed with their rule or observance. */
  readonly days: readonly { date: string; events: readonly { name: string; id: string }[] }[];
  /** Every BS date of 2067–2074 it prints in red (a holiday or a Saturday). */
  readonly red: readonly string[];
}

let calendar: Rat32Calendar | undefined;

/** The reference, read once. */
export function rat32Calendar(): Rat32Calendar {
  calendar ??= JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../reference/rat32-events-2067-2074.json'), 'utf8'),
  ) as Rat32Calendar;
  return calendar;
}
