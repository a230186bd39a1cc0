/**
 * KIF (and KIFU, the same in UTF-8): one move per line with its number, origin square and time,
 *
 *   手数----指手---------消費時間--
 *      1 ７六歩(77)   ( 0:01/00:00:01)
 *      2 ３四歩(33)   ( 0:02/00:00:02)+
 *   *a comment on move 2
 *      3 投了
 *
 *   変化：2手
 *      2 ８四歩(83)   ( 0:05/00:00:05)
 *
 * Variations follow the main line, the one branching latest first, so that each `変化：N手`
 * branches from the line just read.
 */
import type { Node } from '../game/record.js';
import { movesBeforeStart } from '../game/tree.js';
import { ok } from '../rules/types.js';
import { MARK_CHARS, MARK_COLORS, readJapaneseMove, resolveJapaneseMove } from './japanese.js';
import { SPECIAL_WORDS, foulComment, readKakinoki, readSummary, type Foul, type MoveLineReader } from './kakinoki.js';
import { errorAt, type RecordResult } from './record-error.js';

const TIME = /^\s*\(\s*(\d+):(\d+(?:\.\d+)?)\s*(?:\/\s*(?:(\d+):)?(\d+):(\d+(?:\.\d+)?))?\s*\)/;

/** The one line that lets a foul move stand, right after it: 反則勝ち or 反則負け. */
const FOUL_ENDING = new RegExp(`^\\s*\\d+\\s+[${MARK_CHARS}]?反則(?:勝ち|負け)`);

/** What the move lines of a file told its reader so far. */
interface Pending {
  foul?: Foul;
  /** What the file adds to a move's number on its line: 0 from 1, N on from a diagram's 手数＝N. */
  offset?: number;
}

/** The KIF move lines of one file. 将棋倶楽部24 records a foul such as 王手放置 as the illegal
 * move itself, then `反則勝ち` (the side to move, the other player, wins): such a move is left out,
 * kept as the ending's comment, and its player loses. Any other illegal move is refused. */
const kifMoveReader = (pending: Pending): MoveLineReader => (line, lineNumber, builder) => {
  const error = (code: string, message: string, index: number, text: string) =>
    errorAt(code, message, lineNumber, line, index, text, builder.record);
  const foul = pending.foul;
  pending.foul = undefined;
  if (foul && !FOUL_ENDING.test(line)) return foul.refusal;
  // The summary repeats the ending line before it, or, where a program wrote none, is the ending.
  if (line.startsWith('まで')) {
    const read = readSummary(line, builder);
    return read.ok ? ok(true) : error('summary', read.error, 0, line);
  }
  const numbered = /^\s*(\d+)\s+/.exec(line);
  if (!numbered) return ok(false);
  // The move's ply on its line, or on from a diagram's 手数＝N (N added): the first move says
  // which, the others keep to it, and an error gives the numbers that would fit.
  const ply = builder.ply + (foul ? 2 : 1), number = Number(numbered[1]), offset = pending.offset ?? movesBeforeStart(builder.record);
  const fits = pending.offset !== undefined || !offset ? [ply + offset] : [ply, ply + offset];
  if (!fits.includes(number)) {
    return foul?.refusal ?? error('kif-move-number', `move number ${numbered[1]}, expected ${fits.join(' or ')}`, line.search(/\d/), numbered[1]);
  }
  pending.offset = number - ply;
  let at = numbered[0].length;
  if (line[at] in MARK_COLORS) at++;
  const text = /^[^ \t]*/.exec(line.slice(at))![0];
  const special = SPECIAL_WORDS.find(([, word]) => line.startsWith(word, at));
  let node: Node;
  if (special) {
    // After a foul move either word means that its player, to move again here, loses.
    const ended = builder.end(foul ? 'illegal-loss' : special[0]);
    if (!ended.ok) return error('kif-move', ended.error, at, text);
    node = ended.value;
    if (foul) node.comments.push(foulComment(foul));
    at += special[1].length;
  } else {
    const read = readJapaneseMove(line, at, builder.position.dims);
    if (!read.ok) return error('kif-move', read.error.message, read.error.at, text);
    const move = resolveJapaneseMove(builder.position, read.value.move, builder.lastTo);
    const played = move.ok ? builder.play(move.value) : move;
    if (!played.ok) {
      pending.foul = { refusal: error('illegal-move', played.error, at, text), number, text, reason: played.error };
      return ok(true);
    }
    node = played.value;
    at = read.value.end;
  }
  const time = TIME.exec(line.slice(at));
  if (time) {
    const [, m, s, h, tm, ts] = time;
    node.time = { move: Number(m) * 60 + Number(s) };
    if (tm !== undefined) node.time.total = Number(h ?? 0) * 3600 + Number(tm) * 60 + Number(ts);
    at += time[0].length;
  }
  // A trailing + marks a move that has variations; the variations themselves say so.
  if (!/^\s*\+?\s*$/.test(line.slice(at))) {
    const index = at + line.slice(at).search(/\S/);
    return error('kif-line', 'unexpected text after the move', index, line.slice(index).trim());
  }
  return ok(true);
};

export function parseKif(text: string): RecordResult {
  const pending: Pending = {};
  // A file that numbers its moves on from 手数＝N numbers its variations so too (変化：32手 after
  // 手数＝30 branches at the second move): only its moves tell, a number may fit either way.
  const read = readKakinoki(text, kifMoveReader(pending), (n) => n - (pending.offset ?? 0));
  return pending.foul?.refusal ?? read;
}
