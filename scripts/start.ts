/**
 * `npm start`: builds the site and serves it with its functions through `wrangler pages dev` on 127.0.0.1,
 * exactly as Cloudflare Pages does in production. Configuration comes from the environment or `.dev.vars`;
 * what is unset gets a documented development default (printed, never stored in the repository). Bindings
 * reach wrangler through a private generated .dev.vars (scripts/pages-dev.ts), never the command line, and the
 * banner is printed once the server answers.
 *
 * Environment: PORT (default 8788), SKIP_BUILD=1 to serve an existing dist/, and every binding in README.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { DEV_ADMIN, startDevAdmin } from './dev-admin.ts';
import { assertPortFree, PortInUseError, startPagesDev } from './pages-dev.ts';

/** Development defaults, used only for keys set neither in the environment nor in .dev.vars. */
export const DEV_DEFAULTS: Readonly<Record<string, string>> = {
  DEFAULT_MOBILE_TOKEN: 'dev-token-change-me',
};
/** The bindings npm start passes on from the environment. */
export const BINDING_KEYS = [
  'DEFAULT_MOBILE_TOKEN',
  'API_TOKENS',
  'PUBLIC_READS',
  'ADMIN_USERS',
  'SESSION_SECRET',
  'GITHUB_TOKEN',
  'GITHUB_REPO',
  'GITHUB_BRANCH',
  'GITHUB_API_URL',
  'SITE_ORIGIN',
  'DEV_MODE',
  'FIXED_NOW',
] as const;

function devVars(): Record<string, string> {
  if (!existsSync('.dev.vars')) return {};
  return Object.fromEntries(
    readFileSync('.dev.vars', 'utf8')
      .split('\n')
      .map((line) => line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

const port = process.env.PORT ?? '8788';
if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`PORT must be a port number 1–65535, got ${JSON.stringify(port)}`);
  process.exit(1);
}
const fromFile = devVars();
const bindings: Record<string, string> = {};
for (const key of BINDING_KEYS) {
  const value = process.env[key] ?? fromFile[key] ?? DEV_DEFAULTS[key];
  if (value !== undefined) bindings[key] = value;
}

/** A taken port stops npm start with what to do; any other error stands. */
function stopOnTakenPort(error: unknown): never {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// A port taken by another program is said before the build, not after it (wrangler would fail on it, and whatever
// answers there would pass for the service); startPagesDev checks again, for a program that took it meanwhile.
await assertPortFree(Number(port)).catch(stopOnTakenPort);

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!existsSync('dist/index.html') || !existsSync('dist/api/panchanga/available-months')) {
  console.error(
    'SKIP_BUILD=1 serves the existing dist/, and it is not built: run `npm run build` (or npm start without SKIP_BUILD)',
  );
  process.exit(1);
}

// With no GitHub configured, admin commits go to this checkout through the embedded local GitHub service.
const admin = await startDevAdmin({
  repoDir: '.',
  distDir: 'dist',
  config: bindings,
  onRebuild: (ok, output) =>
    console.log(ok ? 'Data changed: static API rebuilt.' : `Rebuild failed:\n${output}`),
});
Object.assign(bindings, admin.bindings);

const server = await startPagesDev({ dist: 'dist', port: Number(port), bindings, inheritOutput: true }).catch(
  async (error: unknown) => {
    await admin.close();
    return stopOnTakenPort(error);
  },
);

const base = server.baseUrl;
const token = bindings.DEFAULT_MOBILE_TOKEN ?? '<your token>';
const usingDefault = !process.env.DEFAULT_MOBILE_TOKEN && !fromFile.DEFAULT_MOBILE_TOKEN;
console.log(`\nPanchanga service: ${base}`);
console.log(
  `API token: ${usingDefault ? `${token} (development default; set DEFAULT_MOBILE_TOKEN to change)` : '(from your configuration)'}`,
);
console.log(
  admin.bindings.ADMIN_USERS
    ? `Admin: ${base}/admin as ${DEV_ADMIN.user} / ${DEV_ADMIN.password} (development default; set ADMIN_USERS to change)`
    : `Admin: ${base}/admin`,
);
if (admin.github)
  console.log(`Admin changes commit to this checkout (local GitHub API at ${admin.github.url}).`);
console.log(
  `Try: curl -H "Authorization: Bearer ${usingDefault ? token : '<token>'}" "${base}/api/date-converter?date=2082-01-01&from=bs"\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.stop().then(() => admin.close().then(() => process.exit(0))));
server.child.on('exit', (code) => process.exit(code ?? 0));
