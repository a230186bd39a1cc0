import { beforeAll, describe, expect, it } from 'vitest';
import { initRules, Position } from '../../src/rules/position.js';
import { VARIANTS, type Move } from '../../src/rules/types.js';
import {
  formatJapaneseMove, japaneseLine, japaneseMoveName, readJapaneseMove, resolveJapaneseMove,
} from '../../src/notation/japanese.js';
import { formatWesternMove } from '../../src/notation/western.js';
import { formatUsiMove, parseUsiMove } from '../../src/notation/usi.js';
import { random } from '../support/random-records.js';

beforeAll(initRules);

function pos(sfen: string): Position {
  const r = Position.fromSfen(sfen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function move(p: Position, usi: string): Move {
  const r = parseUsiMove(usi, p.variant);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function play(p: Position, ...usis: string[]): Position {
  for (const u of usis) if (!p.play(u).ok) throw new Error(u);
  return p;
}
const ki2 = (p: Position, usi: string, lastTo?: number) => formatJapaneseMove(p, move(p, usi), { lastTo });
const kif = (p: Position, usi: string, lastTo?: number) => formatJapaneseMove(p, move(p, usi), { lastTo, kif: true });

/** Reads a KI2 name back in `p` and gives the USI of the move it names. */
function resolve(p: Position, name: string, lastTo?: number): string {
  const read = readJapaneseMove(name, 0, p.dims);
  if (!read.ok) return `unreadable: ${read.error.message}`;
  const m = resolveJapaneseMove(p, read.value.move, lastTo);
  return m.ok ? formatUsiMove(m.value, p.variant) : `unresolved: ${m.error}`;
}

const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

describe('Japanese move names', () => {
  it('names ordinary moves, captures on the same square, promotions and drops', () => {
    const p = pos(START);
    expect(japaneseMoveName(p, move(p, '7g7f'))).toBe('▲７六歩');
    expect(kif(p, '7g7f')).toBe('７六歩(77)');
    play(p, '7g7f', '3c3d');
    expect(ki2(p, '8h2b+')).toBe('２二角成');
    expect(ki2(p, '8h2b')).toBe('２二角不成');
    play(p, '8h2b+');
    expect(japaneseMoveName(p, move(p, '3a2b'), move(p, '3a2b').to)).toBe('△同　銀');
    expect(kif(p, '3a2b', move(p, '3a2b').to)).toBe('同　銀(31)');
    play(p, '3a2b');
    expect(ki2(p, 'B*5e')).toBe('５五角');
    expect(kif(p, 'B*5e')).toBe('５五角打');
  });

  it('adds 打 in KI2 only when a piece on the board could also move there', () => {
    const p = pos('4k4/9/9/9/9/9/9/4GG3/8K b G 1');
    expect(ki2(p, 'G*4g')).toBe('４七金打');
    expect(ki2(p, 'G*4c')).toBe('４三金');
    expect(resolve(p, '４七金打')).toBe('G*4g');
    expect(resolve(p, '４三金')).toBe('G*4c');
  });

  it('prefers 直 to 右 for a piece moving straight up (JSA)', () => {
    const p = pos('4k4/9/9/9/9/9/9/4GG3/8K b - 1');
    expect(ki2(p, '4h4g')).toBe('４七金直');
    expect(ki2(p, '5h4g')).toBe('４七金左');
    expect(resolve(p, '４七金直')).toBe('4h4g');
    expect(resolve(p, '４七金左')).toBe('5h4g');
  });

  it('uses 上, 寄 and 引 when the movement alone tells the pieces apart', () => {
    const p = pos('4k4/9/9/9/9/9/4G4/3G5/5G2K b - 1');
    expect(ki2(p, '4i5h')).toBe('５八金上');
    expect(ki2(p, '6h5h')).toBe('５八金寄');
    expect(ki2(p, '5g5h')).toBe('５八金引');
    for (const [name, usi] of [['５八金上', '4i5h'], ['５八金寄', '6h5h'], ['５八金引', '5g5h']]) expect(resolve(p, name)).toBe(usi);
  });

  it('combines position and movement when neither alone is enough (左上)', () => {
    const p = pos('4k4/9/9/9/9/9/9/3G5/3G1G2K b - 1');
    expect(ki2(p, '6i5h')).toBe('５八金左上');
    expect(ki2(p, '6h5h')).toBe('５八金寄');
    expect(ki2(p, '4i5h')).toBe('５八金右');
    expect(resolve(p, '５八金左上')).toBe('6i5h');
  });

  it('tells two dragons apart by 右 and 左, never 直', () => {
    const p = pos('4k4/4p4/+R7+R/9/9/9/9/9/K8 b - 1');
    expect(ki2(p, '1c5c')).toBe('５三龍右');
    expect(ki2(p, '9c5c')).toBe('５三龍左');
  });

  it('sees right and left from gote\'s side for gote', () => {
    const p = pos('k8/9/9/9/9/9/9/9/4K4 w - 1');
    const g = pos('k3g1g2/9/9/9/9/9/9/9/4K4 w - 1');
    expect(ki2(g, '5a4b')).toBe('４二金右');
    expect(ki2(g, '3a4b')).toBe('４二金左');
    expect(p.turn).toBe('gote');
  });

  it('reads the other spellings found in files', () => {
    const p = play(pos(START), '7g7f', '3c3d', '8h2b+', '3a2b');
    expect(resolve(p, '５五角打')).toBe('B*5e');
    const q = pos('4k4/9/9/9/9/9/9/9/4K4 b - 1');
    expect(resolve(q, '５八王')).toBe('5i5h');
    expect(resolve(q, '58玉')).toBe('5i5h');
    const promoted = pos('4k4/9/9/9/+S1+N1+L1+R2/9/9/9/4K4 b - 1');
    expect(['９四全', '７四圭', '５四杏', '３四竜', '９四成銀'].map((n) => resolve(promoted, n))).toEqual(['9e9d', '7e7d', '5e5d', '3e3d', '9e9d']);
  });

  it('tells the mover from a like piece pinned to its king, and still reads the older names without', () => {
    // The gold on ５八 could step to ４七 but for the rook pinning it to the king.
    const p = pos('4r3k/9/9/9/9/9/9/4G1G2/4K4 b - 1');
    expect(ki2(p, '3h4g')).toBe('４七金右');
    expect(resolve(p, '４七金右')).toBe('3h4g');
    expect(resolve(p, '４七金')).toBe('3h4g');
    const straight = pos('4r3k/9/9/9/9/9/9/4GG3/4K4 b - 1');
    expect(ki2(straight, '4h4g')).toBe('４七金直');
    expect(resolve(straight, '４七金直')).toBe('4h4g');
    expect(resolve(straight, '４七金')).toBe('4h4g');
  });

  it('adds 打 when only a pinned piece on the board could also move there', () => {
    const p = pos('4r3k/9/9/9/9/9/9/4G4/4K4 b G 1');
    expect(ki2(p, 'G*4g')).toBe('４七金打');
    expect(resolve(p, '４七金打')).toBe('G*4g');
    expect(resolve(p, '４七金')).toBe('G*4g');
  });

  it('names dobutsu\'s pieces by their animals where the board shows moves, and keeps the kanji in records', () => {
    const p = pos('rkb/1p1/1P1/BKR b - 1');
    expect(formatJapaneseMove(p, move(p, '2c2b'), { animals: true })).toBe('２二ひよこ');
    expect(ki2(p, '2c2b')).toBe('２二歩');
    const q = play(pos('rkb/1p1/1P1/BKR b - 1'), '2c2b', '1a2b');
    expect(formatJapaneseMove(q, move(q, '3d2c'), { animals: true })).toBe('２三ぞう');
    expect(formatJapaneseMove(q, move(q, 'P*3c'), { animals: true })).toBe('３三ひよこ');
    expect(formatJapaneseMove(q, move(q, '2d2c'), { animals: true, lastTo: undefined })).toBe('２三ライオン');
  });

  it('explains a name that fits no legal move or several', () => {
    const p = pos('4k4/9/9/9/9/9/9/4GG3/8K b - 1');
    expect(resolve(p, '４七金')).toMatch(/2 金 can move to ４七/);
    expect(resolve(p, '４七銀')).toMatch(/no 銀 can move/);
    expect(resolve(p, '同　金')).toMatch(/no previous move/);
  });

  it('names an engine line from a position and leaves the position as it was', () => {
    const p = pos(START);
    const line = ['7g7f', '3c3d', '8h2b+', '3a2b'].map((u) => parseUsiMove(u, 'shogi')).map((r) => (r.ok ? r.value : undefined)!);
    const names = japaneseLine(p, line);
    expect(names.ok && names.value).toEqual(['▲７六歩', '△３四歩', '▲２二角成', '△同　銀']);
    expect(p.sfen()).toBe(START);
  });
});

describe('Western move names', () => {
  it('writes Hodges and Kitao–Kawasaki', () => {
    const p = pos(START);
    expect(formatWesternMove(p, move(p, '7g7f'))).toBe('P-7f');
    expect(formatWesternMove(p, move(p, '7g7f'), 'kitao-kawasaki')).toBe('P-76');
    play(p, '7g7f', '3c3d');
    expect(formatWesternMove(p, move(p, '8h2b+'))).toBe('Bx2b+');
    expect(formatWesternMove(p, move(p, '8h2b'))).toBe('Bx2b=');
    play(p, '8h2b+', '3a2b');
    expect(formatWesternMove(p, move(p, 'B*5e'))).toBe('B*5e');
  });

  it('adds the origin only when another piece of the kind could make the move', () => {
    const p = pos('4k4/9/9/9/9/9/9/4GG3/8K b - 1');
    expect(formatWesternMove(p, move(p, '5h4g'))).toBe('G5h-4g');
    expect(formatWesternMove(p, move(p, '5h5g'))).toBe('G5h-5g');
    expect(formatWesternMove(p, move(p, '4h3g'))).toBe('G-3g');
  });

  it('counts a rival pinned to its king, as Japanese names do', () => {
    // The gold on 4h is pinned by the rook on 4a, yet it reaches 5g by its movement.
    const p = pos('k4r3/9/9/9/9/9/9/4GG3/5K3 b - 1');
    expect(formatWesternMove(p, move(p, '5h5g'))).toBe('G5h-5g');
    expect(formatJapaneseMove(p, move(p, '5h5g'))).toBe('５七金直');
    expect(formatWesternMove(p, move(p, '5h6g'))).toBe('G-6g');
  });

  it('writes dobutsu\'s animals by their initials', () => {
    const p = play(pos('rkb/1p1/1P1/BKR b - 1'), '2c2b', '1a2b');
    expect(formatWesternMove(p, move(p, 'P*3c'))).toBe('C*3c');
    expect(formatWesternMove(p, move(p, '1d1c'))).toBe('G-1c');
    expect(formatWesternMove(p, move(p, '3d2c'))).toBe('E-2c');
    expect(formatWesternMove(p, move(p, '2d2c'))).toBe('L-2c');
  });
});

describe('names of every legal move in random games', () => {
  it('read back to the same move (KI2 and KIF), and no two moves share a name', () => {
    for (const variant of VARIANTS) {
      for (let seed = 1; seed <= 6; seed++) {
        const rnd = random(seed * 31 + variant.length);
        const start = Position.fromSfen({ shogi: START, minishogi: 'rbsgk/4p/5/P4/KGSBR b - 1', dobutsu: 'rkb/1p1/1P1/BKR b - 1' }[variant]);
        if (!start.ok) throw new Error(start.error.message);
        const p = start.value;
        let lastTo: number | undefined;
        for (let ply = 0; ply < 60; ply++) {
          const legal = p.legalMoves();
          if (legal.length === 0) break;
          const names = new Set<string>();
          for (const m of legal) {
            const usi = formatUsiMove(m, variant);
            const name = formatJapaneseMove(p, m, { lastTo });
            expect(resolve(p, name, lastTo), `${p.sfen()} ${usi} named ${name}`).toBe(usi);
            expect(resolve(p, formatJapaneseMove(p, m, { lastTo, kif: true }), lastTo)).toBe(usi);
            names.add(formatWesternMove(p, m));
          }
          expect(names.size).toBe(legal.length);
          const chosen = legal[Math.floor(rnd() * legal.length)];
          p.play(chosen);
          lastTo = chosen.to;
        }
      }
    }
  });
});
