import { describe, expect, it } from 'vitest';
import { formatSquare, formatUsiMove, parseSquare, parseUsiMove } from '../../src/notation/index.js';
import { DIMENSIONS, HAND_ROLES, VARIANTS, squareOf, type Move, type Result, type Variant } from '../../src/rules/types.js';

function expectError(result: Result<unknown>, code: string, column: number, message: string | RegExp) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  expect(result.error.column).toBe(column);
  expect(result.error.message).toMatch(message);
}

const shogi = DIMENSIONS.shogi;

describe('squares', () => {
  it('names the corners as USI does', () => {
    expect(formatSquare(0, shogi)).toBe('1a');
    expect(formatSquare(8, shogi)).toBe('1i');
    expect(formatSquare(9, shogi)).toBe('2a');
    expect(formatSquare(80, shogi)).toBe('9i');
    expect(formatSquare(24, DIMENSIONS.minishogi)).toBe('5e');
    expect(formatSquare(11, DIMENSIONS.dobutsu)).toBe('3d');
    expect(parseSquare('7g', shogi)).toBe(squareOf(7, 7, shogi));
  });

  it('round trips every square of every variant and refuses the rest', () => {
    for (const variant of VARIANTS) {
      const dims = DIMENSIONS[variant];
      const names = new Set<string>();
      for (let sq = 0; sq < dims.files * dims.ranks; sq++) {
        const name = formatSquare(sq, dims);
        names.add(name);
        expect(parseSquare(name, dims)).toBe(sq);
      }
      expect(names.size).toBe(dims.files * dims.ranks);
      for (const file of '0123456789') {
        for (const rank of 'abcdefghij') {
          if (!names.has(file + rank)) expect(parseSquare(file + rank, dims)).toBeUndefined();
        }
      }
    }
    expect(parseSquare('7g ', shogi)).toBeUndefined();
    expect(parseSquare('7G', shogi)).toBeUndefined();
  });
});

describe('parseUsiMove', () => {
  it('reads board moves, promotions and drops', () => {
    expect(parseUsiMove('7g7f', 'shogi')).toEqual({
      ok: true, value: { from: squareOf(7, 7, shogi), to: squareOf(7, 6, shogi), promotion: false },
    });
    expect(parseUsiMove('8h2b+', 'shogi')).toEqual({
      ok: true, value: { from: squareOf(8, 8, shogi), to: squareOf(2, 2, shogi), promotion: true },
    });
    expect(parseUsiMove('P*5e', 'shogi')).toEqual({ ok: true, value: { role: 'pawn', to: squareOf(5, 5, shogi) } });
    expect(parseUsiMove(' G*3c\n', 'shogi')).toEqual({ ok: true, value: { role: 'gold', to: squareOf(3, 3, shogi) } });
    const dobutsu = DIMENSIONS.dobutsu;
    expect(parseUsiMove('R*1d', 'dobutsu')).toEqual({ ok: true, value: { role: 'rook', to: squareOf(1, 4, dobutsu) } });
    expect(parseUsiMove('2c2b+', 'dobutsu')).toEqual({
      ok: true, value: { from: squareOf(2, 3, dobutsu), to: squareOf(2, 2, dobutsu), promotion: true },
    });
  });

  it('round trips every drop and a sample of board moves in every variant', () => {
    for (const variant of VARIANTS) {
      const dims = DIMENSIONS[variant];
      const size = dims.files * dims.ranks;
      const moves: Move[] = [];
      const roles = HAND_ROLES.filter((role) => variant === 'shogi' || (variant === 'minishogi'
        ? role !== 'lance' && role !== 'knight' : ['rook', 'bishop', 'pawn'].includes(role)));
      for (let to = 0; to < size; to++) {
        for (const role of roles) moves.push({ role, to });
        moves.push({ from: (to * 7 + 3) % size, to, promotion: to % 2 === 0 });
      }
      for (const move of moves) {
        const text = formatUsiMove(move, variant);
        expect(text).toMatch(/^([1-9][a-i]){2}\+?$|^[RBGSNLP]\*[1-9][a-i]$/);
        expect(parseUsiMove(text, variant)).toEqual({ ok: true, value: move });
      }
    }
  });

  it('writes dobutsu drops with the USI letters', () => {
    expect(formatUsiMove({ role: 'pawn', to: 5 }, 'dobutsu')).toBe('P*2b');
    expect(formatUsiMove({ role: 'rook', to: 0 }, 'dobutsu')).toBe('R*1a');
    expect(formatUsiMove({ role: 'bishop', to: 11 }, 'dobutsu')).toBe('B*3d');
  });
});

describe('parseUsiMove errors', () => {
  const cases: [text: string, variant: Variant, code: string, column: number, message: string | RegExp][] = [
    ['', 'shogi', 'usi-square', 1, 'expected a shogi square (files 1-9, ranks a-i), got nothing'],
    ['7g7', 'shogi', 'usi-square', 3, "expected a shogi square (files 1-9, ranks a-i), got '7'"],
    ['7j7f', 'shogi', 'usi-square', 1, /got '7j'/],
    ['  0g7f', 'shogi', 'usi-square', 3, /got '0g'/],
    ['6e5e', 'minishogi', 'usi-square', 1, "expected a minishogi square (files 1-5, ranks a-e), got '6e'"],
    ['1a1e', 'dobutsu', 'usi-square', 3, "expected a dobutsu square (files 1-3, ranks a-d), got '1e'"],
    ['P*0a', 'shogi', 'usi-square', 3, /got '0a'/],
    ['7g7f+x', 'shogi', 'usi-move', 6, "unexpected 'x' after the move"],
    ['7g7f=', 'shogi', 'usi-move', 5, "unexpected '=' after the move"],
    ['P*5e+', 'shogi', 'usi-move', 5, "unexpected '+' after the move"],
    ['X*5e', 'shogi', 'usi-piece', 1, "unknown piece letter 'X'"],
    ['K*5e', 'shogi', 'usi-piece', 1, 'a king cannot be dropped'],
    ['p*5e', 'shogi', 'usi-piece', 1, "USI writes a dropped pawn as 'P', got 'p'"],
    ['L*3c', 'minishogi', 'usi-piece', 1, "minishogi has no lance ('L')"],
    [' C*2b', 'dobutsu', 'usi-piece', 2, "USI writes a dropped chick as 'P', got 'C'"],
    ['G*2b', 'dobutsu', 'usi-piece', 1, "USI writes a dropped giraffe as 'R', got 'G'"],
    ['E*2b', 'dobutsu', 'usi-piece', 1, "USI writes a dropped elephant as 'B', got 'E'"],
    ['L*2b', 'dobutsu', 'usi-piece', 1, 'a lion cannot be dropped'],
    ['S*2b', 'dobutsu', 'usi-piece', 1, "dobutsu has no silver ('S')"],
  ];
  for (const [text, variant, code, column, message] of cases) {
    it(`${JSON.stringify(text)} in ${variant}: ${code}`, () => {
      expectError(parseUsiMove(text, variant), code, column, message);
    });
  }
});
