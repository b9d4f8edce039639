/**
 * Date conversions per second, ours against `nepali-date-converter` (a dev dependency used only here), in the
 * same process over the same dates (every published day of BS 2001–2083, which both cover), both directions.
 * Also counts the dates where the two disagree, so a fast wrong answer cannot pass unnoticed.
 */
import nepaliDateConverter from 'nepali-date-converter';
import { adToBs, bsToAd, bsToFixed, daysInBsMonth } from '../../src/calendar/bs.ts';
import { gregorianFromFixed } from '../../src/calendar/time.ts';

// The package is CommonJS with a `default` export property; under Node's ESM interop the class sits one level down.
const NepaliDate = ((nepaliDateConverter as unknown as { default?: typeof nepaliDateConverter }).default ??
  nepaliDateConverter) as typeof nepaliDateConverter;

const FROM_YEAR = 2001;
const TO_YEAR = 2083;

interface Rate {
  name: string;
  perSecond: number;
}

function measure(name: string, items: number, body: () => void, minMs = 400): Rate {
  body(); // warm up
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    body();
    runs++;
    elapsed = performance.now() - start;
  }
  return { name, perSecond: (items * runs) / (elapsed / 1000) };
}

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

  let sink = 0;
  const oursBsToAd = measure('ours BS→AD', bsDates.length, () => {
    for (const d of bsDates) sink += bsToAd(d).day;
  });
  const theirsBsToAd = measure('nepali-date-converter BS→AD', bsDates.length, () => {
    for (const d of bsDates) sink += new NepaliDate(d.year, d.month - 1, d.day).getAD().date;
  });
  const oursAdToBs = measure('ours AD→BS', adDates.length, () => {
    for (const d of adDates) sink += adToBs(d).day;
  });
  const theirsAdToBs = measure('nepali-date-converter AD→BS', jsDates.length, () => {
    for (const d of jsDates) sink += new NepaliDate(d).getBS().date;
  });
  if (sink === 0) throw new Error('benchmark optimised away');

  const fmt = (r: Rate) => `${r.name}: ${Math.round(r.perSecond).toLocaleString('en-US')} conversions/s`;
  return [
    `converter: ${bsDates.length} days of BS ${FROM_YEAR}–${TO_YEAR}; disagreements with nepali-date-converter: ${disagreements}`,
    fmt(oursBsToAd),
    fmt(theirsBsToAd),
    `  ratio BS→AD (ours / baseline): ${(oursBsToAd.perSecond / theirsBsToAd.perSecond).toFixed(2)}×`,
    fmt(oursAdToBs),
    fmt(theirsAdToBs),
    `  ratio AD→BS (ours / baseline): ${(oursAdToBs.perSecond / theirsAdToBs.perSecond).toFixed(2)}×`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(converterBench().join('\n'));
}
