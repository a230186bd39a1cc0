/**
 * Record parse speed: moves per second when reading one long game (a seeded random legal game,
 * the same every run) in each format, every move checked against the rules. tsshogi, which also
 * checks every move, reads the same texts in the same run. The work done is the number of moves
 * read, printed with each figure.
 */
import { importCSA, importJKFString, importKI2, importKIF } from 'tsshogi';
import { mainLine } from '../src/game/tree.js';
import { formatRecord, parseRecord, type RecordFormat } from '../src/notation/records.js';
import { initRules } from '../src/rules/position.js';
import { randomRecord } from '../test/support/random-records.js';

const FORMATS: RecordFormat[] = ['kif', 'ki2', 'csa', 'jkf', 'usi'];
const PEERS: Partial<Record<RecordFormat, (text: string) => unknown>> = {
  kif: importKIF, ki2: importKI2, csa: importCSA, jkf: importJKFString,
};

/** Runs `read` for at least `ms` milliseconds; reads per second. */
function rate(read: () => void, ms: number): number {
  read();
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    read();
    runs++;
    elapsed = performance.now() - start;
  }
  return (runs * 1000) / elapsed;
}

export async function runRecordsBench(args: string[]): Promise<void> {
  await initRules();
  const ms = Number(args.find((a) => a.startsWith('--ms='))?.slice(5) ?? 1000);
  const record = randomRecord(2024, { plies: 600, branching: 0, annotate: false });
  const moves = mainLine(record).length;
  console.log(`records: one ${moves}-move game (seeded random legal moves), read for ${ms} ms per format and reader`);
  console.log('format  reader          moves  moves/s    ours/peer');
  for (const format of FORMATS) {
    const text = formatRecord(record, format);
    if (!text.ok) throw new Error(text.error);
    const ours = rate(() => {
      const r = parseRecord(text.value, { format });
      if (!r.ok) throw new Error(`${format}: ${r.error.message}`);
    }, ms) * moves;
    const line = (reader: string, mps: number, ratio = '') =>
      console.log(`${format.padEnd(8)}${reader.padEnd(16)}${String(moves).padStart(5)}  ${String(Math.round(mps)).padStart(9)}  ${ratio}`);
    line('shogi-wasm', ours);
    const peer = PEERS[format];
    const refusal = peer?.(text.value);
    if (refusal instanceof Error) console.log(`${format.padEnd(8)}tsshogi         refuses the text: ${refusal.message}`);
    else if (peer) {
      const theirs = rate(() => peer(text.value), ms) * moves;
      line('tsshogi', theirs, (ours / theirs).toFixed(2));
    }
  }
}
