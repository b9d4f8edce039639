/** The bindings and configuration every Pages Function sees (wrangler.toml/.dev.vars locally, project settings in production). */
import type { Context } from 'hono';
import type { TokenConfig } from './auth.ts';

export interface Env extends TokenConfig {
  /** Static files of the deployment (Cloudflare Pages). */
  ASSETS: Fetcher;
  /** Development only: a fixed "now" (ISO instant) for the today endpoint, honoured when DEV_MODE=true. */
  FIXED_NOW?: string;
  DEV_MODE?: string;
  ADMIN_USERS?: string;
  /** Cloudflare's Rate Limiting binding: API requests per client address (wrangler.toml; src/http/rate-limit.ts). */
  API_RATE_LIMIT?: RateLimit;
  /** Workers KV namespace for admin sessions and the failed sign-in count (declared in wrangler.toml). */
  ADMIN_KV?: KVNamespace;
  /** Longest wait for one GitHub call, milliseconds (default 10,000). */
  GITHUB_TIMEOUT_MS?: string;
  SESSION_SECRET?: string;
  GITHUB_TOKEN?: string;
  GITHUB_REPO?: string;
  GITHUB_BRANCH?: string;
  GITHUB_API_URL?: string;
  SITE_ORIGIN?: string;
}

/** "Now" in Unix milliseconds: the real clock, or FIXED_NOW when DEV_MODE=true (tests and demos). */
export function nowMs(env: Pick<Env, 'FIXED_NOW' | 'DEV_MODE'>): number {
  if (env.DEV_MODE === 'true' && env.FIXED_NOW) {
    const fixed = Date.parse(env.FIXED_NOW);
    if (!Number.isNaN(fixed)) return fixed;
  }
  return Date.now();
}

/** The router's environment: the bindings, and what its middleware hands the handlers. */
export type AppEnv = {
  Bindings: Env;
  /** The signed-in admin's name, set by `adminOnly` (src/http/admin-routes.ts) before an admin route reads it. */
  Variables: { adminUser: string };
};

/** A request's context in the router. */
export type AppContext = Context<AppEnv>;
