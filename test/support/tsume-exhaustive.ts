/**
 * An exhaustive tsume search, written apart from the solver, to check its lines and lengths on
 * short problems. It plays on the rules core's Position (legal moves only: a check is a legal move
 * after which the defender stands in check, so uchifuzume, non-promotions and a root in check
 * come from the rules, perft-tested against shogiops) and applies the conventions itself:
 * - the attacker checks on every move and mates as soon as it can; the defender resists longest;
 * - a useless interposition (無駄合) does not count: a drop between the king and its only checker,
 *   a distant one, on a square to which no defender but the king can move (a piece pinned to its
 *   king cannot), that, next to the king, the king cannot take back after the checker takes it
 *   (another attacker guards the square); it is useless when a capture on its square that checks,
 *   the piece going back to the defender's hand, mates within the plies the reply had plus two;
 *   otherwise it is a defence like any other. A check answered only by useless interpositions
 *   mates.
 * Lengths are found by deepening: a position mates in L when it mates within L plies and not
 * within L - 2. Positions are memoised by their hash and budget.
 */
import { Position } from '../../src/rules/position.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { HAND_ROLES, isDrop, type Color, type HandRole, type Move, type Piece, type Setup } from '../../src/rules/types.js';

const FILES = 9, RANKS = 9;
const fileOf = (sq: number) => Math.floor(sq / RANKS) + 1;
const rankOf = (sq: number) => (sq % RANKS) + 1;
const squareAt = (file: number, rank: number) => (file - 1) * RANKS + (rank - 1);
const onBoard = (file: number, rank: number) => file >= 1 && file <= FILES && rank >= 1 && rank <= RANKS;

const GOLD_STEPS: [number, number][] = [[0, 1], [1, 1], [-1, 1], [1, 0], [-1, 0], [0, -1]];
const KING_STEPS: [number, number][] = [[0, 1], [1, 1], [-1, 1], [1, 0], [-1, 0], [0, -1], [1, -1], [-1, -1]];
const DIAGONALS: [number, number][] = [[1, 1], [-1, 1], [1, -1], [-1, -1]];
const ORTHOGONALS: [number, number][] = [[0, 1], [1, 0], [-1, 0], [0, -1]];

/** Steps (forward is +1 in the second coordinate) and slides of a piece. */
function movement(role: Piece['role']): { steps: [number, number][]; slides: [number, number][] } {
  switch (role) {
    case 'pawn': return { steps: [[0, 1]], slides: [] };
    case 'lance': return { steps: [], slides: [[0, 1]] };
    case 'knight': return { steps: [[1, 2], [-1, 2]], slides: [] };
    case 'silver': return { steps: [[0, 1], [1, 1], [-1, 1], [1, -1], [-1, -1]], slides: [] };
    case 'gold': case 'tokin': case 'promotedlance': case 'promotedknight': case 'promotedsilver': return { steps: GOLD_STEPS, slides: [] };
    case 'king': return { steps: KING_STEPS, slides: [] };
    case 'bishop': return { steps: [], slides: DIAGONALS };
    case 'rook': return { steps: [], slides: ORTHOGONALS };
    case 'horse': return { steps: ORTHOGONALS, slides: DIAGONALS };
    case 'dragon': return { steps: DIAGONALS, slides: ORTHOGONALS };
  }
}

/** Whether the piece on `from` attacks `to`, the square `vacated` taken as empty. */
function attacks(board: Setup['board'], from: number, to: number, vacated = -1): boolean {
  const piece = board[from]!;
  const forward = piece.color === 'sente' ? -1 : 1;
  const { steps, slides } = movement(piece.role);
  const df = fileOf(to) - fileOf(from), dr = rankOf(to) - rankOf(from);
  if (steps.some(([f, r]) => f === df && r * forward === dr)) return true;
  for (const [f, r] of slides) {
    let file = fileOf(from) + f, rank = rankOf(from) + r * forward;
    while (onBoard(file, rank)) {
      const sq = squareAt(file, rank);
      if (sq === to) return true;
      if (board[sq] && sq !== vacated) break;
      file += f;
      rank += r * forward;
    }
  }
  return false;
}

function attackersOf(board: Setup['board'], to: number, color: Color, vacated = -1): number[] {
  const found: number[] = [];
  board.forEach((piece, sq) => { if (piece?.color === color && sq !== vacated && attacks(board, sq, to, vacated)) found.push(sq); });
  return found;
}

/** The squares strictly between two squares on a line (empty when they are not on one). */
function between(a: number, b: number): number[] {
  const df = fileOf(b) - fileOf(a), dr = rankOf(b) - rankOf(a);
  if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return [];
  const n = Math.max(Math.abs(df), Math.abs(dr));
  return Array.from({ length: Math.max(0, n - 1) }, (_, i) => squareAt(fileOf(a) + Math.sign(df) * (i + 1), rankOf(a) + Math.sign(dr) * (i + 1)));
}

const other = (c: Color): Color => (c === 'sente' ? 'gote' : 'sente');
const UNPROMOTED: Partial<Record<Piece['role'], HandRole>> = {
  pawn: 'pawn', lance: 'lance', knight: 'knight', silver: 'silver', gold: 'gold', bishop: 'bishop', rook: 'rook',
  tokin: 'pawn', promotedlance: 'lance', promotedknight: 'knight', promotedsilver: 'silver', horse: 'bishop', dragon: 'rook',
};

export class TsumeOracle {
  private readonly memo = new Map<string, boolean>();
  private readonly piecesMemo = new Map<string, number>();
  readonly attacker: Color;
  /** The longest mate asked about: tests within tests take no more plies than it. */
  private plies = Infinity;
  /** Tests in progress: only the outermost gets the slack, which would else add up. */
  private inTest = 0;
  /** Nodes visited (positions expanded), for the caller's budget. */
  nodes = 0;

  /** `testSlack`: plies a useless interposition's test may take beyond the reply's plies plus
   * two (the solver's first search, with no budget, allows any number: tsume-dev #47). */
  constructor(readonly root: Position, readonly maxNodes = Infinity, readonly testSlack = 0) {
    this.attacker = root.turn;
  }

  /** The attacker, to move, mates within `budget` plies. */
  mates(p: Position, budget: number): boolean {
    if (budget < 1) return false;
    const key = `o${p.hash()}:${budget}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.count();
    // A position met again inside its own search (a chain of useless-interposition tests can
    // lead back to it) fails for the attacker, as a repetition does.
    this.memo.set(key, false);
    let result = false;
    for (const check of this.checks(p)) {
      p.play(check);
      result = this.mated(p, budget - 1);
      p.undo();
      if (result) break;
    }
    this.memo.set(key, result);
    return result;
  }

  /** The defender, to move after a check, is mated within `budget` more plies (0: mated now, or
   * left only useless interpositions). */
  mated(p: Position, budget: number): boolean {
    const key = `a${p.hash()}:${budget}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.count();
    this.memo.set(key, false);
    let result = true;
    for (const reply of this.realReplies(p, budget)) {
      if (budget < 2) { result = false; break; }
      p.play(reply);
      result = this.mates(p, budget - 1);
      p.undo();
      if (!result) break;
    }
    this.memo.set(key, result);
    return result;
  }

  /** The shortest mate within maxPlies, or undefined. */
  length(p: Position, maxPlies: number): number | undefined {
    this.plies = maxPlies;
    for (let plies = 1; plies <= maxPlies; plies += 2) if (this.mates(p, plies)) return plies;
    return undefined;
  }

  /** The attacker's checks: legal moves after which the defender is in check. */
  checks(p: Position): Move[] {
    return p.legalMoves().filter((m) => {
      p.play(m);
      const check = p.isCheck();
      p.undo();
      return check;
    });
  }

  /** The defender's replies that count within `budget` (drops first tested as useless). */
  realReplies(p: Position, budget: number): Move[] {
    const replies = p.legalMoves();
    // Drops last: the other replies refute soonest, and drops cost their tests.
    replies.sort((a, b) => Number(isDrop(a)) - Number(isDrop(b)));
    let setup: Setup | undefined;
    const useless = new Map<number, boolean>();
    return replies.filter((reply) => {
      if (!isDrop(reply)) return true;
      if (!useless.has(reply.to)) {
        setup ??= p.setup();
        useless.set(reply.to, this.uselessCandidate(p, setup, reply, replies) && this.passesTest(p, reply, Math.min(budget, this.plies) + 1 + (this.inTest ? 0 : this.testSlack)));
      }
      return !useless.get(reply.to);
    });
  }

  private uselessCandidate(p: Position, setup: Setup, drop: Move, replies: Move[]): boolean {
    const defender = setup.turn, attacker = other(defender);
    const king = setup.board.findIndex((piece) => piece?.role === 'king' && piece.color === defender);
    const checkers = attackersOf(setup.board, king, attacker);
    if (checkers.length !== 1) return false;
    const checker = checkers[0];
    if (!between(king, checker).includes(drop.to)) return false;
    // A defender that can move there, the king apart (a pinned piece cannot: its move is illegal).
    if (replies.some((m) => !isDrop(m) && m.to === drop.to && m.from !== king)) return false;
    if (between(king, drop.to).length > 0) return true;
    // Next to the king: the king must not take back the checker's capture.
    return attackersOf(setup.board, drop.to, attacker, checker).length > 0;
  }

  /** The useless-interposition test: after the drop, a capture on its square that checks, the
   * piece given back to the defender, then a mate within `budget` plies counting the capture. */
  private passesTest(p: Position, drop: Move & { role: HandRole }, budget: number): boolean {
    p.play(drop);
    let passes = false;
    for (const capture of this.checks(p)) {
      if (isDrop(capture) || capture.to !== drop.to) continue;
      p.play(capture);
      const setup = p.setup();
      setup.hands[this.attacker][drop.role]--;
      setup.hands[other(this.attacker)][drop.role]++;
      p.undo();
      const returned = Position.fromSetup(setup);
      if (!returned.ok) throw new Error(returned.error.message);
      this.inTest++;
      passes = this.mated(returned.value, budget - 1);
      this.inTest--;
      if (passes) break;
    }
    p.undo();
    return passes;
  }

  /** The fewest pieces the attacker can end with in hand, over every line of the mate in
   * exactly `plies` from p (the attacker to move): the attacker's checks that mate that soon and
   * the defender's longest defences, both choosing. */
  fewestLeft(p: Position, plies: number): number {
    const key = `${p.hash()}:${plies}`;
    const known = this.piecesMemo.get(key);
    if (known !== undefined) return known;
    let fewest = Infinity;
    const atDefender = p.turn !== this.attacker;
    if (!atDefender) {
      for (const check of this.checks(p)) {
        p.play(check);
        if (this.mated(p, plies - 1)) fewest = Math.min(fewest, this.fewestLeft(p, plies - 1));
        p.undo();
      }
    } else {
      const replies = this.realReplies(p, plies);
      if (!replies.length) fewest = this.inHand(p);
      for (const reply of replies) {
        p.play(reply);
        if (!this.mates(p, plies - 3)) fewest = Math.min(fewest, this.fewestLeft(p, plies - 1));
        p.undo();
      }
    }
    this.piecesMemo.set(key, fewest);
    return fewest;
  }

  inHand(p: Position): number {
    const hand = p.setup().hands[this.attacker];
    return HAND_ROLES.reduce((n, role) => n + hand[role], 0);
  }

  /** Why `moves` is not a line of the shortest mate in `plies` under the conventions (undefined:
   * it is one): each check mates within what is left, each reply counts and is a longest one. */
  checkLine(moves: string[], plies: number): string | undefined {
    const p = this.root.clone();
    const length = this.length(p, plies);
    if (length !== plies) return `the shortest mate is ${length ?? `longer than ${plies}`}, not ${plies}`;
    if (moves.length !== plies) return `${moves.length} moves for a mate in ${plies}`;
    for (const [i, usi] of moves.entries()) {
      const left = plies - i;
      const move = i % 2 === 0 ? this.checks(p).find((m) => formatUsiMove(m, 'shogi') === usi) : this.realReplies(p, left).find((m) => formatUsiMove(m, 'shogi') === usi);
      if (!move) return `move ${i + 1} (${usi}) is not ${i % 2 === 0 ? 'a check' : 'a reply that counts'}`;
      p.play(move);
      if (i % 2 === 0 && !this.mated(p, left - 1)) return `move ${i + 1} (${usi}) does not mate within ${left} plies`;
      if (i % 2 === 1 && this.mates(p, left - 3)) return `move ${i + 1} (${usi}) is not a longest defence`;
    }
    return undefined;
  }

  private count(): void {
    if (++this.nodes > this.maxNodes) throw new Error('node budget spent');
  }
}
