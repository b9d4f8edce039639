/**
 * GET /api/festivals?year=&lang= — every festival and holiday of a BS year with its dates (default: the current
 * BS year in Nepal), served from the year's static file.
 */
import { CACHE, cached } from '../../src/http/cache.ts';
import { nowMs, type Env } from '../../src/http/env.ts';
import { yearAndLang } from '../../src/http/params.ts';
import { JSON_TYPE, problem } from '../../src/http/problem.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const query = yearAndLang(url, nowMs(env));
  if (query instanceof Response) return query;
  const { year, lang } = query;
  const asset = await env.ASSETS.fetch(
    new URL(`/api/festivals/${year}${lang === 'en' ? '.en' : ''}`, url.origin),
  );
  if (asset.status !== 200) {
    return problem(
      'not-found',
      `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`,
      {
        field: 'year',
      },
    );
  }
  return cached(
    request,
    new Response(asset.body, { headers: { 'Content-Type': JSON_TYPE } }),
    CACHE.computed,
  );
};
