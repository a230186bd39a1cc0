import { describe, expect, it } from 'vitest';
import { formatSfen, letterToRole, parseSfen, roleToLetter } from '../../src/notation/index.js';
import { DIMENSIONS, START_SFEN, VARIANTS, squareOf, type Result, type Setup, type Variant } from '../../src/rules/types.js';
import { sharedRows } from '../support/shared-data.js';

const perft = sharedRows('perft.tsv').map(([variant, name, sfen]) => ({ variant: variant as Variant, name, sfen }));

function parsed(text: string, variant?: Variant): Setup {
  const result = parseSfen(text, variant);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.value;
}

/** The column of the first occurrence of `needle` at or after `from` (itself a 0-based index). */
function col(text: string, needle: string, from = 0): number {
  const i = text.indexOf(needle, from);
  if (i < 0) throw new Error(`'${needle}' not in '${text}'`);
  return i + 1;
}

function expectError(result: Result<unknown>, code: string, column: number, message: string | RegExp) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  expect(result.error.column).toBe(column);
  expect(result.error.message).toMatch(message);
}

describe('perft positions', () => {
  it('holds all three variants', () => {
    expect(new Set(perft.map((p) => p.variant))).toEqual(new Set(VARIANTS));
  });

  for (const { variant, name, sfen } of perft) {
    it(`round trips ${variant} ${name}`, () => {
      const setup = parsed(sfen, variant);
      expect(setup.variant).toBe(variant);
      expect(formatSfen(setup)).toBe(sfen);
      expect(parsed(sfen)).toEqual(setup);
    });
  }
});

describe('parseSfen', () => {
  it('places the pieces of the shogi start position', () => {
    const { board, hands, turn, moveNumber } = parsed(START_SFEN.shogi);
    const dims = DIMENSIONS.shogi;
    expect(board[squareOf(1, 1, dims)]).toEqual({ color: 'gote', role: 'lance' });
    expect(board[squareOf(2, 2, dims)]).toEqual({ color: 'gote', role: 'bishop' });
    expect(board[squareOf(8, 2, dims)]).toEqual({ color: 'gote', role: 'rook' });
    expect(board[squareOf(5, 9, dims)]).toEqual({ color: 'sente', role: 'king' });
    expect(board[squareOf(2, 8, dims)]).toEqual({ color: 'sente', role: 'rook' });
    expect(board[squareOf(5, 5, dims)]).toBeUndefined();
    expect(board.filter(Boolean)).toHaveLength(40);
    expect(board).toHaveLength(81);
    expect(hands.sente.pawn + hands.gote.pawn).toBe(0);
    expect(turn).toBe('sente');
    expect(moveNumber).toBe(1);
  });

  it('reads promoted pieces, the side to move, hands and the move number', () => {
    const setup = parsed('8k/9/9/9/9/9/9/9/+R+B+S+N+L+P+r+b1 w 2Pb3s 42');
    const dims = DIMENSIONS.shogi;
    const rank9 = [9, 8, 7, 6, 5, 4, 3, 2].map((file) => setup.board[squareOf(file, 9, dims)]);
    expect(rank9).toEqual([
      { color: 'sente', role: 'dragon' }, { color: 'sente', role: 'horse' },
      { color: 'sente', role: 'promotedsilver' }, { color: 'sente', role: 'promotedknight' },
      { color: 'sente', role: 'promotedlance' }, { color: 'sente', role: 'tokin' },
      { color: 'gote', role: 'dragon' }, { color: 'gote', role: 'horse' },
    ]);
    expect(setup.turn).toBe('gote');
    expect(setup.hands.sente).toMatchObject({ pawn: 2, bishop: 0 });
    expect(setup.hands.gote).toMatchObject({ bishop: 1, silver: 3, pawn: 0 });
    expect(setup.moveNumber).toBe(42);
  });

  it('infers the variant from the board size', () => {
    for (const variant of VARIANTS) {
      const setup = parsed(START_SFEN[variant]);
      expect(setup.variant).toBe(variant);
      const dims = DIMENSIONS[variant];
      expect(setup.board).toHaveLength(dims.files * dims.ranks);
    }
  });

  it('numbers dobutsu squares as the shared vocabulary says', () => {
    const { board } = parsed(START_SFEN.dobutsu);
    const dims = DIMENSIONS.dobutsu;
    expect(board[squareOf(3, 1, dims)]).toEqual({ color: 'gote', role: 'rook' });
    expect(board[squareOf(2, 1, dims)]).toEqual({ color: 'gote', role: 'king' });
    expect(board[squareOf(1, 4, dims)]).toEqual({ color: 'sente', role: 'rook' });
    expect(board[11]).toEqual({ color: 'sente', role: 'bishop' }); // 3d
  });

  it('defaults the move number to 1', () => {
    expect(parsed('rkb/1p1/1P1/BKR b -').moveNumber).toBe(1);
    expect(formatSfen(parsed('rkb/1p1/1P1/BKR w -'))).toBe('rkb/1p1/1P1/BKR w - 1');
  });

  it('tolerates surrounding whitespace and a leading sfen keyword', () => {
    expect(formatSfen(parsed(`  sfen ${START_SFEN.shogi}\n`))).toBe(START_SFEN.shogi);
    expect(formatSfen(parsed(`\t${START_SFEN.minishogi}  `))).toBe(START_SFEN.minishogi);
  });

  it('reads the dobutsu animal letters and writes the standard ones', () => {
    expect(formatSfen(parsed('gle/1c1/1C1/ELG b - 1'))).toBe(START_SFEN.dobutsu);
    expect(formatSfen(parsed('1l+c/3/+C2/1L1 w Cge 3'))).toBe('1k+p/3/+P2/1K1 w Prb 3');
    const { board } = parsed('1l+c/3/+C2/1L1 w - 1');
    expect(board[squareOf(1, 1, DIMENSIONS.dobutsu)]).toEqual({ color: 'gote', role: 'tokin' });
  });

  it('reads hands in any order and writes them in the standard one', () => {
    const sfen = '8k/9/9/9/9/9/9/9/K8 b 18P4L4N4S4G2B2R 1';
    expect(formatSfen(parsed(sfen))).toBe('8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1');
    expect(formatSfen(parsed('8k/9/9/9/9/9/9/9/K8 w 10pS2rGb 7'))).toBe('8k/9/9/9/9/9/9/9/K8 w GS2rb10p 7');
    expect(formatSfen(parsed('8k/9/9/9/9/9/9/9/K8 b 1p1R 1'))).toBe('8k/9/9/9/9/9/9/9/K8 b Rp 1');
  });
});

describe('roleToLetter and letterToRole', () => {
  it('agree in both directions for every variant', () => {
    for (const variant of VARIANTS) {
      for (const letter of ['p', 'l', 'n', 's', 'b', 'r', 'g', 'k', '+p', '+l', '+n', '+s', '+b', '+r']) {
        const role = letterToRole(letter, variant);
        if (role && !(variant === 'dobutsu' && /[lg]/.test(letter))) expect(roleToLetter(role, variant)).toBe(letter);
      }
    }
  });

  it('know which letters each variant has', () => {
    expect(letterToRole('L', 'shogi')).toBe('lance');
    expect(letterToRole('l', 'minishogi')).toBeUndefined();
    expect(letterToRole('l', 'dobutsu')).toBe('king');
    expect(letterToRole('G', 'dobutsu')).toBe('rook');
    expect(letterToRole('+C', 'dobutsu')).toBe('tokin');
    expect(letterToRole('s', 'dobutsu')).toBeUndefined();
    expect(roleToLetter('king', 'dobutsu')).toBe('k');
    expect(roleToLetter('tokin', 'dobutsu')).toBe('+p');
  });
});

describe('parseSfen errors', () => {
  it('sfen-fields', () => {
    expectError(parseSfen(''), 'sfen-fields', 1, /got 0 fields/);
    expectError(parseSfen('sfen'), 'sfen-fields', 5, /got 0 fields/);
    expectError(parseSfen('rkb/1p1/1P1/BKR b  '), 'sfen-fields', 18, /got 2 fields/);
    const five = 'rkb/1p1/1P1/BKR b - 1 extra';
    expectError(parseSfen(five), 'sfen-fields', col(five, 'extra'), /got 5 fields/);
  });

  it('sfen-board: a rank of the wrong width', () => {
    const text = 'lnsgkgsnl/1r5b1/ppppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
    expectError(parseSfen(text), 'sfen-board', col(text, 'ppp'), 'rank 3 has 10 squares, expected 9');
    const short = 'rkb/1p1/1P/BKR b - 1';
    expectError(parseSfen(short), 'sfen-board', col(short, '1P/'), 'rank 3 has 2 squares, expected 3');
    const empty = 'rkb/1p1//BKR b - 1';
    expectError(parseSfen(empty), 'sfen-board', col(empty, '/BKR'), 'rank 3 has 0 squares, expected 3');
  });

  it('sfen-board: a number of ranks no variant has', () => {
    expectError(parseSfen('  7/7/7/7/7/7/7 b - 1'), 'sfen-board', 3, /7 ranks/);
    expectError(parseSfen('9 b - 1'), 'sfen-board', 1, /^board has 1 rank, expected/);
  });

  it('sfen-board: bad digits and a dangling +', () => {
    const zero = 'rkb/1p1/0P1/BKR b - 1';
    expectError(parseSfen(zero), 'sfen-board', col(zero, '0'), /'0'/);
    const plus = 'rkb/1p1/1P+/BKR b - 1';
    expectError(parseSfen(plus), 'sfen-board', col(plus, '+'), "'+' must be followed by a piece letter, got the end of rank 3");
    const plusDigit = 'rkb/1p1/+1P/BKR b - 1';
    expectError(parseSfen(plusDigit), 'sfen-board', col(plusDigit, '+'), /got '1'/);
  });

  it('sfen-variant: a board of another variant', () => {
    expectError(parseSfen(START_SFEN.minishogi, 'shogi'), 'sfen-variant', 1, 'board is 5x5, but shogi is played on 9x9');
    expectError(parseSfen(` ${START_SFEN.shogi}`, 'dobutsu'), 'sfen-variant', 2, 'board is 9x9, but dobutsu is played on 3x4');
  });

  it('sfen-piece', () => {
    const unknown = 'rkb/1x1/1P1/BKR b - 1';
    expectError(parseSfen(unknown), 'sfen-piece', col(unknown, 'x'), "unknown piece letter 'x'");
    const gold = '8k/9/9/9/4+G4/9/9/9/K8 b - 1';
    expectError(parseSfen(gold), 'sfen-piece', col(gold, '+'), "'+' cannot promote a gold");
    const king = '8k/9/9/9/4+k4/9/9/9/K8 b - 1';
    expectError(parseSfen(king), 'sfen-piece', col(king, '+'), "'+' cannot promote a king");
    const lance = 'rbsgk/4p/2l2/P4/KGSBR b - 1';
    expectError(parseSfen(lance), 'sfen-piece', col(lance, 'l'), "minishogi has no lance ('l')");
    const knight = 'rbsgk/4p/2+N2/P4/KGSBR b - 1';
    expectError(parseSfen(knight), 'sfen-piece', col(knight, '+'), "minishogi has no knight ('N')");
    const silver = 'rkb/1s1/1P1/BKR b - 1';
    expectError(parseSfen(silver), 'sfen-piece', col(silver, 's'), "dobutsu has no silver ('s')");
    const lion = 'rkb/1p1/1P1/B+KR b - 1';
    expectError(parseSfen(lion), 'sfen-piece', col(lion, '+'), "'+' cannot promote a lion");
    const elephant = 'rkb/1p1/1+E1/BKR b - 1';
    expectError(parseSfen(elephant), 'sfen-piece', col(elephant, '+'), "'+' cannot promote an elephant");
    const hand = 'rkb/1p1/1P1/BKR b Px 1';
    expectError(parseSfen(hand), 'sfen-piece', col(hand, 'x'), "unknown piece letter 'x'");
    const handLance = 'rbsgk/4p/5/P4/KGSBR b 2L 1';
    expectError(parseSfen(handLance), 'sfen-piece', col(handLance, 'L'), /minishogi has no lance/);
    const handGold = 'rkb/1p1/1P1/BKR w 2s 1';
    expectError(parseSfen(handGold), 'sfen-piece', col(handGold, 's'), /dobutsu has no silver/);
  });

  it('sfen-turn', () => {
    const text = `${START_SFEN.shogi.replace(' b ', ' x ')}`;
    expectError(parseSfen(text), 'sfen-turn', col(text, ' x ') + 1, "side to move must be 'b' or 'w', got 'x'");
  });

  it('sfen-hand', () => {
    const board = '8k/9/9/9/9/9/9/9/K8 b ';
    const cases: [hand: string, at: string, message: string | RegExp][] = [
      ['R19P', '19', 'hand count must be 1 to 18, got 19'],
      ['0P', '0', 'hand count must be 1 to 18, got 0'],
      ['R010P', '010', 'hand count 010 starts with a 0'],
      ['100p', '100', /got 100/],
      ['RB2', '2', 'count 2 must be followed by a piece letter'],
      ['+P', '+', 'a promoted piece cannot be in hand'],
      ['BK', 'K', 'a king cannot be in hand'],
      ['2Pr3P', '3P', "sente's pawn is listed twice"],
    ];
    for (const [hand, at, message] of cases) {
      const text = `${board}${hand} 1`;
      expectError(parseSfen(text), 'sfen-hand', col(text, at, board.length), message);
    }
    const lion = 'rkb/1p1/1P1/BKR b l 1';
    expectError(parseSfen(lion), 'sfen-hand', col(lion, 'l'), 'a lion cannot be in hand');
    const chicks = 'rkb/1p1/1P1/BKR b pc 1';
    expectError(parseSfen(chicks), 'sfen-hand', col(chicks, 'c'), "gote's chick is listed twice");
  });

  it('sfen-move-number', () => {
    for (const bad of ['x', '1.5', '-3', '99999999999999999999']) {
      const text = `rkb/1p1/1P1/BKR b - ${bad}`;
      expectError(parseSfen(text), 'sfen-move-number', col(text, ' - ') + 3, `move number must be a whole number, got '${bad}'`);
    }
    // 0, which some GUIs send, is read as 1.
    expect(parsed('rkb/1p1/1P1/BKR b - 0').moveNumber).toBe(1);
  });

  it('reports the first error from the left', () => {
    const text = 'rkb/1p1/1P1/BKR x y z';
    expectError(parseSfen(text), 'sfen-turn', col(text, 'x'), /got 'x'/);
  });
});
