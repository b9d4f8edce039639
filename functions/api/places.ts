/** GET /api/places — the gazetteer behind `place=<id>`: every place with its names, coordinates and time zone. */
import { GAZETTEER } from '../../src/calendar/places.ts';
import { CACHE, cached } from '../../src/http/cache.ts';
import type { Env } from '../../src/http/env.ts';
import { ok } from '../../src/http/problem.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request }) =>
  cached(request, ok({ places: GAZETTEER }), CACHE.computed);
