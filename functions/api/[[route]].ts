/**
 * Every /api/ request: the API's one router (src/http/app.ts), mounted on Cloudflare Pages with hono's adapter.
 * Static API files are served by the router from the deployment's files (env.ASSETS), so tokens, CORS, caching
 * and problems apply to them too.
 */
import { handle } from 'hono/cloudflare-pages';
import { createApp } from '../../src/http/app.ts';

export const onRequest = handle(createApp());
