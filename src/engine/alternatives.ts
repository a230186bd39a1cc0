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
import { formatUsiMove } from '../notation/usi.js';
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
  /** The solution's own move with the other promotion choice (成生非限定): a lesser flaw than
   * another mate, which composers tell apart from 余詰. */
  promotionChoice: boolean;
}

/** What sets an alternative apart from 余詰 proper: it is the last move's, or a promotion choice. */
export type AlternativeKind = 'last' | 'promotionChoice';
/** Their names in English (with the Japanese terms). */
export const ALTERNATIVE_KIND_NAMES: Record<AlternativeKind, string> = { last: 'the last move: 最終手余詰', promotionChoice: 'the same move with the other promotion choice: 成生非限定' };
export function alternativeKinds(a: Pick<Alternative, AlternativeKind>): AlternativeKind[] {
  return (['last', 'promotionChoice'] as const).filter((kind) => a[kind]);
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
    for (const move of uncounted.includes(ply) ? [] : pos.legalMoves('checks')) {
      const usi = formatUsiMove(move, pos.variant);
      if (usi === line[ply]) continue;
      if (stopped()) break;
      const r = await solve(pos.sfen(), { ...limits, timeMs: undefined, nodes: ALTERNATIVE_NODES, firstMove: usi, maxPlies: left });
      const at = { moveNumber: ply + 1, move: usi, last: ply + 1 === line.length, promotionChoice: usi.replace(/\+$/, '') === line[ply].replace(/\+$/, '') };
      if (r.status === 'mate' && r.plies !== undefined && r.plies <= left) found.push({ ...at, position: pos.clone(), plies: r.plies });
      // Nothing found, or only a longer mate not proven shortest: a shorter one may be there.
      else if (r.status === 'unknown' || (r.status === 'mate' && !r.shortest)) found.push({ ...at, position: pos.clone() });
    }
    for (const usi of line.slice(ply, ply + 2)) pos.play(usi);
  }
  return found;
}
