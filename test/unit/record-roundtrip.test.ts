/**
 * Property tests over seeded random records: writing then reading gives back what the format
 * can carry, conversions between formats agree, and no input, however broken, makes a reader
 * throw.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HEADER, SPECIALS, isMoveNode, type GameRecord, type Node, type Root, type Special } from '../../src/game/record.js';
import { csaSpecialName } from '../../src/notation/csa.js';
import { SPECIAL_WORDS } from '../../src/notation/kakinoki.js';
import { KIF_SPECIALS } from '../../src/notation/summary.js';
import { formatRecord, parseRecord, RECORD_FORMATS, writeRecord, type RecordFormat } from '../../src/notation/records.js';
import { formatUsiMove } from '../../src/notation/usi.js';
import { initRules } from '../../src/rules/position.js';
import type { Variant } from '../../src/rules/types.js';
import { random, randomRecord } from '../support/random-records.js';

beforeAll(initRules);

/** What a format keeps of a record. */
interface Carries {
  variations: boolean;
  time: boolean;
  bookmarks: boolean;
  annotations: boolean;
  /** Endings (resign, interruption, …). */
  specials: boolean;
  /** The ending read back for each ending written, where the format names two alike. */
  special?: (special: Special) => Special;
  /** Header keys kept (all when undefined); CSA also reorders them. */
  headers?: readonly string[];
}

/** KIF writes one word, 持将棋, for a draw declared or by the move limit too. */
const kifSpecial = (special: Special) => SPECIAL_WORDS.find(([, word]) => word === KIF_SPECIALS[special])![0];
/** The endings CSA and JKF name; they refuse the others (不戦勝, 不戦敗, トライ). */
const CSA_SPECIALS = SPECIALS.filter((s) => csaSpecialName(s, 'sente') !== undefined);

const ALL: Carries = { variations: true, time: true, bookmarks: true, annotations: true, specials: true };
const CARRIES: Record<Exclude<RecordFormat, 'sfen' | 'kifu'>, Carries> = {
  kif: { ...ALL, special: kifSpecial },
  jkf: ALL,
  ki2: { ...ALL, time: false, special: kifSpecial },
  csa: { variations: false, time: true, bookmarks: false, annotations: true, specials: true, headers: Object.values(HEADER) },
  usi: { variations: false, time: false, bookmarks: false, annotations: false, specials: false, headers: [] },
};

/** The record reduced to what `carries` keeps, as JSON (whose diff is readable). */
function project(record: GameRecord, carries: Carries): string {
  return JSON.stringify(projection(record, carries), null, 1);
}

function projection(record: GameRecord, carries: Carries) {
  const node = (n: Node): unknown => ({
    play: isMoveNode(n) ? formatUsiMove(n.move, record.variant) : (carries.special ?? ((s) => s))(n.special),
    ...(carries.annotations ? { comments: n.comments, evaluation: n.evaluation } : {}),
    ...(carries.time ? { time: n.time } : {}),
    ...(carries.bookmarks ? { bookmark: n.bookmark } : {}),
    ...(isMoveNode(n) ? { children: children(n) } : {}),
  });
  const children = (parent: Root | Node): unknown[] => {
    if (!('children' in parent)) return [];
    const kept = (carries.variations ? parent.children : parent.children.slice(0, 1)).filter((n) => carries.specials || isMoveNode(n));
    return kept.map(node);
  };
  const headers = record.headers.filter((h) => !carries.headers || carries.headers.includes(h.key)).map((h) => `${h.key}=${h.value}`);
  return {
    variant: record.variant,
    sfen: record.sfen,
    headers: carries.headers ? headers.sort() : headers,
    comments: carries.annotations ? record.root.comments : [],
    bookmark: carries.bookmarks ? record.root.bookmark : undefined,
    children: children(record.root),
  };
}

function roundTrip(record: GameRecord, format: RecordFormat): GameRecord {
  const text = formatRecord(record, format);
  if (!text.ok) throw new Error(text.error);
  const back = parseRecord(text.value, { format });
  if (!back.ok) throw new Error(`${format} line ${back.error.line}: ${back.error.message}: ${back.error.text}\n${text.value}`);
  return back.value;
}

const VARIANTS_OF: Record<keyof typeof CARRIES, Variant[]> = {
  kif: ['shogi', 'minishogi', 'dobutsu'], ki2: ['shogi', 'minishogi', 'dobutsu'], usi: ['shogi', 'minishogi', 'dobutsu'],
  csa: ['shogi'], jkf: ['shogi'],
};

describe('random records survive write then read', () => {
  for (const [format, carries] of Object.entries(CARRIES) as [keyof typeof CARRIES, Carries][]) {
    it(format, () => {
      for (const variant of VARIANTS_OF[format]) {
        for (let seed = 1; seed <= 25; seed++) {
          const specials = format === 'csa' || format === 'jkf' ? CSA_SPECIALS : SPECIALS;
          const record = randomRecord(seed * 7919 + format.length, { variant, plies: variant === 'shogi' ? 60 : 30, specials });
          const back = roundTrip(record, format);
          expect(project(back, carries), `${format} ${variant} seed ${seed}`).toEqual(project(record, carries));
        }
      }
    });
  }

  it('kif and ki2 from a diagram part way through a game (手数＝30), numbered on from it', () => {
    for (const format of ['kif', 'ki2'] as const) {
      for (let seed = 1; seed <= 15; seed++) {
        const record = randomRecord(seed * 31, { plies: 40 });
        record.sfen = record.sfen.replace(/ \d+$/, ' 31');
        expect(project(roundTrip(record, format), CARRIES[format]), `${format} seed ${seed}`).toEqual(project(record, CARRIES[format]));
      }
    }
  });

  it('sfen: the position at the end of the main line', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const record = randomRecord(seed, { annotate: false });
      const sfen = formatRecord(record, 'sfen');
      const viaUsi = formatRecord(roundTrip(record, 'usi'), 'sfen');
      expect(sfen).toEqual(viaUsi);
    }
  });

  it('in Shift_JIS as in UTF-8', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const record = randomRecord(seed * 13, { specials: CSA_SPECIALS });
      for (const format of ['kif', 'ki2', 'csa'] as const) {
        const bytes = writeRecord(record, format, { encoding: 'shift_jis' });
        if (!bytes.ok) throw new Error(bytes.error);
        const back = parseRecord(bytes.value);
        expect(back.ok && project(back.value, CARRIES[format])).toEqual(project(record, CARRIES[format]));
      }
    }
  });
});

describe('conversions between formats agree', () => {
  it('KIF → JKF → KI2 → KIF keeps the tree, comments and endings', () => {
    for (let seed = 100; seed < 115; seed++) {
      const record = randomRecord(seed, { specials: CSA_SPECIALS });
      const through = roundTrip(roundTrip(roundTrip(record, 'jkf'), 'ki2'), 'kif');
      expect(project(through, CARRIES.ki2)).toEqual(project(record, CARRIES.ki2));
    }
  });

  it('CSA → KIF → CSA keeps the main line, times, comments and endings (as KIF names them)', () => {
    const carries = { ...CARRIES.csa, special: kifSpecial };
    for (let seed = 200; seed < 215; seed++) {
      const csa = roundTrip(randomRecord(seed, { specials: CSA_SPECIALS }), 'csa');
      expect(project(roundTrip(roundTrip(csa, 'kif'), 'csa'), carries)).toEqual(project(csa, carries));
    }
  });
});

describe('no input makes a reader throw', () => {
  let texts: string[] = [];
  beforeAll(() => {
    const samples = [1, 2, 3].map((seed) => randomRecord(seed, { plies: 20, specials: CSA_SPECIALS }));
    texts = samples.flatMap((r) => (['kif', 'ki2', 'csa', 'jkf', 'usi'] as const).map((f) => {
      const t = formatRecord(r, f);
      return t.ok ? t.value : '';
    }));
  });

  it('arbitrary bytes', () => {
    const rnd = random(42);
    for (let i = 0; i < 300; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 256));
      for (const format of [undefined, ...RECORD_FORMATS]) {
        const r = parseRecord(bytes, { format });
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.line).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('valid records with characters changed, removed or repeated', () => {
    const rnd = random(7);
    const alphabet = [...'0123456789+-*%,/()：:同成打不▲△　 \n{}[]"PIT\'$変化手'];
    for (let i = 0; i < 400; i++) {
      const chars = [...texts[i % texts.length]];
      for (let k = 0; k < 1 + Math.floor(rnd() * 4); k++) {
        const at = Math.floor(rnd() * chars.length);
        const what = rnd();
        if (what < 0.4) chars[at] = alphabet[Math.floor(rnd() * alphabet.length)];
        else if (what < 0.7) chars.splice(at, 1 + Math.floor(rnd() * 10));
        else chars.splice(at, 0, ...chars.slice(at, at + Math.floor(rnd() * 30)));
      }
      const text = chars.join('');
      for (const format of [undefined, ...RECORD_FORMATS]) {
        const r = parseRecord(text, { format });
        if (!r.ok) {
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.column).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it('deeply nested JSON', () => {
    const r = parseRecord('['.repeat(100000), { format: 'jkf' });
    expect(r.ok).toBe(false);
  });
});
