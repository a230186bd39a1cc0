/**
 * The analysis board's words in Japanese (text.ts has the English and the type), a chunk of their
 * own: only a board in a Japanese page loads them.
 */
import { VARIANT_JA } from '../errors-ja.js';
import type { AlternativeKind } from '../../src/engine/alternatives.js';
import type { AnalysisText, Copied } from './text.js';

const SIDES_JA = { sente: '☗先手', gote: '☖後手' } as const;
const COPIED_JA: Record<Copied, string> = { record: '棋譜', link: 'リンク' };


const KIND_NAMES: Record<AlternativeKind, string> = { last: '最終手余詰', promotionChoice: '成生非限定', dropPoint: '打点非限定' };
export const ANALYSIS_JA: AnalysisText = {
  variant: '種類',
  variants: VARIANT_JA,
  import: '読み込み', export: '書き出し', edit: '局面編集', copyLink: 'リンクをコピー', settings: '設定',
  undo: '元に戻す', dismiss: '閉じる',
  dropZone: '棋譜ファイルをドロップしてください（KIF・KI2・CSA・JKF・SFEN・USI）',
  rulesNotLoaded: 'ルールエンジンを読み込めませんでした',
  recordNotLoaded: '棋譜を読み込めませんでした', positionNotLoaded: '局面を読み込めませんでした',
  previousBack: '前の棋譜に戻しました。',
  notLoaded: '読み込めませんでした',
  loaded: (source) => `${source}を読み込みました。`,
  pasted: '貼り付けた棋譜',
  fileUnread: (name) => `${name}を読めませんでした`,
  engineStopped: 'エンジンが止まりました',
  gameAnalysisStopped: '棋譜解析が止まりました',
  matePlayed: '駒を補った局面から詰み手順を並べました。',
  copied: (what) => `${COPIED_JA[what]}をコピーしました。`,
  copyThis: (what) => `この${COPIED_JA[what]}をコピーしてください:`,
  copySelected: (what) => `ブラウザがコピーを許しませんでした。${COPIED_JA[what]}を選択したので、Ctrl+C（⌘C）でコピーしてください。`,
  edited: '編集した局面から新しい棋譜を始めました。',
  editorLeft: '局面編集を終えました。編集した局面は使っていません。',
  newGame: (variant) => `新しい対局を始めました: ${variant}。`,
  loadingRules: 'ルールを読み込み中…',
  board: '盤', moves: '指し手',
  first: '開始局面へ', previous: '一手戻る', next: '一手進む', last: '最終手へ', flip: '盤を反転',
  previewing: '読み筋を表示中。ポインタを外すと戻ります',
  toMove: (turn) => `${SIDES_JA[turn]}の手番`,
  check: '王手', lionAttacked: 'ライオンが狙われています',
  engine: 'エンジン', engineOn: (on) => `エンジン ${on ? 'オン' : 'オフ'}`,
  lines: '候補手', linesLabel: '候補手の数', limit: '思考の制限',
  limits: { infinite: '無制限', depth: '深さ', time: '時間' },
  depth: '深さ', seconds: '秒数', secondsUnit: ' 秒', hash: 'ハッシュ', hashSize: 'ハッシュの大きさ',
  stopSolving: '詰み探索を止める', findMate: '詰み探索', findMateTitle: 'この局面から詰みを探します（詰将棋の解図）',
  over: '対局は終わっています。', engineOff: 'エンジンをオンにすると読み筋を表示します。',
  mateWaits: '詰み探索の間、検討は止まっています。',
  declarable: (winner) => `${SIDES_JA[winner]}はここで入玉宣言（27点法）で勝てます。エンジンは探索しません。`,
  thinking: '思考中…', searching: '探索中…', searched: '探索終了',
  lookingForMate: '詰みを探しています…',
  mateProgress: (seconds, nodes, plies) => `${seconds}秒、${nodes.toLocaleString('ja')}局面${plies ? `、${plies}手詰を発見` : ''}`,
  solverFailed: '詰み探索が失敗しました', solverRefused: 'この局面は詰み探索できません',
  mateIn: (plies, shortest) => `${plies}手詰${shortest ? '' : '（最短とは限りません）'}`,
  playMate: '詰み手順を並べる', noMate: '不詰です。', mateStopped: '詰みが見つかる前に止めました。',
  otherMates: '余詰を探す', otherMatesTitle: '攻方の各手で、同じ手数で詰む別の王手を探します（作図用）',
  lookingForOthers: (at, of) => `余詰を探しています… 攻方${of}手のうち${at}手目`,
  stop: '止める', noOtherMate: '余詰はありません。',
  otherMate: (move, name, plies, kinds) => `${move}手目: ${name} ${plies === undefined ? '未判定' : `でも${plies}手で詰み${kinds.length ? `（${kinds.map((k) => KIND_NAMES[k]).join('・')}）` : ''}`}`,
  recordPanel: '棋譜', movesHeading: '棋譜', players: '対局者',
  promote: 'この変化を本譜にする', deleteFrom: 'ここから削除', undoDelete: '削除を元に戻す',
  comment: 'コメント', commentHeading: 'コメント', commentLabel: 'この手へのコメント',
  graph: '評価値グラフ', graphHeading: '評価値グラフ', analyseGame: '棋譜解析', stopGameAnalysis: '棋譜解析を止める',
  graphEmpty: '指すか棋譜を読み込むとグラフにできます', graphUnanalysed: '棋譜解析で評価値を描きます',
  dialogs: { import: '読み込み', export: '書き出し', settings: '設定' },
  importHeading: '棋譜・局面の読み込み',
  importHelp: ['KIF・KI2・CSA・JKF・USI（', '）か SFEN を貼り付けるか、ファイルを選んでください。ページのどこかにファイルを落とすか、棋譜を貼り付けても読み込めます。'],
  recordText: '棋譜のテキスト', recordFile: '棋譜ファイル', load: '読み込む', cancel: 'キャンセル',
  exportHeading: '書き出し', format: '形式', exportFormat: '書き出す形式', sfenHere: 'SFEN（この局面）', exported: '書き出したテキスト',
  copy: 'コピー', download: 'ダウンロード', close: '閉じる',
  settingsHeading: '設定',
  notationLabel: '棋譜の表記', notations: { japanese: '日本式（☗７六歩）', western: '西洋式（P-7f）', usi: 'USI（7g7f）' },
  piecesLabel: '駒', pieceSets: { kanji: '漢字', letters: '英字と動きの印' },
  coordinatesLabel: '座標', coordinates: { kanji: '1～9 と 一～九', letters: '1～9 と a～i', none: 'なし' },
  themeLabel: 'テーマ', themes: { auto: 'システムに合わせる', light: 'ライト', dark: 'ダーク' },
};
