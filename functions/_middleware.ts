/**
 * Every request passes here first (the routing file sends every path through the functions): the gate reads the
 * path as the static file layer would (src/http/gate.ts). An API path spelled as the API answers it goes on to
 * the router (functions/api/[[route]].ts), which checks its rate limit and token; any other spelling of an API path
 * (`//api/…`, `/%61pi/…`, `/API/…`, `/api./…`) gets the same checks here, then a 308 to its canonical spelling,
 * never the file; a path that cannot be read is a 400 problem. Everything else is the site, served with the
 * pages' security headers and Content-Security-Policy; a month's page spelled short (`/calendar/2084/1`, or the
 * year alone) is redirected to its page (`/calendar/2084/01`).
 */
import { tokenGate } from '../src/http/auth.ts';
import { corsHeaders, isAdminRequest, preflight } from '../src/http/cors.ts';
import type { Env } from '../src/http/env.ts';
import { gatePath } from '../src/http/gate.ts';
import { API_HEADERS, PAGE_HEADERS, withHeaders } from '../src/http/headers.ts';
import { problem, problemFromError } from '../src/http/problem.ts';
import { rateLimitProblem, withinRateLimit } from '../src/http/rate-limit.ts';

export const onRequest: PagesFunction<Env> = async (context) => {
  const { request, env } = context;
  const url = new URL(request.url);
  const decision = gatePath(url.pathname);
  if (decision.kind === 'site') return withHeaders(await context.next(), PAGE_HEADERS);
  if (decision.kind === 'page')
    return withHeaders(
      new Response(null, { status: decision.status, headers: { Location: decision.path + url.search } }),
      PAGE_HEADERS,
    );
  if (decision.kind === 'api') return context.next();
  if (decision.kind === 'refuse')
    return withHeaders(
      problem('bad-request', decision.reason, { field: 'path' }),
      corsHeaders(request, true),
      API_HEADERS,
    );
  // Another spelling of an API path. A browser's preflight carries no token: it is answered as at the canonical
  // path, so that the request after it is told the way.
  if (request.method === 'OPTIONS')
    return withHeaders(preflight(request, isAdminRequest(request, decision.path)), API_HEADERS);
  // The rate limit and the token first (as at the canonical path), then the way.
  if (!(await withinRateLimit(request, env.API_RATE_LIMIT)))
    return withHeaders(problemFromError(rateLimitProblem()), corsHeaders(request, false), API_HEADERS);
  const { refused } = await tokenGate(request, env, decision.path);
  // RFC 9110 §15.4.9: 308 keeps the method and body; the client asks again at the one spelling.
  const answer =
    refused ?? new Response(null, { status: 308, headers: { Location: decision.path + url.search } });
  return withHeaders(answer, corsHeaders(request, false), API_HEADERS);
};
