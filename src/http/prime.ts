/**
 * Priming an isolate's request path while it starts. V8 compiles a function the first time it is called, and the
 * first request of a fresh isolate called some hundreds of hono's functions and ours for the first time: 4–6 ms of its
 * CPU went to compiling them (in workerd with V8's `--no-lazy`, which compiles everything as the bundle loads, a
 * first by-English-date request took 3.6 ms of CPU where it took 8–10). Cloudflare starts an isolate while the TLS
 * handshake of the request that needs it runs, and limits that start apart (a Worker's global scope must run within
 * 1 s) from a request's CPU (10 ms on the free plan): so the start answers a few requests of its own and drops the
 * answers, and the first real request finds the code of its path compiled (scripts/bench/README.md gives the figures).
 *
 * The primed requests run on an app of their own (`handle(createApp())`, the same code as the app that answers, so
 * the same compiled functions) against a deployment held in memory: the build's stored days of BS 2081 Baisakh cut
 * to its first day, the sky a place's day reads then and the year's muhurat file cut to a few days (prime-day.json,
 * prime-sky.json and prime-muhurat.json, written by `npm run generate:prime-day` and checked by
 * src/http/prime.test.ts), every other file absent. They leave nothing a real
 * request reads: the app's kept answers are its own (and a past day is not kept), the files read are their
 * env.ASSETS's, the blocks of sky they seed into the engine are those the deployment's sky holds, and the token is
 * theirs. In workerd the last step of a day's answer, making a Response with a body, is refused in the global scope
 * after the path has run; that refusal is the answer dropped. Elsewhere (Node, the tests) the answers are whole.
 */
import { STATIC_FILES } from '../contract/endpoints.ts';
import { jsonWithRows } from '../contract/rows.ts';
import { searchWordsOf } from '../festivals/search.ts';
import type { Env } from './env.ts';
import primeDay from './prime-day.json' with { type: 'json' };
import primeMuhurat from './prime-muhurat.json' with { type: 'json' };
import primeSky from './prime-sky.json' with { type: 'json' };

/** The day held in memory: BS 2081-01-01, AD 2024-04-13 (prime-day.json), a day long past, never today's. */
export const PRIME_DAY = { year: 2081, month: 1, englishDate: '2024-04-13' } as const;
/** The token the primed requests carry and their deployment accepts. */
const PRIME_TOKEN = 'prime';

/**
 * The requests primed: a full day record in both languages (the stored day, the record, its ETag), the converter,
 * a static month through the gate (its body streaming through: none is made), the day at a place of the
 * gazetteer (the engine's modules evaluated, its day computed from the stored sky), the month at that place (its
 * month file a month of that one day), and a year's muhurats and those to come (the muhurat module evaluated, its
 * lists shaped from the year file held in memory), and a festival's id found by its name.
 */
const MONTH = String(PRIME_DAY.month).padStart(2, '0');
export const PRIMED_PATHS = [
  `/api/panchanga/by-english-date/${PRIME_DAY.englishDate}`,
  `/api/panchanga/by-english-date/${PRIME_DAY.englishDate}?lang=en`,
  `/api/date-converter?date=${PRIME_DAY.year}-${MONTH}-01&from=bs`,
  `/api/panchanga/${PRIME_DAY.year}/${MONTH}?lang=en`,
  `/api/panchanga/by-english-date/${PRIME_DAY.englishDate}?place=pokhara`,
  `/api/panchanga/${PRIME_DAY.year}/${MONTH}?place=pokhara`,
  `/api/muhurats?year=${PRIME_DAY.year}&lang=en`,
  `/api/muhurats/upcoming?from=${PRIME_DAY.englishDate}&days=30`,
  '/api/festivals/ids?q=dashain',
] as const;

const storedDaysPath = STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month);
const storedDaysBytes = new TextEncoder().encode(jsonWithRows(primeDay, 'days'));
const skyPath = STATIC_FILES.sky(PRIME_DAY.year);
const muhuratPath = STATIC_FILES.muhurats(PRIME_DAY.year);
/** The Nepali month file of the month at a place: a month of the one day held, as its stored row records it. */
const placeMonthPath = STATIC_FILES.month(PRIME_DAY.year, PRIME_DAY.month, 'ne');
const placeMonth = {
  success: true,
  data: [primeDay.days[0]![1]],
  meta: { year: PRIME_DAY.year, month: PRIME_DAY.month },
};

/** The search file of festival names (src/festivals/festivals.ts festivalSearchEntries) of one id. */
const primeSearch = [
  {
    id: 'VIJAYA_DASHAMI',
    category: 'festival',
    ne: 'विजया दशमी',
    en: 'Vijaya Dashami',
    words: searchWordsOf('VIJAYA_DASHAMI', ['विजया दशमी', 'Vijaya Dashami', 'Dashain']),
  },
];

/** A stand-in for a 200 Response with a body, which workerd refuses to make in the global scope (see primeAssets). */
const bodyAnswer = (headers: Headers, bytes: () => ArrayBuffer) =>
  ({ status: 200, headers, body: null, arrayBuffer: async () => bytes() }) as unknown as Response;

/**
 * env.ASSETS of the primed requests: the stored day and the sky of its days from memory, a static month as a 200
 * without a body (the gate streams a static file through unread), the Nepali month as a month of the day held (read
 * as JSON, without an ETag, as the muhurat file), nothing else. The stored day's and the sky's
 * answers are stand-ins for a Response with a body, which workerd refuses to make in the global scope: they have
 * what the readers use (src/http/assets.ts). The sky's blocks are the ones the deployment's sky of the year holds
 * for those days (src/http/prime.test.ts), so seeding them into the engine changes no later answer.
 */
const primeAssets = {
  fetch: async (input: RequestInfo | URL): Promise<Response> => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const headers = new Headers({ ETag: '"prime"' });
    if (path === storedDaysPath) return bodyAnswer(headers, () => storedDaysBytes.slice().buffer);
    if (path === skyPath) return bodyAnswer(headers, () => Float64Array.from(primeSky).buffer);
    // Without an ETag, so that no reader keeps it parsed (src/http/assets.ts assetJson): a copy for each.
    if (path === muhuratPath)
      return {
        status: 200,
        headers: new Headers(),
        json: async () => structuredClone(primeMuhurat),
      } as never;
    // The search file of festival names, of one id, without an ETag as the muhurat file.
    if (path === STATIC_FILES.festivalSearch())
      return { status: 200, headers: new Headers(), json: async () => structuredClone(primeSearch) } as never;
    if (path === placeMonthPath)
      return { status: 200, headers: new Headers(), json: async () => structuredClone(placeMonth) } as never;
    if (path === STATIC_FILES.month(PRIME_DAY.year, PRIME_DAY.month, 'en'))
      return new Response(null, { status: 200, headers });
    return new Response(null, { status: 404 });
  },
} as unknown as Fetcher;

/** A Pages Function as hono's adapter makes it (called here with the fields of a Pages EventContext). */
type PagesHandler = (context: never) => Response | Promise<Response>;

/**
 * Answers PRIMED_PATHS with `handler` (an app of the primer's own) against the day held in memory, in turn; the
 * status of each, or 0 where the runtime refused its answer (see the module comment). Never rejects.
 * Example: `export const primed = primeRequestPath(handle(createApp()))` in the function's entry.
 */
export async function primeRequestPath(handler: PagesHandler): Promise<number[]> {
  const env = { ASSETS: primeAssets, DEFAULT_MOBILE_TOKEN: PRIME_TOKEN } as Env;
  const statuses: number[] = [];
  for (const path of PRIMED_PATHS) {
    const request = new Request(`https://prime.invalid${path}`, {
      headers: { Authorization: `Bearer ${PRIME_TOKEN}` },
    });
    try {
      const response = await handler({
        request,
        env,
        params: {},
        data: {},
        functionPath: path,
        waitUntil: () => {},
        passThroughOnException: () => {},
        next: () => primeAssets.fetch(request),
        props: {},
      } as never);
      statuses.push(response.status);
    } catch {
      statuses.push(0);
    }
  }
  return statuses;
}
