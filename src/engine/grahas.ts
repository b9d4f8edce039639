/**
 * Sidereal positions of the nine grahas at a moment: Sun and Moon from a model, the five planets from
 * astronomy-engine (modern, Lahiri), Rahu the mean ascending node and Ketu opposite it. A graha is
 * retrograde when its geocentric longitude decreases (Rahu and Ketu always move backwards: mean node).
 */
import { Body } from 'astronomy-engine';
import { GRAHAS, type GrahaId } from '../calendar/names.ts';
import type { AstronomicalModel } from './model.ts';
import { meanRahuLongitude, mod360, planetLongitude } from './modern.ts';

export interface GrahaPosition {
  readonly id: GrahaId;
  /** Sidereal longitude, degrees [0, 360). */
  readonly longitude: number;
  /** Sign 1–12 (1 = Mesha). */
  readonly rashi: number;
  /** Degrees within the sign [0, 30). */
  readonly degreeInRashi: number;
  readonly retrograde: boolean;
}

const PLANETS: Partial<Record<GrahaId, Body>> = {
  mars: Body.Mars,
  mercury: Body.Mercury,
  jupiter: Body.Jupiter,
  venus: Body.Venus,
  saturn: Body.Saturn,
};
/** Half a day either side gives the direction of motion. */
const MOTION_STEP_DAYS = 0.5;

function longitudeOf(id: GrahaId, model: AstronomicalModel, moment: number): number {
  if (id === 'sun') return model.sunLongitude(moment);
  if (id === 'moon') return model.moonLongitude(moment);
  if (id === 'rahu') return meanRahuLongitude(moment);
  if (id === 'ketu') return mod360(meanRahuLongitude(moment) + 180);
  return planetLongitude(PLANETS[id]!, moment);
}

/** Positions of the nine grahas at a moment (UT), Sun and Moon from `model`. */
export function grahaPositions(model: AstronomicalModel, moment: number): GrahaPosition[] {
  return GRAHAS.map(({ id }) => {
    const longitude = longitudeOf(id, model, moment);
    const later = longitudeOf(id, model, moment + MOTION_STEP_DAYS);
    const motion = mod360(later - longitude + 180) - 180;
    return grahaAt(id, longitude, motion < 0);
  });
}

/** A graha's position from its sidereal longitude (degrees, [0, 360)) and direction of motion. */
export function grahaAt(id: GrahaId, longitude: number, retrograde: boolean): GrahaPosition {
  return { id, longitude, rashi: Math.floor(longitude / 30) + 1, degreeInRashi: longitude % 30, retrograde };
}
