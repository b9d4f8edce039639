/**
 * The build: `npm run build` (astro build, routing files, the static API and the feed) timed as a child process,
 * its files counted against Cloudflare Pages' 20,000-file limit and its time against the 60-second target, with
 * a baseline measured in the same process: copying the built tree (the I/O floor of writing those files).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PAGES_FILE_LIMIT = 20_000;
const TARGET_SECONDS = 60;

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

export function buildBench(): string[] {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - started) / 1000;
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  const { files, bytes } = countFiles('dist');
  const copy = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  const copyStarted = performance.now();
  cpSync('dist', join(copy, 'dist'), { recursive: true });
  const copySeconds = (performance.now() - copyStarted) / 1000;
  rmSync(copy, { recursive: true, force: true });
  return [
    `build: npm run build in ${seconds.toFixed(1)} s (target ${TARGET_SECONDS} s: ${((seconds / TARGET_SECONDS) * 100).toFixed(0)} % of it)`,
    `  ${files} files, ${(bytes / 1e6).toFixed(0)} MB (Pages limit ${PAGES_FILE_LIMIT}: ${((files / PAGES_FILE_LIMIT) * 100).toFixed(0)} % of it)`,
    `  baseline (copying the built tree): ${copySeconds.toFixed(1)} s; ratio build / copy: ${(seconds / copySeconds).toFixed(1)}×`,
  ];
}
