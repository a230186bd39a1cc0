/**
 * What src/ says in English of input it refuses (the record readers, SFEN and USI, a position the
 * rules refuse, the tsume solver), said in Japanese for the widgets of a Japanese page. A chunk of
 * its own, loaded when such a page has one of these to show: src/ speaks English to the CLI, the
 * USI engine and English pages, and a page of viewers loads no Japanese it does not show.
 *
 * Each message is known by its English wording, as src/ writes it; what it names (the squares,
 * pieces and sides, the text read) is carried over into the Japanese. A message worded otherwise
 * in src/ must be worded anew here: test/unit/errors-ja.test.ts reads every one through the
 * readers and fails on English left over.
 *
 * It imports nothing from the board's modules (web/board/): the embed's entry imports this chunk,
 * and an import of the board from here made rolldown split that entry into five chunks, 1.4 KB
 * gzipped more for a page of viewers (its shared-chunk merging, rolldown issues 9963 and 10731).
 */
import type { GameRecord, Special } from '../src/game/record.js';
import { MARK_COLORS, PIECE_KANJI, SIDE_NAMES_JA, japanesePieceName, japaneseSquare } from '../src/notation/japanese.js';
import { pieceName, spokenName } from '../src/notation/letters.js';
import { KIF_SPECIALS } from '../src/notation/summary.js';
import type { OutcomeReason } from '../src/rules/position.js';
import { attemptOf, whyRefused } from '../src/rules/refusal.js';
import { DIMENSIONS, ROLES, VARIANTS, squareOf, type Color, type Variant } from '../src/rules/types.js';
import { OUTCOME_JA } from './outcome.js';
import { REFUSAL_JA } from './refusal-ja.js';
import { refusedMove } from './errors-en.js';

/** An error as src/ reports it: a message, and for a record's error its code, the text it could
 * not take and the record read up to there (RecordError). */
export interface Reported {
  message: string;
  code?: string;
  line?: number;
  text?: string;
  record?: GameRecord;
}

export const VARIANT_JA: Record<Variant, string> = { shogi: '将棋', minishogi: '5五将棋', dobutsu: 'どうぶつしょうぎ' };

/** Piece names as src/ writes them in English (pieceName, spokenName) or in kanji, in Japanese. */
const PIECES_JA = new Map<string, string>([
  ...VARIANTS.flatMap((variant) => ROLES.flatMap((role): [string, string][] => {
    const ja = japanesePieceName(role, variant);
    return [[pieceName(role, variant), ja], [spokenName(role, variant), ja]];
  })),
  ...Object.values(PIECE_KANJI).map((kanji): [string, string] => [kanji, kanji]),
]);

/** A side by its name, its KI2 mark (▲) or its CSA sign (+). */
const side = (color: string) => {
  const named = MARK_COLORS[color] ?? (color === '+' ? 'sente' : color === '-' ? 'gote' : color);
  return SIDE_NAMES_JA[named as Color] ?? color;
};
const variant = (name: string) => VARIANT_JA[name as Variant] ?? name;
/** A piece by any of its names, in the singular or the plural; one written as the record wrote it
 * (a CSA code: FU) is quoted: the CSA reader, which knows the codes, is not loaded for this. */
const piece = (name: string) => PIECES_JA.get(name) ?? PIECES_JA.get(name.replace(/s$/, '')) ?? quoted(name);
/** A square written 7f (USI), 77 (KIF, CSA) or {"x":7,"y":7} (JKF), as ７七. */
const square = (name: string) => {
  const [, x, y] = /^\{"x":(\d),"y":(\d)\}$/.exec(name) ?? [, name[0], name[1]];
  const file = Number(x), rank = /\d/.test(y ?? '') ? Number(y) : (y ?? '').charCodeAt(0) - 96;
  return file >= 1 && file <= 9 && rank >= 1 && rank <= 9 ? japaneseSquare(squareOf(file, rank, DIMENSIONS.shogi), DIMENSIONS.shogi) : name;
};
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
const special = (name: string) => KIF_SPECIALS[name as Special] ?? name;
const quoted = (text: string) => `「${text}」`;

type Rule = [RegExp, (...parts: string[]) => string];

/** Ordered: the first that matches says it. Parts that are messages themselves are said again.
 * Exported for its test, which meets every rule. */
export const RULES: Rule[] = [
  // The analysis page's address (web/analysis/url.ts, load.ts).
  [/^unknown variant '(.*)' \(shogi, minishogi or dobutsu\)$/, (v) => `変種${quoted(v)}はありません（${VARIANTS.map(quoted).join('')}）`],
  [/^ply must be a number of plies, not '(.*)'$/, (v) => `${quoted('ply')}は手数で書きます（${quoted(v)}があります）`],
  [/^the (\w+) parameter is not percent-encoded correctly$/, (name) => `${quoted(name)}の値のパーセントエンコードが正しくありません`],
  [/^kif: '(.*)' is not an address$/, (address) => `${quoted('kif')}: ${quoted(address)}はアドレスではありません`],
  [/^could not fetch (\S+): (.*)$/, (url, why) => `${url}を取得できませんでした（${quoted(why)}）`],
  [/^sfen, column (\d+): (.+)$/, (column, inner) => `SFEN（${column}文字目）: ${japanese(inner)}`],
  [/^sfen: (.+)$/, (inner) => `SFEN: ${japanese(inner)}`],
  [/^move (\d+) \((\S+)\) was not played: (.+)$/, (n, usi, inner) => `${n}手目（${usi}）を指せませんでした: ${japanese(inner)}`],

  // The readers' frames around a message of the rules or the notation.
  [/^move (\d+): (.+)$/, (n, inner) => `${n}手目: ${japanese(inner)}`],
  [/^firstMove: (.+)$/, (inner) => `初手: ${japanese(inner)}`],
  [/^(.+) \(column (\d+)\)$/, (inner, column) => `${japanese(inner)}（${column}文字目）`],

  // SFEN (sfen.ts) and piece letters (letters.ts).
  [/^expected board, side to move, hands and an optional move number; got (\d+) fields?$/,
    (n) => `SFEN は盤面・手番・持駒・手数（省略可）からなりますが、${n}項目あります`],
  [/^board has (\d+) ranks?, expected 9 \(shogi\), 5 \(minishogi\) or 4 \(dobutsu\)$/,
    (n) => `盤面が${n}段です。将棋は9段、5五将棋は5段、どうぶつしょうぎは4段です`],
  [/^board is (\d+)x(\d+), but (\w+) is played on (\d+)x(\d+)$/, (f, r, v, vf, vr) => `盤面は${f}×${r}ですが、${variant(v)}の盤は${vf}×${vr}です`],
  [/^rank (\d+) has (\d+) squares, expected (\d+)$/, (r, n, f) => `${r}段目が${n}升です（${f}升のはずです）`],
  [/^empty squares are counted 1 to 9, got '0'$/, () => '空き升の数は1から9で書きます（「0」があります）'],
  [/^'\+' must be followed by a piece letter, got the end of rank (\d+)$/, (r) => `「+」の後に駒の文字がないまま${r}段目が終わっています`],
  [/^'\+' must be followed by a piece letter, got '(.*)'$/, (c) => `「+」の後には駒の文字が必要です（${quoted(c)}があります）`],
  [/^'\+' cannot promote an? (.+)$/, (name) => `${piece(name)}は成れません（「+」）`],
  [/^(\w+) has no (\w+) \('(.+)'\)$/, (v, name, letter) => `${variant(v)}に${piece(name)}（${quoted(letter)}）はありません`],
  [/^unknown piece letter '(.*)'$/, (letter) => `${quoted(letter)}は駒の文字ではありません`],
  [/^side to move must be 'b' or 'w', got '(.*)'$/, (t) => `手番は「b」（先手）か「w」（後手）です（${quoted(t)}があります）`],
  [/^count (\S+) must be followed by a piece letter$/, (n) => `持駒の数${quoted(n)}の後に駒の文字がありません`],
  [/^a promoted piece cannot be in hand$/, () => '成駒は持駒にできません'],
  [/^hand count (\d+) starts with a 0$/, (n) => `持駒の数${quoted(n)}が0で始まっています`],
  [/^hand count must be 1 to (\d+), got (\S*)$/, (most, n) => `持駒の数は1から${most}までです（${quoted(n)}があります）`],
  [/^(sente|gote)'s (\w+) is listed twice$/, (color, name) => `${side(color)}の持駒の${piece(name)}が二度書かれています`],
  [/^move number must be a whole number, got '(.*)'$/, (n) => `手数は整数で書きます（${quoted(n)}があります）`],

  // USI moves (usi.ts) and records (usi-record.ts).
  [/^expected an? (\w+) square \(files 1-(\d), ranks a-([a-i])\), got (?:'(.*)'|nothing)$/,
    (v, files, rank, got) => `${variant(v)}の升（1a～${files}${rank}）が必要です（${got === undefined ? '何もありません' : `${quoted(got)}があります`}）`],
  [/^unexpected '(.*)' after the move$/, (rest) => `指し手の後に余計な${quoted(rest)}があります`],
  [/^USI writes a dropped (\w+) as '(.)', got '(.)'$/, (name, usi, got) => `USI では打つ${piece(name)}を${quoted(usi)}と書きます（${quoted(got)}があります）`],
  [/^expected 'startpos' or 'sfen <position>'$/, () => '「startpos」か「sfen <局面>」が必要です'],
  [/^expected 'moves'$/, () => '「moves」が必要です'],

  // A position the rules refuse (position.ts).
  [/^a (\d+)x(\d+) board has (\d+) squares; pieces were given beyond them$/, (f, r, n) => `${f}×${r}の盤は${n}升ですが、その外に駒があります`],
  [/^(sente|gote)'s hand: (.+) is not a count of (\w+)$/, (color, n, name) => `${side(color)}の持駒の${piece(name)}の数「${n}」が正しくありません`],
  [/^the move number must be a whole number from 1, got (.+)$/, (n) => `手数は1以上の整数です（${quoted(n)}）`],
  [/^(sente|gote) (.+) on (\w\w) is not a piece of (\w+)$/, (color, name, sq, v) => `${square(sq)}の${side(color)}の${piece(name)}は${variant(v)}の駒ではありません`],
  [/^piece on (\w\w) is not a piece of (\w+)$/, (sq, v) => `${square(sq)}の駒は${variant(v)}の駒ではありません`],
  [/^(\w+) has no (.+) to hold in hand$/, (v, name) => `${variant(v)}では${piece(name)}を持駒にできません`],
  [/^more (.+)s than an? (\w+) set has$/, (name, v) => `${piece(name)}が${variant(v)}の駒の数より多くあります`],
  [/^(sente|gote) has two (kings|lions)$/, (color, kings) => `${side(color)}の${kings === 'lions' ? 'ライオン' : '玉'}が二枚あります`],
  [/^(sente|gote) has no lion$/, (color) => `${side(color)}のライオンがありません`],
  [/^neither side has a king \(a tsume problem leaves out only the attacker's\)$/, () => 'どちらにも玉がありません（詰将棋で省けるのは攻方の玉だけです）'],
  [/^two unpromoted (sente|gote) pawns on file (\d+) \(nifu\)$/, (color, file) => `二歩です（${side(color)}の歩が${fullWidth(file)}筋に二枚）`],
  [/^the (sente|gote) (.+) on (\w\w) could never move$/, (color, name, sq) => `${square(sq)}の${side(color)}の${piece(name)}は二度と動けません（行き所のない駒）`],
  [/^(sente|gote) is in check but it is (sente|gote) to move$/, (checked, turn) => `${side(checked)}に王手がかかっていますが、手番は${side(turn)}です`],
  [/^illegal position \(code (\d+)\)$/, (code) => `局面が正しくありません（コード${code}）`],
  [/^\S+: the game is over \(([\w-]+)\)$/, (reason) => `対局は終わっています（${OUTCOME_JA[reason as OutcomeReason] ?? reason}）`],
  [/^\S+: a record holds at most (\d+) plies$/, (n) => `棋譜に入る手数は${n}手までです`],
  [/^\S+ is not a legal move here(?:: .*)?$/, () => 'この局面では指せない手です'],
  [/^call initRules\(\) before creating positions$/, () => 'ルールがまだ読み込まれていません'],

  // Records: the builder, the tree, KIF and KI2 (kakinoki.ts, kif.ts, ki2.ts, japanese.ts, bod.ts).
  [/^the line already ended \((.+)\)$/, (s) => `この手順は${special(s)}で終わっています`],
  [/^a variation must branch at moves (\d+) to (\d+) of the line before it \(numbered on from 手数＝(\d+)\), not at (\d+)$/,
    (first, last, before, at) => `変化は前の手順の${first}手目から${last}手目までで分かれます（手数＝${before}からの番号）。${at}手目になっています`],
  [/^a variation must branch at moves (\d+) to (\d+) of the line before it, not at (-?\d+)$/,
    (first, last, at) => `変化は前の手順の${first}手目から${last}手目までで分かれます。${at}手目になっています`],
  [/^no child \d+ at depth \d+$|^a line ends before the path does$/, () => '棋譜のその位置に指し手がありません'],
  [/^expected a square \((\S+) to (\S+)\) or 同$/, (first, last) => `升（${first}～${last}）か「同」が必要です`],
  [/^expected a piece \((.+)\)$/, (names) => `駒（${names}）が必要です`],
  [/^no square (\d\d) on this board$/, (sq) => `この盤に${quoted(sq)}の升はありません`],
  [/^同 \(same square\) but there is no previous move$/, () => '「同」ですが、直前の指し手がありません'],
  [/^a drop \(打\) has no origin square$/, () => '打つ手に移動元はありません'],
  [/^(sente|gote) has no piece on (\d\d)$/, (color, sq) => `${square(sq)}に${side(color)}の駒がありません`],
  [/^the piece on (\d\d) is (\S+), not (\S+)$/, (sq, is, not) => `${square(sq)}の駒は${piece(is)}で、${piece(not)}ではありません`],
  [/^(?:an? )?(\S+) cannot be dropped$/, (name) => `${piece(name)}は打てません`],
  [/^no (\S+) can move or be dropped to (\S+)$/, (name, where) => `${where}に動ける${name}も打てる${name}もありません`],
  [/^no (\S+) can move to (\S+) and promote$/, (name, where) => `${where}に動いて成れる${name}がありません`],
  [/^no (\S+) can move to (\S+)$/, (name, where) => `${where}に動ける${name}がありません`],
  [/^no (\S+) that can move to (\S+) fits (\S+)$/, (name, where, written) => `${where}に動ける${name}のうち「${written}」に合うものがありません`],
  [/^(\d+) (\S+) can move to (\S+): add 右, 左, 直, 上, 引 or 寄$/,
    (n, name, where) => `${where}に動ける${name}が${n}枚あります。右・左・直・上・引・寄で区別してください`],
  [/^unknown 手合割 '(.*)'; a position of one's own needs a board diagram$/, (name) => `手合割${quoted(name)}は知りません。ほかの局面は局面図で書いてください`],
  [/^a variation before any move$/, () => '指し手より前に変化があります'],
  [/^the hands of the start must come before the moves \(and before 手数----指手\)$/, () => '開始局面の持駒は指し手（と「手数----指手」）より前に書きます'],
  [/^not a move, header, comment or board line$/, () => '指し手・ヘッダ・コメント・局面図のどれでもない行です'],
  [/^move number (\d+), expected (\d+)$/, (n, expected) => `手数が${n}ですが、${expected}のはずです`],
  [/^unexpected text after the move$/, () => '指し手の後に余計な文字があります'],
  [/^expected ▲ or △ before a move$/, () => '指し手の前に▲か△が必要です'],
  [/^(\S) but (sente|gote) is to move$/, (mark, turn) => `${side(mark)}の指し手ですが、手番は${side(turn)}です`],
  [/^cannot read the summary '(.*)'$/, (line) => `${quoted(line)}を読めません`],
  [/^the summary counts (\d+) moves, the line before it has (\d+)$/, (n, line) => `「まで」の手数は${n}手ですが、その手順は${line}手です`],
  [/^'(.*)' does not fit a line that ends with (\S+) (not )?to move$/,
    (line, player, not) => `${quoted(line)}は、${player}の手番${not ? 'でない' : 'の'}まま終わる手順に合いません`],
  [/^cannot read how the game ended from '(.*)'$/, (line) => `${quoted(line)}から終局の理由を読めません`],
  [/^'(.*)' is no move, nor an ending known here \((.+)\)$/, (text, known) => `${quoted(text)}は指し手でも、知っている終局の言葉（${known}）でもありません`],
  [/^'(.*)' is not a piece that can be in hand$/, (text) => `${quoted(text)}は持駒にできる駒ではありません`],
  [/^a board row must end with \|$/, () => '局面図の行は「|」で終わります'],
  [/^a board row has two characters per square, got (\d+)$/, (n) => `局面図の行は1升2文字ですが、${n}文字あります`],
  [/^'(.*)' is not a square of a board diagram$/, (text) => `${quoted(text)}は局面図の升として読めません`],
  [/^a board diagram of (\d+)x(\d+) squares is not shogi \(9x9\), minishogi \(5x5\) or dobutsu \(3x4\)$/,
    (f, r) => `${f}×${r}升の局面図は、将棋（9×9）、5五将棋（5×5）、どうぶつしょうぎ（3×4）のどれでもありません`],
  [/^a board row has (\d+) squares where the others have (\d+)$/, (n, others) => `局面図のこの行は${n}升ですが、ほかの行は${others}升です`],
  [/^(\d+) (\w+) in hand: no set has more than (\d+) of a kind$/, (n, name, most) => `持駒の${piece(name)}が${n}枚あります（どの駒も${most}枚までです）`],
  [/^no sfen attribute and no board diagram inside$/, () => 'sfen 属性も局面図もありません'],
  [/^the record is empty: there is nothing to read$/, () => '棋譜が空です'],
  [/^cannot tell the format \(KIF, KI2, CSA, JKF, USI or SFEN\)$/, () => '棋譜の形式（KIF・KI2・CSA・JKF・USI・SFEN）を判別できません'],

  // CSA (csa.ts).
  [/^a \$ header needs a colon: \$KEY:value$/, () => '「$」で始まる行にはコロンが必要です（$KEY:value）'],
  [/^a time before any move$/, () => '指し手より前に消費時間があります'],
  [/^unknown ending (.+)$/, (text) => `${quoted(text)}は知らない終局の表記です`],
  [/^a P row needs nine squares of three characters \(' \* ' an empty one\)$/, () => 'P1〜P9 の行には1升3文字で9升が必要です（空き升は「 * 」）'],
  [/^not a CSA statement$/, () => 'CSA 形式の行として読めません'],
  [/^'(.*)' is not a CSA piece$/, (text) => `${quoted(text)}は CSA 形式の駒ではありません`],
  [/^expected PI, P1 to P9, P\+ or P-$/, () => 'PI、P1～P9、P+、P- のどれかが必要です'],
  [/^'(.*)' is not a square and a piece$/, (text) => `${quoted(text)}は升と駒として読めません`],
  [/^(?:an? )?(\S+) cannot be in hand$/, (name) => `${piece(name)}は持駒にできません`],
  [/^PI cannot remove (\w+) from (\d\d): it is not there at the start$/, (code, sq) => `PI で${square(sq)}の${piece(code)}を除けません（平手の初形にありません）`],
  [/^unknown piece (.+)$/, (text) => `${quoted(text.replace(/^"|"$/g, ''))}は知らない駒です`],
  [/^no square (\d\d)$/, (sq) => `${quoted(sq)}という升はありません`],

  // JKF (jkf.ts) and its JSON (json.ts).
  [/^a JKF record is a JSON object$/, () => 'JKF の棋譜は JSON のオブジェクトです'],
  [/^"header" must be an object of strings$/, () => '「header」は文字列のオブジェクトです'],
  [/^"moves" must be an array$/, () => '「moves」は配列です'],
  [/^"initial" needs a "preset"$/, () => '「initial」に「preset」が必要です'],
  [/^unknown preset "(.*)"$/, (name) => `preset ${quoted(name)}は知りません`],
  [/^preset OTHER needs "data" with a 9x9 "board"$/, () => 'preset が OTHER なら 9×9 の「board」を持つ「data」が必要です'],
  [/^each board column has 9 squares$/, () => '盤の各列は9升です'],
  [/^not a piece: (.+)$/, (json) => `駒として読めません: ${json}`],
  [/^not a count of pieces in hand: (.+)$/, (kind) => `${quoted(kind)}は持駒の枚数として読めません`],
  [/^a move must be an object$/, () => '指し手はオブジェクトです'],
  [/^unknown special "?(.*?)"?$/, (name) => `${quoted(name)}は知らない終局の表記です`],
  [/^an entry of "moves" needs "move" or "special"$/, () => '「moves」の各要素には「move」か「special」が必要です'],
  [/^"forks" must be an array of arrays of moves$/, () => '「forks」は指し手の配列の配列です'],
  [/^a fork must be an array of moves$/, () => '「forks」の各要素は指し手の配列です'],
  [/^color (\S+) but (sente|gote) is to move$/, (color, turn) => `color が ${color} ですが、手番は${side(turn)}です`],
  [/^"same" but there is no previous move$/, () => '「same」ですが、直前の指し手がありません'],
  [/^"(to|from)" must be a square \{"x": 1-9, "y": 1-9\}$/, (key) => `「${key}」は升 {"x": 1-9, "y": 1-9} で書きます`],
  [/^a move without "piece"$/, () => '指し手に「piece」がありません'],
  [/^there is no (\S+) on (.+)$/, (name, where) => `${square(where)}に${piece(name)}がありません`],
  [/^expected '(.)'$/, (c) => `${quoted(c)}が必要です`],
  [/^expected a key in double quotes$/, () => '二重引用符で囲んだキーが必要です'],
  [/^unexpected end of the text$/, () => 'テキストが途中で終わっています'],
  [/^unexpected '(.)'$/, (c) => `${quoted(c)}は読めません`],
  [/^malformed string$/, () => '文字列が正しくありません'],
  [/^unexpected text after the end$/, () => '終わりの後に余計な文字があります'],
  [/^the text is nested too deeply$/, () => '入れ子が深すぎます'],

  // The tsume solver (mate.ts) and the engine's worker (client.ts).
  [/^dobutsu has no check, so it has no mate problems$/, () => 'どうぶつしょうぎには王手がないので、詰将棋もありません'],
  [/^(sente|gote) has no king to mate \(the side to move is the attacker\)$/, (color) => `${side(color)}に詰ます玉がありません（手番の側が攻方です）`],
  [/^the engine refused the position$/, () => 'エンジンがこの局面を受け付けませんでした'],
  [/^(\w+): (.+) is not a number from 0$/, (key, value) => `${key} の値「${value}」は0以上の数ではありません`],
  [/^maxPlies: (.+) is not a number of plies \(1 or more\)$/, (value) => `maxPlies の値「${value}」は1以上の手数ではありません`],
  [/^the defender was given the pieces the position leaves out: (.+)$/,
    (gain) => `盤上と攻方の持駒にない駒を玉方の持駒にしました（${gain.split(', ').map((item) => item.replace(/^(\d+) (.+)$/, (_, n, name) => `${piece(name)}${n}枚`)).join('・')}）`],
  [/^(sente|gote), the attacker, is checkmated already$/, (color) => `攻方の${side(color)}がすでに詰んでいます`],
  [/^the table took (\d+) MiB, not (.+) \(1 to (\d+)\)$/, (took, asked, most) => `詰み探索の表は ${asked} MiB でなく ${took} MiB にしました（1～${most} MiB）`],
  [/^the line shown ends in mate after (\d+) pl(?:y|ies), sooner than the (\d+) counted: a longer defence was not read back$/,
    (shown, counted) => `示した手順は${shown}手で詰み、数えた${counted}手より短くなっています（より長い応手を読み戻せませんでした）`],
  [/^the line shown stops after (\d+) pl(?:y|ies), short of the mate in (\d+): reading the rest back from the table took more nodes than were set aside$/,
    (shown, counted) => `示した手順は${shown}手で止まり、${counted}手の詰みまで届いていません（残りを表から読み戻すには、割り当てた探索量が足りませんでした）`],

  // The engine, its worker and its files (client.ts, core.ts, wasm.ts).
  [/^engine worker failed: (.*)$/, (why) => `エンジンのワーカーが止まりました（${quoted(why)}）`],
  [/^engine disposed$/, () => 'エンジンは閉じられています'],
  [/^already analysing; stop\(\) first$/, () => 'エンジンは別の探索の最中です'],
  [/^no room for a (\d+) MiB hash table \((.*)\); USI_Hash is (\d+) again$/,
    (wanted, why, kept) => `${wanted} MiB のハッシュを確保できませんでした（${quoted(why)}）。${kept} MiB に戻しました`],
  [/^cannot load (\S+): (.*)$/, (url, why) => `${url} を読み込めませんでした（${quoted(why)}）`],
  [/^engine aborted at (.+)$/, (at) => `エンジンが異常終了しました（${at}）`],

  // Writing a record (kakinoki-write.ts, kif-write.ts, csa.ts, jkf.ts, records.ts).
  [/^(CSA|JKF) cannot record (\w+): .+$/, (format, v) => `${format} 形式では${variant(v)}を書き出せません（9×9の将棋だけです）`],
  [/^(CSA|JKF) has no name for the ending (\S+)$/, (format, name) => `${format} 形式には終局「${special(name)}」の表記がありません`],
  [/^(CSA|USI) holds the main line only: (\d+) variations? left out$/, (format, n) => `${format} 形式は本譜だけを書き出します（変化${n}個は書き出しません）`],
];

/** A message of src/ in Japanese, when it is one of those above; else as it is. */
export function japanese(message: string): string {
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(message);
    if (m) return say(...m.slice(1));
  }
  return message;
}

/**
 * An error in Japanese, as sentences: for a move, which move (the text read) and why; a move the
 * rules refused says why as the tsume player does (nifu, a pinned piece), where the English said
 * only that it is not legal.
 */
export function japaneseError(error: Reported): string {
  const { code = '', text, message } = error;
  if (code === 'unknown-format') return japanese('cannot tell the format (KIF, KI2, CSA, JKF, USI or SFEN)') + '。';
  const refused = refusedMove(error);
  const said = japanese(message);
  // A message not of src/ (the browser's, a worker failed to load) is left as it is.
  const why = refused
    ? whyRefused(refused.position, attemptOf(refused.move), japaneseSquare, REFUSAL_JA)
    : said === message ? message : `${said}。`;
  // The text that could not be taken is named, unless the words quote it already.
  if (!text || why.includes(text)) return why;
  return /-move$|^usi-(square|piece)$/.test(code) ? `指し手${quoted(text)}が不正です。${why}` : `${quoted(text)}: ${why}`;
}
