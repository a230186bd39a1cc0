/**
 * Text encodings of record files: UTF-8 (with or without a byte order mark) and Shift_JIS, which
 * most Japanese shogi programs still write; UTF-16 with its byte order mark (Windows Notepad's
 * "Unicode") is read too, and written back as UTF-8. Decoding uses TextDecoder, which Node 20 and browsers
 * ship with Shift_JIS; encoding has no such API, so the reverse table is built once from the
 * decoder itself, following the WHATWG encoder (the first code wins, IBM duplicates excluded).
 */
import { fail, ok, type Result } from '../rules/types.js';

export const ENCODINGS = ['utf-8', 'shift_jis'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const BOM = [0xef, 0xbb, 0xbf];

function hasBom(bytes: Uint8Array): boolean {
  return BOM.every((b, i) => bytes[i] === b);
}

/** The UTF-16 decoder's name when the bytes start with its byte order mark. */
function utf16Bom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  return bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : undefined;
}

/** The encoding a name stands for, in the spellings files and users give it (UTF8, SHIFT-JIS,
 * SJIS, CP932, …); undefined for any other encoding. */
export function encodingNamed(name: string): Encoding | undefined {
  const lower = name.toLowerCase();
  if (/^utf-?8$/.test(lower)) return 'utf-8';
  if (/^(shift[_-]jis|sjis|cp932|windows-31j|ms_kanji)$/.test(lower)) return 'shift_jis';
  return undefined;
}

/** The encoding a record declares on its first line: `#KIF version=2.0 encoding=UTF-8` (Kifu for
 * Windows V7, ShogiGUI, ShogiHome; `#KI2 …` in their KI2 files), `'CSA encoding=SHIFT_JIS` (CSA
 * V3.0) or `'encoding=Shift_JIS` (Kifu for Windows' CSA files). */
function declaredEncoding(bytes: Uint8Array): Encoding | undefined {
  const end = bytes.indexOf(0x0a);
  const firstLine = String.fromCharCode(...bytes.subarray(0, Math.min(end < 0 ? bytes.length : end, 200)));
  const declared = /^(?:#KI[F2]\b.*?\bencoding=|'(?:CSA )?encoding=)([\w-]+)/i.exec(firstLine);
  return declared ? encodingNamed(declared[1]) : undefined;
}

/** UTF-8 when the bytes carry its BOM; else the encoding the first line declares; else UTF-8 when
 * they decode as UTF-8 without error (a character cut short at the very end is no error: files
 * get truncated), Shift_JIS otherwise: Japanese text in Shift_JIS is practically never valid UTF-8.
 * A declared Shift_JIS gives way to bytes that are valid UTF-8 with kana or kanji in them (3-byte
 * sequences): an editor that converts a file to UTF-8 keeps its first line, while Shift_JIS's
 * half-width katakana can pass for UTF-8 in a short text (ﾃｩ is é), kanji practically never. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  if (hasBom(bytes) || utf16Bom(bytes)) return 'utf-8';
  const declared = declaredEncoding(bytes);
  if (declared === 'utf-8') return declared;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return declared === 'shift_jis' && !/[\u0800-\uffff]/.test(text) ? declared : 'utf-8';
  } catch {
    return 'shift_jis';
  }
}

/** The text of `bytes` (UTF-16 whenever its byte order mark says so); undecodable bytes become
 * U+FFFD rather than an error, so that the record's reader can point at the line they spoiled. */
export function decode(bytes: Uint8Array, encoding: Encoding = detectEncoding(bytes)): string {
  return new TextDecoder(utf16Bom(bytes) ?? encoding).decode(bytes);
}

let shiftJisTable: Map<number, number> | undefined;

/** Unicode code point → Shift_JIS double-byte code. */
function reverseTable(): Map<number, number> {
  if (shiftJisTable) return shiftJisTable;
  const table = new Map<number, number>();
  const decoder = new TextDecoder('shift_jis');
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const pointer = (lead - (lead < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41);
      // WHATWG: the encoder skips the NEC-selected IBM extensions, which repeat the IBM ones.
      if (pointer >= 8272 && pointer <= 8835) continue;
      pair[0] = lead;
      pair[1] = trail;
      const text = decoder.decode(pair);
      const code = text.codePointAt(0)!;
      if (text.length !== 1 || code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff)) continue;
      if (!table.has(code)) table.set(code, (lead << 8) | trail);
    }
  }
  shiftJisTable = table;
  return table;
}

/** JIS X 0208 characters whose Shift_JIS codes the WHATWG decoder reads as Microsoft's look-alikes
 * (0x8160 〜 as ～ U+FF5E, 0x815C — as ― U+2015, …): each is written with that code, and so reads
 * back as the look-alike, the character every Windows program shows for it. */
const JIS_LOOKALIKES = new Map([
  [0x301c, 0xff5e], [0x2016, 0x2225], [0x2014, 0x2015], [0x2212, 0xff0d], [0x00a2, 0xffe0], [0x00a3, 0xffe1], [0x00ac, 0xffe2],
]);

/** Shift_JIS bytes of `text`, or the first character it cannot hold and where (1-based). */
export function encodeShiftJis(text: string): Result<Uint8Array, { char: string; line: number; column: number }> {
  const out: number[] = [];
  let line = 1, column = 1;
  for (const char of text) {
    const code = JIS_LOOKALIKES.get(char.codePointAt(0)!) ?? char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else if (code === 0xa5) out.push(0x5c);
    else if (code === 0x203e) out.push(0x7e);
    else if (code >= 0xff61 && code <= 0xff9f) out.push(code - 0xff61 + 0xa1);
    else {
      const double = reverseTable().get(code);
      if (double === undefined) return fail({ char, line, column });
      out.push(double >> 8, double & 0xff);
    }
    if (char === '\n') { line++; column = 1; } else column++;
  }
  return ok(Uint8Array.from(out));
}

export function encode(text: string, encoding: Encoding): Result<Uint8Array, string> {
  if (encoding === 'utf-8') return ok(new TextEncoder().encode(text));
  const bytes = encodeShiftJis(text);
  if (bytes.ok) return bytes;
  const { char, line, column } = bytes.error;
  const hex = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return fail(`line ${line}, column ${column}: '${char}' (U+${hex}) has no Shift_JIS code; write UTF-8 instead`);
}
