/**
 * Typed errors of the calendar and every message they carry, in one module. Library code throws these;
 * HTTP adapters turn them into problem responses (InvalidDateError → 400, OutOfRangeError → 404/422).
 * Never a made-up default: a date that cannot be answered throws.
 */

export type CalendarErrorCode = 'invalid-date' | 'out-of-range';

export abstract class CalendarError extends Error {
  abstract readonly code: CalendarErrorCode;
  /** The input field that was wrong, when known (e.g. "date", "month"). */
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.field = field;
  }
}

/** The input is not a date at all, or names a day that does not exist (month 13, day 33, Feb 30). */
export class InvalidDateError extends CalendarError {
  readonly code = 'invalid-date';
}

/** The date exists in principle but lies outside the range the service answers for. */
export class OutOfRangeError extends CalendarError {
  readonly code = 'out-of-range';
}

/**
 * A query parameter that is not a date is wrong (an unknown place, coordinates out of range, a span too long or
 * reversed, `days` out of range): HTTP adapters answer 400 naming the field.
 */
export class InvalidQueryError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'InvalidQueryError';
    this.field = field;
  }
}

/** The catalogue of messages, so wording lives in one place. */
export const messages = {
  notInteger: (what: string, value: unknown) =>
    `${what} must be a whole number, got ${JSON.stringify(value)}`,
  bsMonth: (month: number) => `BS month must be 1–12, got ${month}`,
  bsDay: (year: number, month: number, day: number, length: number) =>
    `BS ${year}-${String(month).padStart(2, '0')} has ${length} days, so day ${day} does not exist`,
  adMonth: (month: number) => `month must be 1–12, got ${month}`,
  adDay: (iso: string, length: number) => `${iso} does not exist: that month has ${length} days`,
  bsYearRange: (year: number, min: number, max: number) =>
    `BS year ${year} is outside the supported range ${min}–${max}`,
  adRange: (iso: string, min: string, max: string) =>
    `${iso} is outside the supported range ${min} to ${max}`,
} as const;
