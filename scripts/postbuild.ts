/**
 * Writes the Cloudflare Pages routing and access files into dist/ after `astro build`:
 * - `_routes.json`: every path invokes the functions, so the gate in functions/_middleware.ts (src/http/gate.ts)
 *   sees every spelling of every path; no static API file is served around it (`//api/…`, `/%61pi/…` and
 *   `/API/…` all reach files when only `/api/*` is routed).
 * - `api/access.json`: PUBLIC_READS as it was at build time. The gate reads it through env.ASSETS, so reads
 *   are public (static files and functions alike) when the build or the running deployment says so.
 * - `_headers`: JSON content type for the extensionless API files, and the site's security headers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { BUILD_ACCESS_PATH, publicReads, type BuildAccess } from '../src/http/auth.ts';
import { PAGE_HEADERS } from '../src/http/headers.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const access: BuildAccess = { publicReads: publicReads({ PUBLIC_READS: process.env.PUBLIC_READS }) };
const routes = { version: 1, include: ['/*'], exclude: [] };
writeFileSync(`${DIST}/_routes.json`, JSON.stringify(routes, null, 2) + '\n');
mkdirSync(`${DIST}/api`, { recursive: true });
writeFileSync(`${DIST}${BUILD_ACCESS_PATH}`, JSON.stringify(access) + '\n');

const security = Object.entries(PAGE_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
const headers = [
  '/*',
  ...security,
  '',
  ...['/api/panchanga/*', '/api/festivals/*', '/api/muhurats/*'].flatMap((path) => [
    path,
    '  Content-Type: application/json; charset=utf-8',
    '',
  ]),
];
writeFileSync(`${DIST}/_headers`, headers.join('\n'));
console.log(
  `dist/_routes.json (every path through the gate), ${DIST}${BUILD_ACCESS_PATH} (public reads at build: ${access.publicReads}), dist/_headers`,
);
