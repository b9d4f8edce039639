/**
 * `npm run build`: everything in dist/, in this one process, from the data loaded once:
 * - `routing`: `_routes.json` (every path through the gate), `api/access.json` (PUBLIC_READS at build time)
 *   and `_headers` (JSON type of the extensionless API files, the site's security headers);
 * - `api`: one file a BS month and language for BS_BUILD_FROM–BS_BUILD_TO (default the whole supported range, BS 1900–2200), the listing
 *   of months, the festival ids and each id's days over the built years, the festivals and the muhurats of each year (published lists, computed days for every category
 *   without one), at the paths of
 *   src/contract/endpoints.ts (a malformed curated file stops the build naming the file, the day and the field);
 * - `feed`: the webcal feed variants for the BS years around the current one in Nepal (FEED_YEARS_BEFORE and
 *   FEED_YEARS_AFTER, default 1 and 1), made from those years' API files once the api step has written them (the
 *   bytes computing them gives, src/feed/feed.ts builtFeedSource);
 * - `contract`: the OpenAPI document (from the router, with examples the library computes) and the JSON
 *   Schemas of the data files and the import format;
 * - `site`: the pages (`astro build` through its JavaScript API, into the same dist/), last: the month pages read
 *   the month files the api step wrote instead of computing them again (src/pages/calendar/_month.ts). The api
 *   step's threads write the years that have pages first and go on with the others while astro builds the pages.
 *
 * A build of every step leaves only the files it wrote in dist/ (as `astro build` would; it writes over the last
 * build's tree and then removes what it did not write again: scripts/sweep-dist.ts). `node scripts/build.ts
 * [--only=api,feed] [--years=2082-2084]` runs some steps over a built tree, the api step for some years with the
 * listing of every year (the local admin service rebuilds the year of a changed month and the feed); DIST_DIR
 * (default dist) says where.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsYearInfo, fixedToBs } from '../src/calendar/bs.ts';
import { nepalToday } from '../src/calendar/time.ts';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../src/contract/data-registry.ts';
import type { CuratedMonth } from '../src/contract/data-files.ts';
import type { AvailableMonths } from '../src/contract/day-record.ts';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import type { MuhuratFile } from '../src/contract/muhurat.ts';
import { buildFeed, builtFeedSource, libraryFeedSource } from '../src/feed/feed.ts';
import { FEED_VARIANTS } from '../src/feed/variants.ts';
import { festivalIdFiles } from '../src/festivals/dates.ts';
import { FestivalCalendar, festivalCatalog, festivalSearchEntries } from '../src/festivals/festivals.ts';
import { GLOSSARY } from '../src/festivals/glossary.ts';
import { BUILD_ACCESS_PATH, publicReads, type BuildAccess } from '../src/http/auth.ts';
import { apiExamples } from '../src/http/examples.ts';
import { PAGE_HEADERS } from '../src/http/headers.ts';
import { openApiDocument } from '../src/http/openapi.ts';
import { okBody } from '../src/http/problem.ts';
import { loadAllCurated, loadMuhuratFiles } from '../src/almanac/curated.ts';
import { DataFileError } from '../src/almanac/month-check.ts';
import { calendarPageYears } from '../src/pages/calendar/_month.ts';
import { apiYear } from './api-year.ts';
import { distWriter as writerOf } from './dist-writer.ts';
import { startSweep, type Swept } from './sweep-dist.ts';
import { sharingDays } from '../src/engine/panchanga.ts';

/** The whole range the converter supports: every endpoint answers for every year it can convert. */
const DEFAULT_BUILD_FROM = BS_MIN_YEAR;
const DEFAULT_BUILD_TO = BS_MAX_YEAR;
const STEPS = ['routing', 'api', 'feed', 'contract', 'site'] as const;
/** Cloudflare Pages deploys at most this many files (the site's pages, assets and the API files together). */
const PAGES_FILE_LIMIT = 20_000;
type Step = (typeof STEPS)[number];

interface BuildData {
  readonly curated: Map<string, CuratedMonth>;
  readonly muhurats: Map<number, MuhuratFile>;
}

/**
 * Whether this build rewrites a tree that is being served (`--only`: the local admin service's rebuild), so each file
 * replaces its old one atomically (scripts/dist-writer.ts); a whole build writes into a tree of its own. Set by the
 * main thread, and in each api thread from its plan.
 */
let replacing = false;

/**
 * The BS years whose API files this build writes again (`--years=FROM-TO`, with `--only`: the local admin service's
 * rebuild after a change to a curated month), or undefined for every year of the built range. The listing of months
 * is written whole either way. Set by the main thread.
 */
let onlyYears: { from: number; to: number } | undefined;

/** A writer into dist/, replacing files atomically when the build rewrites a served tree. */
const distWriter = (dist: string) => writerOf(dist, { replace: replacing });

function yearFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < BS_MIN_YEAR || value > BS_MAX_YEAR)
    throw new Error(`${name} must be a BS year ${BS_MIN_YEAR}–${BS_MAX_YEAR}, got ${process.env[name]}`);
  return value;
}

function countFromEnv(name: string): number {
  const value = Number(process.env[name] ?? 1);
  if (!Number.isInteger(value) || value < 0 || value > 10)
    throw new Error(`${name} must be a whole number of years 0–10, got ${process.env[name]}`);
  return value;
}

function routing(dist: string): string {
  const out = distWriter(dist);
  // Every path invokes the functions, so the gate (functions/_middleware.ts, src/http/gate.ts) sees every
  // spelling of every path; PUBLIC_READS at build time is recorded in api/access.json for the gate to read.
  const access: BuildAccess = { publicReads: publicReads({ PUBLIC_READS: process.env.PUBLIC_READS }) };
  out.write('_routes.json', JSON.stringify({ version: 1, include: ['/*'], exclude: [] }, null, 2) + '\n');
  out.write(BUILD_ACCESS_PATH, JSON.stringify(access) + '\n');
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
  out.write('_headers', headers.join('\n'));
  return `_routes.json (every path through the gate), ${BUILD_ACCESS_PATH} (public reads at build: ${access.publicReads}), _headers`;
}

/**
 * The static API. The years are independent, so they are shared among worker threads of this one process
 * (BUILD_THREADS of them; default one a core, up to 8), each writing its years' files from the data this
 * thread loaded (handed over, not loaded again); the listing is written here. This thread computes none: it
 * builds the pages (astro) once the years they show are written, while the threads go on (startApi). A worker
 * costs its own start (modules, a cold JIT); the README gives the figures.
 */
async function api(dist: string, data: BuildData): Promise<string> {
  const running = startApi(dist, () => data);
  return running.finished;
}

/** The api step under way: `pagesWritten` when the years that have month pages are written, `finished` at its end. */
interface ApiRun {
  readonly pagesWritten: Promise<void>;
  readonly finished: Promise<string>;
}

/**
 * Starts the api step's threads. The years that have month pages (src/pages/calendar/_month.ts) come first,
 * shared among the threads, so the pages can be built (by astro, in this thread) while the threads go on with
 * the other years.
 */
function startApi(dist: string, load: () => BuildData): ApiRun {
  const from = yearFromEnv('BS_BUILD_FROM', DEFAULT_BUILD_FROM);
  const to = yearFromEnv('BS_BUILD_TO', DEFAULT_BUILD_TO);
  const rebuiltFrom = Math.max(from, onlyYears?.from ?? from);
  const rebuiltTo = Math.min(to, onlyYears?.to ?? to);
  const years = Array.from({ length: Math.max(0, rebuiltTo - rebuiltFrom + 1) }, (_, i) => rebuiltFrom + i);
  const threads = Math.min(threadsFromEnv(), years.length);
  const pages = calendarPageYears();
  const hasPages = (y: number) => y >= pages.from && y <= pages.to;
  // Each thread a run of consecutive years of each kind (years cost alike, so the threads finish together): a
  // thread walks on through time, and the engine's interpolation blocks and the eclipse walk carry over from year
  // to year.
  const split = (list: number[]) => {
    const size = Math.ceil(list.length / threads);
    return Array.from({ length: threads }, (_, t) => list.slice(t * size, (t + 1) * size));
  };
  const first = split(years.filter(hasPages));
  const then = split(years.filter((y) => !hasPages(y)));
  const jobs = first.map((share, t) =>
    inWorker({ dist, years: [...share, ...then[t]!], first: share.length, replacing }),
  );
  // The threads load their modules while this one loads the data, then each is handed it (or stopped).
  let data: BuildData;
  try {
    data = load();
  } catch (error) {
    for (const job of jobs) job.stop();
    throw error;
  }
  for (const job of jobs) job.start(data);
  const pagesWritten = Promise.all(jobs.map((job) => job.firstWritten)).then(() => undefined);
  return {
    pagesWritten,
    finished: Promise.all(jobs.map((job) => job.done)).then((done) =>
      listing(dist, { from, to }, years, threads, done, data.curated),
    ),
  };
}

/**
 * The listing of months of the whole built range, once every thread is done (its curated months from the data);
 * the step's summary, naming the years written.
 */
function listing(
  dist: string,
  range: { from: number; to: number },
  written: readonly number[],
  threads: number,
  done: readonly YearsDone[],
  curated: BuildData['curated'],
): string {
  const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const years = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  const out = distWriter(dist);
  const listing: AvailableMonths = {
    computedRange: range,
    supportedRange: { from: BS_MIN_YEAR, to: BS_MAX_YEAR },
    years: years.map((year) => {
      const info = bsYearInfo(year);
      return {
        year,
        status: info.status,
        months,
        curatedMonths: months.filter((month) => curated.has(`${year}-${month}`)),
        nearBoundaryMonths: info.nearBoundaryMonths.map((m) => m.month),
      };
    }),
  };
  out.write(STATIC_FILES.availableMonths('ne'), okBody(listing));
  out.write(STATIC_FILES.availableMonths('en'), okBody(listing));
  const ids = festivalIds(dist, years);
  const files = out.files + done.reduce((sum, d) => sum + d.files, 0);
  const which = written.length === years.length ? '' : ` (the listing of BS ${range.from}–${range.to})`;
  const span = written.length ? `BS ${written[0]}–${written.at(-1)}` : 'no year';
  return `api: ${files + ids.files} files for ${span}${which} (${threads} thread${threads === 1 ? '' : 's'})${ids.note}`;
}

/**
 * The festival ids (/api/festivals/ids) and each id's days over the built `years` (/api/festivals/{id}), from the
 * year listings in the tree: those this build wrote and, rebuilding some years, the others already there. A tree
 * without every year's listing (a rebuild into an empty one) gets no id files, and the step says so.
 */
function festivalIds(dist: string, years: readonly number[]): { files: number; note: string } {
  const out = distWriter(dist);
  const missing = years.find((year) => !existsSync(join(dist, STATIC_FILES.festivals(year, 'en'))));
  out.write(STATIC_FILES.printedNames(), JSON.stringify(GLOSSARY.map((entry) => entry.ne)));
  out.write(STATIC_FILES.festivalSearch(), JSON.stringify(festivalSearchEntries()));
  for (const lang of ['ne', 'en'] as const) {
    out.write(STATIC_FILES.festivalIds(lang), okBody({ festivals: festivalCatalog(lang) }));
    if (missing !== undefined) continue;
    const listings = years.map((year) => ({
      year,
      text: readFileSync(join(dist, STATIC_FILES.festivals(year, lang)), 'utf8'),
    }));
    for (const [id, text] of festivalIdFiles(listings)) {
      const path = STATIC_FILES.festivalById(id, lang);
      // Rebuilding some years of a served tree, an id those years leave as it was keeps its file: most do.
      if (replacing && sameText(join(dist, path), text)) continue;
      out.write(path, text);
    }
  }
  return {
    files: out.files,
    note: missing === undefined ? '' : `; no festival id files: the tree has no listing of BS ${missing}`,
  };
}

/** Whether the file at `path` holds `text` (false when there is none). */
function sameText(path: string, text: string): boolean {
  try {
    return readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

/** The most threads the api step takes by default, however many cores the machine has. */
const MAX_DEFAULT_THREADS = 8;

/**
 * Threads of the api step: BUILD_THREADS, else one a core, up to MAX_DEFAULT_THREADS. On 2 cores that is 2, the best
 * measured there (1 and 3 are slower: scripts/bench/README.md); a machine with more cores builds more years at once,
 * the pages (astro) taking their share of this thread's time.
 */
function threadsFromEnv(): number {
  const value = Number(process.env.BUILD_THREADS ?? Math.min(MAX_DEFAULT_THREADS, availableParallelism()));
  if (!Number.isInteger(value) || value < 1 || value > 16)
    throw new Error(`BUILD_THREADS must be a whole number 1–16, got ${process.env.BUILD_THREADS}`);
  return value;
}

/** What a thread is given when it starts: where to write, its years (in order) and how many come first (it says
 * when they are written); the data follows in a message. */
interface YearsPlan {
  readonly dist: string;
  readonly years: readonly number[];
  readonly first: number;
  /** Files replace those of a served tree (see `replacing`). */
  readonly replacing: boolean;
}
interface YearsJob extends YearsPlan {
  readonly data: BuildData;
}

/** What a thread did: how many files it wrote. */
interface YearsDone {
  readonly files: number;
}

/** The files of some BS years (month files, stored days, festivals, muhurats); `firstWritten` is called when the
 * first `first` years are. */
function apiYears({ dist, years, first, data }: YearsJob, firstWritten: () => void): YearsDone {
  const out = distWriter(dist);
  const festivals = new FestivalCalendar({ curated: data.curated });
  if (first === 0) firstWritten();
  years.forEach((year, i) => {
    // Each Kathmandu day of the year is computed once, for its muhurats, month files and stored day.
    sharingDays(() => apiYear(out, year, data.curated, data.muhurats, festivals));
    if (i + 1 === first) firstWritten();
  });
  return { files: out.files };
}

/** A thread's messages: its first years are written, then all of them. */
type ThreadMessage = { readonly firstWritten: true } | { readonly done: YearsDone };

/**
 * apiYears in a worker thread running this script, started at once (its modules load meanwhile) and given the data
 * by `start`: when its first years are written, and when it is done.
 */
function inWorker(plan: YearsPlan): {
  start: (data: BuildData) => void;
  stop: () => void;
  firstWritten: Promise<void>;
  done: Promise<YearsDone>;
} {
  const worker = new Worker(new URL(import.meta.url), { workerData: plan });
  let wroteFirst = () => {};
  const first = new Promise<void>((resolve) => (wroteFirst = resolve));
  const done = new Promise<YearsDone>((resolve, reject) => {
    worker.on('message', (m: ThreadMessage) => ('done' in m ? resolve(m.done) : wroteFirst()));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a build thread stopped with exit code ${code}`));
    });
  });
  // A thread that fails before its first years are written fails the wait for them too.
  return {
    start: (data) => worker.postMessage(data),
    // Stopped before it was given anything: its end is not a failure of its own.
    stop: () => {
      done.catch(() => {});
      void worker.terminate();
    },
    firstWritten: Promise.race([first, done.then(() => undefined)]),
    done,
  };
}

/** The BS years of the feed: the current one in Nepal with FEED_YEARS_BEFORE and FEED_YEARS_AFTER around it. */
function feedYears(): number[] {
  const current = fixedToBs(nepalToday(Date.now())).year;
  const from = Math.max(BS_MIN_YEAR, current - countFromEnv('FEED_YEARS_BEFORE'));
  const to = Math.min(BS_MAX_YEAR, current + countFromEnv('FEED_YEARS_AFTER'));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Whether the feed is made from the tree's API files of its years (builtFeedSource), set by the main thread: when
 * this build's api step has written them by the time the feed step runs, or when the build runs no api step (the
 * tree's files are what is served). Otherwise, and where a file is missing, from the library.
 */
let feedFromTree = true;

async function feed(dist: string, { curated, muhurats }: BuildData): Promise<string> {
  const out = distWriter(dist);
  const years = feedYears();
  const read = (path: string) => {
    try {
      return readFileSync(join(dist, path), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const built = feedFromTree ? await builtFeedSource(years, read) : null;
  const source = built ?? libraryFeedSource(years, curated, muhurats);
  for (const variant of FEED_VARIANTS) out.write(STATIC_FILES.feed(variant.file), buildFeed(source, variant));
  return `feed: ${out.files} variants for BS ${years[0]}–${years.at(-1)} (${built ? 'from the API files' : 'computed'})`;
}

function contract(dist: string, data: BuildData): string {
  const out = distWriter(dist);
  out.write(
    STATIC_FILES.openapi(),
    JSON.stringify(openApiDocument(apiExamples(data.curated, data.muhurats))),
  );
  for (const kind of PUBLISHED_SCHEMAS)
    out.write(STATIC_FILES.schema(kind.name), JSON.stringify(jsonSchemaOf(kind), null, 1));
  return `contract: the OpenAPI document and ${PUBLISHED_SCHEMAS.length} JSON Schemas`;
}

/** The pages, by astro into dist/ beside the files the other steps wrote (which it would otherwise empty). */
async function site(dist: string): Promise<string> {
  // Loaded here: a thread of the api step runs this script too and needs none of astro.
  const { build } = await import('astro');
  await build({ root: process.cwd(), outDir: resolve(dist), vite: { build: { emptyOutDir: false } } });
  return 'site: the pages (astro)';
}

const RUN: Record<Step, (dist: string, data: BuildData) => string | Promise<string>> = {
  routing,
  api,
  feed,
  contract,
  site,
};

function loadData(): BuildData {
  try {
    return { curated: loadAllCurated(), muhurats: loadMuhuratFiles() };
  } catch (error) {
    if (error instanceof DataFileError) {
      console.error(`Curated data is invalid:\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The steps asked for (`--only=`), in order, each timed. */
async function main(): Promise<void> {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = only?.filter((s) => !(STEPS as readonly string[]).includes(s)) ?? [];
  if (unknown.length) throw new Error(`unknown build step ${unknown.join(', ')}; steps: ${STEPS.join(', ')}`);
  const steps = STEPS.filter((s) => !only || only.includes(s));
  // Some steps over an existing tree (the local admin's rebuild, while wrangler serves it): each file replaced at once.
  replacing = only !== undefined;
  const years = process.argv.find((a) => a.startsWith('--years='))?.slice('--years='.length);
  if (years !== undefined) {
    const [from, to] = years.split('-').map(Number) as [number, number];
    const inRange = (y: number) => Number.isInteger(y) && y >= BS_MIN_YEAR && y <= BS_MAX_YEAR;
    if (!only?.includes('api') || !inRange(from) || !inRange(to) || from > to)
      throw new Error(
        `--years=FROM-TO (BS ${BS_MIN_YEAR}–${BS_MAX_YEAR}) rewrites some years of the api step of a built tree, with --only=api; got --years=${years}`,
      );
    onlyYears = { from, to };
  }
  const dist = process.env.DIST_DIR ?? 'dist';
  // A whole build leaves only what it wrote, as `astro build` does, writing over the last build's tree and then
  // removing what it did not write again (scripts/sweep-dist.ts: a file written again keeps its inode).
  let sweep: (() => Swept) | undefined;
  if (!only) {
    const target = resolve(dist);
    if (process.cwd() === target || process.cwd().startsWith(target + sep))
      throw new Error(`DIST_DIR ${dist} holds the project; give the build a directory of its own`);
    sweep = startSweep(target);
  }
  // astro moves its assets into the tree from the project's .astro/ by renaming, which cannot cross filesystems.
  if (steps.includes('site') && existsSync(dist) && statSync(dist).dev !== statSync(process.cwd()).dev)
    throw new Error(
      `DIST_DIR ${dist} is on another filesystem than the project, where astro cannot move its files; give a directory on the project's filesystem`,
    );
  // Loaded once, by the first step that reads data (routing and site read none).
  let data: BuildData | undefined;
  const readsNoData: readonly Step[] = ['routing', 'site'];
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  // With the pages, the api step's threads go on beside the steps after it; the pages wait only for the years
  // they show (startApi), and the step is reported when its threads end.
  let apiRunning: { run: ApiRun; started: number } | undefined;
  for (const step of steps) {
    const started = performance.now();
    if (step === 'api' && steps.includes('site')) {
      apiRunning = { run: startApi(dist, () => (data ??= loadData())), started };
      continue;
    }
    let waited = '';
    if (step === 'site' && apiRunning) {
      await apiRunning.run.pagesWritten;
      waited = ` (after ${seconds(started)} for the years they show)`;
    }
    // The feed's years are among the pages' (BS 2000–2100): it waits for them as the pages do, and is made from
    // their files; a build whose pages do not hold them computes the feed's years.
    if (step === 'feed' && apiRunning) {
      const pages = calendarPageYears();
      const years = feedYears();
      feedFromTree = years[0]! >= pages.from && years.at(-1)! <= pages.to;
      if (feedFromTree) {
        await apiRunning.run.pagesWritten;
        waited = ` (after ${seconds(started)} for its years)`;
      }
    }
    const running = performance.now();
    const what = await RUN[step](
      dist,
      readsNoData.includes(step) ? (data as BuildData) : (data ??= loadData()),
    );
    console.log(`${dist}: ${what} in ${seconds(running)}${waited}`);
  }
  if (apiRunning) console.log(`${dist}: ${await apiRunning.run.finished} in ${seconds(apiRunning.started)}`);
  const swept = sweep?.();
  const files =
    swept?.files ??
    readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const removed = swept?.removed ? `; ${swept.removed} left from the build before removed` : '';
  console.log(
    `${dist}: ${files} files in all (Cloudflare Pages deploys at most ${PAGES_FILE_LIMIT})${removed}`,
  );
  if (files > PAGES_FILE_LIMIT) {
    console.error(`${dist} has ${files} files, over Cloudflare Pages' limit of ${PAGES_FILE_LIMIT}`);
    process.exitCode = 1;
  }
}

// A thread of the api step (inWorker) builds its years and says what it did; the main thread runs the steps.
if (isMainThread) await main();
else {
  parentPort!.once('message', (data: BuildData) => {
    const job: YearsJob = { ...(workerData as YearsPlan), data };
    replacing = job.replacing;
    const done = apiYears(job, () => parentPort!.postMessage({ firstWritten: true }));
    parentPort!.postMessage({ done });
  });
}
