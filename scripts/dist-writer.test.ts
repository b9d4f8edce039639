/**
 * scripts/dist-writer.ts: files written where they go (over an old one in place), directories made as needed and
 * files counted; in a served tree (`replace`), a file read while it is rewritten is always whole, the old one or the
 * new, and no temporary file stays.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { distWriter } from './dist-writer.ts';

const dirs: string[] = [];
const tree = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-writer-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A reader in another thread that reads `file` over and over until told to stop; the sizes it read. */
function reader(file: string): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const sizes = new Set();
     let stop = false;
     parentPort.on('message', () => (stop = true));
     (function loop() {
       for (let i = 0; i < 50; i++) sizes.add(readFileSync(workerData).length);
       if (stop) parentPort.postMessage([...sizes]);
       else setImmediate(loop);
     })();`,
    { eval: true, workerData: file },
  );
  return {
    stop: () =>
      new Promise((done) => {
        worker.once('message', (sizes: number[]) => void worker.terminate().then(() => done(sizes)));
        worker.postMessage('stop');
      }),
  };
}

describe('distWriter', () => {
  it('writes each file where it goes, making its directories, and counts them', () => {
    const dist = tree();
    const out = distWriter(dist);
    out.write('/api/panchanga/2083/01', '{"a":1}');
    out.write('/api/panchanga/2083/02', new Uint8Array([123, 125]));
    expect(readFileSync(join(dist, 'api/panchanga/2083/01'), 'utf8')).toBe('{"a":1}');
    expect(readFileSync(join(dist, 'api/panchanga/2083/02'), 'utf8')).toBe('{}');
    expect(out.files).toBe(2);
  });

  it('writes over the last build’s file in place: the new text whole, shorter or longer, in the same inode', () => {
    const dist = tree();
    const out = distWriter(dist);
    const file = join(dist, 'api/file');
    out.write('/api/file', 'ब'.repeat(5000));
    const inode = statSync(file).ino;
    distWriter(dist).write('/api/file', '{"short":1}');
    expect(readFileSync(file, 'utf8')).toBe('{"short":1}');
    distWriter(dist).write('/api/file', new Uint8Array(70_000).fill(120));
    expect(readFileSync(file, 'utf8')).toBe('x'.repeat(70_000));
    distWriter(dist).write('/api/file', '');
    expect(readFileSync(file, 'utf8')).toBe('');
    distWriter(dist).write('/api/file', 'again');
    expect(readFileSync(file, 'utf8')).toBe('again');
    expect(statSync(file).ino).toBe(inode);
  });

  it('in a served tree, replaces each file whole: a reader never reads one cut short, and no temporary file stays', async () => {
    const dist = tree();
    const out = distWriter(dist, { replace: true });
    const small = 'a'.repeat(1 << 20);
    const large = 'b'.repeat(3 << 20);
    out.write('/api/file', small);
    const read = reader(join(dist, 'api/file'));
    for (let i = 0; i < 60; i++) out.write('/api/file', i % 2 ? small : large);
    const sizes = await read.stop();
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect([small.length, large.length]).toContain(size);
    expect(readFileSync(join(dist, 'api/file'), 'utf8')).toBe(small);
    expect(readdirSync(join(dist, 'api'))).toEqual(['file']);
    expect(existsSync(join(dist, 'api/file'))).toBe(true);
  });
});
