import { DIMENSIONS, fail, isDrop, ok, type Move, type Result, type Square, type Variant } from '../rules/types.js';
import { isHandRole, letterToRole, pieceName, roleToLetter, unknownLetterMessage, withArticle } from './letters.js';
import { formatSquare, parseSquare, squareRange } from './square.js';

/**
 * Reads a USI move: `7g7f`, `8h2b+` (promotion) or `P*5e` (drop). Only the syntax is checked;
 * legality is the engine's business. Surrounding whitespace is ignored; columns count from the
 * start of `input`.
 */
export function parseUsiMove(input: string, variant: Variant): Result<Move> {
  const start = input.search(/\S|$/);
  const text = input.trim();
  const dims = DIMENSIONS[variant];
  const error = (code: string, message: string, at: number): Result<never> =>
    fail({ code, message, column: start + at + 1 });

  const square = (at: number): Result<Square> => {
    const name = text.slice(at, at + 2);
    const sq = parseSquare(name, dims);
    if (sq !== undefined) return ok(sq);
    const got = name ? `'${name}'` : 'nothing';
    return error('usi-square', `expected a ${variant} square (${squareRange(dims)}), got ${got}`, at);
  };
  const end = (at: number): Result<null> =>
    at < text.length ? error('usi-move', `unexpected '${text.slice(at)}' after the move`, at) : ok(null);

  if (text[1] === '*') {
    const letter = text[0];
    const role = letterToRole(letter, variant);
    if (!role) return error('usi-piece', unknownLetterMessage(letter, variant), 0);
    const name = pieceName(role, variant);
    if (!isHandRole(role)) return error('usi-piece', `${withArticle(name)} cannot be dropped`, 0);
    // USI has one letter per piece, upper case, whatever aliases SFEN tolerates.
    const usiLetter = roleToLetter(role, variant).toUpperCase();
    if (letter !== usiLetter) return error('usi-piece', `USI writes a dropped ${name} as '${usiLetter}', got '${letter}'`, 0);
    const to = square(2);
    if (!to.ok) return to;
    const rest = end(4);
    return rest.ok ? ok({ role, to: to.value }) : rest;
  }
  const from = square(0);
  if (!from.ok) return from;
  const to = square(2);
  if (!to.ok) return to;
  const promotion = text[4] === '+';
  const rest = end(promotion ? 5 : 4);
  return rest.ok ? ok({ from: from.value, to: to.value, promotion }) : rest;
}

export function formatUsiMove(move: Move, variant: Variant): string {
  const dims = DIMENSIONS[variant];
  if (isDrop(move)) return `${roleToLetter(move.role, variant).toUpperCase()}*${formatSquare(move.to, dims)}`;
  return formatSquare(move.from, dims) + formatSquare(move.to, dims) + (move.promotion ? '+' : '');
}
