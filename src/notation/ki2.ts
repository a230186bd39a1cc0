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
import { movesBeforeStart } from '../game/tree.js';
import { ok, opponent, type Result } from '../rules/types.js';
import { MARKS, MARK_CHARS, MARK_COLORS, readJapaneseMove, resolveJapaneseMove } from './japanese.js';
import { SPECIAL_WORDS, foulComment, readKakinoki, readSummary, type Foul, type MoveLineReader } from './kakinoki.js';
import { displayWidth, walkKakinoki, writeAnnotations, writeKakinokiHeader } from './kakinoki-write.js';
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

/** A foul move waiting for its summary, and how many comments its line's last move had then:
 * those after it are said of the foul, and go with the ending. Whether the file counts the moves
 * before a diagram (手数＝N) in its summaries and variations, once it says. */
interface Pending { foul?: Foul; comments?: number; numberedOn?: boolean }

/** The KI2 move lines of one file. 将棋倶楽部24 records a foul such as 二歩 as the illegal move
 * itself, last on its line, then the summary (まで88手で先手の反則勝ち): such a move is left out,
 * kept as the ending's comment, and its player loses. Any other illegal move is refused. */
const ki2MoveReader = (pending: Pending): MoveLineReader => (line, lineNumber, builder) => {
  const error = (code: string, message: string, index: number) =>
    errorAt(code, message, lineNumber, line, index, moveText(line, index), builder.record);
  const { foul, comments = 0 } = pending;
  pending.foul = undefined;
  if (foul) {
    // The summary must count the foul move, which the line holds but the record leaves out, and
    // give its player's loss (反則負け, or the other's 反則勝ち).
    const last = builder.current;
    const read = line.startsWith('まで') ? readSummary(line.normalize('NFKC').replace(/\d+/, (n) => String(+n - 1)), builder) : foul.refusal;
    const end = builder.current;
    if (!read.ok || !('special' in end) || end.special !== 'illegal-loss') return foul.refusal;
    end.comments.push(foulComment(foul), ...last.comments.splice(comments));
    return ok(true);
  }
  if (line.startsWith('まで')) {
    const open = !builder.ended, moves = builder.ply;
    const read = readSummary(line, builder);
    if (!read.ok) return error('summary', read.error, 0);
    // Ending the line, it counts its moves alone or with those before a diagram (手数＝N).
    if (open && read.value !== undefined) pending.numberedOn ??= read.value !== moves;
    return ok(true);
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
    if (!read.ok) return error('ki2-move', read.error.message, read.error.at);
    const move = resolveJapaneseMove(builder.position, read.value.move, builder.lastTo);
    const played = move.ok ? builder.play(move.value) : move;
    if (!played.ok) {
      const refusal = error('illegal-move', played.error, start);
      // Only a line's last move can be a foul: the summary must follow it.
      if (line.slice(read.value.end).trim() !== '') return refusal;
      pending.foul = { refusal, number: builder.ply + 1, text: moveText(line, start), reason: played.error };
      pending.comments = builder.current.comments.length;
      return ok(true);
    }
    at = read.value.end;
  }
};

export function parseKi2(text: string): RecordResult {
  const pending: Pending = {};
  // KI2 numbers no moves: after a diagram at 手数＝N a summary that counts the moves before it
  // says that the variations count them too; without one, a 変化 past N does, as MyShogi writes
  // them (変化：33手 after 手数＝30 branches at the line's third move).
  const read = readKakinoki(text, ki2MoveReader(pending), (n, builder) => {
    const before = movesBeforeStart(builder.record);
    pending.numberedOn ??= before > 0 && n > before;
    return pending.numberedOn ? n - before : n;
  });
  return pending.foul?.refusal ?? read;
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
      const text = MARKS[opponent(after.turn)] + name;
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
