/**
 * The fields of a day record that follow from its Panchanga and its tithi alone, the same for a Kathmandu day
 * (src/almanac/records.ts) and a day at another place (src/almanac/at-place.ts): the tithi's names and the lunar
 * date as almanacs print it. Apart from the records, so that a place's record does not load the festival rules.
 */
import {
  BS_MONTHS,
  LUNAR_DATE_WORDS,
  PAKSHAS,
  tithiName,
  tithiOfPaksha,
  type Lang,
} from '../calendar/names.ts';
import type { DayRecord } from '../contract/day-record.ts';
import type { DayPanchanga } from '../engine/day.ts';
import { lunarDateOfDay } from '../festivals/lunar.ts';

/** The fields of a day record that name its tithi (1–30). */
export function tithiFields(
  tithiIndex: number,
  lang: Lang,
): Pick<DayRecord, 'tithi' | 'tithiName' | 'tithiIndex' | 'pakshya'> {
  return {
    tithi: String(tithiOfPaksha(tithiIndex)),
    tithiName: tithiName(tithiIndex)[lang],
    tithiIndex,
    pakshya: PAKSHAS[tithiIndex <= 15 ? 0 : 1]![lang],
  };
}

/** The lunar month of a day and its printed lunar date, for the day's tithi (1–30). */
export function lunarOfDay(
  p: DayPanchanga,
  tithiIndex: number,
  lang: Lang,
): Pick<DayRecord, 'lunarMonth' | 'lunarDate'> {
  const lunar = lunarDateOfDay(p.fixed, p.sunrise, p.tithis[0]!.index, tithiIndex);
  // Lunar month 1 = Chaitra is printed with the BS month's name (BS 12 = Chait); 2 = Vaishakha with Baisakh …
  const name = BS_MONTHS[(lunar.nepaliMonth + 10) % 12]![lang];
  const words = [
    ...(lunar.leap ? [LUNAR_DATE_WORDS.adhik[lang]] : []),
    name,
    LUNAR_DATE_WORDS[lunar.paksha][lang],
    tithiName(tithiIndex)[lang],
  ];
  return { lunarMonth: { index: lunar.nepaliMonth, name, adhik: lunar.leap }, lunarDate: words.join(' ') };
}
