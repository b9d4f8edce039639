/**
 * Every request passes here (the routing file sends every path through the functions): the gate reads the
 * path as the file layer would (src/http/gate.ts), so no spelling of an API path reaches a file unchecked. On
 * API paths: the token check (`?token=` on the feed only; the OpenAPI document is public; PUBLIC_READS opens
 * reads, set at build or at run time), a 308 to the canonical spelling for any other, CORS with preflight,
 * security headers, static API files (month files, listings, the .ics feed) served with their type, ETag and
 * cache policy (private when a token was needed), and a JSON problem (never an HTML page or a stack trace) for
 * anything that goes wrong. Site pages get the page security headers and their Content-Security-Policy. Admin
 * paths and mutations are guarded by sessions in their own functions, never by API tokens.
 */
import { configuredTokens, presentedToken, readsArePublic, tokenAccepted } from '../src/http/auth.ts';
import { CACHE, cached } from '../src/http/cache.ts';
import { corsHeaders, isAdminRequest, preflight } from '../src/http/cors.ts';
import type { Env } from '../src/http/env.ts';
import { gatePath } from '../src/http/gate.ts';
import { API_HEADERS, PAGE_HEADERS, privateAnswer, withHeaders } from '../src/http/headers.ts';
import { problem } from '../src/http/problem.ts';
import { isFeedPath, OPENAPI_PATH, staticTarget } from '../src/http/static-api.ts';

export const onRequest: PagesFunction<Env> = async (context) => {
  const { request } = context;
  const url = new URL(request.url);
  const decision = gatePath(url.pathname);
  if (decision.kind === 'site') return withHeaders(await context.next(), PAGE_HEADERS);
  if (decision.kind === 'refuse')
    return withHeaders(
      problem('bad-request', decision.reason, { field: 'path' }),
      corsHeaders(request, true),
      API_HEADERS,
    );
  const admin = isAdminRequest(request, decision.path);
  if (request.method === 'OPTIONS') return withHeaders(preflight(request, admin), API_HEADERS);
  let response: Response;
  try {
    response = await handleApi(context, url, decision, admin);
  } catch {
    response = problem('internal', 'The server could not answer this request.');
  }
  if (admin) response = withHeaders(response, { 'Cache-Control': CACHE.noStore });
  return withHeaders(response, corsHeaders(request, admin), API_HEADERS);
};

async function handleApi(
  context: EventContext<Env, string, unknown>,
  url: URL,
  decision: { kind: 'api' | 'redirect'; path: string },
  admin: boolean,
): Promise<Response> {
  const { request, env } = context;
  const read = request.method === 'GET' || request.method === 'HEAD';
  const open = read && (decision.path === OPENAPI_PATH || (await readsArePublic(env, url.origin)));
  const tokenNeeded = !admin && !open;
  if (tokenNeeded) {
    const token = presentedToken(request, isFeedPath(decision.path));
    if (!(await tokenAccepted(token, configuredTokens(env)))) {
      return problem(
        'unauthorized',
        token
          ? 'The API token is not valid.'
          : 'Send a token as "Authorization: Bearer <token>" or "x-api-key: <token>".',
        { headers: { 'WWW-Authenticate': 'Bearer realm="panchanga"', Vary: 'Authorization, x-api-key' } },
      );
    }
  }
  if (decision.kind === 'redirect') {
    // RFC 9110 §15.4.9: 308 keeps the method and body; the client asks again at the one spelling.
    return new Response(null, { status: 308, headers: { Location: decision.path + url.search } });
  }
  const response = await answer(context, new URL(decision.path + url.search, url.origin), read);
  return tokenNeeded && response.status < 400 ? privateAnswer(response) : response;
}

async function answer(context: EventContext<Env, string, unknown>, url: URL, read: boolean) {
  const { request, env } = context;
  const target = staticTarget(url);
  if (target instanceof Response) return target;
  if (target) {
    if (!read) return problem('method-not-allowed', `${request.method} is not allowed here; use GET.`);
    const asset = await env.ASSETS.fetch(new URL(target.assetPath, url.origin));
    if (asset.status !== 200)
      return problem('not-found', `No data at ${url.pathname}: no such year or month is stored.`);
    return cached(request, withHeaders(asset, { 'Content-Type': target.contentType }), target.cacheControl);
  }
  const response = await context.next();
  const type = response.headers.get('Content-Type') ?? '';
  if (response.status >= 400 && !type.includes('json')) {
    if (response.status === 405)
      return problem('method-not-allowed', `${request.method} is not allowed on ${url.pathname}.`);
    // Every function answers JSON, so a non-JSON error comes from the static file layer: no file is here.
    return problem('not-found', `No API endpoint at ${url.pathname}.`);
  }
  return response;
}
