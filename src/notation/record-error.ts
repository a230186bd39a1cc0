/**
 * What a record reader says when it cannot go on: where (line and column, from 1, the column in
 * characters), what is wrong, the text it could not take, and the record read up to there.
 */
import { fail, type ParseError, type Result } from '../rules/types.js';
import type { GameRecord } from '../game/record.js';

export interface RecordError extends ParseError {
  line: number;
  column: number;
  /** The offending text (the move, the line or the token). */
  text: string;
  /** Everything read before the error, when the start position could be set up. */
  record?: GameRecord;
}

export type RecordResult = Result<GameRecord, RecordError>;

/** Lines of a text whatever its line ends; a trailing newline does not make an empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The 1-based column in characters (code points) of UTF-16 index `index` of `line`. */
export function columnAt(line: string, index: number): number {
  let column = 1;
  for (let i = 0; i < index && i < line.length; i++) {
    const code = line.charCodeAt(i);
    // The second half of a surrogate pair is the same character.
    if (!(code >= 0xdc00 && code <= 0xdfff && i > 0)) column++;
  }
  return column;
}

/** An error at UTF-16 index `index` of line `lineNumber` (1-based) whose text is `lineText`. */
export function errorAt(
  code: string, message: string, lineNumber: number, lineText: string, index: number, text: string, record?: GameRecord,
): Result<never, RecordError> {
  return fail({ code, message, line: lineNumber, column: columnAt(lineText, index), text, record });
}
