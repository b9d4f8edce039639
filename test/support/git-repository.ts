/**
 * A real git repository for the tests of the commit-backed admin (src/admin): under the system's temporary
 * directory, on branch `main`, with the given files committed by a setup author. The caller removes `dir`.
 * Example: `const { dir, git } = gitRepository('panchanga-repo-', { 'data/a.json': '{"a":1}\n' }, 'initial')`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface GitRepository {
  readonly dir: string;
  /** Runs git in the repository and returns its output, trimmed. */
  readonly git: (...args: string[]) => string;
}

export function gitRepository(
  prefix: string,
  files: Readonly<Record<string, string>>,
  message: string,
): GitRepository {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Setup');
  git('config', 'user.email', 'setup@example.org');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git('add', '.');
  git('commit', '-q', '-m', message);
  return { dir, git };
}
