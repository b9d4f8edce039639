/**
 * Sample answers of the API computed by the library for one fixed day, 1 Baisakh 2083 (14 April 2026): the
 * examples of the OpenAPI document and the sample responses of the docs page. Long lists are trimmed where the
 * schema allows it. Node only (reads the curated data), for the build.
 */
import { bsToFixed } from '../calendar/bs.ts';
import { convertDate } from '../calendar/convert.ts';
import { GAZETTEER } from '../calendar/places.ts';
import { FestivalCalendar, festivalCatalog, festivalSearchEntries } from '../festivals/festivals.ts';
import { festivalIdCandidates } from '../festivals/search.ts';
import { upcomingOf } from '../festivals/upcoming.ts';
import { problemBody } from './problem.ts';
import { muhuratList, upcomingMuhuratsOf } from '../almanac/muhurat.ts';
import { yearMuhurats } from '../almanac/muhurat-year.ts';
import { loadAllCurated, loadMuhuratFiles } from '../almanac/curated.ts';
import { fullDayRecord, monthFiles } from '../almanac/records.ts';
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
  const fixed = bsToFixed({ year: YEAR, month: 1, day: 1 });
  const day = fullDayRecord(month.days[0]!, fixed, 'en');
  const upcoming = upcomingOf(fixed, 30, [{ year: YEAR, festivals: festivals.occurrences(YEAR, 'en') }]);
  const catalog = festivalCatalog('en');
  const dashami = catalog.find((f) => f.id === 'VIJAYA_DASHAMI')!;
  const dashamiIn = (year: number) => festivals.occurrences(year, 'en').filter((f) => f.id === dashami.id);
  const muhurats = muhuratList(yearMuhurats(YEAR, muhuratFiles.get(YEAR) ?? null), YEAR, undefined, 'en');
  const upcomingMuhurats = upcomingMuhuratsOf(fixed, 30, muhurats.categories, [muhurats]);
  return {
    bodies: {
      today: ok({ ...day, grahas: day.grahas.slice(0, 3) }),
      byEnglishDate: ok({ ...day, grahas: day.grahas.slice(0, 3) }),
      byBsDate: ok({ ...day, grahas: day.grahas.slice(0, 3) }),
      month: monthAnswer(month),
      convertDate: ok(convertDate('2083-01-01', 'bs', 'en', fixed)),
      festivals: ok({ year: YEAR, festivals: festivals.occurrences(YEAR, 'en').slice(0, 3) }),
      muhurats: ok({ ...muhurats, muhurats: muhurats.muhurats.slice(0, 2) }),
      upcomingMuhurats: ok({ ...upcomingMuhurats, muhurats: upcomingMuhurats.muhurats.slice(0, 2) }),
      range: ok({
        from: month.days[0]!.englishDate,
        to: month.days[1]!.englishDate,
        days: month.days.slice(0, 2),
      }),
      upcomingFestivals: ok({ ...upcoming, festivals: upcoming.festivals.slice(0, 3) }),
      places: ok({ places: GAZETTEER.slice(0, 2) }),
      festivalIds: ok({ festivals: festivalIdCandidates(festivalSearchEntries(), 'tihar', 'en', 50) }),
      festivalDates: ok({
        ...dashami,
        from: YEAR,
        to: YEAR + 1,
        festivals: [...dashamiIn(YEAR), ...dashamiIn(YEAR + 1)],
      }),
    },
    badRequest: problemBody('bad-request', 'lang: must be "ne" or "en", got "fr"', { field: 'lang' }),
  };
}

/** A request that answers each read endpoint's example, by operationId (docs page, curl examples). */
export const SAMPLE_REQUESTS: Readonly<Record<string, string>> = {
  today: '/api/panchanga?lang=en',
  month: '/api/panchanga/2083/01?lang=en',
  byEnglishDate: '/api/panchanga/by-english-date/2026-04-14?lang=en',
  byBsDate: '/api/panchanga/2083/01/01?lang=en',
  availableMonths: '/api/panchanga/available-months',
  convertDate: '/api/date-converter?date=2083-01-01&from=bs&lang=en',
  festivals: '/api/festivals?year=2083&lang=en',
  range: '/api/panchanga/range?from=2026-04-14&to=2026-04-15&lang=en',
  upcomingFestivals: '/api/festivals/upcoming?days=30&lang=en',
  places: '/api/places',
  festivalIds: '/api/festivals/ids?q=tihar&lang=en',
  festivalDates: '/api/festivals/vijaya_dashami?from=2083&to=2084&lang=en',
  muhurats: '/api/muhurats?year=2083&category=bibaha',
  upcomingMuhurats: '/api/muhurats/upcoming?days=90&category=bibaha&lang=en',
  calendarFeed: '/api/v1/calendar.ics?lang=en&holidays=only',
  feedFile: '/api/v1/feeds/calendar.holidays.en.ics',
  openapi: '/api/openapi.json',
};
