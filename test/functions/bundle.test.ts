/**
 * What the Pages Function's bundle carries: functions/api/[[route]].ts bundled as the functions bench and
 * wrangler bundle it (esbuild, one ES module, workerd conditions). The router validates with zod alone; the
 * OpenAPI generator (@hono/zod-openapi, @asteasolutions/zod-to-openapi) runs only at build, and zod's locales
 * stay out because every module imports zod as a namespace (`import * as z from 'zod'`), whose unused members
 * esbuild drops (`import { z } from 'zod'` takes the whole namespace object, all 64 locales with it).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the function bundle', () => {
  it('holds zod without its locales and no OpenAPI generator', async () => {
    const result = await build({
      entryPoints: ['functions/api/[[route]].ts'],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    // The modules with code in the bundle (a re-exporting index keeps an entry of 0 bytes).
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    // The router does validate with zod: the bundle is the real one.
    expect(inputs.some((path) => path.includes('node_modules/zod/v4/classic/schemas'))).toBe(true);
    // English (zod's default messages, which the problems quote) and nothing else.
    expect(inputs.filter((path) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(path))).toEqual([]);
    expect(inputs).toContain('node_modules/zod/v4/locales/en.js');
    expect(inputs.filter((path) => /@hono\/zod-openapi|@asteasolutions/.test(path))).toEqual([]);
  });
});
