/**
 * GET /api/muhurats?year=&category=bibaha|bratabandha|pasni&lang= — the auspicious days of a BS year (default:
 * the current BS year in Nepal) in one or more comma-separated categories (default: the three specified), sorted
 * by date: a published list where one exists, computed days (`estimated`, `windows`, `because`) elsewhere. The
 * build writes each year's file (dist/api/muhurats/{YYYY}); this only parses, reads it and shapes the answer.
 */
import type { MuhuratYear } from '../../src/contract/muhurat.ts';
import { MUHURAT_CATEGORIES } from '../../src/contract/muhurat.ts';
import { readJsonAsset } from '../../src/http/assets.ts';
import { CACHE, cached } from '../../src/http/cache.ts';
import { nowMs, type Env } from '../../src/http/env.ts';
import { yearAndLang } from '../../src/http/params.ts';
import { ok, problem } from '../../src/http/problem.ts';
import { KNOWN_CATEGORIES, muhuratList } from '../../src/muhurat/muhurat.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const query = yearAndLang(url, nowMs(env));
  if (query instanceof Response) return query;
  const { year, lang } = query;
  const requested = url.searchParams.get('category');
  const categories = requested ? requested.split(',').map((c) => c.trim()) : [...MUHURAT_CATEGORIES];
  const unknown = categories.filter((c) => !KNOWN_CATEGORIES.includes(c));
  if (unknown.length || categories.length === 0) {
    return problem(
      'bad-request',
      `unknown category "${unknown.join(',').slice(0, 40)}"; allowed: ${KNOWN_CATEGORIES.join(', ')} (default: ${MUHURAT_CATEGORIES.join(', ')})`,
      { field: 'category' },
    );
  }
  const file = await readJsonAsset<MuhuratYear>(env.ASSETS, url, `/api/muhurats/${year}`);
  if (!file) {
    return problem(
      'not-found',
      `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`,
      { field: 'year' },
    );
  }
  return cached(request, ok(muhuratList(file, year, categories, lang)), CACHE.computed);
};
