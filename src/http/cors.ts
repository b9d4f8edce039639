/**
 * CORS (Fetch standard, "CORS protocol"): the read API is open to every origin; admin paths only to the
 * site's own origin. Preflight answers allow the headers a client needs for tokens and JSON bodies.
 */

export const ALLOWED_HEADERS = 'Authorization, x-api-key, Content-Type, If-None-Match, If-Match';
export const EXPOSED_HEADERS = 'ETag, WWW-Authenticate, Retry-After';

const MUTATION_ONLY_PATHS = ['/api/panchanga/import', '/api/panchanga/delete'];
const READ_METHODS = ['GET', 'HEAD'];

/**
 * True when only the site's own origin may make this request: sessions, mutation-only paths, any unsafe
 * method, and a preflight asking for one (its `Access-Control-Request-Method`). `pathname` is the path as the
 * gate reads it (src/http/gate.ts), not as spelled.
 */
export function isAdminRequest(request: Request, pathname: string): boolean {
  const method =
    request.method === 'OPTIONS'
      ? (request.headers.get('Access-Control-Request-Method') ?? 'GET').toUpperCase()
      : request.method;
  return (
    pathname.startsWith('/api/admin') ||
    MUTATION_ONLY_PATHS.includes(pathname.replace(/\/$/, '')) ||
    !READ_METHODS.includes(method)
  );
}

/** The CORS headers of every read answer: the same for every request. */
const READ_CORS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
});

/** CORS headers for a response to `request`. */
export function corsHeaders(request: Request, adminPath: boolean): Readonly<Record<string, string>> {
  if (!adminPath) return READ_CORS;
  const own = new URL(request.url).origin;
  return {
    ...(request.headers.get('Origin') === own
      ? { 'Access-Control-Allow-Origin': own, 'Access-Control-Allow-Credentials': 'true' }
      : {}),
    Vary: 'Origin',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
}

/** The answer to a preflight `OPTIONS` request. */
export function preflight(request: Request, adminPath: boolean): Response {
  const headers = new Headers(corsHeaders(request, adminPath));
  headers.set('Access-Control-Allow-Methods', adminPath ? 'GET, POST, OPTIONS' : 'GET, HEAD, OPTIONS');
  headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  headers.set('Access-Control-Max-Age', '86400');
  return new Response(null, { status: 204, headers });
}
