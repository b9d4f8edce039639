/**
 * `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same process.
 * Speed is measured here, never in tests.
 */
import { converterBench } from './bench/converter.ts';
import { engineBench } from './bench/engine.ts';

const benches: [string, () => string[] | Promise<string[]>][] = [
  ['converter', converterBench],
  ['engine', engineBench],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  console.log((await run()).join('\n'));
  console.log();
}
