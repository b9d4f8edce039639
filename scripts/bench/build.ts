/**
 * The build of the whole supported range: `npm run build` with BS_BUILD_FROM=1900 and BS_BUILD_TO=2200 (astro
 * build, routing files, the static API and the feed) as a child process, run BENCH_BUILD_RUNS times (default 3)
 * into dist/, each writing over the one before as a rebuild does, and timed in wall time and in the CPU time of the
 * child processes (on Linux, from /proc: the CPU of a shared machine's other processes does not count): the median
 * and the spread of the runs. Its files and bytes are counted against Cloudflare Pages' 20,000-file limit.
 * `BS_BUILD_FROM`/`BS_BUILD_TO` in the environment narrow it (e.g. to compare with an older build's range).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../../src/calendar/bs.ts';
import { medianRange } from './measure.ts';

const PAGES_FILE_LIMIT = 20_000;
/** Linux's clock ticks a second for /proc times (USER_HZ, 100 on every mainstream architecture). */
const USER_HZ = 100;

function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** CPU seconds of the waited-for child processes so far (cutime + cstime of /proc/self/stat), or null off Linux. */
function childrenCpuSeconds(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  // Fields after the command name (which is in parentheses and may hold spaces): cutime and cstime are 16 and 17.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / USER_HZ;
}

function runsFromEnv(): number {
  const runs = Number(process.env.BENCH_BUILD_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20)
    throw new Error(`BENCH_BUILD_RUNS must be a whole number 1–20, got ${process.env.BENCH_BUILD_RUNS}`);
  return runs;
}

export function buildBench(): string[] {
  const from = process.env.BS_BUILD_FROM ?? String(BS_MIN_YEAR);
  const to = process.env.BS_BUILD_TO ?? String(BS_MAX_YEAR);
  const runs = runsFromEnv();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const build = spawnSync('npm', ['run', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BS_BUILD_FROM: from, BS_BUILD_TO: to },
    });
    walls.push((performance.now() - started) / 1000);
    const cpuAfter = childrenCpuSeconds();
    if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
    if (cpuBefore !== null && cpuAfter !== null) cpus.push(cpuAfter - cpuBefore);
  }
  const { files, bytes } = countFiles(process.env.DIST_DIR ?? 'dist');
  return [
    `build: npm run build of BS ${from}–${to}, ${runs} runs (each over the dist/ before it), median (min–max):`,
    `  ${medianRange(walls)} s wall, CPU of its processes ${cpus.length ? `${medianRange(cpus)} s` : 'not measured here'}`,
    `  ${files} files, ${(bytes / 1e6).toFixed(0)} MB (Pages limit ${PAGES_FILE_LIMIT}: ${((files / PAGES_FILE_LIMIT) * 100).toFixed(0)} % of it)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(buildBench().join('\n'));
}
