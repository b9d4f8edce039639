/**
 * The README's curl examples of reads (a token header and a URL), each asked of the router in-process (env.ASSETS
 * serving the built dist/): every one answers 200 with a success body (the feed a calendar), so the examples a
 * newcomer copies keep working as the API changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, DIST_ASSETS } from '../../test/support/dist-assets.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';

const TOKEN = 'readme-token';
const env: Env = { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS: DIST_ASSETS };
const app = createApp();

/** The API paths of the README's read examples: `curl -H "<token header> $TOKEN" "$BASE/api/…"` at a line's start. */
function readmeExamples(): string[] {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const read = /^curl -H "(?:Authorization: Bearer|x-api-key:) \$TOKEN" "\$BASE(\/api\/[^"]*)"/gm;
  return [...readme.matchAll(read)].map((m) => m[1]!);
}

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('the README’s curl examples', () => {
  const examples = readmeExamples();

  it('are found (one a line, after "curl", at "$BASE/api/…")', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it.each(examples)('%s answers 200 with a success body', async (path) => {
    const res = await app.request(
      `https://panchanga.test${path}`,
      { headers: { Authorization: `Bearer ${TOKEN}` } },
      env,
    );
    const body = await res.text();
    expect(res.status, body).toBe(200);
    if (path.startsWith('/api/v1/calendar.ics')) {
      expect(res.headers.get('Content-Type')).toMatch(/^text\/calendar/);
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    } else {
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect((JSON.parse(body) as { success: boolean }).success).toBe(true);
    }
  });
});
