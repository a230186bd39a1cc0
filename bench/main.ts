/** `npm run bench -- [name] [flags]`: runs the named bench, or every bench when none is named. */
import { runPerftBench } from './perft.js';

const BENCHES: Record<string, (args: string[]) => Promise<void>> = {
  perft: runPerftBench,
};

const [first, ...rest] = process.argv.slice(2);
const named = first !== undefined && !first.startsWith('-');
const args = named ? rest : process.argv.slice(2);
const names = named ? [first] : Object.keys(BENCHES);

for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) {
    console.error(`unknown bench ${name}; benches: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  await bench(args);
}
