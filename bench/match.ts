/**
 * Strength: games between our engine and Fairy-Stockfish WASM (classical evaluation, one
 * thread, the same hash) at a fixed time per move, from balanced openings, each played with
 * both colours. Prints W/D/L from our side, the score and its 95% error margin, and the Elo
 * difference that score means.
 *
 * `npm run bench -- match [--games=N] [--first=K] [--movetime=MS] [--variant=shogi|minishogi] [--log=FILE]`
 */
import { appendFileSync } from 'node:fs';
import { EngineCore } from '../src/engine/core.js';
import { initRules, Position } from '../src/rules/position.js';
import { START_SFEN, type Variant } from '../src/rules/types.js';
import * as fairyStockfish from './peers/fairy-stockfish.js';

const HASH_MIB = 64;
/** Games longer than this are adjudicated a draw (both sides shuffle in an impasse). */
const MAX_PLIES = 320;

/** Short, well-known openings after which neither side stands better. */
const OPENINGS: Record<'shogi' | 'minishogi', string[][]> = {
  shogi: [
    [], ['7g7f', '3c3d'], ['2g2f', '8c8d'], ['7g7f', '8c8d'], ['2g2f', '3c3d'], ['7g7f', '3c3d', '2g2f'],
    ['7g7f', '3c3d', '6g6f'], ['7g7f', '4c4d'], ['2g2f', '8c8d', '2f2e', '8d8e'], ['5g5f', '3c3d'],
    ['7g7f', '3c3d', '8h2b+', '3a2b'], ['2g2f', '3c3d', '7g7f', '4c4d'], ['7g7f', '8c8d', '7i6h', '3c3d'],
    ['6g6f', '8c8d', '7g7f', '3c3d'], ['7g7f', '3c3d', '2g2f', '4c4d', '2f2e', '2b3c'],
  ],
  minishogi: [[], ['2e3d'], ['3e2d'], ['4e4d'], ['2e3d', '4a3b'], ['3e2d', '2a3b'], ['4e4d', '2a2b'], ['1e1d']],
};

interface Tally { wins: number; draws: number; losses: number }

async function play(variant: Variant, opening: string[], oursIsSente: boolean, movetime: number, ours: EngineCore, moves: string[], scores: number[]): Promise<'win' | 'draw' | 'loss'> {
  const sfen = START_SFEN[variant];
  const parsed = Position.fromSfen(sfen, variant);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pos = parsed.value;
  for (const m of opening) {
    if (!pos.play(m).ok) throw new Error(`opening move ${m} is illegal`);
    moves.push(m);
  }
  await ours.newGame();
  await fairyStockfish.newGame();
  const oursToMove = () => (pos.turn === 'sente') === oursIsSente;
  while (moves.length < MAX_PLIES) {
    const over = pos.outcome();
    if (over) {
      if (!over.winner) return 'draw';
      return (over.winner === 'sente') === oursIsSente ? 'win' : 'loss';
    }
    let move: string;
    if (oursToMove()) {
      await ours.setPosition(sfen, moves);
      const result = await ours.analyse({ movetime });
      move = result.bestmove;
      const score = result.lines[0]?.score;
      scores.push(!score ? 0 : 'cp' in score ? score.cp : Math.sign(score.mate) * (30000 - Math.abs(score.mate)));
    } else {
      const result = await fairyStockfish.search(variant, sfen, moves, `movetime ${movetime}`);
      move = result.bestmove;
      scores.push(result.score);
    }
    if (move === 'resign') return oursToMove() ? 'loss' : 'win';
    if (move === 'win') {
      const declared = pos.declare();
      const good = declared.ok;
      return good === oursToMove() ? 'win' : 'loss';
    }
    if (!pos.play(move).ok) {
      console.log(`  illegal move ${move} by ${oursToMove() ? 'shogi-wasm' : 'fairy-stockfish'} after ${moves.join(' ')}`);
      return oursToMove() ? 'loss' : 'win';
    }
    moves.push(move);
  }
  return 'draw';
}

/** Score, 95% margin (from the per-game variance) and the Elo difference. */
function summary({ wins, draws, losses }: Tally): string {
  const n = wins + draws + losses;
  const score = (wins + draws / 2) / n;
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n;
  const margin = 1.96 * Math.sqrt(variance / n);
  const elo = (s: number) => (s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1));
  return `W ${wins} D ${draws} L ${losses}  score ${(100 * score).toFixed(1)}% +- ${(100 * margin).toFixed(1)}%  `
    + `Elo ${elo(score).toFixed(0)} (${elo(score - margin).toFixed(0)} to ${elo(score + margin).toFixed(0)})`;
}

export async function runMatchBench(args: string[]): Promise<void> {
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const variant = (option('variant') ?? 'shogi') as 'shogi' | 'minishogi';
  const games = Number(option('games') ?? (variant === 'shogi' ? 100 : 40));
  const movetime = Number(option('movetime') ?? 200);
  // --first=K starts at game K of the schedule (opening and colours), so that a long match can be
  // split over processes: --games=50 and --games=50 --first=50 together play --games=100.
  const first = Number(option('first') ?? 0);
  // --log=FILE appends one line per game: result, our colour, the opening's length, the USI moves
  // from the start, and each engine's score (side to move's view) for each move it chose.
  const log = option('log');
  await initRules();
  const ours = new EngineCore(variant, HASH_MIB, 1);
  await fairyStockfish.configure(variant, HASH_MIB);
  console.log(`match ${variant}: shogi-wasm vs fairy-stockfish, ${games} games, ${movetime} ms per move, ${HASH_MIB} MiB hash each`);
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  const openings = OPENINGS[variant];
  try {
    for (let g = first; g < first + games; g++) {
      const opening = openings[Math.floor(g / 2) % openings.length];
      const oursIsSente = g % 2 === 0;
      const moves: string[] = [], scores: number[] = [];
      const result = await play(variant, opening, oursIsSente, movetime, ours, moves, scores);
      if (log) appendFileSync(log, `${result}\t${oursIsSente ? 'sente' : 'gote'}\t${opening.length}\t${moves.join(' ')}\t${scores.join(' ')}\n`);
      if (result === 'win') tally.wins++;
      else if (result === 'draw') tally.draws++;
      else tally.losses++;
      console.log(`game ${g + 1}: shogi-wasm ${oursIsSente ? 'sente' : 'gote '} opening [${opening.join(' ')}] ${result}   ${summary(tally)}`);
    }
  } finally {
    await fairyStockfish.close();
  }
  console.log(`result: ${summary(tally)}`);
}
