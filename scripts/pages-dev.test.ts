/**
 * scripts/pages-dev.ts refuses a port another program holds, before it starts wrangler: otherwise that program's
 * answers would pass for the service (npm start printed its banner over a stranger's server, then wrangler failed).
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../src/http/headers.ts';
import { assertPortFree, isTheSite, PortInUseError, startPagesDev } from './pages-dev.ts';

let held: Server | undefined;

/** A server on a free 127.0.0.1 port, standing for another program; its port. */
async function holdAPort(): Promise<number> {
  held = createServer();
  await new Promise<void>((done) => held!.listen(0, '127.0.0.1', done));
  return (held.address() as { port: number }).port;
}

afterEach(async () => {
  await new Promise((done) => (held ? held.close(done) : done(undefined)));
  held = undefined;
});

describe('the port of wrangler pages dev', () => {
  it('is refused, naming it and what to do, when another program listens on it', async () => {
    const port = await holdAPort();
    const error = await assertPortFree(port).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toContain(`127.0.0.1:${port} is in use`);
    expect((error as Error).message).toContain(`PORT=${port + 1} npm start`);
  });

  it('stops startPagesDev before wrangler starts', async () => {
    const port = await holdAPort();
    await expect(
      startPagesDev({ dist: 'dist', port, bindings: {}, timeoutMs: 1_000 }),
    ).rejects.toBeInstanceOf(PortInUseError);
  });

  it('is free again once the other program stops', async () => {
    const port = await holdAPort();
    await new Promise((done) => held!.close(done));
    held = undefined;
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });

  it('counts only the site’s answer as the service started, not one from a program that took the port meanwhile', () => {
    // Miniflare's loopback server (another wrangler's, on a port the system handed out) to a request without its secret.
    expect(isTheSite(new Response('Forbidden', { status: 403 }))).toBe(false);
    expect(
      isTheSite(new Response('<html></html>', { headers: { 'Content-Security-Policy': 'default-src *' } })),
    ).toBe(false);
    expect(isTheSite(new Response('<html></html>', { headers: PAGE_HEADERS }))).toBe(true);
  });
});
