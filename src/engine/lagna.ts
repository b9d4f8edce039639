/**
 * The lagna: the sidereal sign rising on the eastern horizon of Kathmandu, and the moments each sign begins to
 * rise. A point of the ecliptic at tropical longitude λ rises when the local sidereal time (the right ascension
 * of the meridian) equals its oblique ascension less 90°: OA = α − AD, with the ascensional difference
 * AD = asin(tan φ · tan δ), α and δ the point's right ascension and declination by the true obliquity (the
 * spherical astronomy of the ascendant; Meeus, *Astronomical Algorithms*, ch. 13 and 14). So the moment a sign
 * begins to rise is found in closed form from the sidereal time, not searched. Lahiri ayanamsa, as the graha
 * longitudes (src/engine/modern.ts).
 */
import { e_tilt } from 'astronomy-engine';
import { mod360 } from './angles.ts';
import { lahiriAyanamsa, timeOf } from './modern.ts';
import { greenwichSiderealDeg } from './sidereal.ts';
import { KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG } from './sun.ts';

const DEG = Math.PI / 180;
/** Degrees of sidereal time a mean solar day (IAU 1982: 1.00273790935 turns). */
const SIDEREAL_DEG_PER_DAY = 360.98564736629;
const SIGN_DEG = 30;

/** A sign beginning to rise: the moment (fixed days, UT) and the sign (1 = Mesha … 12 = Meena). */
export interface LagnaStart {
  readonly moment: number;
  readonly sign: number;
}

/** Local apparent sidereal time at Kathmandu, degrees. */
function localSiderealDeg(moment: number): number {
  return mod360(greenwichSiderealDeg(moment) + KATHMANDU_LONGITUDE_DEG);
}

/**
 * The local sidereal time (degrees) at which the sidereal longitude `siderealDeg` rises, for an obliquity and an
 * ayanamsa (radians and degrees).
 */
function risingSiderealTime(siderealDeg: number, epsilon: number, ayanamsaDeg: number): number {
  const lambda = (siderealDeg + ayanamsaDeg) * DEG;
  const declination = Math.asin(Math.sin(epsilon) * Math.sin(lambda));
  const rightAscension = Math.atan2(Math.cos(epsilon) * Math.sin(lambda), Math.cos(lambda));
  const ascensionalDifference = Math.asin(Math.tan(KATHMANDU_LATITUDE_DEG * DEG) * Math.tan(declination));
  return mod360((rightAscension - ascensionalDifference) / DEG - 90);
}

/**
 * The sidereal ascendant at Kathmandu at a moment (UT), degrees [0, 360): the ecliptic point on the eastern horizon.
 * Example: `Math.floor(ascendant(t) / 30) + 1` is the lagna's sign.
 */
export function ascendant(moment: number): number {
  const ramc = localSiderealDeg(moment) * DEG;
  const epsilon = e_tilt(timeOf(moment)).tobl * DEG;
  const phi = KATHMANDU_LATITUDE_DEG * DEG;
  const tropical = Math.atan2(
    Math.cos(ramc),
    -(Math.sin(epsilon) * Math.tan(phi) + Math.cos(epsilon) * Math.sin(ramc)),
  );
  return mod360(tropical / DEG - lahiriAyanamsa(moment));
}

/**
 * The moments in [from, to) at which a sign begins to rise at Kathmandu, in order (about twelve a day). The
 * sidereal time runs on from `from` at its mean rate, and the obliquity, the nutation and the ayanamsa are those of
 * `from`: over a day they move the moments by under a tenth of a second.
 * Example: `lagnaStarts(sunrise(d), sunrise(d + 1))`.
 */
export function lagnaStarts(from: number, to: number): LagnaStart[] {
  const time = timeOf(from);
  const siderealAtFrom = localSiderealDeg(from);
  const epsilon = e_tilt(time).tobl * DEG;
  const ayanamsa = lahiriAyanamsa(from);
  const starts: LagnaStart[] = [];
  for (let sign = 1; sign <= 12; sign++) {
    const ahead = mod360(risingSiderealTime((sign - 1) * SIGN_DEG, epsilon, ayanamsa) - siderealAtFrom);
    for (let turns = ahead; from + turns / SIDEREAL_DEG_PER_DAY < to; turns += 360)
      starts.push({ moment: from + turns / SIDEREAL_DEG_PER_DAY, sign });
  }
  return starts.sort((a, b) => a.moment - b.moment);
}
