/**
 * The functions' CPU at the edge: functions/api/[[route]].ts bundled as Pages deploys it (esbuild, one ES
 * module for the workerd conditions), then, for each route, a fresh Node process (a cold isolate) that times in
 * CPU of its main thread (the isolate's own, not V8's background threads; read exactly, as the child says) the
 * bundle's start (module evaluation and the priming of its request path, src/http/prime.ts), the first request,
 * and the next 1,000 requests (median and p99), in five fresh processes a route, the routes taken in turn (so that a change in the machine's speed reaches them all),
 * printed as the median over the processes with their min–max. env.ASSETS
 * answers from dist/ (or DIST_DIR; run the build first) with an ETag, as Cloudflare's asset server does; the CPU of reading
 * those files is left out, as it is not the isolate's on Cloudflare, and so is Node's first use of its fetch
 * classes (undici: each path a request takes through them, taken once before timing), Web Crypto and text codecs,
 * which workerd has built in, and ICU's set-up, which Node does once a process on its first Intl.DateTimeFormat as a
 * workerd process does once for its isolates (set up in another isolate of the child, so its own stays cold). The process may not generate
 * code from strings, as workerd may not (zod then parses without its compiled fast path, as at the edge). Also
 * the bundle's size, raw and gzipped.
 * Targets (issue 21): a cold request ≤ 10 ms of CPU, a warm one ≤ 2 ms at p99. Cloudflare charges a request's CPU
 * against the plan's limit (10 ms on the free plan) and limits the start apart (a Worker must parse and run its
 * global scope within 1 s: developers.cloudflare.com/workers/platform/limits): the first request is printed
 * against the 10 ms alone, and with the start, the stricter reading.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { median, medianRange, quantileOf } from './measure.ts';

const ENTRY = 'functions/api/[[route]].ts';
/** The thread-CPU clock the child reads, bundled for it (so the child loads no TypeScript stripper). */
const MEASURE = new URL('./measure.ts', import.meta.url).pathname;

/** The function bundled as wrangler bundles it for Pages: esbuild, one ES module, workerd conditions. */
export const FUNCTION_BUNDLE: BuildOptions = {
  entryPoints: [ENTRY],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  logLevel: 'error',
};
/** The built site whose files env.ASSETS serves (as scripts/build.ts writes it). */
export const DIST = process.env.DIST_DIR ?? 'dist';
/** The token the requests carry (the functions' DEFAULT_MOBILE_TOKEN). */
export const TOKEN = 'bench-token';
/** Requests timed after the first, on a warm isolate. */
export const WARM_REQUESTS = 1000;
/** Fresh processes (cold isolates) a route. */
export const FRESH_ISOLATES = 5;
/** Issue 21's targets: a cold request's CPU, a warm one's at p99 (ms). */
export const COLD_TARGET_MS = 10;
export const WARM_P99_TARGET_MS = 2;

/**
 * Each route: its first request, and the i-th of the next ones (by-english-date walks over many dates: every 13th
 * day from 2000-01-01, a new month file each time). Each is written out whole for the child (its source becomes a
 * module there), so none may call a helper of this file.
 */
export const ROUTES: [string, (i: number) => string][] = [
  ['today', () => '/api/panchanga?lang=en'],
  [
    'by-english-date',
    (i) =>
      `/api/panchanga/by-english-date/${new Date(Date.UTC(2000, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10)}`,
  ],
  [
    'converter',
    (i) => `/api/date-converter?date=20${String(10 + (i % 70))}-0${1 + (i % 9)}-1${i % 10}&from=bs`,
  ],
  ['muhurats', (i) => `/api/muhurats?year=${2075 + (i % 9)}&category=bibaha`],
  // The auspicious days of the next 90 days from a walking first day: one or two years' files read and cut.
  [
    'upcoming muhurats',
    (i) =>
      `/api/muhurats/upcoming?days=90&from=${new Date(Date.UTC(2000, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10)}`,
  ],
  // A month's view by AD dates (30 days, two month files), walking as by-english-date does.
  [
    'range of 30 days',
    (i) =>
      `/api/panchanga/range?from=${new Date(Date.UTC(2000, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.UTC(2000, 0, 30) + i * 13 * 86_400_000).toISOString().slice(0, 10)}`,
  ],
  ['festivals', (i) => `/api/festivals?year=${2000 + (i % 150)}`],
  // One festival over the default ten years: ten year listings read, the id's lines taken from each.
  ['a festival over 10 years', (i) => `/api/festivals/vijaya_dashami?from=${2000 + (i % 150)}`],
  // Festival ids found by name: the ids and names files read (kept parsed), the words searched.
  [
    'festival search',
    (i) =>
      `/api/festivals/ids?q=${encodeURIComponent(['dashain', 'tihar', 'दशैँ', 'holi', 'losar', 'teej', 'kija', 'eid'][i % 8]!)}`,
  ],
  // A day at a place (src/almanac/at-place.ts): computed in the function, where the others read built files.
  [
    'by-english-date at Pokhara',
    (i) =>
      `/api/panchanga/by-english-date/${new Date(Date.UTC(2000, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10)}?place=pokhara`,
  ],
  [
    'by-english-date in London',
    (i) =>
      `/api/panchanga/by-english-date/${new Date(Date.UTC(2000, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10)}?place=london`,
  ],
  ['token gate + static month', (i) => `/api/panchanga/${2000 + (i % 150)}/0${1 + (i % 9)}`],
  // A whole BS month computed at a place (each of its days, as a span at a place is), walking over the months.
  ['month at Pokhara', (i) => `/api/panchanga/${2000 + (i % 150)}/0${1 + (i % 9)}?place=pokhara`],
];

/**
 * The floor under every route: the chosen stack alone (hono on its LinearRouter, @hono/zod-validator, zod), one
 * route validating a query, bundled and timed as the function is. What it costs to start is what any function
 * on this stack costs before a line of ours runs.
 */
export const FLOOR_ENTRY = `
import { Hono } from 'hono';
import { LinearRouter } from 'hono/router/linear-router';
import { zValidator } from '@hono/zod-validator';
import * as z from 'zod';
const app = new Hono({ router: new LinearRouter() });
const query = z.object({ year: z.coerce.number().int().min(1900).max(2200), lang: z.enum(['ne', 'en']).default('ne') });
app.get('/floor', zValidator('query', query), (c) => c.json({ success: true, data: c.req.valid('query') }));
export const onRequest = (context) => app.fetch(context.request);
`;
export const FLOOR_ROUTE: [string, (i: number) => string] = [
  'floor: hono + zod, one validated route',
  (i) => `/floor?year=${1900 + (i % 300)}`,
];

/** The child: a cold isolate's start, first request and warm requests, printed as JSON. */
const CHILD = `
import { readFileSync, existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
const [bundle, dist, token, count, route, measure] = process.argv.slice(2);
const { default: pathOf } = await import(route);
// CPU of the isolate's own thread, in ms, exact (scripts/bench/measure.ts), less what reading it costs.
const { threadCpu: cpu, clockCostMs: clockMs } = await import(measure);
let assetsCpu = 0;
let fetches = 0;
// The asset server is outside the isolate: each file is read once, so reading it makes no garbage in the isolate.
const files = new Map();
const ASSETS = {
  async fetch(input) {
    const before = cpu();
    fetches++;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const file = dist + decodeURIComponent(url.pathname);
    let stored = files.get(file);
    if (!stored) {
      const body = existsSync(file) ? readFileSync(file) : null;
      // Cloudflare's asset server answers a file with its content hash as a strong ETag, as this does.
      const etag = body ? '"' + createHash('sha256').update(body).digest('hex').slice(0, 32) + '"' : null;
      files.set(file, (stored = { body, etag }));
    }
    assetsCpu += cpu() - before;
    return stored.body
      ? new Response(stored.body, { status: 200, headers: { ETag: stored.etag } })
      : new Response('not found', { status: 404 });
  },
};
const env = { ASSETS, DEFAULT_MOBILE_TOKEN: token };
async function request(path) {
  const request = new Request('https://bench.example' + path, { headers: { authorization: 'Bearer ' + token } });
  const context = { request, env, params: {}, data: {}, waitUntil() {}, passThroughOnException() {}, next: () => ASSETS.fetch(request), functionPath: '' };
  const assetsBefore = assetsCpu;
  const fetchesBefore = fetches;
  const start = cpu();
  const response = await mod.onRequest(context);
  // The whole body is read, chunk by chunk as the isolate sends it: joining the chunks into one buffer or decoding
  // them to text is the client's work (Node's UTF-8 decoding of a 70 KB Devanagari file alone took 2.7 ms, and a
  // 180 KB copy a request made V8 collect its old generation every 30 requests).
  const chunks = [];
  if (response.body) for await (const chunk of response.body) chunks.push(chunk);
  const ms = cpu() - start - (assetsCpu - assetsBefore) - clockMs * (1 + fetches - fetchesBefore);
  if (response.status >= 500) console.error(path, response.status, Buffer.concat(chunks).toString('utf8', 0, 300));
  return { ms: Math.max(0, ms), status: response.status };
}
// Node builds its fetch classes (undici), its Web Crypto and its text codecs on first use, which workerd has
// built in: build them before timing. Undici is JavaScript that V8 compiles function by function when first called,
// so each of its paths a request takes is taken here once with values of its own (none of the bundle's code runs):
// a request's headers read, headers built, copied and iterated, a body read as JSON, as bytes and as a stream, a
// stream's body handed to a new Response (as the answer's headers are set), an empty 304. Measured (session 19):
// with the first two lines alone, the first request of today still spent about 1.5 ms in undici.
for (let i = 0; i < 2; i++) {
  const request = new Request('https://warm.example/a?b=c', { headers: { authorization: 'Bearer w', 'x-api-key': 'w' } });
  void request.headers.get('authorization');
  void new URL(request.url).searchParams.get('b');
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', ETag: '"w"' });
  headers.set('Cache-Control', 'no-cache');
  headers.append('Vary', 'Origin');
  void headers.get('etag');
  headers.delete('Vary');
  for (const entry of headers) void entry;
  await new Response(new Request('https://warm.example', { headers: { a: 'b' } }).url).text();
  await new Response('{"a":1}', { status: 200, headers }).clone().json();
  await new Response(new Uint8Array([123, 125]), { headers: { ETag: '"w"' } }).json();
  await new Response(new Uint8Array(1), { status: 200 }).arrayBuffer();
  const inner = new Response('{"b":2}', { status: 200, headers });
  const outer = new Response(inner.body, { status: inner.status, statusText: inner.statusText, headers: new Headers(inner.headers) });
  // Reading a body to its end releases the stream's reader, which in Node builds an error lazily through a fresh
  // vm context (1.5–3 ms the first time; workerd's streams are native).
  for await (const chunk of outer.body) void chunk;
  void new Response(null, { status: 304, headers: new Headers(headers) });
}
await crypto.subtle.digest('SHA-256', new TextEncoder().encode('warm'));
// ICU: Node sets it up for the whole process on the first Intl.DateTimeFormat (15–25 ms), as a workerd process does
// once for all the isolates it runs. It is set up here in another isolate (a worker thread), so that this one stays
// as cold as a fresh isolate at the edge: a first formatter in a second isolate costs about 0.2 ms (session 25).
await new Promise((resolve, reject) => {
  const icu = new Worker("new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: 'numeric' }).format(0)", { eval: true });
  icu.once('exit', resolve);
  icu.once('error', reject);
});
new TextDecoder().decode(new Uint8Array([0xe0, 0xa4, 0x95]));
const startBefore = cpu();
const mod = await import(bundle);
// The start's work includes the bundle's priming of its request path (src/http/prime.ts), which workerd runs in the
// global scope's promise jobs before the isolate serves, and Node's Web Crypto finishes on later turns of the event
// loop: the start ends when it has.
await mod.primed;
const startMs = cpu() - startBefore - clockMs;
const first = await request(pathOf(0));
const warm = [];
const statuses = new Set([first.status]);
for (let i = 1; i <= Number(count); i++) {
  const r = await request(pathOf(i));
  warm.push(r.ms);
  statuses.add(r.status);
}
console.log(JSON.stringify({ startMs, firstMs: first.ms, warm, statuses: [...statuses] }));
`;

interface ChildResult {
  startMs: number;
  firstMs: number;
  warm: number[];
  statuses: number[];
}

export async function functionsBench(): Promise<string[]> {
  if (!existsSync(`${DIST}/api/panchanga/available-months`))
    throw new Error(
      'functions bench: dist/ has no built API; run `npm run build` (or the build bench) first',
    );
  const dir = mkdtempSync(join(tmpdir(), 'bench-functions-'));
  try {
    const bundle = join(dir, 'worker.mjs');
    await build({ ...FUNCTION_BUNDLE, outfile: bundle });
    const clock = join(dir, 'measure.mjs');
    await build({
      entryPoints: [MEASURE],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: clock,
      logLevel: 'error',
    });
    const floor = join(dir, 'floor.mjs');
    await build({
      ...FUNCTION_BUNDLE,
      entryPoints: undefined,
      stdin: { contents: FLOOR_ENTRY, resolveDir: process.cwd(), loader: 'js' },
      outfile: floor,
    });
    const raw = readFileSync(bundle);
    const child = join(dir, 'child.mjs');
    writeFileSync(child, CHILD);
    const lines = [
      `functions: ${ENTRY} bundled (esbuild, workerd conditions): ${(raw.length / 1024).toFixed(0)} KiB raw, ${(gzipSync(raw).length / 1024).toFixed(0)} KiB gzipped`,
      `  CPU ms per route, median (min–max) over ${FRESH_ISOLATES} fresh processes (cold isolates): the start (module`,
      `  evaluation and priming), the first request, and the median and p99 of the next ${WARM_REQUESTS} (warm). Each figure is the CPU of the`,
      "  isolate's own thread (V8's background compiler and marking threads left out, as Cloudflare does not charge them",
      '  to a request), less what reading the clock costs.',
    ];
    // The routes' paths as modules: the child may not evaluate code from strings, as workerd may not.
    const subjects = [...ROUTES, FLOOR_ROUTE];
    const routeFiles = subjects.map(([, path], r) => {
      const file = join(dir, `route-${r}.mjs`);
      writeFileSync(file, `export default ${path.toString()};\n`);
      return file;
    });
    const results: ChildResult[][] = subjects.map(() => []);
    for (let run = 0; run < FRESH_ISOLATES; run++) {
      subjects.forEach(([name], r) => {
        const proc = spawnSync(
          process.execPath,
          [
            // workerd forbids code generation from strings (eval, new Function): so does the isolate here, and
            // zod parses without its compiled fast path, as it does at the edge.
            '--disallow-code-generation-from-strings',
            child,
            `file://${resolve(r < ROUTES.length ? bundle : floor)}`,
            resolve(DIST),
            TOKEN,
            String(WARM_REQUESTS),
            `file://${routeFiles[r]}`,
            `file://${clock}`,
          ],
          { encoding: 'utf8' },
        );
        if (proc.status !== 0) throw new Error(`functions bench: ${name} failed\n${proc.stderr}`);
        results[r]!.push(JSON.parse(proc.stdout) as ChildResult);
      });
    }
    const mark = (ms: number, target: number) => (ms <= target ? '' : ` > ${target}`);
    subjects.forEach(([name], r) => {
      const runs = results[r]!;
      const firsts = runs.map((x) => x.firstMs);
      const colds = runs.map((x) => x.startMs + x.firstMs);
      const p99s = runs.map((x) => quantileOf(x.warm, 0.99));
      const statuses = [...new Set(runs.flatMap((x) => x.statuses))];
      lines.push(
        `  ${name}: first request ${medianRange(firsts, 1)}${mark(median(firsts), COLD_TARGET_MS)}; ` +
          `start ${medianRange(
            runs.map((x) => x.startMs),
            1,
          )}, with the first ${median(colds).toFixed(1)}${mark(median(colds), COLD_TARGET_MS)}; ` +
          `warm median ${medianRange(
            runs.map((x) => median(x.warm)),
            2,
          )}, p99 ${medianRange(p99s, 2)}${mark(median(p99s), WARM_P99_TARGET_MS)}; statuses ${statuses.join(', ')}`,
      );
    });
    const floorRaw = readFileSync(floor);
    lines.push(
      `  (floor: the stack alone, ${(floorRaw.length / 1024).toFixed(0)} KiB raw, ${(gzipSync(floorRaw).length / 1024).toFixed(0)} KiB gzipped: what any function on hono and zod costs to start and answer before a line of ours runs)`,
    );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await functionsBench()).join('\n'));
}
