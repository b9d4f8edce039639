/**
 * The build of the whole supported range: `npm run build` with BS_BUILD_FROM=1900 and BS_BUILD_TO=2200 (astro
 * build, routing files, the static API and the feed) as a child process, timed in wall time and in the CPU time
 * of the child processes (on Linux, from /proc: the CPU of a shared machine's other processes does not count);
 * its files counted against Cloudflare Pages' 20,000-file limit, with a baseline measured in the same process:
 * copying the built tree (the I/O floor of writing those files).
 * `BS_BUILD_FROM`/`BS_BUILD_TO` in the environment narrow it (e.g. to compare with an older build's range).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../../src/calendar/bs.ts';

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

export function buildBench(): string[] {
  const from = process.env.BS_BUILD_FROM ?? String(BS_MIN_YEAR);
  const to = process.env.BS_BUILD_TO ?? String(BS_MAX_YEAR);
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BS_BUILD_FROM: from, BS_BUILD_TO: to },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = childrenCpuSeconds();
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  const { files, bytes } = countFiles('dist');
  const copy = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  const copyStarted = performance.now();
  cpSync('dist', join(copy, 'dist'), { recursive: true });
  const copySeconds = (performance.now() - copyStarted) / 1000;
  rmSync(copy, { recursive: true, force: true });
  const cpu =
    cpuBefore === null || cpuAfter === null ? 'not measured here' : `${(cpuAfter - cpuBefore).toFixed(1)} s`;
  return [
    `build: npm run build of BS ${from}–${to}: ${seconds.toFixed(1)} s wall, CPU of its processes ${cpu}`,
    `  ${files} files, ${(bytes / 1e6).toFixed(0)} MB (Pages limit ${PAGES_FILE_LIMIT}: ${((files / PAGES_FILE_LIMIT) * 100).toFixed(0)} % of it)`,
    `  baseline (copying the built tree): ${copySeconds.toFixed(1)} s wall; ratio build / copy: ${(seconds / copySeconds).toFixed(1)}×`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(buildBench().join('\n'));
}
