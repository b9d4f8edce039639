/**
 * What the Pages Function's bundle carries: functions/api/[[route]].ts bundled as the functions bench and
 * wrangler bundle it (esbuild, one ES module, workerd conditions). The router validates with zod alone; the
 * OpenAPI generator (@hono/zod-openapi, @asteasolutions/zod-to-openapi) runs only at build, and zod's locales
 * stay out because every module imports zod as a namespace (`import * as z from 'zod'`), whose unused members
 * esbuild drops (`import { z } from 'zod'` takes the whole namespace object, all 64 locales with it). No answer
 * schema is in it either: the declarations name their answers (src/http/answers.ts, for the OpenAPI document
 * alone), and the contract's schemas are built on first use (src/contract/lazy.ts) by calls marked pure, which
 * esbuild drops when unused. Nor the glossary of printed event names: a day comes named from its month file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { FUNCTION_BUNDLE as OPTIONS } from '../../scripts/bench/functions.ts';

/** The ids of the schemas built so far, from the registry every copy of zod shares on globalThis (none yet: undefined). */
function registeredIds(): string[] | undefined {
  const registry = (globalThis as { __zod_globalRegistry?: { _idmap: Map<string, unknown> } })
    .__zod_globalRegistry;
  return registry && [...registry._idmap.keys()];
}

describe('the function bundle', () => {
  it('holds zod without its locales and no OpenAPI generator', async () => {
    const result = await build({ ...OPTIONS, write: false, metafile: true });
    // The modules with code in the bundle (a re-exporting index keeps an entry of 0 bytes).
    const inputs = Object.entries(Object.values(result.metafile!.outputs)[0]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    // The router does validate with zod: the bundle is the real one.
    expect(inputs.some((path) => path.includes('node_modules/zod/v4/classic/schemas'))).toBe(true);
    // English (zod's default messages, which the problems quote) and nothing else.
    expect(inputs.filter((path) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(path))).toEqual([]);
    // By its end: a worktree whose node_modules is a link elsewhere names it `../…/node_modules/…`.
    expect(inputs.filter((path) => path.endsWith('node_modules/zod/v4/locales/en.js'))).toHaveLength(1);
    expect(inputs.filter((path) => /@hono\/zod-openapi|@asteasolutions/.test(path))).toEqual([]);
  });

  it('carries no glossary of printed event names and no festival rules', async () => {
    const result = await build({ ...OPTIONS, write: false, metafile: true });
    const inputs = Object.keys(Object.values(result.metafile!.outputs)[0]!.inputs);
    expect(inputs.filter((path) => path.endsWith('data/festivals/glossary.json'))).toEqual([]);
    // Nor the festival rules: a day at a place takes its festivals from the month file, its fields from
    // src/almanac/day-fields.ts (the rules, parsed with zod on a first place request, cost it 16 ms).
    expect(inputs.filter((path) => path.endsWith('data/festivals/rules.json'))).toEqual([]);
    // The data it does carry: the BS table, so the check can see a data file.
    expect(inputs.some((path) => path.endsWith('data/calendar/month-lengths.json'))).toBe(true);
  });

  it('builds no answer schema: only request bodies and the data files modules read', async () => {
    const result = await build({ ...OPTIONS, write: false });
    const text = result.outputFiles[0]!.text;
    const ids = (names: string[]) => names.filter((id) => text.includes(`id: "${id}"`));
    // The answers of the routes (src/http/answers.ts) and the problem body: the document's alone.
    expect(
      ids([
        'FullDayRecord',
        'FullDayRecordAtPlace',
        'Month',
        'AvailableMonths',
        'DayRange',
        'PlaceList',
        'Conversion',
        'FestivalYear',
        'Upcoming',
        'MuhuratList',
        'Session',
        'AdminMonth',
        'CommitResult',
        'Problem',
      ]),
    ).toEqual([]);
    // The request bodies the router validates are there: the check can see a schema.
    expect(ids(['ImportMonth', 'DayUpdate', 'LoginRequest'])).toEqual([
      'ImportMonth',
      'DayUpdate',
      'LoginRequest',
    ]);
  });

  it('builds no schema with an id at start: the festival rules are parsed on first use, not as the isolate starts', async () => {
    // zod keeps one registry on globalThis, shared by every copy of it: a schema's `.meta({ id })` lands there
    // when the schema is built. This file builds none, so after the bundle is evaluated the registry names what
    // its start built. Before, the start built the festival rules' schemas (FestivalRule, FestivalRules), 4–5 ms
    // of the isolate's start, because a read's route module imported the festival contract.
    const dir = mkdtempSync(join(tmpdir(), 'bundle-start-'));
    try {
      const outfile = join(dir, 'worker.mjs');
      await build({ ...OPTIONS, outfile });
      const before = new Set(registeredIds() ?? []);
      const mod = (await import(pathToFileURL(outfile).href)) as { onRequest: unknown };
      expect(typeof mod.onRequest).toBe('function');
      // The registry exists (the bundle's zod made it): the check can see what the start built.
      const after = registeredIds();
      expect(after).toBeDefined();
      expect(after!.filter((id) => !before.has(id))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
