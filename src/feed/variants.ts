/**
 * The webcal feed's variants: language × all festivals or public holidays only × with or without muhurat days,
 * each with its static file name. Defined once for the build (src/feed/feed.ts, scripts/build.ts) and the
 * router (src/http/routes.ts), which must not pull the feed builder into the functions.
 */
import { LANGS, type Lang } from '../calendar/names.ts';

/** What a feed holds: all festivals or public holidays only, with or without muhurat days. */
export const FEED_HOLIDAYS = ['all', 'only'] as const;
export const FEED_INCLUDES = ['none', 'muhurat'] as const;

export interface FeedVariant {
  readonly lang: Lang;
  readonly holidays: (typeof FEED_HOLIDAYS)[number];
  readonly include: (typeof FEED_INCLUDES)[number];
  /** Its static file name, e.g. `calendar.holidays.muhurat.en.ics`. */
  readonly file: string;
}

/** Every variant the build writes and the API serves. */
export const FEED_VARIANTS: readonly FeedVariant[] = LANGS.flatMap((lang) =>
  FEED_HOLIDAYS.flatMap((holidays) =>
    FEED_INCLUDES.map((include) => ({
      lang,
      holidays,
      include,
      file: [
        'calendar',
        holidays === 'only' ? 'holidays' : '',
        include === 'muhurat' ? 'muhurat' : '',
        lang === 'en' ? 'en' : '',
        'ics',
      ]
        .filter(Boolean)
        .join('.'),
    })),
  ),
);

/** The variant of a request's choices. Example: `feedVariant('en', 'only', 'none').file` is `calendar.holidays.en.ics`. */
export function feedVariant(
  lang: Lang,
  holidays: FeedVariant['holidays'],
  include: FeedVariant['include'],
): FeedVariant {
  return FEED_VARIANTS.find((v) => v.lang === lang && v.holidays === holidays && v.include === include)!;
}
