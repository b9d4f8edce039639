import { describe, expect, it } from 'vitest';
import { gazetteerSchema } from '../contract/place.ts';
import file from '../../data/places/gazetteer.json' with { type: 'json' };
import { InvalidQueryError } from './errors.ts';
import { ALMANAC_PLACE_ID, GAZETTEER, gazetteerPlace, placeEcho, resolvePlace } from './places.ts';
import { NEPAL_TIME_ZONE } from './zone.ts';
import { isTimeZone } from './zone.ts';

/** Nepal's extent: 26°22′–30°27′ N, 80°04′–88°12′ E (Survey Department). */
const NEPAL = { lat: [26.36, 30.45], lon: [80.06, 88.2] } as const;

describe('the gazetteer', () => {
  it('passes its schema', () => {
    expect(gazetteerSchema.safeParse(file).success).toBe(true);
  });

  it('has the headquarters of all 77 districts of Nepal, each district once, inside Nepal, on Nepal time', () => {
    const hqs = GAZETTEER.filter((p) => p.kind === 'district-headquarters');
    expect(hqs).toHaveLength(77);
    expect(new Set(hqs.map((p) => p.district!.en)).size).toBe(77);
    const byProvince: Record<string, number> = {};
    for (const p of hqs) byProvince[p.province!] = (byProvince[p.province!] ?? 0) + 1;
    expect(byProvince).toEqual({
      koshi: 14,
      madhesh: 8,
      bagmati: 13,
      gandaki: 11,
      lumbini: 12,
      karnali: 10,
      sudurpashchim: 9,
    });
    for (const p of hqs) {
      expect(p.latitude, p.id).toBeGreaterThanOrEqual(NEPAL.lat[0]);
      expect(p.latitude, p.id).toBeLessThanOrEqual(NEPAL.lat[1]);
      expect(p.longitude, p.id).toBeGreaterThanOrEqual(NEPAL.lon[0]);
      expect(p.longitude, p.id).toBeLessThanOrEqual(NEPAL.lon[1]);
      expect(p.timeZone).toBe(NEPAL_TIME_ZONE);
      expect(p.country).toBe('NP');
    }
  });

  it('has cities abroad outside Nepal, each in a zone Intl knows', () => {
    const abroad = GAZETTEER.filter((p) => p.kind === 'city-abroad');
    expect(abroad.length).toBeGreaterThanOrEqual(20);
    for (const p of abroad) expect(p.country, p.id).not.toBe('NP');
    for (const p of GAZETTEER) expect(isTimeZone(p.timeZone), p.id).toBe(true);
  });

  it('finds a headquarters by its id or its district’s name', () => {
    expect(gazetteerPlace('pokhara')!.district!.en).toBe('Kaski');
    expect(gazetteerPlace('Jhapa')!.id).toBe('chandragadhi');
    expect(gazetteerPlace('nowhere')).toBeUndefined();
  });
});

describe('resolving the place of a query', () => {
  const fieldOf = (input: Parameters<typeof resolvePlace>[0]) => {
    try {
      resolvePlace(input);
    } catch (error) {
      if (error instanceof InvalidQueryError) return error.field;
      throw error;
    }
    return null;
  };

  it('is Kathmandu (null) without a place', () => {
    expect(resolvePlace({})).toBeNull();
    expect(resolvePlace({ place: '', lat: null })).toBeNull();
  });

  it('is Kathmandu as the almanac keeps it (null) when the almanac’s own place is named, not its coordinates', () => {
    expect(gazetteerPlace(ALMANAC_PLACE_ID)!.names.en).toBe('Kathmandu');
    expect(resolvePlace({ place: 'kathmandu' })).toBeNull();
    expect(resolvePlace({ place: 'Kathmandu' })).toBeNull();
    const { latitude, longitude } = gazetteerPlace(ALMANAC_PLACE_ID)!;
    expect(resolvePlace({ lat: String(latitude), lon: String(longitude) })).toMatchObject({
      latitude,
      longitude,
    });
    expect(() => resolvePlace({ place: 'kathmandu', lat: '27.7' })).toThrow(InvalidQueryError);
  });

  it('echoes a gazetteer place with its name in the language asked', () => {
    const london = resolvePlace({ place: 'london' })!;
    expect(placeEcho(london, 'en')).toEqual({
      id: 'london',
      name: 'London',
      latitude: 51.5074,
      longitude: -0.1278,
      elevationM: 20,
      timeZone: 'Europe/London',
    });
    expect(placeEcho(london, 'ne').name).toBe('लन्डन');
  });

  it('takes coordinates with a zone (Nepal time by default) and an elevation', () => {
    expect(resolvePlace({ lat: '40.7128', lon: '-74.006', tz: 'America/New_York', elevation: '10' })).toEqual(
      {
        id: null,
        names: null,
        latitude: 40.7128,
        longitude: -74.006,
        elevationM: 10,
        timeZone: 'America/New_York',
      },
    );
    expect(resolvePlace({ lat: '27.7172', lon: '85.324' })!.timeZone).toBe('Asia/Kathmandu');
  });

  it('names the wrong field', () => {
    expect(fieldOf({ place: 'atlantis' })).toBe('place');
    expect(fieldOf({ place: 'london', lat: '1' })).toBe('lat');
    expect(fieldOf({ lat: '27.7' })).toBe('lon');
    expect(fieldOf({ lon: '85.3' })).toBe('lat');
    expect(fieldOf({ lat: '91', lon: '0' })).toBe('lat');
    expect(fieldOf({ lat: '70', lon: '0' })).toBe('lat');
    expect(fieldOf({ lat: '0', lon: '181' })).toBe('lon');
    expect(fieldOf({ lat: 'north', lon: '0' })).toBe('lat');
    expect(fieldOf({ lat: '0', lon: '0', tz: 'Mars/Olympus_Mons' })).toBe('tz');
    expect(fieldOf({ lat: '0', lon: '0', tz: '../etc' })).toBe('tz');
    expect(fieldOf({ lat: '0', lon: '0', elevation: '10000' })).toBe('elevation');
    expect(fieldOf({ tz: 'Asia/Tokyo' })).toBe('tz');
  });
});
