/**
 * The functions in workerd, the runtime Cloudflare runs them in (the functions bench times them in Node, whose fetch
 * classes, streams and Web Crypto are JavaScript where workerd's are native): the bundle of the functions bench,
 * served by a fresh `workerd serve` process for each route (one isolate), five processes a route, the routes taken in
 * turn. What is read is the CPU of workerd's main thread, which runs the isolate, from /proc/<pid>/task/<pid>/schedstat
 * while the thread sleeps (V8's background compiler threads are left out, as in the functions bench): the start (the
 * process until its sockets answer: workerd's own set-up and the bundle's compile and evaluation), the first request
 * and the next 1,000 (median and p99). Before timing, another worker of the process formats a date in a time zone:
 * ICU is set up once a process, as a workerd process at the edge did long before a new isolate of ours. The main
 * thread also parses each request, writes its answer and carries the assets in and out: an empty worker's figures
 * and those of a worker passing a month file through are printed first, and each route's figures less the empty
 * worker's ("ours", the asset transfers still in them) are held against issue 21's targets (a first request ≤ 10 ms,
 * a warm p99 ≤ 2 ms). env.ASSETS is an HTTP service in this process answering from dist/ (DIST_DIR; run the build
 * first) with an ETag, as Cloudflare's asset server answers from outside the isolate. Linux only (it reads /proc).
 * `npm run bench -- workerd`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import {
  COLD_TARGET_MS,
  DIST,
  FLOOR_ENTRY,
  FLOOR_ROUTE,
  FRESH_ISOLATES,
  FUNCTION_BUNDLE,
  ROUTES,
  TOKEN,
  WARM_P99_TARGET_MS,
  WARM_REQUESTS,
} from './functions.ts';
import { median, medianRange, quantileOf } from './measure.ts';

/** The workerd binary wrangler runs (the npm package's CommonJS export: its path, and its version). */
const { default: workerdBinary, version: workerdVersion } = createRequire(import.meta.url)('workerd') as {
  default: string;
  version: string;
};
/** The compatibility date of wrangler.toml, which the deployed functions run under. */
const COMPATIBILITY_DATE = /compatibility_date\s*=\s*"([\d-]+)"/.exec(
  readFileSync('wrangler.toml', 'utf8'),
)![1]!;

/** The Pages Functions context a module worker hands the bundle's onRequest, as Pages does. */
const ENTRY = `import { onRequest } from './worker.mjs';
export default {
  fetch(request, env, ctx) {
    return onRequest({ request, env, params: {}, data: {}, waitUntil: (p) => ctx.waitUntil(p), passThroughOnException() {}, next: () => env.ASSETS.fetch(request), functionPath: '' });
  },
};
`;
/** The runtime's own share: a worker that answers a constant. */
const EMPTY_WORKER = `export const onRequest = () => new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } });\n`;
/** The runtime's share in a static file: a worker that answers the asset of the request's path as it comes. */
const PASS_WORKER = `export const onRequest = ({ request, env }) => env.ASSETS.fetch(new URL(new URL(request.url).pathname, request.url));\n`;

/**
 * Another worker of the process, asked once before the timed requests: ICU is set up once a process, on its first
 * time-zone formatter (15–25 ms), as a workerd process at the edge has done long before a new isolate of ours starts.
 */
const ICU_WORKER = `export default { fetch() { return new Response(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: 'numeric' }).format(0)); } };\n`;

/** The workerd configuration: the worker on `port`, its ASSETS the HTTP service on `assetsPort`, ICU's on `icuPort`. */
const configOf = (
  port: number,
  assetsPort: number,
  icuPort: number,
) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "assets", external = (address = "127.0.0.1:${assetsPort}", http = ())),
    (name = "icu", worker = (modules = [ (name = "icu.mjs", esModule = embed "icu.mjs") ], compatibilityDate = "${COMPATIBILITY_DATE}")),
  ],
  sockets = [
    (name = "http", address = "127.0.0.1:${port}", http = (), service = "main"),
    (name = "icu", address = "127.0.0.1:${icuPort}", http = (), service = "icu"),
  ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "entry.mjs", esModule = embed "entry.mjs"), (name = "worker.mjs", esModule = embed "worker.mjs") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  bindings = [ (name = "ASSETS", service = "assets"), (name = "DEFAULT_MOBILE_TOKEN", text = "${TOKEN}") ],
);
`;

/** Cloudflare's asset server, outside the isolate: dist/'s files, each read once, with a content-hash ETag. */
async function assetServer(dist: string): Promise<Server> {
  const files = new Map<string, { body: Buffer; etag: string } | null>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://assets').pathname);
    const file = join(dist, path);
    if (!files.has(file)) {
      const body = file.startsWith(dist) && existsSync(file) ? readFileSync(file) : null;
      files.set(
        file,
        body && { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` },
      );
    }
    const stored = files.get(file);
    if (!stored) res.writeHead(404).end('not found');
    else res.writeHead(200, { ETag: stored.etag, 'Content-Length': stored.body.length }).end(stored.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

const answers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

/**
 * The CPU ms of a process's main thread once it has gone idle: read while the thread sleeps, twice 2 ms apart, until
 * the readings agree. (The kernel brings a thread's run time up to date as it leaves the CPU: a thread still at work
 * reads as it was when it last left, so a reading while it runs would cut its work in two.)
 */
async function idleCpu(pid: number): Promise<number> {
  const task = `/proc/${pid}/task/${pid}`;
  // The state is the field after the parenthesised name in stat: R while running.
  const sleeping = () => /\) S /.test(readFileSync(`${task}/stat`, 'latin1'));
  const read = () => Number(readFileSync(`${task}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
  let last = -1;
  for (;;) {
    const now = sleeping() ? read() : -1;
    if (now >= 0 && now === last && sleeping()) return now;
    last = now;
    await sleep(2);
  }
}

interface Run {
  startMs: number;
  firstMs: number;
  warm: number[];
  statuses: Set<number>;
}

/** One fresh workerd process serving the worker in `dir`: its start, first request and warm requests. */
async function runOnce(dir: string, assetsPort: number, pathOf: (i: number) => string): Promise<Run> {
  const port = await freePort();
  const icuPort = await freePort();
  writeFileSync(join(dir, 'config.capnp'), configOf(port, assetsPort, icuPort));
  const child = spawn(workerdBinary, ['serve', join(dir, 'config.capnp')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    while (!(await answers(port)) || !(await answers(icuPort))) {
      if (child.exitCode !== null) throw new Error(`workerd bench: workerd exited\n${stderr}`);
      await sleep(10);
    }
    const pid = child.pid!;
    const startMs = await idleCpu(pid);
    await (await fetch(`http://127.0.0.1:${icuPort}/`)).text();
    const statuses = new Set<number>();
    // Each request's CPU is from the idle thread before it to the idle thread after it.
    let idle = await idleCpu(pid);
    const request = async (i: number) => {
      const before = idle;
      const response = await fetch(`http://127.0.0.1:${port}${pathOf(i)}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      await response.arrayBuffer();
      statuses.add(response.status);
      idle = await idleCpu(pid);
      return idle - before;
    };
    const firstMs = await request(0);
    const warm: number[] = [];
    for (let i = 1; i <= WARM_REQUESTS; i++) warm.push(await request(i));
    return { startMs, firstMs, warm, statuses };
  } finally {
    child.kill();
  }
}

const p99 = (values: readonly number[]) => quantileOf(values, 0.99);

export async function workerdBench(): Promise<string[]> {
  if (process.platform !== 'linux')
    return ['workerd: skipped (it reads the thread CPU of workerd from /proc)'];
  if (!existsSync(`${DIST}/api/panchanga/available-months`))
    throw new Error('workerd bench: dist/ has no built API; run `npm run build` (or the build bench) first');
  const root = mkdtempSync(join(tmpdir(), 'bench-workerd-'));
  const server = await assetServer(resolve(DIST));
  try {
    const assetsPort = (server.address() as AddressInfo).port;
    // A folder a worker: its bundle as worker.mjs beside the entry that hands it a Pages context.
    const folder = async (name: string, bundle: (outfile: string) => Promise<unknown>) => {
      const dir = join(root, name);
      mkdirSync(dir);
      await bundle(join(dir, 'worker.mjs'));
      writeFileSync(join(dir, 'entry.mjs'), ENTRY);
      writeFileSync(join(dir, 'icu.mjs'), ICU_WORKER);
      return dir;
    };
    const functions = await folder('functions', (outfile) => build({ ...FUNCTION_BUNDLE, outfile }));
    const floor = await folder('floor', (outfile) =>
      build({
        ...FUNCTION_BUNDLE,
        entryPoints: undefined,
        stdin: { contents: FLOOR_ENTRY, resolveDir: process.cwd(), loader: 'js' },
        outfile,
      }),
    );
    const empty = await folder('empty', async (outfile) => writeFileSync(outfile, EMPTY_WORKER));
    const pass = await folder('pass', async (outfile) => writeFileSync(outfile, PASS_WORKER));
    const staticMonth = ROUTES.find(([name]) => name.includes('static month'))![1];
    const subjects: [string, string, (i: number) => string][] = [
      ['runtime: an empty worker', empty, () => '/'],
      ['runtime: a month file passed through (no gate)', pass, staticMonth],
      ...ROUTES.map(([name, pathOf]) => [name, functions, pathOf] as [string, string, (i: number) => string]),
      [FLOOR_ROUTE[0], floor, FLOOR_ROUTE[1]],
    ];
    const runs: Run[][] = subjects.map(() => []);
    for (let round = 0; round < FRESH_ISOLATES; round++)
      for (const [s, [, dir, pathOf]] of subjects.entries())
        runs[s]!.push(await runOnce(dir, assetsPort, pathOf));
    const base = runs[0]!;
    const runtime = {
      start: median(base.map((r) => r.startMs)),
      first: median(base.map((r) => r.firstMs)),
      warm: median(base.map((r) => median(r.warm))),
    };
    const dirOf = (s: number) => subjects[s]![1];
    const mark = (ms: number, target: number) => (ms <= target ? '' : ` > ${target}`);
    const lines = [
      `workerd ${workerdVersion}: the functions bundle in fresh workerd processes (compatibility date ${COMPATIBILITY_DATE}), CPU ms of`,
      `  its main thread, median (min–max) over ${FRESH_ISOLATES} processes: the start (until the socket answers), the first request, and the`,
      `  median and p99 of the next ${WARM_REQUESTS}; "ours" is a figure less the empty worker's median (the runtime's own HTTP handling;`,
      '  the transfers of the assets a route reads are still in it: see the month file passed through).',
    ];
    subjects.forEach(([name], s) => {
      const r = runs[s]!;
      const firsts = r.map((x) => x.firstMs);
      const warmP99s = r.map((x) => p99(x.warm));
      const statuses = [...new Set(r.flatMap((x) => [...x.statuses]))].join(', ');
      const ours =
        dirOf(s) !== functions && dirOf(s) !== floor
          ? ''
          : `; ours: start ${(median(r.map((x) => x.startMs)) - runtime.start).toFixed(1)}, first ${(median(firsts) - runtime.first).toFixed(1)}${mark(median(firsts) - runtime.first, COLD_TARGET_MS)}, warm p99 ${(median(warmP99s) - runtime.warm).toFixed(2)}${mark(median(warmP99s) - runtime.warm, WARM_P99_TARGET_MS)}`;
      lines.push(
        `  ${name}: start ${medianRange(
          r.map((x) => x.startMs),
          1,
        )}, first request ${medianRange(firsts, 1)}, warm median ${medianRange(
          r.map((x) => median(x.warm)),
          2,
        )}, p99 ${medianRange(warmP99s, 2)}${ours}; statuses ${statuses}`,
      );
    });
    return lines;
  } finally {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await workerdBench()).join('\n'));
}
