/**
 * An answer's headers are set in place when this code made the answer, and on a copy when it came from fetch or
 * env.ASSETS (whose headers the Fetch standard makes immutable); a token-protected answer is kept out of shared
 * caches; a success answer's ETag is that of its bytes, as when it was hashed from the response.
 */
import { describe, expect, it } from 'vitest';
import { cached, cachedOk, etagOf } from './cache.ts';
import { makePrivate, setHeaders, withSettableHeaders } from './headers.ts';
import { ok } from './problem.ts';

/** A response whose headers are immutable, as one from fetch is: Response.redirect's (Fetch standard). */
const immutable = () => Response.redirect('https://example.org/', 302);

describe('withSettableHeaders', () => {
  it('gives back an answer this code made, headers settable in place', () => {
    const answer = ok({ a: 1 });
    const settable = withSettableHeaders(answer);
    expect(settable).toBe(answer);
    settable.headers.set('X-Test', '1');
    expect(answer.headers.get('X-Test')).toBe('1');
  });

  it('copies an answer whose headers are immutable, status, body and headers kept', async () => {
    const original = immutable();
    expect(() => original.headers.set('X-Test', '1')).toThrow(TypeError);
    const copy = withSettableHeaders(original);
    expect(copy).not.toBe(original);
    copy.headers.set('X-Test', '1');
    expect(copy.status).toBe(302);
    expect(copy.headers.get('Location')).toBe('https://example.org/');
    expect(copy.headers.get('X-Test')).toBe('1');
  });
});

describe('makePrivate and setHeaders', () => {
  it('turn a public policy private, drop s-maxage, add the token headers to Vary, later sets winning', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60, s-maxage=60', Vary: 'Origin' });
    makePrivate(headers);
    expect(headers.get('Cache-Control')).toBe('private, max-age=60');
    expect(headers.get('Vary')).toBe('Origin, Authorization, x-api-key');
    setHeaders(headers, { 'X-A': '1', 'X-B': '1' }, new Headers({ 'X-B': '2' }));
    expect([headers.get('X-A'), headers.get('X-B')]).toEqual(['1', '2']);
  });

  it('rewrite each policy and Vary of their own, however many come and in whatever order', () => {
    // The rewritten values are remembered (64 at most, then forgotten): each answer still gets its own.
    for (let round = 0; round < 3; round++)
      for (let age = 0; age < 100; age++) {
        const headers = new Headers({ 'Cache-Control': `public, max-age=${age}`, Vary: `X-${age}` });
        makePrivate(headers);
        expect(headers.get('Cache-Control')).toBe(`private, max-age=${age}`);
        expect(headers.get('Vary')).toBe(`X-${age}, Authorization, x-api-key`);
      }
    const bare = new Headers();
    makePrivate(bare);
    expect([bare.get('Cache-Control'), bare.get('Vary')]).toEqual([null, 'Authorization, x-api-key']);
  });
});

describe('cachedOk', () => {
  const get = (headers: Record<string, string> = {}, method = 'GET') =>
    new Request('https://example.org/api/x', { method, headers });
  const data = { year: 2083, name: 'बैशाख', list: [1, 2, 3] };

  it('answers the bytes, type, ETag and policy that cached(ok(data)) answers', async () => {
    const [a, b] = await Promise.all([
      cachedOk(get(), data, 'public, max-age=60'),
      cached(get(), ok(data), 'public, max-age=60'),
    ]);
    for (const name of ['Content-Type', 'ETag', 'Cache-Control'])
      expect(a.headers.get(name), name).toBe(b.headers.get(name));
    const text = await a.text();
    expect(text).toBe(await b.text());
    expect(a.headers.get('ETag')).toBe(await etagOf(new TextEncoder().encode(text).buffer as ArrayBuffer));
  });

  it('answers 304 without a body or type to a matching If-None-Match, and a HEAD without a body', async () => {
    const etag = (await cachedOk(get(), data, 'no-cache')).headers.get('ETag')!;
    const again = await cachedOk(get({ 'If-None-Match': `W/${etag}` }), data, 'no-cache');
    expect(again.status).toBe(304);
    expect(again.headers.get('Content-Type')).toBeNull();
    expect(await again.text()).toBe('');
    const head = await cachedOk(get({}, 'HEAD'), data, 'no-cache');
    expect([head.status, head.headers.get('ETag'), await head.text()]).toEqual([200, etag, '']);
  });
});
