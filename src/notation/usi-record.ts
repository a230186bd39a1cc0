/**
 * The two one-line records: USI's `position startpos moves 7g7f 3c3d` (or `position sfen … moves
 * …`; the word `position` may be left out) carries the main line and nothing else; an SFEN
 * carries one position. Reading an SFEN gives a record starting there; writing one gives the
 * position at the end of the main line. Both carry every variant (`startpos` is shogi's).
 */
import { RecordBuilder } from '../game/builder.js';
import { emptyRecord, isMoveNode, type GameRecord } from '../game/record.js';
import { mainLine, mainLinePath, positionAt } from '../game/tree.js';
import { START_SFEN, fail, ok, type Result } from '../rules/types.js';
import { errorAt, splitLines, type RecordResult } from './record-error.js';
import { parseSfen } from './sfen.js';
import { formatUsiMove, parseUsiMove } from './usi.js';

/** The first line with text, and its number. */
function firstLine(text: string): { line: string; lineNumber: number } {
  const lines = splitLines(text.replace(/^\uFEFF/, ''));
  const index = Math.max(0, lines.findIndex((l) => l.trim() !== ''));
  return { line: lines[index] ?? '', lineNumber: index + 1 };
}

export function parseUsiRecord(text: string): RecordResult {
  const { line, lineNumber } = firstLine(text);
  const tokens = [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], index: m.index }));
  let t = tokens[0]?.text === 'position' ? 1 : 0;
  const error = (code: string, message: string, index: number, what: string, record?: GameRecord) =>
    errorAt(code, message, lineNumber, line, index, what, record);
  const record = emptyRecord();
  if (tokens[t]?.text === 'startpos') {
    t++;
  } else if (tokens[t]?.text === 'sfen' || tokens[t]?.text.includes('/')) {
    // The word sfen may be left out too: a bare SFEN followed by its moves.
    const keyword = tokens[t].text === 'sfen' ? 1 : 0;
    const fields = tokens.slice(t + keyword, t + keyword + 4);
    const end = fields.findIndex((f) => f.text === 'moves');
    const sfenFields = end < 0 ? fields : fields.slice(0, end);
    const last = sfenFields[sfenFields.length - 1];
    const sfenStart = sfenFields[0]?.index ?? line.length;
    const sfenText = sfenFields.map((f) => f.text).join(' ');
    // Parsed where it stands, so that the SFEN reader's columns count from sfenStart.
    const setup = parseSfen(line.slice(sfenStart, last ? last.index + last.text.length : sfenStart));
    if (!setup.ok) {
      const index = sfenStart + (setup.error.column ?? 1) - 1;
      return error(setup.error.code, setup.error.message, index, /^\S*/.exec(line.slice(index))![0] || sfenText);
    }
    record.variant = setup.value.variant;
    record.sfen = sfenText.split(' ').length === 3 ? `${sfenText} 1` : sfenText;
    t += keyword + sfenFields.length;
  } else {
    const at = tokens[t];
    return error('usi-position', "expected 'startpos' or 'sfen <position>'", at?.index ?? line.length, at?.text ?? '');
  }
  const built = RecordBuilder.start(record);
  if (!built.ok) return error('illegal-position', built.error.message, tokens[0]?.index ?? 0, line.trim());
  const builder = built.value;
  if (t < tokens.length) {
    if (tokens[t].text !== 'moves') return error('usi-position', "expected 'moves'", tokens[t].index, tokens[t].text, record);
    for (const token of tokens.slice(t + 1)) {
      const move = parseUsiMove(token.text, record.variant);
      if (!move.ok) return error(move.error.code, move.error.message, token.index + (move.error.column ?? 1) - 1, token.text, record);
      const played = builder.play(move.value);
      if (!played.ok) return error('illegal-move', played.error, token.index, token.text, record);
    }
  }
  return ok(record);
}

export function writeUsiRecord(record: GameRecord): Result<string, string> {
  const start = record.sfen === START_SFEN.shogi ? 'startpos' : `sfen ${record.sfen}`;
  const moves = mainLine(record).flatMap((node) => (isMoveNode(node) ? [formatUsiMove(node.move, record.variant)] : []));
  const check = positionAt(record, mainLinePath(record));
  if (!check.ok) return fail(check.error.message);
  return ok(`position ${start}${moves.length ? ` moves ${moves.join(' ')}` : ''}\n`);
}

export function parseSfenRecord(text: string): RecordResult {
  const { line, lineNumber } = firstLine(text);
  const setup = parseSfen(line);
  if (!setup.ok) {
    const index = (setup.error.column ?? 1) - 1;
    return errorAt(setup.error.code, setup.error.message, lineNumber, line, index, /^\S*/.exec(line.slice(index))![0] || line.trim());
  }
  const sfen = line.trim().replace(/^sfen\s+/, '');
  const record = emptyRecord(setup.value.variant, sfen.split(/\s+/).length === 3 ? `${sfen} 1` : sfen.split(/\s+/).join(' '));
  const built = RecordBuilder.start(record);
  if (!built.ok) return errorAt('illegal-position', built.error.message, lineNumber, line, 0, line.trim());
  return ok(record);
}

/** The SFEN of the position at the end of the main line. */
export function writeSfenRecord(record: GameRecord): Result<string, string> {
  const pos = positionAt(record, mainLinePath(record));
  return pos.ok ? ok(pos.value.sfen() + '\n') : fail(pos.error.message);
}
