import { svg, type TemplateResult } from 'lit';
import { DOBUTSU_WORDS, japanesePieceName } from '../../src/notation/japanese.js';
import { spokenName } from '../../src/notation/letters.js';
import { PROMOTED } from '../../src/notation/promotion.js';
import type { Piece, Role, Variant } from '../../src/rules/types.js';

/**
 * How shogi and minishogi pieces are drawn: `kanji` as on a real set (王/玉, 飛, 龍…), or
 * `letters`, a Latin letter with marks showing how the piece moves, for players who do not read
 * kanji. Dobutsu always shows its animals, which need neither.
 */
export const PIECE_SETS = ['kanji', 'letters'] as const;
export type PieceSet = (typeof PIECE_SETS)[number];

const KANJI: Record<Role, string> = {
  pawn: '歩', lance: '香', knight: '桂', silver: '銀', bishop: '角', rook: '飛', gold: '金',
  king: '王', tokin: 'と', promotedlance: '杏', promotedknight: '圭', promotedsilver: '全',
  horse: '馬', dragon: '龍',
};


/** The letters of the Hodges notation, which Western books and lishogi use. */
const LETTERS: Record<Role, string> = {
  pawn: 'P', lance: 'L', knight: 'N', silver: 'S', bishop: 'B', rook: 'R', gold: 'G', king: 'K',
  tokin: '+P', promotedlance: '+L', promotedknight: '+N', promotedsilver: '+S', horse: '+B', dragon: '+R',
};

type Direction = [dx: number, dy: number];

const ORTHOGONAL: Direction[] = [[0, -1], [-1, 0], [1, 0], [0, 1]];
const DIAGONAL: Direction[] = [[-1, -1], [1, -1], [-1, 1], [1, 1]];
const GOLD: Direction[] = [...ORTHOGONAL, [-1, -1], [1, -1]];

/** How a piece moves, dy < 0 towards the opponent: one step, any distance, or the knight's jump. */
interface Moves {
  steps: Direction[];
  slides: Direction[];
  jumps?: boolean;
}

const MOVES: Record<Role, Moves> = {
  pawn: { steps: [[0, -1]], slides: [] },
  lance: { steps: [], slides: [[0, -1]] },
  knight: { steps: [], slides: [], jumps: true },
  silver: { steps: [[0, -1], ...DIAGONAL], slides: [] },
  gold: { steps: GOLD, slides: [] },
  bishop: { steps: [], slides: DIAGONAL },
  rook: { steps: [], slides: ORTHOGONAL },
  king: { steps: [...ORTHOGONAL, ...DIAGONAL], slides: [] },
  tokin: { steps: GOLD, slides: [] },
  promotedlance: { steps: GOLD, slides: [] },
  promotedknight: { steps: GOLD, slides: [] },
  promotedsilver: { steps: GOLD, slides: [] },
  horse: { steps: ORTHOGONAL, slides: DIAGONAL },
  dragon: { steps: DIAGONAL, slides: ORTHOGONAL },
};

interface Animal {
  /** The word written on the tile (DOBUTSU_WORDS). */
  label: string;
  fill: string;
  /** Where the dots printed on the real tiles sit, as [dx, dy] with dy < 0 towards the opponent. */
  steps: Direction[];
}

/** Dobutsu shogi reuses shogi roles (types.ts); its tiles show animals instead of kanji. */
const ANIMALS: Partial<Record<Role, Animal>> = {
  pawn: { label: DOBUTSU_WORDS.pawn!, fill: '#e3ec9a', steps: [[0, -1]] },
  tokin: { label: DOBUTSU_WORDS.tokin!, fill: '#f6c6d0', steps: GOLD },
  rook: { label: DOBUTSU_WORDS.rook!, fill: '#d9c4ec', steps: ORTHOGONAL },
  bishop: { label: DOBUTSU_WORDS.bishop!, fill: '#d9c4ec', steps: DIAGONAL },
  king: { label: DOBUTSU_WORDS.king!, fill: '#f9d08a', steps: [...ORTHOGONAL, ...DIAGONAL] },
};

const PROMOTED_ROLES: ReadonlySet<Role> = new Set(Object.values(PROMOTED));

/** The role a piece shows after promoting; itself when it has no promoted side. */
export function promotedRole(role: Role): Role {
  return PROMOTED[role] ?? role;
}

/**
 * A piece's name for accessible names: "pawn" (or "歩" in Japanese). A dobutsu tile's name
 * carries the word written on it, "chick ひよこ", because a button's name must contain the text
 * it shows (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function roleName(role: Role, variant: Variant, lang: 'en' | 'ja' = 'en'): string {
  const animal = variant === 'dobutsu' ? ANIMALS[role] : undefined;
  if (lang === 'ja') return japanesePieceName(role, variant);
  return animal ? `${spokenName(role, variant)} ${animal.label}` : spokenName(role, variant);
}

/**
 * The piece as an SVG; `flipped` turns it to face down the board (the player at the top).
 * Purely decorative: the square or button around it carries the accessible name.
 */
export function pieceSvg(piece: Piece, variant: Variant, flipped: boolean, set: PieceSet = 'kanji'): TemplateResult {
  return svg`<svg class="piece ${flipped ? 'flipped' : ''}" part="piece" viewBox="0 0 100 100"
    aria-hidden="true">${pieceFace(piece, variant, set)}</svg>`;
}

/** The drawing inside a piece's 100×100 box, for pieceSvg and for ghost pieces in overlays. */
export function pieceFace(piece: Piece, variant: Variant, set: PieceSet): TemplateResult {
  const animal = variant === 'dobutsu' ? ANIMALS[piece.role] : undefined;
  if (animal) return animalTile(animal);
  return set === 'letters' ? letterPiece(piece) : kanjiPiece(piece);
}

const SHAPE = svg`<polygon class="shape" points="50,5 79,16 90,95 10,95 21,16" />`;

/** Sente's king is 王 and gote's 玉, as in tsume diagrams where the defender's king is 玉. */
function kanjiPiece(piece: Piece): TemplateResult {
  const text = piece.role === 'king' && piece.color === 'gote' ? '玉' : KANJI[piece.role];
  const promoted = PROMOTED_ROLES.has(piece.role);
  return svg`${SHAPE}<text class="kanji ${promoted ? 'promoted' : ''}" x="50" y="58">${text}</text>`;
}

/** Where a move mark sits on the pentagon for a direction: inside its edge, on its side. */
function markAt([dx, dy]: Direction): [number, number] {
  const x = 50 + dx * (dy < 0 ? 19 : dy === 0 ? 30 : 31);
  const y = dy < 0 ? (dx === 0 ? 17 : 28) : dy === 0 ? 56 : 87;
  return [x, y];
}

function letterPiece(piece: Piece): TemplateResult {
  const { steps, slides, jumps } = MOVES[piece.role];
  const promoted = PROMOTED_ROLES.has(piece.role);
  const dots = steps.map((d) => {
    const [x, y] = markAt(d);
    return svg`<circle class="step" r="4" cx=${x} cy=${y} />`;
  });
  // A slide is a short bar pointing outwards: it reads as "and further".
  const bars = slides.map((d) => {
    const [x, y] = markAt(d);
    const [dx, dy] = d;
    const length = Math.hypot(dx, dy);
    return svg`<line class="slide" x1=${x - (dx / length) * 9} y1=${y - (dy / length) * 9} x2=${x + (dx / length) * 2} y2=${y + (dy / length) * 2} />`;
  });
  const knight = jumps
    ? svg`<circle class="step" r="4" cx="38" cy="18" /><circle class="step" r="4" cx="62" cy="18" />`
    : svg``;
  const letter = LETTERS[piece.role];
  return svg`${SHAPE}${dots}${bars}${knight}
    <text class="letter ${promoted ? 'promoted' : ''}" x="50" y="60"
      font-size=${letter.length > 1 ? 34 : 44}>${letter}</text>`;
}

function animalTile(animal: Animal): TemplateResult {
  // The label stays between the side dots.
  const size = Math.min(30, 68 / animal.label.length);
  return svg`<rect class="tile" x="6" y="6" width="88" height="88" rx="12" fill=${animal.fill} />
    ${animal.steps.map(([dx, dy]) => svg`<circle class="step" r="4.5" cx=${50 + dx * 36} cy=${50 + dy * 36} />`)}
    <text class="animal" x="50" y="52" font-size=${size}>${animal.label}</text>`;
}
