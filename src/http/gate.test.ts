/**
 * The gate reads a path as a static file layer would: every spelling the attack used (and more) reads as the
 * API path it reaches, and a path that is not under /api reads as the site.
 */
import { describe, expect, it } from 'vitest';
import { gatePath, readPath } from './gate.ts';

const MONTH = '/api/panchanga/2083/01';

describe('gatePath', () => {
  it.each([
    '//api/panchanga/2083/01',
    '///api//panchanga///2083/01',
    '/%61pi/panchanga/2083/01',
    '/%2561pi/panchanga/2083/01',
    '/api%2Fpanchanga/2083/01',
    '/api%2fpanchanga%2f2083%2f01',
    '/%2fapi/panchanga/2083/01',
    '/api/./panchanga/2083/01',
    '/x/../api/panchanga/2083/01',
    '/x/%2e%2e/api/panchanga/2083/01',
    '/API/panchanga/2083/01',
    '/Api/PANCHANGA/2083/01',
    '/api./panchanga/2083/01',
    '/api/panchanga./2083/01',
    '/api/panchanga/2083/01.',
    '/api/panchanga/2083/01. .',
    '/api\\panchanga\\2083\\01',
    '/api%5Cpanchanga/2083/01',
    '/api;x=1/panchanga/2083/01',
  ])('%s is the month file’s path spelled another way', (path) => {
    expect(gatePath(path)).toEqual({ kind: 'redirect', path: MONTH });
  });

  it.each([MONTH, `${MONTH}/`, '/api', '/api/v1/calendar.ics', '/api/panchanga/2083/01.en'])(
    '%s is an API path as spelled',
    (path) => expect(gatePath(path)).toEqual({ kind: 'api', path: path.replace(/(.)\/$/, '$1') }),
  );

  it.each([
    '/api/festivals/VIJAYA_DASHAMI',
    '/api/festivals/Vijaya_Dashami/',
    '/api/festivals/vijaya_dashami',
  ])('%s is a festival id as spelled: the router answers it in any case, without a redirect', (path) =>
    expect(gatePath(path)).toEqual({ kind: 'api', path: path.replace(/\/$/, '') }),
  );

  it.each([
    ['/API/festivals/VIJAYA_DASHAMI', '/api/festivals/vijaya_dashami'],
    ['/api/Festivals/VIJAYA_DASHAMI', '/api/festivals/vijaya_dashami'],
    ['/api/festivals/VIJAYA_DASHAMI.', '/api/festivals/vijaya_dashami'],
    ['/api/festivals/%56IJAYA_DASHAMI', '/api/festivals/vijaya_dashami'],
    ['/api/festivals/BY-ID/vijaya_dashami', '/api/festivals/by-id/vijaya_dashami'],
    ['/api/festivals/VIJAYA_DASHAMI/x', '/api/festivals/vijaya_dashami/x'],
    ['/api/PANCHANGA/2083/01', MONTH],
  ])('%s is still another spelling of %s', (path, target) => {
    expect(gatePath(path)).toEqual({ kind: 'redirect', path: target });
  });

  it.each(['/', '/admin', '/index.html', '/_astro/x.js', '/schemas/import-month.json', '/apis', '/x/api'])(
    '%s is the site',
    (path) => expect(gatePath(path).kind).toBe('site'),
  );

  it.each([
    ['/calendar/2084/1', '/calendar/2084/01', 301],
    ['/calendar/2084/9/', '/calendar/2084/09', 301],
    ['/Calendar/2084/5', '/calendar/2084/05', 301],
    ['/calendar/2084', '/calendar/2084/01', 302],
    ['/calendar/2084/', '/calendar/2084/01', 302],
    ['/calendar/2000/1', '/calendar/2000/01', 301],
    ['/calendar/2100', '/calendar/2100/01', 302],
  ])('%s is a month page spelled short: %s', (path, target, status) => {
    expect(gatePath(path)).toEqual({ kind: 'page', path: target, status });
  });

  it.each([
    '/calendar',
    '/calendar/2084/01',
    '/calendar/2084/12',
    '/calendar/2084/0',
    '/calendar/2084/13',
    '/calendar/84/1',
    '/calendar/२०८४/१',
    '/calendar/2084/1/x',
    // Years without month pages: no redirect to a page that is not there.
    '/calendar/1999',
    '/calendar/2101/1',
    '/calendar/2200',
  ])('%s is served as the site (a page, or the 404 page)', (path) =>
    expect(gatePath(path)).toEqual({ kind: 'site' }),
  );

  it.each(['/api/%00/x', '/%zz/api', '/api/%0a', '/%25252525252561pi/x'])('%s is refused', (path) => {
    expect(gatePath(path).kind).toBe('refuse');
  });
});

describe('redirects cannot loop', () => {
  it.each([
    '/api/unknown/😀',
    '/api/%F0%9F%98%80/x',
    '/API/a b',
    '/api/a%3Fb',
    '/api/x:y',
    '/api/२०८३',
    '/API/İ',
  ])('%s: the redirect target is an API path as spelled', (path) => {
    const first = gatePath(path);
    const target = first.kind === 'redirect' ? first.path : path;
    expect(gatePath(new URL(target, 'https://x.test').pathname)).toEqual({ kind: 'api', path: target });
  });
});

describe('readPath', () => {
  it('resolves .. above the root to the root', () => {
    expect(readPath('/../../api/x')).toEqual({ kind: 'read', canonical: '/api/x' });
  });
});
