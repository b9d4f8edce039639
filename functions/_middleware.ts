/**
 * Every request passes here: API token check (`?token=` on the feed only; the OpenAPI document is public), CORS
 * with preflight, security headers, static API files (month files, listings, the .ics feed) served with their
 * type, ETag and cache policy, and a JSON problem (never an HTML page or a stack trace) for anything that goes
 * wrong under /api/. Admin paths and mutations are guarded by sessions in their own
 * functions, never by API tokens.
 */
import { configuredTokens, presentedToken, publicReads, tokenAccepted } from '../src/http/auth.ts';
import { CACHE, cached } from '../src/http/cache.ts';
import { corsHeaders, isAdminRequest, preflight } from '../src/http/cors.ts';
import type { Env } from '../src/http/env.ts';
import { SECURITY_HEADERS, withHeaders } from '../src/http/headers.ts';
import { problem } from '../src/http/problem.ts';
import { isFeedPath, OPENAPI_PATH, staticTarget } from '../src/http/static-api.ts';

/** Percent-encoded C0 controls and DEL: no API path has them, and file lookups choke on them. */
const CONTROL_CHARACTERS = /%(?:[01][0-9a-f]|7f)/i;

export const onRequest: PagesFunction<Env> = async (context) => {
  const { request } = context;
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/')) return withHeaders(await context.next(), SECURITY_HEADERS);
  const admin = isAdminRequest(request);
  if (CONTROL_CHARACTERS.test(url.pathname))
    return withHeaders(
      problem('bad-request', 'The path contains control characters.', { field: 'path' }),
      corsHeaders(request, admin),
      SECURITY_HEADERS,
    );
  if (request.method === 'OPTIONS') return withHeaders(preflight(request, admin), SECURITY_HEADERS);
  let response: Response;
  try {
    response = await handleApi(context, url, admin);
  } catch {
    response = problem('internal', 'The server could not answer this request.');
  }
  if (admin) response = withHeaders(response, { 'Cache-Control': CACHE.noStore });
  return withHeaders(response, corsHeaders(request, admin), SECURITY_HEADERS);
};

async function handleApi(
  context: EventContext<Env, string, unknown>,
  url: URL,
  admin: boolean,
): Promise<Response> {
  const { request, env } = context;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!admin && !(read && (publicReads(env) || url.pathname === OPENAPI_PATH))) {
    const token = presentedToken(request, isFeedPath(url.pathname));
    if (!(await tokenAccepted(token, configuredTokens(env)))) {
      return problem(
        'unauthorized',
        token
          ? 'The API token is not valid.'
          : 'Send a token as "Authorization: Bearer <token>" or "x-api-key: <token>".',
        { headers: { 'WWW-Authenticate': 'Bearer realm="panchanga"' } },
      );
    }
  }
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
