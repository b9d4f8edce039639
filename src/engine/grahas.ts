/**
 * Sidereal positions of the nine grahas at a moment: Sun and Moon from a model, the five planets from
 * astronomy-engine (modern, Lahiri), Rahu the mean ascending node and Ketu opposite it. A graha is
 * retrograde when its geocentric longitude decreases (Rahu and Ketu always move backwards: mean node).
 */
import { Body } from 'astronomy-engine';
import { GRAHAS, type GrahaId } from '../calendar/names.ts';
import { grahaAt, type GrahaPosition } from './day.ts';
import type { AstronomicalModel } from './model.ts';
import { mod360 } from './angles.ts';
import { meanRahuLongitude, modernPlanetLongitude, planetLatitude, planetLongitude } from './modern.ts';

const PLANETS: Partial<Record<GrahaId, Body>> = {
  mars: Body.Mars,
  mercury: Body.Mercury,
  jupiter: Body.Jupiter,
  venus: Body.Venus,
  saturn: Body.Saturn,
};
/** The grahas whose direction is known without looking: the Sun and Moon only advance, the mean nodes only recede. */
const ALWAYS: Partial<Record<GrahaId, 'direct' | 'retrograde'>> = {
  sun: 'direct',
  moon: 'direct',
  rahu: 'retrograde',
  ketu: 'retrograde',
};
/** Half a day either side gives the direction of motion. */
const MOTION_STEP_DAYS = 0.5;

/**
 * How the five planets are found: from their cached interpolation blocks (`blocks`, src/engine/modern.ts: each
 * block fitted once serves 32–64 days, so a walk over days evaluates a planet about twice a week, and a function
 * seeds them from the build's stored sky, src/engine/sky.ts), or by evaluating astronomy-engine at the moment
 * itself (`direct`: 10 evaluations for a day's positions and motions, about 70 of VSOP87), the reference the blocks
 * are held to. The two agree within 1e-5° (src/engine/grahas.test.ts).
 */
export type PlanetEvaluation = 'blocks' | 'direct';

function longitudeOf(
  id: GrahaId,
  model: AstronomicalModel,
  moment: number,
  planets: PlanetEvaluation,
): number {
  if (id === 'sun') return model.sunLongitude(moment);
  if (id === 'moon') return model.moonLongitude(moment);
  if (id === 'rahu') return meanRahuLongitude(moment);
  if (id === 'ketu') return mod360(meanRahuLongitude(moment) + 180);
  return planets === 'blocks'
    ? planetLongitude(PLANETS[id]!, moment)
    : modernPlanetLongitude(PLANETS[id]!, moment);
}

/**
 * Positions of the nine grahas at a moment (UT), Sun and Moon from `model`, the planets as `planets` says.
 * Example: `grahaPositions(modern, sunrise(fixed))`.
 */
export function grahaPositions(
  model: AstronomicalModel,
  moment: number,
  planets: PlanetEvaluation = 'blocks',
): GrahaPosition[] {
  return GRAHAS.map(({ id }) => {
    const longitude = longitudeOf(id, model, moment, planets);
    const direction = ALWAYS[id];
    if (direction !== undefined) return grahaAt(id, longitude, direction === 'retrograde');
    const later = longitudeOf(id, model, moment + MOTION_STEP_DAYS, planets);
    const motion = mod360(later - longitude + 180) - 180;
    return grahaAt(id, longitude, motion < 0);
  });
}

/** Whether a graha is one of the five planets (off the ecliptic, with a latitude). */
export const isPlanet = (id: GrahaId): boolean => PLANETS[id] !== undefined;

/**
 * A planet's geocentric ecliptic latitude at a moment (UT), degrees north, from its cached blocks (the kalamsha of a
 * graha off the ecliptic, src/engine/asta.ts). Only the five planets: the Sun is on the ecliptic by definition.
 */
export function planetLatitudeOf(id: GrahaId, moment: number): number {
  const body = PLANETS[id];
  if (body === undefined) throw new RangeError(`${id} is not a planet: no latitude`);
  return planetLatitude(body, moment);
}
