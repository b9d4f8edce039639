/**
 * A year's stored sky (src/engine/sky.ts) is what the engine would fit: a day at a place computed by a fresh engine
 * seeded with it is exactly the day a fresh engine computes on its own, and the seeded blocks are the ones read.
 * A pack of another layout is refused and seeds nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';

type Engine = {
  panchangaOfDay: typeof import('./panchanga.ts').panchangaOfDay;
  skyOfYear: typeof import('./sky.ts').skyOfYear;
  seedSky: typeof import('./sky.ts').seedSky;
  skyHeld: typeof import('./sky.ts').skyHeld;
};

/** A fresh engine: its modules evaluated again, so no block of an earlier one is cached. */
async function freshEngine(): Promise<Engine> {
  vi.resetModules();
  const [{ panchangaOfDay }, { skyOfYear, seedSky, skyHeld }] = await Promise.all([
    import('./panchanga.ts'),
    import('./sky.ts'),
  ]);
  return { panchangaOfDay, skyOfYear, seedSky, skyHeld };
}

const YEAR = 2084;
const places = [
  { lat: 28.2096, lon: 83.9856, elevationM: 827 }, // Pokhara
  { lat: 51.5072, lon: -0.1276, elevationM: 11 }, // London
  { lat: -33.8688, lon: 151.2093, elevationM: 58 }, // Sydney
];
/** The year's first and last days and some between, where the stored margin matters most at the ends. */
const first = bsToFixed({ year: YEAR, month: 1, day: 1 });
const last = bsToFixed({ year: YEAR + 1, month: 1, day: 1 }) - 1;
const days = [first, first + 1, first + 100, first + 200, last - 1, last];

describe('the stored sky of a year', () => {
  it('gives every day of it at a place exactly as an engine that fits its own blocks', async () => {
    const sky = (await freshEngine()).skyOfYear(YEAR);
    expect(sky.byteLength).toBeGreaterThan(20_000);
    const own = await freshEngine();
    const expected = days.flatMap((fixed) => places.map((place) => own.panchangaOfDay(fixed, { place })));
    const seeded = await freshEngine();
    expect(seeded.seedSky(sky)).toBe(true);
    const got = days.flatMap((fixed) => places.map((place) => seeded.panchangaOfDay(fixed, { place })));
    expect(got).toStrictEqual(expected);
  });

  it('is what a seeded engine reads: a sky whose Moon is moved moves the Moon', async () => {
    const sky = (await freshEngine()).skyOfYear(YEAR);
    const own = (await freshEngine()).panchangaOfDay(first + 100, { place: places[0] });
    // The Moon's series comes second: after the Sun's head (block length, first block, count, size) and its blocks,
    // its head, then each block's constant term of the longitude, raised by 2: the longitude by 1°.
    const sunCount = sky[3]!;
    const sunSize = sky[4]!;
    const moonHead = 1 + 4 + sunCount * sunSize;
    const moved = sky.slice();
    const moonSize = moved[moonHead + 3]!;
    for (let block = 0; block < moved[moonHead + 2]!; block++) {
      const constant = moonHead + 4 + block * moonSize;
      moved[constant] = moved[constant]! + 2;
    }
    const seeded = await freshEngine();
    expect(seeded.seedSky(moved)).toBe(true);
    const day = seeded.panchangaOfDay(first + 100, { place: places[0] });
    expect(day.grahas.find((g) => g.id === 'moon')!.longitude).toBeCloseTo(
      (own.grahas.find((g) => g.id === 'moon')!.longitude + 1) % 360,
      6,
    );
    // A fresh engine has none of it (so the engines these tests compare share no block).
    expect((await freshEngine()).panchangaOfDay(first + 100, { place: places[0] })).toStrictEqual(own);
  });

  it('refuses a pack of another layout and seeds nothing from it', async () => {
    const sky = (await freshEngine()).skyOfYear(YEAR);
    const engine = await freshEngine();
    const wrongFormat = sky.slice();
    wrongFormat[0] = 99;
    const wrongSize = sky.slice();
    wrongSize[4] = sky[4]! + 1;
    const wrongShape = sky.slice();
    wrongShape[1] = sky[1]! * 2;
    const packs = [wrongFormat, wrongSize, wrongShape, sky.slice(0, sky.length - 1), new Float64Array(0)];
    for (const pack of packs) expect(engine.seedSky(pack)).toBe(false);
    // Had any block been seeded from the moved packs, this day would differ from an unseeded engine's.
    const own = (await freshEngine()).panchangaOfDay(first + 100, { place: places[1] });
    expect(engine.panchangaOfDay(first + 100, { place: places[1] })).toStrictEqual(own);
  });

  it('is held once seeded or fitted, for the days it covers and no others', async () => {
    const sky = (await freshEngine()).skyOfYear(YEAR);
    const seeded = await freshEngine();
    expect(seeded.skyHeld(first, last)).toBe(false);
    expect(seeded.seedSky(sky)).toBe(true);
    expect(seeded.skyHeld(first, last)).toBe(true);
    expect(seeded.skyHeld(first + 100, first + 100)).toBe(true);
    // A month past the year's end is not in it.
    expect(seeded.skyHeld(last + 30, last + 30)).toBe(false);
    // An engine that computed a day at a place has fitted what that day reads.
    const own = await freshEngine();
    own.panchangaOfDay(first + 100, { place: places[1] });
    expect(own.skyHeld(first + 100, first + 100)).toBe(true);
    expect(own.skyHeld(first + 200, first + 200)).toBe(false);
  });
});
