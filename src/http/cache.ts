/**
 * Caching and conditional requests, one helper for every JSON and .ics answer.
 *
 * RFC 9110 §8.8.3: "An entity tag is an opaque validator for differentiating between multiple representations
 * of the same resource". RFC 9110 §13.1.2: "If-None-Match … the condition is false if the field value is '*' and
 * the origin has a current representation, or if any of the listed entity tags match the entity tag of the
 * selected representation" (weak comparison) — and then a GET answers 304 Not Modified.
 */
import { NPT_OFFSET_MIN, MS_PER_DAY } from '../calendar/time.ts';
import { secondsUntilZonedMidnight } from '../calendar/zone.ts';
import { sha256 } from './bytes.ts';
import { setHeaders } from './headers.ts';
import { JSON_TYPE, okBody } from './problem.ts';

/** Cache policies by resource. */
export const CACHE = {
  /** Month files of published years: correct slowly, through commits. */
  publishedMonth: 'public, max-age=86400, stale-while-revalidate=604800',
  /** Computed (projected) data and listings: regenerated on each deploy. */
  computed: 'public, max-age=3600, stale-while-revalidate=86400',
  /** The feed: calendar apps poll it; 12 hours like its refresh hint. */
  feed: 'public, max-age=43200',
  /** Admin and error answers. */
  noStore: 'no-store',
} as const;

/** A strong ETag: the first 128 bits of the SHA-256 of the body, hex. */
export async function etagOf(body: string | ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await sha256(body);
  let hex = '"';
  for (let i = 0; i < 16; i++) hex += HEX_BYTES[digest[i]!];
  return hex + '"';
}
/** Each byte's two hexadecimal digits. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §8.8.3.2). */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Give a response an ETag and Cache-Control (and any other headers given, such as a static file's type), and answer
 * 304 when the request's If-None-Match matches; a static file keeps the asset server's ETag, anything else is hashed.
 * Example: `return cached(request, await env.ASSETS.fetch(url), CACHE.publishedMonth, { 'Content-Type': JSON_TYPE })`.
 */
export async function cached(
  request: Request,
  response: Response,
  cacheControl: string,
  headersToSet: Readonly<Record<string, string>> = {},
): Promise<Response> {
  if (response.status !== 200) return response;
  // A static file comes with the asset server's ETag: its body streams through unread. Anything else is hashed.
  const known = response.headers.get('ETag');
  const body = known ? response.body : await response.arrayBuffer();
  const etag = known ?? (await etagOf(body as ArrayBuffer));
  const headers = new Headers(response.headers);
  setHeaders(headers, headersToSet);
  headers.set('ETag', etag);
  headers.set('Cache-Control', cacheControl);
  const notModified = ifNoneMatchMatches(request.headers.get('If-None-Match'), etag);
  // The unread stream of a static file is released when no body goes out.
  if (known && (notModified || request.method === 'HEAD')) await response.body?.cancel();
  if (notModified) {
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

/** A success answer's body `{success: true, data}` and its ETag, written once. */
export interface OkAnswer {
  /** The JSON text, or its UTF-8 (okBodyWithRows: an answer made of a static file's own bytes). */
  readonly body: string | Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

/** A success answer's body as written (okBody) with its ETag. Example: `await writtenAnswer(okBody(data))`. */
export async function writtenAnswer(body: string | Uint8Array<ArrayBuffer>): Promise<OkAnswer> {
  return { body, etag: await etagOf(body) };
}

/** The body and ETag of a success answer. Example: `await okAnswer({ places })`. */
export function okAnswer(data: unknown): Promise<OkAnswer> {
  return writtenAnswer(okBody(data));
}

/** A written success answer as a response with its ETag and Cache-Control, or 304 when If-None-Match matches. */
export function answerOk(request: Request, { body, etag }: OkAnswer, cacheControl: string): Response {
  const headers = new Headers({ 'Content-Type': JSON_TYPE, ETag: etag, 'Cache-Control': cacheControl });
  if (ifNoneMatchMatches(request.headers.get('If-None-Match'), etag)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

/**
 * A success answer `{success: true, data}` with its ETag and Cache-Control, or 304 when the request's If-None-Match
 * matches: `cached(request, ok(data), cacheControl)` without reading back the body it has just written.
 * Example: `return cachedOk(request, conversion, CACHE.computed)`.
 */
export async function cachedOk(request: Request, data: unknown, cacheControl: string): Promise<Response> {
  return answerOk(request, await okAnswer(data), cacheControl);
}

/**
 * How long a function keeps what it made or read for many requests without looking again (ms): kept answers
 * (KeptAnswers) and kept year files (src/http/assets.ts). A deployment's files never change; a local rebuild (the
 * admin of `npm start`) writes new ones under a running isolate, which it then serves within this time.
 */
export const KEPT_MS = 60_000;

/**
 * Written answers an isolate keeps for a while, the last `size` by key: what many requests ask alike (today's
 * record, a year's muhurats) is read, built, written and hashed once, then only copied into each response. An
 * answer is kept at most `keepMs`, shorter than the caching it is sent with, so a deployment's files changed under a
 * running isolate (`wrangler pages dev` over a rebuilt dist/) show within that time; a failed one is not kept.
 * Example: `answerOk(request, await kept.answer(`${day}:${lang}`, () => record()), policy)`.
 */
export class KeptAnswers {
  private readonly kept = new Map<string, { answer: OkAnswer; until: number }>();
  private readonly size: number;
  private readonly keepMs: number;

  constructor(size: number, keepMs: number) {
    this.size = size;
    this.keepMs = keepMs;
  }

  /** The answer kept under `key`, or the one `data` gives, written and kept from now. */
  async answer(key: string, data: () => Promise<unknown>): Promise<OkAnswer> {
    const now = Date.now();
    const hit = this.kept.get(key);
    this.kept.delete(key);
    if (hit && now < hit.until) {
      this.kept.set(key, hit);
      return hit.answer;
    }
    const answer = await okAnswer(await data());
    this.kept.set(key, { answer, until: now + this.keepMs });
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!);
    return answer;
  }
}

/** Seconds from a moment (Unix ms) to the next Nepal midnight (UTC+05:45), at least 1. */
export function secondsUntilNepalMidnight(nowMs: number): number {
  const offsetMs = NPT_OFFSET_MIN * 60_000;
  const local = nowMs + offsetMs;
  const next = (Math.floor(local / MS_PER_DAY) + 1) * MS_PER_DAY;
  return Math.max(1, Math.floor((next - local) / 1000));
}

/** Cache-Control for "today": shared caches keep it until the next Nepal midnight and no longer. */
export function untilNepalMidnight(nowMs: number): string {
  const seconds = secondsUntilNepalMidnight(nowMs);
  return `public, max-age=${seconds}, s-maxage=${seconds}`;
}

/** Cache-Control for "today" at a place: until the next midnight of its time zone. */
export function untilMidnightIn(nowMs: number, timeZone: string): string {
  const seconds = secondsUntilZonedMidnight(nowMs, timeZone);
  return `public, max-age=${seconds}, s-maxage=${seconds}`;
}
