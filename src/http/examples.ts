/**
 * Sample answers of the API computed by the library for one fixed day, 1 Baisakh 2083 (14 April 2026): the
 * examples of the OpenAPI document and the sample responses of the docs page. Long lists are trimmed where the
 * schema allows it. Node only (reads the curated data), for the build.
 */
import { bsToFixed } from '../calendar/bs.ts';
import { convertDate } from '../calendar/convert.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { problemBody } from './problem.ts';
import { muhuratList } from '../muhurat/muhurat.ts';
import { loadAllCurated, loadMuhuratFiles } from '../panchanga/curated.ts';
import { fullDayRecord, monthFiles } from '../panchanga/records.ts';
import type { CuratedMonth } from '../contract/data-files.ts';
import { monthAnswer } from '../contract/day-record.ts';
import type { MuhuratFile } from '../contract/muhurat.ts';
import type { Examples } from '../contract/openapi.ts';

const YEAR = 2083;

const ok = (data: unknown) => ({ success: true, data });

/** The examples: whole success bodies by operationId. Example: `apiExamples().bodies.convertDate`. */
export function apiExamples(
  curated: ReadonlyMap<string, CuratedMonth> = loadAllCurated(),
  muhuratFiles: ReadonlyMap<number, MuhuratFile> = loadMuhuratFiles(),
): Required<Examples> {
  const festivals = new FestivalCalendar({ curated: curated as Map<string, CuratedMonth> });
  const month = monthFiles(YEAR, 1, curated.get(`${YEAR}-1`), festivals.eventsOfDay, ['en']).en;
  const day = fullDayRecord(month.days[0]!, bsToFixed({ year: YEAR, month: 1, day: 1 }), 'en');
  const muhurats = muhuratList(muhuratFiles.get(YEAR) ?? null, YEAR, undefined, 'en');
  return {
    bodies: {
      today: ok({ ...day, grahas: day.grahas.slice(0, 3) }),
      byEnglishDate: ok({ ...day, grahas: day.grahas.slice(0, 3) }),
      month: monthAnswer(month),
      convertDate: ok(convertDate('2083-01-01', 'bs', 'en', bsToFixed({ year: YEAR, month: 1, day: 1 }))),
      festivals: ok({ year: YEAR, festivals: festivals.occurrences(YEAR, 'en').slice(0, 3) }),
      muhurats: ok({ ...muhurats, muhurats: muhurats.muhurats.slice(0, 2) }),
    },
    badRequest: problemBody('bad-request', 'lang must be "ne" or "en", got "fr"', { field: 'lang' }),
  };
}

/** A request that answers each read endpoint's example, by operationId (docs page, curl examples). */
export const SAMPLE_REQUESTS: Readonly<Record<string, string>> = {
  today: '/api/panchanga?lang=en',
  month: '/api/panchanga/2083/01?lang=en',
  byEnglishDate: '/api/panchanga/by-english-date/2026-04-14?lang=en',
  availableMonths: '/api/panchanga/available-months',
  convertDate: '/api/date-converter?date=2083-01-01&from=bs&lang=en',
  festivals: '/api/festivals?year=2083&lang=en',
  muhurats: '/api/muhurats?year=2083&category=bibaha',
  calendarFeed: '/api/v1/calendar.ics?lang=en&holidays=only',
  feedFile: '/api/v1/feeds/calendar.holidays.en.ics',
  openapi: '/api/openapi.json',
};
