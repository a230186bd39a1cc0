import { fileOf, rankOf, squareOf, type Dimensions, type Square } from '../rules/types.js';

const FILE_DIGITS = '123456789';
const RANK_LETTERS = 'abcdefghi';

/** A USI square name such as '7g' (file digit counted from the right, rank letter from the top). */
export function parseSquare(text: string, dims: Dimensions): Square | undefined {
  if (text.length !== 2) return undefined;
  const file = FILE_DIGITS.indexOf(text[0]) + 1;
  const rank = RANK_LETTERS.indexOf(text[1]) + 1;
  if (file < 1 || file > dims.files || rank < 1 || rank > dims.ranks) return undefined;
  return squareOf(file, rank, dims);
}

export function formatSquare(sq: Square, dims: Dimensions): string {
  return FILE_DIGITS[fileOf(sq, dims) - 1] + RANK_LETTERS[rankOf(sq, dims) - 1];
}

/** The square names of a board, for messages: 'files 1-9, ranks a-i'. */
export function squareRange(dims: Dimensions): string {
  return `files 1-${dims.files}, ranks a-${RANK_LETTERS[dims.ranks - 1]}`;
}
