/**
 * How many API requests one client may make: Cloudflare's Rate Limiting binding (`API_RATE_LIMIT`, declared in
 * wrangler.toml with these figures and simulated by `wrangler pages dev`), counted per client address in each
 * Cloudflare location (the binding's counters are local to a location and eventually consistent). An IPv6 client is
 * counted by its /64, the block one subscriber holds; a request without an outside address (the machine itself, as
 * under `wrangler pages dev`) is not counted. The limit is generous, as one address may be a carrier's NAT shared by
 * many phones: it stops a flood, or a token guessed at speed, not an app.
 */

import { ApiProblem } from './problem.ts';

/** The binding's figures (wrangler.toml `[[ratelimits]]`, checked by rate-limit.test.ts): requests a period. */
export const API_RATE_LIMIT = { requests: 1200, periodSeconds: 60 } as const;

/** IPv4 loopback (127.0.0.0/8) and IPv6 loopback (::1), also as an IPv4-mapped address. */
const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;
/** An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`). */
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The first four groups of an IPv6 address, `::` expanded and leading zeros dropped: `2001:db8:0:0`. */
function ipv6Prefix64(address: string): string | null {
  const [head, tail, extra] = address.toLowerCase().split('::');
  if (extra !== undefined) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * The key a request is counted under: its client's address (`CF-Connecting-IP`, which Cloudflare sets), an IPv6
 * address by its /64; null when there is no outside address to count.
 * Example: `clientKey(new Request(url, { headers: { 'CF-Connecting-IP': '2001:db8::1' } }))` → `'2001:db8:0:0::/64'`.
 */
export function clientKey(request: Request): string | null {
  const address = request.headers.get('CF-Connecting-IP')?.trim();
  if (!address || LOOPBACK.test(address)) return null;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const prefix = ipv6Prefix64(address);
  return prefix === null ? address : `${prefix}::/64`;
}

/**
 * Whether a request is within its client's limit: counts it with the binding (absent in tests and benches: every
 * request is). A binding that fails lets the request through: the service stays up without its limiter.
 */
export async function withinRateLimit(request: Request, limiter: RateLimit | undefined): Promise<boolean> {
  const key = limiter ? clientKey(request) : null;
  if (!limiter || key === null) return true;
  try {
    return (await limiter.limit({ key })).success;
  } catch {
    return true;
  }
}

/** The 429 problem of a request past its limit, with `Retry-After`: thrown by the router, answered by the middleware. */
export function rateLimitProblem(): ApiProblem {
  const { requests, periodSeconds } = API_RATE_LIMIT;
  return new ApiProblem(
    'too-many-requests',
    `More than ${requests} API requests in ${periodSeconds} s from this address; try again in ${periodSeconds} s.`,
    { headers: { 'Retry-After': String(periodSeconds) } },
  );
}
