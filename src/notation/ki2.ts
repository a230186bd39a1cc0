/**
 * KI2: moves without origin squares, several to a line, each with its mark:
 *
 *   ▲７六歩    △３四歩    ▲２二角成  △同　銀
 *   *a comment on △同銀
 *   まで4手で中断
 *
 * The piece that moves is found from the legal moves, told apart by 右 左 直 上 引 寄 and 打
 * where needed (src/notation/japanese.ts). How a line ended is only said by its `まで…` summary.
 * KI2 has no times.
 */
import type { GameRecord } from '../game/record.js';
import { ok, type Result } from '../rules/types.js';
import { MARKS, MARK_CHARS, MARK_COLORS, readJapaneseMove, resolveJapaneseMove } from './japanese.js';
import {
  SPECIAL_WORDS, readKakinoki, readSummary, unreadMove, walkKakinoki, writeAnnotations, writeKakinokiHeader, type MoveLineReader,
} from './kakinoki.js';
import { displayWidth } from './kif.js';
import type { Encoding } from './encoding.js';
import { errorAt, type RecordResult } from './record-error.js';

const MOVES_PER_LINE = 6;
const MARK = new RegExp(`[${MARK_CHARS}]`);

/** The text at `index` of a line up to the next move's mark, for messages: a move's own
 * full-width space (△同　金) is part of it, one between moves is not. */
function moveText(line: string, index: number): string {
  const next = line.slice(index + 1).search(MARK);
  return line.slice(index, next < 0 ? undefined : index + 1 + next).trim();
}

const readKi2Moves: MoveLineReader = (line, lineNumber, builder) => {
  const error = (code: string, message: string, index: number) =>
    errorAt(code, message, lineNumber, line, index, moveText(line, index), builder.record);
  if (line.startsWith('まで')) {
    const read = readSummary(line, builder);
    return read.ok ? ok(true) : error('summary', read.error, 0);
  }
  if (!(line.trimStart()[0] in MARK_COLORS)) return ok(false);
  let at = 0;
  for (;;) {
    while (at < line.length && /\s/.test(line[at])) at++;
    if (at >= line.length) return ok(true);
    const color = MARK_COLORS[line[at]];
    if (!color) return error('ki2-move', 'expected ▲ or △ before a move', at);
    const turn = builder.position.turn;
    if (color !== turn && !builder.ended) return error('ki2-move', `${line[at]} but ${turn} is to move`, at);
    const start = at;
    at++;
    const special = SPECIAL_WORDS.find(([, word]) => line.startsWith(word, at));
    if (special) {
      const ended = builder.end(special[0]);
      if (!ended.ok) return error('ki2-move', ended.error, start);
      at += special[1].length;
      continue;
    }
    const read = readJapaneseMove(line, at, builder.position.dims);
    if (!read.ok) return error('ki2-move', unreadMove(line, at, read.error), read.error.at);
    const move = resolveJapaneseMove(builder.position, read.value.move, builder.lastTo);
    if (!move.ok) return error('illegal-move', move.error, start);
    const played = builder.play(move.value);
    if (!played.ok) return error('illegal-move', played.error, start);
    at = read.value.end;
  }
};

export function parseKi2(text: string): RecordResult {
  return readKakinoki(text, readKi2Moves);
}

/** KI2 text, declaring `encoding`, the one it will be written in. */
export function writeKi2(record: GameRecord, encoding: Encoding = 'utf-8'): Result<string, string> {
  const out = [...writeKakinokiHeader(record, encoding, 'ki2'), ...writeAnnotations(record.root)];
  let row: string[] = [];
  /** An ending's notes come after its summary line, which is all KI2 shows of it. */
  let endNotes: string[] = [];
  const flush = () => {
    if (row.length) out.push(row.join('').trimEnd());
    row = [];
  };
  const walked = walkKakinoki(record, 'ki2', {
    step({ node, name, after }) {
      const notes = writeAnnotations(node, after);
      if (!('move' in node)) {
        endNotes = notes;
        return;
      }
      const text = MARKS[after.turn === 'sente' ? 'gote' : 'sente'] + name;
      row.push(text + ' '.repeat(Math.max(1, 12 - displayWidth(text))));
      if (notes.length || row.length === MOVES_PER_LINE) flush();
      out.push(...notes);
    },
    end(summaryLine) {
      flush();
      out.push(summaryLine, ...endNotes);
    },
    variation(ply) {
      flush();
      out.push('', `変化：${ply}手`);
    },
  });
  flush();
  return walked.ok ? ok(out.join('\n') + '\n') : walked;
}
