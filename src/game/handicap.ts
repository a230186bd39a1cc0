/**
 * The named starting positions: even games, the standard handicaps, and the minishogi and dobutsu
 * starts, which KIF names in its 手合割 field. In a handicap game the stronger player (上手)
 * removes pieces and moves first, as gote.
 */
import { START_SFEN, type Variant } from '../rules/types.js';

export interface NamedStart {
  variant: Variant;
  /** KIF's 手合割 value. */
  kif: string;
  /** JKF's initial.preset, where JKF has one (its list has no seven-piece handicaps: those are
   * written as OTHER with the board, which every JKF reader takes). */
  jkf?: string;
  sfen: string;
}

const WITHOUT = (gote: string, rank2 = '1r5b1') =>
  `${gote}/${rank2}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`;

export const NAMED_STARTS: readonly NamedStart[] = [
  { variant: 'shogi', kif: '平手', jkf: 'HIRATE', sfen: START_SFEN.shogi },
  { variant: 'shogi', kif: '香落ち', jkf: 'KY', sfen: WITHOUT('lnsgkgsn1') },
  { variant: 'shogi', kif: '右香落ち', jkf: 'KY_R', sfen: WITHOUT('1nsgkgsnl') },
  { variant: 'shogi', kif: '角落ち', jkf: 'KA', sfen: WITHOUT('lnsgkgsnl', '1r7') },
  { variant: 'shogi', kif: '飛車落ち', jkf: 'HI', sfen: WITHOUT('lnsgkgsnl', '7b1') },
  { variant: 'shogi', kif: '飛香落ち', jkf: 'HIKY', sfen: WITHOUT('lnsgkgsn1', '7b1') },
  { variant: 'shogi', kif: '二枚落ち', jkf: '2', sfen: WITHOUT('lnsgkgsnl', '9') },
  { variant: 'shogi', kif: '三枚落ち', jkf: '3', sfen: WITHOUT('lnsgkgsn1', '9') },
  { variant: 'shogi', kif: '四枚落ち', jkf: '4', sfen: WITHOUT('1nsgkgsn1', '9') },
  { variant: 'shogi', kif: '五枚落ち', jkf: '5', sfen: WITHOUT('2sgkgsn1', '9') },
  { variant: 'shogi', kif: '左五枚落ち', jkf: '5_L', sfen: WITHOUT('1nsgkgs2', '9') },
  { variant: 'shogi', kif: '六枚落ち', jkf: '6', sfen: WITHOUT('2sgkgs2', '9') },
  { variant: 'shogi', kif: '左七枚落ち', sfen: WITHOUT('2sgkg3', '9') },
  { variant: 'shogi', kif: '右七枚落ち', sfen: WITHOUT('3gkgs2', '9') },
  { variant: 'shogi', kif: '八枚落ち', jkf: '8', sfen: WITHOUT('3gkg3', '9') },
  { variant: 'shogi', kif: '十枚落ち', jkf: '10', sfen: WITHOUT('4k4', '9') },
  { variant: 'minishogi', kif: '5五将棋', sfen: START_SFEN.minishogi },
  { variant: 'dobutsu', kif: 'どうぶつしょうぎ', sfen: START_SFEN.dobutsu },
];

/** Positions compare without the move number, which no 手合割 fixes. */
const withoutMoveNumber = (sfen: string) => sfen.split(' ').slice(0, 3).join(' ');

export function namedStartOf(sfen: string): NamedStart | undefined {
  const key = withoutMoveNumber(sfen);
  return NAMED_STARTS.find((s) => withoutMoveNumber(s.sfen) === key);
}

export function namedStartByKif(name: string): NamedStart | undefined {
  return NAMED_STARTS.find((s) => s.kif === name);
}

export function namedStartByJkf(preset: string): NamedStart | undefined {
  return NAMED_STARTS.find((s) => s.jkf === preset);
}

/** Whether a 手合割 names a handicap game, whose players are called 下手 and 上手 rather than 先手
 * and 後手: a standard handicap, or その他 (a handicap of one's own, from a board diagram). */
export function isHandicapName(kif: string): boolean {
  return kif === 'その他' || isHandicapStart(namedStartByKif(kif));
}

/** Whether the game starts with gote to move from a standard handicap. */
export function isHandicap(sfen: string): boolean {
  return isHandicapStart(namedStartOf(sfen));
}

function isHandicapStart(start: NamedStart | undefined): boolean {
  return start !== undefined && start.variant === 'shogi' && start.kif !== '平手';
}
