/** Security headers on every answer (OWASP secure headers for APIs and the site). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/**
 * Content-Security-Policy (CSP Level 3) of the site's pages: scripts and styles only from the site (Astro emits
 * its scripts as files; its small scoped styles are inlined), requests only to the site, no plugins, no <base>,
 * forms only to the site, and no framing (`frame-ancestors`, which a <meta> policy cannot set).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy of API answers: data, never a document that could run anything or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers of the site's pages and files. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': PAGE_CSP,
};

/** Headers of every API answer. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': API_CSP,
};

/** Set each set of headers on `headers`, later sets winning. */
export function setHeaders(headers: Headers, ...sets: (Headers | Readonly<Record<string, string>>)[]): void {
  for (const set of sets) {
    if (set instanceof Headers) set.forEach((v, k) => headers.set(k, v));
    else for (const k in set) headers.set(k, set[k]!);
  }
}

/** Copy a response with extra headers set (responses from fetch/ASSETS have immutable headers). */
export function withHeaders(
  response: Response,
  ...sets: (Headers | Readonly<Record<string, string>>)[]
): Response {
  const headers = new Headers(response.headers);
  setHeaders(headers, ...sets);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The response itself when its headers may be set (one this code made), else a copy whose headers may: an answer
 * is given its last headers without being copied again (a Response and its Headers are copied field by field).
 */
export function withSettableHeaders(response: Response): Response {
  try {
    // Fetch standard: the headers of a response from fetch (or env.ASSETS) are "immutable", and setting one throws.
    response.headers.set('X-Content-Type-Options', SECURITY_HEADERS['X-Content-Type-Options']!);
    return response;
  } catch {
    return withHeaders(response);
  }
}

/** The request headers a token-protected answer varies with (RFC 9110 §12.5.5). */
export const TOKEN_VARY = ['Authorization', 'x-api-key'] as const;

/**
 * Make a token-protected answer safe for shared caches, in its headers: `public` becomes `private` (and
 * `s-maxage`, meaningless then, is dropped), and `Vary` names the token headers, so no cache hands one client's
 * answer to another.
 */
export function makePrivate(headers: Headers): void {
  const policy = headers.get('Cache-Control');
  if (policy) headers.set('Cache-Control', privatePolicy(policy));
  headers.set('Vary', withTokenVary(headers.get('Vary') ?? ''));
}

/**
 * A rewriting of header values that remembers its answers: the answers' Cache-Control and Vary values are a handful
 * of constants, rewritten alike on every request (at most 64 values are kept).
 */
function remembered(rewrite: (value: string) => string): (value: string) => string {
  const kept = new Map<string, string>();
  return (value) => {
    let result = kept.get(value);
    if (result === undefined) {
      if (kept.size >= 64) kept.clear();
      kept.set(value, (result = rewrite(value)));
    }
    return result;
  };
}

const privatePolicy = remembered((policy) =>
  policy
    .split(',')
    .map((d) => d.trim())
    .filter((d) => !/^s-maxage=/i.test(d))
    .map((d) => (d.toLowerCase() === 'public' ? 'private' : d))
    .join(', '),
);

const withTokenVary = remembered((vary) => {
  const names = new Set(
    vary
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
  for (const name of TOKEN_VARY) names.add(name);
  return [...names].join(', ');
});
