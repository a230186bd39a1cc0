/**
 * What KIF and KI2 (both from Kakinoki's Kifu for Windows) share: `key：value` headers, the
 * 手合割 or a board diagram for the start, `*` comments (`**` lines, as ShogiGUI and ShogiHome
 * write an engine's analysis, may also carry its score and line), `&` bookmarks, and variations
 * introduced by `変化：N手`. The two differ only in how a line of moves looks; each passes its
 * own move-line reader to `readKakinoki`.
 */
import { RecordBuilder } from '../game/builder.js';
import { namedStartByKif } from '../game/handicap.js';
import {
  HEADER, PLAYER_ALIASES, addCommentLine, emptyRecord, type Evaluation, type Header, type Node, type Special,
} from '../game/record.js';
import { movesBeforeStart } from '../game/tree.js';
import type { Position } from '../rules/position.js';
import { BodReader, HANDS_LINE } from './bod.js';
import { MARKS, MARK_CHARS, formatJapaneseMove, readJapaneseMove, resolveJapaneseMove } from './japanese.js';
import { errorAt, splitLines, type RecordError, type RecordResult } from './record-error.js';
import { formatSfen, parseSfen } from './sfen.js';
import { KIF_SPECIALS } from './summary.js';
import { formatUsiMove } from './usi.js';
import { fail, ok, type Color, type Move, type Result, type Square } from '../rules/types.js';

/** Reads one line that is not a header, comment, bookmark, diagram or variation mark: true when
 * it was a line of moves (or a summary to skip), false when the line means nothing here. */
export type MoveLineReader = (line: string, lineNumber: number, builder: RecordBuilder) => Result<boolean, RecordError>;

export const HEADER_LINE = new RegExp(`^([^\\s：:${MARK_CHARS}*&#|+][^：]*?)[：:](.*)$`);
const LEADING_MARK = new RegExp(`^[${MARK_CHARS}]`);

/** The ply a `変化：N手` line branches at: N, unless the file numbers its moves otherwise. */
export type VariationPly = (written: number, builder: RecordBuilder) => number;

export function readKakinoki(text: string, readMoves: MoveLineReader, variationPly: VariationPly = (n) => n): RecordResult {
  const lines = splitLines(text.replace(/^\uFEFF/, ''));
  const headers: Header[] = [];
  const rootComments: string[] = [];
  let rootBookmark: string | undefined;
  const bod = new BodReader();
  let handicapName: string | undefined;
  let builder: RecordBuilder | undefined;
  let handicapLine = 0;

  /** Sets up the start once the first move (or the end) shows that the header is over. */
  const start = (lineNumber: number, lineText: string): Result<RecordBuilder, RecordError> => {
    if (builder) return ok(builder);
    const record = emptyRecord();
    record.headers = headers;
    record.root.comments = rootComments;
    if (rootBookmark !== undefined) record.root.bookmark = rootBookmark;
    if (bod.seen) {
      const setup = bod.setup();
      if (!setup.ok) {
        const { message, row } = setup.error, at = row ?? { lineNumber, line: lineText };
        return errorAt('kif-board', message, at.lineNumber, at.line, 0, at.line.trim());
      }
      record.variant = setup.value.variant;
      record.sfen = formatSfen(setup.value);
      if (bod.previousMove) record.previousMove = bod.previousMove;
    } else if (handicapName !== undefined) {
      const named = namedStartByKif(handicapName.replace(/[５5]五|五々/, '5五'));
      if (!named) {
        return errorAt('kif-handicap', `unknown 手合割 '${handicapName}'; a position of one's own needs a board diagram`,
          handicapLine, `手合割：${handicapName}`, 4, handicapName);
      }
      record.variant = named.variant;
      record.sfen = named.sfen;
      // The start says it all; the header would say it twice.
      headers.splice(headers.findIndex(({ key }) => key === HEADER.handicap), 1);
    }
    if (!bod.seen && bod.handsRead) {
      const named = parseSfen(record.sfen, record.variant);
      if (named.ok) record.sfen = formatSfen(bod.withHands(named.value));
    }
    const started = RecordBuilder.start(record, bod.seen ? bod.previousTo(record.variant) : undefined);
    if (!started.ok) {
      // A piece the diagram placed wrongly: its row. The side not to move in check is the turn
      // line's fault (後手番 missing or wrong) where there is one, else the checked king's row.
      const { square, rule } = started.error, v = record.variant, turn = bod.turnLine;
      if (rule === 'opponent-in-check' && turn) return errorAt('illegal-position', started.error.message, turn.lineNumber, turn.line, 0, turn.line.trim());
      const kings = (c: Color) => bod.kings(c, v);
      const at = square ?? (rule === 'two-kings' ? kings('sente')[1] ?? kings('gote')[1]
        : rule === 'opponent-in-check' ? kings(record.sfen.split(' ')[1] === 'b' ? 'gote' : 'sente')[0] : undefined);
      // One too many of a kind: the hands line or the row that gave it.
      const drawn = at !== undefined ? bod.drawnAt(at, v) : started.error.role ? bod.placedRole(started.error.role) : undefined;
      if (drawn) return errorAt('illegal-position', started.error.message, drawn.lineNumber, drawn.line, drawn.index, drawn.line.slice(drawn.index, drawn.index + 2));
      return errorAt('illegal-position', started.error.message, lineNumber, lineText, 0, lineText.trim());
    }
    builder = started.value;
    return ok(builder);
  };

  for (const [i, raw] of lines.entries()) {
    const lineNumber = i + 1;
    const line = raw.trimEnd();
    const lineError = (code: string, message: string, index = 0, what = line.trim()) =>
      errorAt(code, message, lineNumber, line, index, what, builder?.record);
    if (line.trim() === '' || line.startsWith('#')) continue;
    // Kifu for Windows notes that it showed the board turned round: a way of looking, not the game.
    if (line.trim() === '盤面回転') continue;
    if (line.startsWith('*')) {
      // The raw line: a comment is kept to its last space.
      if (!builder || builder.current === builder.record.root) {
        (builder ? builder.current : { comments: rootComments }).comments.push(raw.slice(1));
        continue;
      }
      const { position, lastMove, lastTo } = builder;
      addCommentLine(builder.current as Node, raw.slice(1), () => {
        const evaluation = readEvaluation(raw, position, lastTo);
        return evaluation && { evaluation, exact: evaluationLine(evaluation, position, lastMove) === raw };
      });
      continue;
    }
    if (line.startsWith('&')) {
      if (builder) builder.current.bookmark = line.slice(1);
      else rootBookmark = line.slice(1);
      continue;
    }
    // Full-width digits too (変化：２手), as the summary reads them (まで２手).
    const variation = /^変化:\s*(\d+)手/.exec(line.normalize('NFKC'));
    if (variation) {
      if (!builder) return lineError('kif-variation', 'a variation before any move');
      const written = Number(variation[1]), offset = written - variationPly(written, builder);
      const branched = builder.branch(written - offset);
      // Said in the file's own numbering, which may count the moves before a diagram.
      if (!branched.ok) {
        return lineError('kif-variation', offset === 0 ? branched.error
          : `a variation must branch at moves ${1 + offset} to ${builder.ply + offset} of the line before it (numbered on from 手数＝${offset}), not at ${written}`);
      }
      continue;
    }
    if (/^手数-+指手/.test(line)) {
      const started = start(lineNumber, line);
      if (!started.ok) return started;
      continue;
    }
    if (!builder) {
      const taken = bod.take(line, lineNumber);
      if (typeof taken === 'string') return lineError('kif-board', taken);
      if (taken) continue;
    } else if (HANDS_LINE.test(line)) {
      // Read as a header it would be lost, and the moves refused for want of the pieces.
      return lineError('kif-board', 'the hands of the start must come before the moves (and before 手数----指手)');
    }
    const header = HEADER_LINE.exec(line);
    if (header && !/^\s*\d/.test(line)) {
      const key = header[1].trim(), value = header[2].trim();
      if (key === HEADER.handicap) {
        handicapName = value;
        handicapLine = lineNumber;
      }
      headers.push({ key: PLAYER_ALIASES[key] ?? key, value });
      continue;
    }
    const started = start(lineNumber, line);
    if (!started.ok) return started;
    const read = readMoves(line, lineNumber, started.value);
    if (!read.ok) return read;
    if (!read.value) return lineError('kif-line', 'not a move, header, comment or board line');
  }
  const started = start(lines.length, lines[lines.length - 1] ?? '');
  return started.ok ? ok(started.value.record) : started;
}

/** The score and line of `**… 評価値 123 … 読み筋 ▲７六歩(77) △３四歩(33)`, as ShogiGUI and others
 * write them, on the position `after`; undefined when the line states none. */
export function readEvaluation(line: string, after: Position, lastMoveTo: Square | undefined): Evaluation | undefined {
  const m = /^\*\*.*?評価値\s*([+-]?\d+)(?:.*?読み筋\s*(.*))?$/.exec(line);
  if (!m) return undefined;
  const pos = after.clone();
  const pv: string[] = [];
  let lastTo = lastMoveTo;
  // Split on ASCII spaces only: 同　歩 holds a full-width one.
  for (const token of (m[2] ?? '').split(/[ \t]+/).filter(Boolean)) {
    const body = token.replace(LEADING_MARK, '');
    const read = readJapaneseMove(body, 0, pos.dims);
    if (!read.ok || read.value.end !== body.length) return undefined;
    const move = resolveJapaneseMove(pos, read.value.move, lastTo);
    if (!move.ok || !pos.play(move.value).ok) return undefined;
    pv.push(formatUsiMove(move.value, pos.variant));
    lastTo = move.value.to;
  }
  return { score: Number(m[1]), pv };
}

/** The `**評価値` line of an evaluation, as it is written after the node (`after`, `last`). */
export function evaluationLine({ score, pv }: Evaluation, after: Position, last?: Move): string {
  const pos = after.clone();
  const names: string[] = [];
  let lastTo = last?.to;
  for (const usi of pv) {
    const move = pos.legalMoves().find((m) => formatUsiMove(m, pos.variant) === usi);
    if (!move) break;
    names.push(MARKS[pos.turn] + formatJapaneseMove(pos, move, { lastTo, kif: true }));
    pos.play(move);
    lastTo = move.to;
  }
  return `**評価値 ${score}${names.length ? ` 読み筋 ${names.join(' ')}` : ''}`;
}

/** Words that end a line: the ones written (the first of the same word wins: 持将棋 is jishogi),
 * then other spellings seen in files, ours before 持将棋 served for draws included; a sealed move
 * (封じ手: the game adjourned overnight, as title-match records end a day) is an interruption, and
 * 入玉宣言 is the declared win as cshogi's KIF (engine matches) writes it, line and summary. */
export const SPECIAL_WORDS: readonly [Special, string][] = (Object.entries(KIF_SPECIALS) as [Special, string][])
  .concat([['time-up', '時間切れ'], ['entering-king', '宣言勝ち'], ['entering-king', '入玉宣言'], ['mate', '詰'], ['draw', '引き分け'],
    ['max-moves', '最大手数'], ['interrupt', '封じ手']]);

/** A summary line (`まで76手で先手の勝ち`) ends the line it follows, unless one of the line's own
 * moves ended it already. The moves it counts must be the line's (or, after a diagram part way
 * through a game, the game's); a player it names must fit the ending (a resignation is the side
 * to move's, a win the other side's), and decides which side a foul loses. Mate problems give
 * their length without で (まで49手詰), as books print it; a reason in brackets after the ending
 * (反則負け(二歩), 千日手（指し直し）) is left out. Gives the count, where the line can be read. */
export function readSummary(line: string, builder: RecordBuilder): Result<number | undefined, string> {
  const m = /^まで[、,]?\s*(\d+)\s*手\s*で?\s*(時間切れにより)?(?:(先手|下手|後手|上手)の?)?(.*?)\s*(?:\([^()]*\))?$/.exec(line.normalize('NFKC'));
  const ended = builder.ended;
  if (!m) return ended ? ok(undefined) : fail(`cannot read the summary '${line}'`);
  const [, count, timeUp = '', player, words] = m;
  const before = movesBeforeStart(builder.record);
  // After an ending line only the player a summary names is read: programs count the moves
  // their own way there (将棋倶楽部24 counts a foul move the line leaves out) and word endings so
  // (its 反則勝ち is 後手の勝ち), but a player who cannot have won so (先手の入玉勝ち with gote to
  // declare) says the file is wrong.
  if (!ended && +count !== builder.ply && +count !== builder.ply + before) return fail(`the summary counts ${count} moves, the line before it has ${builder.ply}`);
  // A bare count (まで2手) says no more than the moves do.
  if (!player && !timeUp && words === '') return ok(+count);
  const mover = player && (player === '先手' || player === '下手') === (builder.position.turn === 'sente');
  const named = player ? NAMED_ENDINGS[timeUp + words] : undefined;
  const special = player ? named?.[mover ? 0 : 1] : SPECIAL_WORDS.find(([, word]) => words === word)?.[0];
  if (named && !special) return fail(`'${line}' does not fit a line that ends with ${player} ${mover ? '' : 'not '}to move`);
  if (ended) return ok(+count);
  if (!special) return fail(`cannot read how the game ended from '${line}'`);
  const end = builder.end(special);
  return end.ok ? ok(+count) : end;
}

/** An illegal move read, and why: refused unless what follows makes it a foul (a KIF 反則勝ち
 * line, a KI2 summary), which its player loses. */
export interface Foul { refusal: Result<never, RecordError>; number: number; text: string; reason: string }

/** The foul move as the ending's comment: its number and text as the file has them, and why. */
export const foulComment = (foul: Foul) => `反則手 ${foul.number} ${foul.text}: ${foul.reason}`;

/** Endings a summary words for a named player: [if that player is to move, if not]. */
const NAMED_ENDINGS: Record<string, [Special?, Special?]> = {
  勝ち: [, 'resign'], 時間切れにより勝ち: [, 'time-up'], 投了: ['resign'], 負け: ['resign'], 入玉勝ち: ['entering-king'],
  宣言勝ち: ['entering-king'], 切れ負け: ['time-up'], 時間切れ負け: ['time-up'],
  反則勝ち: ['illegal-win', 'illegal-loss'], 反則負け: ['illegal-loss', 'illegal-win'],
};
