/**
 * Every /api/ request: the API's one router (src/http/app.ts), mounted on Cloudflare Pages with hono's adapter.
 * Static API files are served by the router from the deployment's files (env.ASSETS), so tokens, CORS, caching
 * and problems apply to them too. While the isolate starts, an app of its own answers a few requests against a day
 * held in memory, so the first real request finds its path compiled (src/http/prime.ts); `primed` settles when it
 * has (Pages routes only the `onRequest` exports).
 */
import { handle } from 'hono/cloudflare-pages';
import { createApp } from '../../src/http/app.ts';
import { primeRequestPath } from '../../src/http/prime.ts';

export const onRequest = handle(createApp());

export const primed = primeRequestPath(handle(createApp()));
