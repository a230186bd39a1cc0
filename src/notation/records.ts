/**
 * One way in and one way out for game records: `parseRecord` takes text or bytes in any format
 * (told or detected) and any encoding (told or detected); `formatRecord` writes text,
 * `writeRecord` bytes in the encoding asked for.
 */
import type { GameRecord } from '../game/record.js';
import { refusalIn } from '../game/builder.js';
import { variationCount } from '../game/tree.js';
import { attemptOf, refusalClause } from '../rules/refusal.js';
import { fail, type Result } from '../rules/types.js';
import { parseCsa, writeCsa, type CsaVersion } from './csa.js';
import { detectFormat } from './detect.js';
import { decode, encode, type Encoding } from './encoding.js';
import { parseJkf, writeJkf } from './jkf.js';
import { parseKi2, writeKi2 } from './ki2.js';
import { SPECIAL_WORDS } from './kakinoki.js';
import { parseKif } from './kif.js';
import { writeKif } from './kif-write.js';
import type { RecordResult } from './record-error.js';
import { parseSfenRecord, parseUsiRecord, writeSfenRecord, writeUsiRecord } from './usi-record.js';

/** `kifu` is KIF in UTF-8. */
export const RECORD_FORMATS = ['kif', 'kifu', 'ki2', 'csa', 'jkf', 'usi', 'sfen'] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

export interface ReadOptions {
  /** Detected from the content when not given. */
  format?: RecordFormat;
  /** For bytes: detected from them when not given. */
  encoding?: Encoding;
}

export interface WriteOptions {
  /** UTF-8 unless asked; KIF, KI2 and CSA text declares it. */
  encoding?: Encoding;
  /** CSA version written (default 2.2). */
  csaVersion?: CsaVersion;
}

const READERS: Record<RecordFormat, (text: string) => RecordResult> = {
  kif: parseKif, kifu: parseKif, ki2: parseKi2, csa: parseCsa, jkf: parseJkf, usi: parseUsiRecord, sfen: parseSfenRecord,
};

export function parseRecord(input: string | Uint8Array, options: ReadOptions = {}): RecordResult {
  const text = typeof input === 'string' ? input : decode(input, options.encoding);
  const format = options.format ?? detectFormat(text);
  if (!format) {
    const line = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '');
    if (line === undefined) return fail({ code: 'empty-record', message: 'the record is empty: there is nothing to read', line: 1, column: 1, text: '' });
    return fail({
      code: 'unknown-format', message: 'cannot tell the format (KIF, KI2, CSA, JKF, USI or SFEN)',
      line: 1, column: 1, text: line.trim().slice(0, 40),
    });
  }
  return explained(READERS[format](text));
}

/** A move the rules refused is said why (the readers alone only say that it is illegal), and a
 * word where a KIF or KI2 move should be, which the readers alone take for a bad square, is said
 * to be no ending known here (a program's own, 接続切れ), with the ones that are: the readers stay
 * small for the pages of game viewers, which load them without this. */
function explained(read: RecordResult): RecordResult {
  if (!read.ok && /^k(if|i2)-move$/.test(read.error.code) && /^expected a square/.test(read.error.message) && !/^[0-9０-９同仝]/.test(read.error.text)) {
    const known = [...new Set(SPECIAL_WORDS.map(([, word]) => word))].join(' ');
    return fail({ ...read.error, message: `'${read.error.text}' is no move, nor an ending known here (${known})` });
  }
  const refused = read.ok ? undefined : refusalIn(read.error.record);
  if (read.ok || !refused || read.error.code !== 'illegal-move') return read;
  return fail({ ...read.error, message: `${read.error.message}: ${refusalClause(refused.position, attemptOf(refused.move))}` });
}

/** The text of `record`, declaring `options.encoding`, in which it is to be written. */
export function formatRecord(record: GameRecord, format: RecordFormat, options: WriteOptions = {}): Result<string, string> {
  const encoding = options.encoding ?? 'utf-8';
  switch (format) {
    case 'kif': case 'kifu': return writeKif(record, encoding);
    case 'ki2': return writeKi2(record, encoding);
    case 'csa': return writeCsa(record, options.csaVersion, encoding);
    case 'jkf': return writeJkf(record);
    case 'usi': return writeUsiRecord(record);
    case 'sfen': return writeSfenRecord(record);
  }
}

/** What writing `record` in `format` leaves out, if anything: CSA and USI hold one line. */
export function leftOut(record: GameRecord, format: RecordFormat): string | undefined {
  if (format !== 'csa' && format !== 'usi') return undefined;
  const variations = variationCount(record.root);
  if (!variations) return undefined;
  return `${format.toUpperCase()} holds the main line only: ${variations} variation${variations > 1 ? 's' : ''} left out`;
}

export function writeRecord(record: GameRecord, format: RecordFormat, options: WriteOptions = {}): Result<Uint8Array, string> {
  const encoding = options.encoding ?? 'utf-8';
  if (format === 'kifu' && encoding !== 'utf-8') return fail('KIFU is KIF in UTF-8; write kif for Shift_JIS');
  const text = formatRecord(record, format, options);
  return text.ok ? encode(text.value, encoding) : text;
}

