/** Security headers on every answer (OWASP secure headers for APIs and the site). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Copy a response with extra headers set (responses from fetch/ASSETS have immutable headers). */
export function withHeaders(
  response: Response,
  ...sets: (Headers | Readonly<Record<string, string>>)[]
): Response {
  const headers = new Headers(response.headers);
  for (const set of sets) {
    const entries = set instanceof Headers ? [...set.entries()] : Object.entries(set);
    for (const [k, v] of entries) headers.set(k, v);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
