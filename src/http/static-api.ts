/**
 * Which static file answers an API path. Month files live at the clean URL without an extension
 * (`/api/panchanga/2083/01`), their English form beside them with `.en`; `?lang=en` selects it and a
 * one-digit month is accepted. Returns the asset path, a problem to answer, or null when the path is not static.
 */
import { problem } from './problem.ts';

export type Lang = 'ne' | 'en';

/** Read `lang` (default ne). Returns a problem response for any other value. */
export function langParam(url: URL): Lang | Response {
  const lang = url.searchParams.get('lang') ?? 'ne';
  if (lang === 'ne' || lang === 'en') return lang;
  return problem('bad-request', `lang must be "ne" or "en", got "${lang.slice(0, 20)}"`, { field: 'lang' });
}

const MONTH_PATH = /^\/api\/panchanga\/([^/]+)\/([^/]+)\/?$/;
const LISTINGS = ['/api/panchanga/available-months'];

export interface StaticTarget {
  assetPath: string;
  /** BS year of a month file, for its cache policy. */
  year?: number;
}

export function staticTarget(url: URL): StaticTarget | Response | null {
  const path = url.pathname;
  if (LISTINGS.includes(path.replace(/\/$/, ''))) {
    const lang = langParam(url);
    if (lang instanceof Response) return lang;
    return { assetPath: path.replace(/\/$/, '') + (lang === 'en' ? '.en' : '') };
  }
  const month = path.match(MONTH_PATH);
  if (!month || month[1] === 'by-english-date') return null;
  const [, yearText, monthText] = month as unknown as [string, string, string];
  if (!/^\d{4}$/.test(yearText)) {
    return problem('bad-request', `year must be four digits, got "${yearText.slice(0, 20)}"`, {
      field: 'year',
    });
  }
  if (!/^\d{1,2}$/.test(monthText) || Number(monthText) < 1 || Number(monthText) > 12) {
    return problem('bad-request', `month must be 1–12, got "${monthText.slice(0, 20)}"`, { field: 'month' });
  }
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  return {
    assetPath: `/api/panchanga/${yearText}/${monthText.padStart(2, '0')}${lang === 'en' ? '.en' : ''}`,
    year: Number(yearText),
  };
}
