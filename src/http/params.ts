/** Query parameters shared by several endpoints, each returning a value or the problem to answer. */
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../calendar/bs.ts';
import { problem } from './problem.ts';

/** `year`: a BS year within the supported range; `fallback` when absent. */
export function bsYearParam(url: URL, fallback: number): number | Response {
  const text = url.searchParams.get('year');
  if (text === null || text === '') return fallback;
  if (!/^\d{4}$/.test(text)) {
    return problem('bad-request', `year must be a four-digit BS year, got "${text.slice(0, 20)}"`, {
      field: 'year',
    });
  }
  const year = Number(text);
  if (year < BS_MIN_YEAR || year > BS_MAX_YEAR) {
    return problem(
      'out-of-range',
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
      {
        field: 'year',
      },
    );
  }
  return year;
}
