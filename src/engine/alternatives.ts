/**
 * Other mates (余詰) along a tsume solution, for composers: at each of the attacker's moves, every
 * other check that mates within the plies left there. Each is asked of the solver with that check
 * fixed as its first move, within the plies left and at most ALTERNATIVE_NODES nodes (the plies a
 * line shows but does not count, a useless interposition and its capture, are not left: see
 * MateResult.uncounted; no check is asked at such a capture). A mate through another check that takes longer is a
 * detour, not an alternative: the solution is the shortest. Used by `mate --alternatives` and the
 * analysis board.
 */
import { Position } from '../rules/position.js';
import { formatUsiMove, parseUsiMove } from '../notation/usi.js';
import { fileOf, isDrop, kingSquare, opponent, rankOf, type Dimensions, type Move, type Setup, type Square } from '../rules/types.js';
import type { MateLimits, MateResult } from './mate-types.js';

export const ALTERNATIVE_NODES = 300_000;

export interface Alternative {
  /** The solution's move number (1-based) at which the other check is played. */
  moveNumber: number;
  /** The position it is played in (the solution played up to there), to name it. */
  position: Position;
  /** The other check, in USI. */
  move: string;
  /** The length of its mate; undefined when the solver could not decide within its nodes. */
  plies?: number;
  /** At the solution's last move (最終手余詰, usually tolerated). */
  last: boolean;
  /** The solution's own move with the other promotion choice (成生非限定). */
  promotionChoice: boolean;
  /** The solution's drop, the same piece on another square of its line to the king, on the same
   * side (打点非限定, as a lance dropped farther away: 以遠打). */
  dropPoint: boolean;
  /** The solution's drop, another kind of piece dropped on its square (駒種非限定). */
  pieceChoice: boolean;
  /** The solution's move made by another piece of the same kind to its square (移動元非限定). */
  origin: boolean;
}

/** What sets an alternative apart from 余詰 proper: the last move's, or a non-limitation (非限定)
 * of the solution's own move, which composers count as lesser flaws, if at all. */
export type AlternativeKind = 'last' | 'promotionChoice' | 'dropPoint' | 'pieceChoice' | 'origin';
/** Their names in English (with the Japanese terms). */
export const ALTERNATIVE_KIND_NAMES: Record<AlternativeKind, string> = {
  last: 'the last move: 最終手余詰',
  promotionChoice: 'the same move with the other promotion choice: 成生非限定',
  dropPoint: 'the same drop on another square of its line: 打点非限定',
  pieceChoice: 'another piece dropped on the same square: 駒種非限定',
  origin: 'another piece of the same kind moved there: 移動元非限定',
};
const KINDS = Object.keys(ALTERNATIVE_KIND_NAMES) as AlternativeKind[];
export function alternativeKinds(a: Pick<Alternative, AlternativeKind>): AlternativeKind[] {
  return KINDS.filter((kind) => a[kind]);
}
/** Whether an alternative is a non-limitation of the solution's move rather than another mate. */
export const nonLimitation = (a: Alternative) => alternativeKinds(a).some((kind) => kind !== 'last');

/** Whether `other` is `main`, a drop, made with the same piece on another square on the same side
 * of the defender's king (on `king`) along one line: a rank, a file or a diagonal. */
function sameLineDrop(dims: Dimensions, king: Square | undefined, main: Move, other: Move): boolean {
  if (king === undefined || !isDrop(main) || !isDrop(other) || main.role !== other.role) return false;
  const toward = (sq: Square) => [fileOf(sq, dims) - fileOf(king, dims), rankOf(sq, dims) - rankOf(king, dims)];
  const [a, b] = [toward(main.to), toward(other.to)];
  const onLine = ([f, r]: number[]) => f === 0 || r === 0 || Math.abs(f) === Math.abs(r);
  return onLine(a) && onLine(b) && Math.sign(a[0]) === Math.sign(b[0]) && Math.sign(a[1]) === Math.sign(b[1]);
}

/** How `other` varies `main` on `main`'s square: another kind of piece dropped there
 * (pieceChoice), or a piece of the same kind moved there from another square, landing as the
 * solution's does (origin). */
function sameSquare(board: Setup['board'], main: Move, other: Move): Pick<Alternative, 'pieceChoice' | 'origin'> {
  if (main.to !== other.to) return { pieceChoice: false, origin: false };
  if (isDrop(main) || isDrop(other)) return { pieceChoice: isDrop(main) && isDrop(other) && main.role !== other.role, origin: false };
  return { pieceChoice: false, origin: board[main.from]?.role === board[other.from]?.role && main.promotion === other.promotion };
}

/** The other mates along `line` (USI) from `sfen`, in order; `onMove` hears each attacker move
 * as its checks are taken up, and `stopped` ends the search between two solves. */
export async function findAlternatives(
  solve: (sfen: string, limits: MateLimits) => Promise<MateResult>,
  sfen: string,
  line: string[],
  uncounted: number[] = [],
  limits: MateLimits = {},
  onMove?: (moveNumber: number) => void,
  stopped: () => boolean = () => false,
): Promise<Alternative[]> {
  const start = Position.fromSfen(sfen);
  if (!start.ok) return [];
  const pos = start.value;
  const found: Alternative[] = [];
  for (let ply = 0; ply < line.length && !stopped(); ply += 2) {
    onMove?.(ply + 1);
    const left = line.length - ply - uncounted.filter((i) => i >= ply).length;
    const main = parseUsiMove(line[ply], pos.variant), setup = pos.setup();
    const king = kingSquare(setup, opponent(setup.turn));
    for (const move of uncounted.includes(ply) ? [] : pos.legalMoves('checks')) {
      const usi = formatUsiMove(move, pos.variant);
      if (usi === line[ply]) continue;
      if (stopped()) break;
      const r = await solve(pos.sfen(), { ...limits, timeMs: undefined, nodes: ALTERNATIVE_NODES, firstMove: usi, maxPlies: left });
      const at = {
        moveNumber: ply + 1, move: usi, last: ply + 1 === line.length,
        promotionChoice: usi.replace(/\+$/, '') === line[ply].replace(/\+$/, ''),
        dropPoint: main.ok && sameLineDrop(pos.dims, king, main.value, move),
        ...(main.ok ? sameSquare(setup.board, main.value, move) : { pieceChoice: false, origin: false }),
      };
      if (r.status === 'mate' && r.plies !== undefined && r.plies <= left) found.push({ ...at, position: pos.clone(), plies: r.plies });
      // Nothing found, or only a longer mate not proven shortest: a shorter one may be there.
      else if (r.status === 'unknown' || (r.status === 'mate' && !r.shortest)) found.push({ ...at, position: pos.clone() });
    }
    for (const usi of line.slice(ply, ply + 2)) pos.play(usi);
  }
  return found;
}
