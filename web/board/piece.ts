import { svg, type TemplateResult } from 'lit';
import type { Piece, Role, Variant } from '../../src/rules/types.js';

const KANJI: Record<Role, string> = {
  pawn: '歩', lance: '香', knight: '桂', silver: '銀', bishop: '角', rook: '飛', gold: '金',
  king: '王', tokin: 'と', promotedlance: '杏', promotedknight: '圭', promotedsilver: '全',
  horse: '馬', dragon: '龍',
};

const NAMES: Record<Role, string> = {
  pawn: 'pawn', lance: 'lance', knight: 'knight', silver: 'silver', bishop: 'bishop',
  rook: 'rook', gold: 'gold', king: 'king', tokin: 'tokin', promotedlance: 'promoted lance',
  promotedknight: 'promoted knight', promotedsilver: 'promoted silver', horse: 'horse',
  dragon: 'dragon',
};

interface Animal {
  name: string;
  label: string;
  fill: string;
  /** Where the dots printed on the real tiles sit, as [dx, dy] with dy < 0 towards the opponent. */
  steps: [number, number][];
}

const ORTHOGONAL: [number, number][] = [[0, -1], [-1, 0], [1, 0], [0, 1]];
const DIAGONAL: [number, number][] = [[-1, -1], [1, -1], [-1, 1], [1, 1]];

/** Dobutsu shogi reuses shogi roles (types.ts); its tiles show animals instead of kanji. */
const ANIMALS: Partial<Record<Role, Animal>> = {
  pawn: { name: 'chick', label: 'ひよこ', fill: '#e3ec9a', steps: [[0, -1]] },
  tokin: {
    name: 'hen', label: 'にわとり', fill: '#f6c6d0',
    steps: [...ORTHOGONAL, [-1, -1], [1, -1]],
  },
  rook: { name: 'giraffe', label: 'きりん', fill: '#d9c4ec', steps: ORTHOGONAL },
  bishop: { name: 'elephant', label: 'ぞう', fill: '#d9c4ec', steps: DIAGONAL },
  king: { name: 'lion', label: 'ライオン', fill: '#f9d08a', steps: [...ORTHOGONAL, ...DIAGONAL] },
};

const PROMOTION: Partial<Record<Role, Role>> = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver',
  bishop: 'horse', rook: 'dragon',
};
const PROMOTED_ROLES: ReadonlySet<Role> = new Set(Object.values(PROMOTION));

/** The role a piece shows after promoting; itself when it has no promoted side. */
export function promotedRole(role: Role): Role {
  return PROMOTION[role] ?? role;
}

/** English name of a piece for labels: "pawn", or "chick" in dobutsu. */
export function roleName(role: Role, variant: Variant): string {
  return (variant === 'dobutsu' && ANIMALS[role]?.name) || NAMES[role];
}

/**
 * The piece as an SVG; `flipped` turns it to face down the board (the player at the top).
 * Purely decorative: the square or button around it carries the accessible name.
 */
export function pieceSvg(piece: Piece, variant: Variant, flipped: boolean): TemplateResult {
  const animal = variant === 'dobutsu' ? ANIMALS[piece.role] : undefined;
  return svg`<svg class="piece ${flipped ? 'flipped' : ''}" part="piece" viewBox="0 0 100 100"
    aria-hidden="true">${animal ? animalTile(animal) : kanjiPiece(piece)}</svg>`;
}

/** Sente's king is 王 and gote's 玉, as in tsume diagrams where the defender's king is 玉. */
function kanjiPiece(piece: Piece): TemplateResult {
  const text = piece.role === 'king' && piece.color === 'gote' ? '玉' : KANJI[piece.role];
  const promoted = PROMOTED_ROLES.has(piece.role);
  return svg`<polygon class="shape" points="50,5 79,16 90,95 10,95 21,16" />
    <text class="kanji ${promoted ? 'promoted' : ''}" x="50" y="58">${text}</text>`;
}

function animalTile(animal: Animal): TemplateResult {
  // The label stays between the side dots.
  const size = Math.min(30, 68 / animal.label.length);
  return svg`<rect class="tile" x="6" y="6" width="88" height="88" rx="12" fill=${animal.fill} />
    ${animal.steps.map(([dx, dy]) => svg`<circle class="step" r="4.5" cx=${50 + dx * 36} cy=${50 + dy * 36} />`)}
    <text class="animal" x="50" y="52" style="font-size:${size}px">${animal.label}</text>`;
}
