/**
 * Writes the Cloudflare Pages routing files into dist/ after `astro build`:
 * - `_routes.json`: which paths invoke functions. Every /api/ path does, so the middleware checks tokens;
 *   with PUBLIC_READS=true at build time the static month files and listings are excluded and served
 *   straight from the CDN without a function (their English forms are then at the `.en` paths).
 * - `_headers`: JSON content type for the extensionless month files, and security headers for the site.
 */
import { writeFileSync } from 'node:fs';
import { publicReads } from '../src/http/auth.ts';
import { SECURITY_HEADERS } from '../src/http/headers.ts';

const open = publicReads({ PUBLIC_READS: process.env.PUBLIC_READS });
const routes = {
  version: 1,
  include: ['/api/*'],
  exclude: open
    ? [
        '/api/panchanga/19*',
        '/api/panchanga/20*',
        '/api/panchanga/21*',
        '/api/panchanga/22*',
        '/api/panchanga/available-months*',
      ]
    : [],
};
writeFileSync('dist/_routes.json', JSON.stringify(routes, null, 2) + '\n');

const security = Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
const headers = [
  '/*',
  ...security,
  '',
  ...['/api/panchanga/*', '/api/festivals/*', '/api/muhurats/*'].flatMap((path) => [
    path,
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '',
  ]),
];
writeFileSync('dist/_headers', headers.join('\n'));
console.log(
  `dist/_routes.json (${open ? 'public reads: static API files served without functions' : 'every /api/ path through functions'}), dist/_headers`,
);
