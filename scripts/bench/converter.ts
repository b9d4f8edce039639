/**
 * Date conversions, ours against `nepali-date-converter` (a dev dependency used only here): every published day
 * of BS 2001–2083 (which both cover) converted by each side in turn, both directions, timed as
 * scripts/bench/measure.ts says. Also counts the dates where the two disagree, so a fast wrong answer cannot
 * pass unnoticed.
 */
import nepaliDateConverter from 'nepali-date-converter';
import { adToBs, bsToAd, bsToFixed, daysInBsMonth } from '../../src/calendar/bs.ts';
import { gregorianFromFixed } from '../../src/calendar/time.ts';
import { compare, report } from './measure.ts';

// The package is CommonJS with a `default` export property; under Node's ESM interop the class sits one level down.
const NepaliDate = ((nepaliDateConverter as unknown as { default?: typeof nepaliDateConverter }).default ??
  nepaliDateConverter) as typeof nepaliDateConverter;

const FROM_YEAR = 2001;
const TO_YEAR = 2083;
const ROUNDS = 15;

export function converterBench(): string[] {
  const bsDates: { year: number; month: number; day: number }[] = [];
  for (let year = FROM_YEAR; year <= TO_YEAR; year++)
    for (let month = 1; month <= 12; month++)
      for (let day = 1; day <= daysInBsMonth(year, month); day++) bsDates.push({ year, month, day });
  const adDates = bsDates.map((d) => gregorianFromFixed(bsToFixed(d)));
  const jsDates = adDates.map((d) => new Date(d.year, d.month - 1, d.day));

  let disagreements = 0;
  for (let i = 0; i < bsDates.length; i++) {
    const theirs = new NepaliDate(jsDates[i]!).getBS();
    const ours = bsDates[i]!;
    if (theirs.year !== ours.year || theirs.month + 1 !== ours.month || theirs.date !== ours.day)
      disagreements++;
  }

  const sum = (convert: (i: number) => number) => () => {
    let total = 0;
    for (let i = 0; i < bsDates.length; i++) total += convert(i);
    return total;
  };
  const bsToAdRun = compare(
    { name: 'ours', run: sum((i) => bsToAd(bsDates[i]!).day) },
    {
      name: 'nepali-date-converter',
      run: sum((i) => new NepaliDate(bsDates[i]!.year, bsDates[i]!.month - 1, bsDates[i]!.day).getAD().date),
    },
    ROUNDS,
  );
  const adToBsRun = compare(
    { name: 'ours', run: sum((i) => adToBs(adDates[i]!).day) },
    { name: 'nepali-date-converter', run: sum((i) => new NepaliDate(jsDates[i]!).getBS().date) },
    ROUNDS,
  );
  const perMillion = 1e6 / bsDates.length;
  return [
    `converter: ${bsDates.length} days of BS ${FROM_YEAR}–${TO_YEAR}; disagreements with nepali-date-converter: ${disagreements}`,
    'BS→AD (CPU ms a million conversions):',
    ...report(bsToAdRun, 'a million', perMillion),
    'AD→BS:',
    ...report(adToBsRun, 'a million', perMillion),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(converterBench().join('\n'));
}
