/**
 * What the user chose about the page (notation, pieces, engine), kept in localStorage so that
 * the next visit looks the same. Anything unreadable falls back to the default.
 */
import { COORDINATE_STYLES, type CoordinateStyle, type PieceSet } from '../board/component.js';
import { PIECE_SETS } from '../board/piece.js';
import { MOVE_NOTATIONS, type MoveNotation } from '../move-names.js';

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const LIMIT_KINDS = ['infinite', 'depth', 'time'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const HASH_SIZES = [16, 32, 64, 128, 256] as const;

export interface Settings {
  notation: MoveNotation;
  pieceSet: PieceSet;
  coordinates: CoordinateStyle;
  theme: Theme;
  multiPV: number;
  limit: LimitKind;
  depth: number;
  seconds: number;
  hashMiB: number;
}

export const DEFAULT_SETTINGS: Settings = {
  notation: 'japanese',
  pieceSet: 'kanji',
  coordinates: 'kanji',
  theme: 'auto',
  multiPV: 3,
  limit: 'infinite',
  depth: 12,
  seconds: 5,
  hashMiB: 64,
};

const KEY = 'shogi-wasm:analysis';

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
const within = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

export function loadSettings(): Settings {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
  } catch {
    // Storage blocked or garbled: the defaults will do.
  }
  const d = DEFAULT_SETTINGS;
  return {
    notation: oneOf(MOVE_NOTATIONS, stored.notation, d.notation),
    pieceSet: oneOf(PIECE_SETS, stored.pieceSet, d.pieceSet),
    coordinates: oneOf(COORDINATE_STYLES, stored.coordinates, d.coordinates),
    theme: oneOf(THEMES, stored.theme, d.theme),
    multiPV: within(stored.multiPV, 1, 5, d.multiPV),
    limit: oneOf(LIMIT_KINDS, stored.limit, d.limit),
    depth: within(stored.depth, 1, 60, d.depth),
    seconds: within(stored.seconds, 1, 600, d.seconds),
    hashMiB: (HASH_SIZES as readonly unknown[]).includes(stored.hashMiB) ? (stored.hashMiB as number) : d.hashMiB,
  };
}

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not kept, but the page goes on with them.
  }
}
