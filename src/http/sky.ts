/**
 * The stored sky of the years a place's days fall in (src/engine/sky.ts), read from the deployment and seeded into
 * the engine before those days are computed, so that a request at a place evaluates no theory of the Sun, the Moon
 * or a planet. A year the deployment has no sky for is computed as before: the same answers, at the engine's cost.
 * A year whose blocks for the days asked the isolate holds already (seeded by an earlier request) is not read again:
 * reading it made 30 KB of garbage a request, which set off V8's collections of its old generation.
 */
import { bsYearInfo, fixedToBs } from '../calendar/bs.ts';
import { readSkyAsset } from './assets.ts';

/** Seeds the stored sky of every BS year of the days `from`–`to` (fixed) whose blocks the isolate lacks. */
export async function seedSkyOfDays(assets: Fetcher, base: URL, from: number, to: number): Promise<void> {
  const { seedSky, skyHeld } = await import('../engine/sky.ts');
  const years: number[] = [];
  for (let year = fixedToBs(from).year; year <= fixedToBs(to).year; year++) {
    const { firstFixed, days } = bsYearInfo(year);
    if (!skyHeld(Math.max(from, firstFixed), Math.min(to, firstFixed + days - 1))) years.push(year);
  }
  const skies = await Promise.all(years.map((year) => readSkyAsset(assets, base, year)));
  for (const sky of skies) if (sky) seedSky(sky);
}
