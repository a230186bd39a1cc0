import { HAND_ROLES, type HandRole, type Role, type Variant } from '../rules/types.js';

type LetterTable = readonly (readonly [letter: string, role: Role])[];

const SHOGI_LETTERS: LetterTable = [
  ['p', 'pawn'], ['l', 'lance'], ['n', 'knight'], ['s', 'silver'],
  ['b', 'bishop'], ['r', 'rook'], ['g', 'gold'], ['k', 'king'],
  ['+p', 'tokin'], ['+l', 'promotedlance'], ['+n', 'promotedknight'], ['+s', 'promotedsilver'],
  ['+b', 'horse'], ['+r', 'dragon'],
];

/**
 * Piece letters of each variant, lower case, '+' marking a promoted kind. A role's first letter
 * is the one written; later ones are aliases accepted on input (dobutsu's animal initials, which
 * players type more often than the shogi letters the standard borrows).
 */
const LETTERS: Record<Variant, LetterTable> = {
  shogi: SHOGI_LETTERS,
  minishogi: SHOGI_LETTERS.filter(([, role]) => !/lance|knight/.test(role)),
  dobutsu: [
    ['k', 'king'], ['r', 'rook'], ['b', 'bishop'], ['p', 'pawn'], ['+p', 'tokin'],
    ['l', 'king'], ['g', 'rook'], ['e', 'bishop'], ['c', 'pawn'], ['+c', 'tokin'],
  ],
};

/** Dobutsu players know the pieces by their animals, so messages use those names. */
const DOBUTSU_NAMES: Partial<Record<Role, string>> = {
  king: 'lion', rook: 'giraffe', bishop: 'elephant', pawn: 'chick', tokin: 'hen',
};

/** The upper-case letter of a role in Western move names: a dobutsu animal's initial (C-2b for the
 * chick; hen, giraffe, elephant, lion), as its players write; SFEN keeps the shogi letters. */
export function westernLetter(role: Role, variant: Variant): string {
  const animal = variant === 'dobutsu' ? DOBUTSU_NAMES[role] : undefined;
  return animal ? animal[0].toUpperCase() : roleToLetter(role, variant).toUpperCase();
}

/** The role of a piece letter ('+' prefix for promoted; either case), or undefined. */
export function letterToRole(letter: string, variant: Variant): Role | undefined {
  const lower = letter.toLowerCase();
  return LETTERS[variant].find(([l]) => l === lower)?.[1];
}

/**
 * The lower-case letter written for a role. A role the variant lacks gets its shogi letter, so
 * that any setup can be written and the parser then names what is wrong with it.
 */
export function roleToLetter(role: Role, variant: Variant): string {
  return LETTERS[variant].find(([, r]) => r === role)?.[0] ?? roleToLetter(role, 'shogi');
}

export function pieceName(role: Role, variant: Variant): string {
  return (variant === 'dobutsu' && DOBUTSU_NAMES[role]) || role;
}

/** pieceName in words, for sentences and accessible names: "promoted silver", "chick". */
export function spokenName(role: Role, variant: Variant): string {
  return pieceName(role, variant).replace(/^promoted/, 'promoted ');
}

/** Why `letterToRole(letter, variant)` found nothing: the message for the user. */
export function unknownLetterMessage(letter: string, variant: Variant): string {
  const base = letter.replace(/^\+/, '');
  const role = letterToRole(base, variant);
  if (role) return `'+' cannot promote ${withArticle(pieceName(role, variant))}`;
  const shogiRole = letterToRole(base, 'shogi');
  if (shogiRole) return `${variant} has no ${shogiRole} ('${base}')`;
  return `unknown piece letter '${base}'`;
}

export function isHandRole(role: Role): role is HandRole {
  return (HAND_ROLES as readonly Role[]).includes(role);
}

export function withArticle(name: string): string {
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
