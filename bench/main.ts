/** `npm run bench -- [name] [flags]`: runs the named bench, or every bench when none is named. */
import { runPerftBench } from './perft.js';
import { runSearchBench } from './search.js';
import { runMatchBench } from './match.js';
import { runRecordsBench } from './records.js';
import { runTsumeBench, runTsumeLongBench } from './tsume.js';

const BENCHES = new Map<string, (args: string[]) => Promise<void>>([
  ['perft', runPerftBench],
  ['search', runSearchBench],
  ['match', runMatchBench],
  ['records', runRecordsBench],
  ['tsume', runTsumeBench],
  ['tsume-long', runTsumeLongBench],
]);

const argv = process.argv.slice(2);
const named = argv.length > 0 && !argv[0].startsWith('-');
const names = named ? [argv[0]] : [...BENCHES.keys()];
const args = named ? argv.slice(1) : argv;

for (const name of names) {
  const bench = BENCHES.get(name);
  if (!bench) {
    console.error(`unknown bench '${name}'; benches: ${[...BENCHES.keys()].join(', ')}`);
    process.exit(2);
  }
  await bench(args);
}
