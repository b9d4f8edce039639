/**
 * `npm run bench`: every benchmark: the comparisons against a baseline in the same process, interleaved, in CPU
 * time, with the median and spread of the ratio (scripts/bench/measure.ts); the build's time over repeated runs,
 * its files and bytes; the functions' CPU on cold and warm isolates, in Node and in workerd. Speed is measured here, never in tests.
 * `npm run bench -- <name>` runs one of them.
 */
import { buildBench } from './bench/build.ts';
import { converterBench } from './bench/converter.ts';
import { engineBench } from './bench/engine.ts';
import { functionsBench } from './bench/functions.ts';
import { muhuratBench } from './bench/muhurat.ts';
import { workerdBench } from './bench/workerd.ts';

const benches: [string, () => string[] | Promise<string[]>][] = [
  ['converter', converterBench],
  ['engine', engineBench],
  ['muhurat', muhuratBench],
  ['build', buildBench],
  // After the build: the functions read its files.
  ['functions', functionsBench],
  // The same bundle in workerd, the runtime Cloudflare runs it in.
  ['workerd', workerdBench],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  console.log((await run()).join('\n'));
  console.log();
}
