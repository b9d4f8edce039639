/**
 * `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same process.
 * Speed is measured here, never in tests. `npm run bench -- <name>` runs one of them.
 */
import { buildBench } from './bench/build.ts';
import { converterBench } from './bench/converter.ts';
import { engineBench } from './bench/engine.ts';
import { muhuratBench } from './bench/muhurat.ts';

const benches: [string, () => string[] | Promise<string[]>][] = [
  ['converter', converterBench],
  ['engine', engineBench],
  ['muhurat', muhuratBench],
  ['build', buildBench],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  console.log((await run()).join('\n'));
  console.log();
}
