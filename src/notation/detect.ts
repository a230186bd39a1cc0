/**
 * Which record format a text is in, from its content: the first line that only one format
 * could have written decides.
 */
import { MARK_CHARS } from './japanese.js';
import { splitLines } from './record-error.js';

export type DetectedFormat = 'kif' | 'ki2' | 'csa' | 'jkf' | 'usi' | 'sfen';

const SIGNS: [RegExp, DetectedFormat][] = [
  [/^(position\s+)?(startpos\b|sfen\s+\S+\s+\S+\s+\S+.*\smoves\b|[1-9a-zA-Z+]+(\/[1-9a-zA-Z+]+)+\s+[bw]\s+\S+(\s+\d+)?\s+moves\b)/, 'usi'],
  [/^(sfen\s+)?[1-9a-zA-Z+]+(\/[1-9a-zA-Z+]+)+\s+[bw]\s+\S+(\s+\d+)?\s*$/, 'sfen'],
  [/^position\s+sfen\s/, 'usi'],
  [/^('CSA encoding=|V[23](\.\d)?\s*(,|$)|P[I1-9]|P[+-](\d\d[A-Z]{2})+|N[+-]|[+-]\d{4}[A-Z]{2}|%[A-Z+-]+\s*$|\$[A-Z_]+:)/, 'csa'],
  [/^\s*\d+\s+(\S)|^手数-+指手|^変化[：:]\s*\d+手/, 'kif'],
  [new RegExp(`^\\s*[${MARK_CHARS}]`), 'ki2'],
];

export function detectFormat(text: string): DetectedFormat | undefined {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(body)) return 'jkf';
  let kakinoki = false;
  for (const line of splitLines(body)) {
    if (line.trim() === '' || line.startsWith('#') || line.startsWith('*') || line.startsWith("'") && !line.startsWith("'CSA")) continue;
    const sign = SIGNS.find(([pattern]) => pattern.test(line));
    if (sign) return sign[1];
    // Headers and board diagrams are KIF's and KI2's alike: KIF unless moves say otherwise.
    if (/^[^：]+：|^\|.*\|/.test(line)) kakinoki = true;
  }
  return kakinoki ? 'kif' : undefined;
}
