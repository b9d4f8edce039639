/**
 * Where a day is computed: Kathmandu by default (every almanac time refers to it), a gazetteer place by id, or
 * coordinates with an optional IANA time zone. The gazetteer (data/places/gazetteer.json) is validated by
 * `npm run validate:data` and at build, not again here. Bad input throws InvalidQueryError naming the field.
 */
import file from '../../data/places/gazetteer.json' with { type: 'json' };
import {
  PLACE_ELEVATION_RANGE_M,
  PLACE_MAX_ABS_LATITUDE_DEG,
  type Gazetteer,
  type GazetteerPlace,
  type Place,
} from '../contract/place.ts';
import { lazy } from '../contract/lazy.ts';
import { InvalidQueryError } from './errors.ts';
import type { Lang } from './names.ts';
import { isTimeZone, NEPAL_TIME_ZONE } from './zone.ts';

/** Every place of the gazetteer, in file order (districts east to west, then cities abroad). */
export const GAZETTEER: readonly GazetteerPlace[] = (file as Gazetteer).places;

/** A place resolved for computing: coordinates, elevation and the zone clock times are printed in. */
export interface ResolvedPlace {
  readonly id: string | null;
  readonly names: { readonly ne: string; readonly en: string } | null;
  readonly latitude: number;
  readonly longitude: number;
  readonly elevationM: number;
  readonly timeZone: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** Every place by id and by its district's name: built on the first look-up, not at an isolate's start. */
const byKey = lazy(() => {
  const keys = new Map<string, GazetteerPlace>();
  for (const place of GAZETTEER) keys.set(place.id, place);
  // A district's name finds its headquarters too (place=jhapa is Chandragadhi), unless an id already has it.
  for (const place of GAZETTEER)
    if (place.district && !keys.has(slug(place.district.en))) keys.set(slug(place.district.en), place);
  return keys;
});

/** The gazetteer place of an id or district name (case-insensitive), or undefined. Example: `gazetteerPlace('pokhara')`. */
export function gazetteerPlace(key: string): GazetteerPlace | undefined {
  return byKey().get(key.trim().toLowerCase());
}

function resolved(place: GazetteerPlace): ResolvedPlace {
  const { id, names, latitude, longitude, elevationM, timeZone } = place;
  return { id, names, latitude, longitude, elevationM, timeZone };
}

const DECIMAL = /^[+-]?\d{1,4}(\.\d{1,10})?$/;

function decimal(field: string, text: string, min: number, max: number, what: string): number {
  if (!DECIMAL.test(text.trim()))
    throw new InvalidQueryError(
      field,
      `${field} must be a decimal number (${what}), got "${text.slice(0, 20)}"`,
    );
  const value = Number(text);
  if (value < min || value > max)
    throw new InvalidQueryError(field, `${field} must be between ${min} and ${max} (${what}), got ${value}`);
  return value;
}

/** The query fields of a place: `place`, or `lat` and `lon` with optional `tz` and `elevation`. */
export interface PlaceInput {
  readonly place?: string | null;
  readonly lat?: string | null;
  readonly lon?: string | null;
  readonly tz?: string | null;
  readonly elevation?: string | null;
}

/**
 * The gazetteer's place the Nepali almanacs are reckoned for. Asked by name, it is the almanac's own day, as with no
 * place: its published sunrise, tithi and times where a year is published, not a computation beside them.
 */
export const ALMANAC_PLACE_ID = 'kathmandu';

/**
 * The place a query asks for, or null when it names none or names the almanac's own (Kathmandu, as the almanac
 * prints; its coordinates are a place like any other, computed there). Coordinates
 * without `tz` print their times in Nepal time. Throws InvalidQueryError naming the field for an unknown id,
 * coordinates out of range, half a coordinate pair, an unknown zone, or `place` together with coordinates.
 * Example: `resolvePlace({ lat: '40.7128', lon: '-74.006', tz: 'America/New_York' })`.
 */
export function resolvePlace(input: PlaceInput): ResolvedPlace | null {
  const given = (value: string | null | undefined) => value !== undefined && value !== null && value !== '';
  const { place, lat, lon, tz, elevation } = input;
  if (given(place)) {
    for (const field of ['lat', 'lon', 'tz', 'elevation'] as const)
      if (given(input[field]))
        throw new InvalidQueryError(field, `give either place or lat/lon (with tz, elevation), not both`);
    const found = gazetteerPlace(place!);
    if (!found)
      throw new InvalidQueryError(
        'place',
        `unknown place "${place!.slice(0, 40)}"; see /api/places, or give lat and lon`,
      );
    return found.id === ALMANAC_PLACE_ID ? null : resolved(found);
  }
  if (!given(lat) && !given(lon)) {
    for (const field of ['tz', 'elevation'] as const)
      if (given(input[field])) throw new InvalidQueryError(field, `${field} needs lat and lon`);
    return null;
  }
  if (!given(lat)) throw new InvalidQueryError('lat', 'lat is required with lon');
  if (!given(lon)) throw new InvalidQueryError('lon', 'lon is required with lat');
  const latitude = decimal(
    'lat',
    lat!,
    -PLACE_MAX_ABS_LATITUDE_DEG,
    PLACE_MAX_ABS_LATITUDE_DEG,
    'degrees north; within it the Sun rises and sets every day',
  );
  const longitude = decimal('lon', lon!, -180, 180, 'degrees east');
  const elevationM = given(elevation)
    ? decimal(
        'elevation',
        elevation!,
        PLACE_ELEVATION_RANGE_M.min,
        PLACE_ELEVATION_RANGE_M.max,
        'metres above sea level',
      )
    : 0;
  if (given(tz) && !(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz!) && isTimeZone(tz!)))
    throw new InvalidQueryError(
      'tz',
      `tz must be an IANA time zone such as Asia/Kathmandu, got "${tz!.slice(0, 40)}"`,
    );
  const timeZone = given(tz) ? tz! : NEPAL_TIME_ZONE;
  return { id: null, names: null, latitude, longitude, elevationM, timeZone };
}

/** The place as an answer echoes it, its name in a language. */
export function placeEcho(place: ResolvedPlace, lang: Lang): Place {
  return {
    id: place.id,
    name: place.names ? place.names[lang] : null,
    latitude: place.latitude,
    longitude: place.longitude,
    elevationM: place.elevationM,
    timeZone: place.timeZone,
  };
}
