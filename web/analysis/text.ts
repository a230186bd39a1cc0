/**
 * The analysis board's words, in the language of its `lang` as the widgets' are (embed/i18n.ts):
 * the analysis page's follows the browser (or ?lang=), a board embedded in a Japanese blog is
 * Japanese. What src/ says of bad input comes in src/'s English and is said in Japanese by
 * errors-ja.ts.
 */
import { ALTERNATIVE_KIND_NAMES, type AlternativeKind } from '../../src/engine/alternatives.js';
import type { Color, Variant } from '../../src/rules/types.js';
import type { CoordinateStyle } from '../board/component.js';
import type { PieceSet } from '../board/piece.js';
import type { MoveNotation } from '../move-names.js';
import type { LimitKind, Theme } from './settings.js';

const SIDES = { sente: '☗ Sente', gote: '☖ Gote' } as const;

/** What Copy copies: the record written out, or a link to the line. */
export type Copied = 'record' | 'link';

const EN = {
  variant: 'variant',
  variants: { shogi: 'Shogi', minishogi: 'Minishogi', dobutsu: 'Dobutsu shogi' } as Record<Variant, string>,
  import: 'Import', export: 'Export', edit: 'Edit board', copyLink: 'Copy link', settings: 'Settings',
  undo: 'Undo', dismiss: 'dismiss',
  dropZone: 'Drop a record (KIF, KI2, CSA, JKF, SFEN, USI)',
  rulesNotLoaded: 'The rules engine did not load',
  recordNotLoaded: 'The record was not loaded', positionNotLoaded: 'The position was not loaded',
  previousBack: 'The previous game is back.',
  notLoaded: 'Not loaded',
  loaded: (source: string) => `Loaded ${source}.`,
  pasted: 'pasted record',
  fileUnread: (name: string) => `${name} could not be read`,
  engineStopped: 'The engine stopped',
  gameAnalysisStopped: 'The game analysis stopped',
  matePlayed: 'The mate is played from the completed position.',
  copied: (what: Copied) => `${what === 'record' ? 'Record' : 'Link'} copied.`,
  copyThis: (what: Copied) => `Copy this ${what}:`,
  copySelected: (what: Copied) => `The browser did not let the page copy: the ${what} is selected, copy it with Ctrl+C (⌘C).`,
  edited: 'A new game from the edited position.',
  editorLeft: 'Left the editor; the position set up there was not used.',
  newGame: (variant: string) => `Started a new game: ${variant}.`,
  loadingRules: 'Loading the rules…',
  board: 'board', moves: 'moves',
  first: 'start position', previous: 'previous move', next: 'next move', last: 'last move', flip: 'Flip board',
  previewing: 'Previewing an engine line — move the pointer away to come back',
  toMove: (turn: Color) => `${SIDES[turn]} to move`,
  check: 'check', lionAttacked: 'lion under attack',
  engine: 'engine', engineOn: (on: boolean) => `Engine ${on ? 'on' : 'off'}`,
  lines: 'Lines', linesLabel: 'lines', limit: 'search limit',
  limits: { infinite: 'infinite', depth: 'depth', time: 'time' } as Record<LimitKind, string>,
  depth: 'depth', seconds: 'seconds', secondsUnit: ' s', hash: 'Hash', hashSize: 'hash size',
  stopSolving: 'Stop solving', findMate: 'Find mate', findMateTitle: 'Look for a forced mate from here (tsume solver)',
  over: 'The game is over.', engineOff: 'Turn the engine on to see its best lines.',
  mateWaits: 'The analysis waits while the mate is solved.',
  declarable: (winner: Color) => `${SIDES[winner]} can declare a win here (入玉宣言, 27 points): the engine does not search on.`,
  thinking: 'Thinking…', searching: 'searching…', searched: 'search finished',
  lookingForMate: 'Looking for a mate…',
  mateProgress: (seconds: number, nodes: number, plies?: number) =>
    `${seconds} s, ${nodes.toLocaleString('en')} nodes${plies ? `, mate in ${plies} found so far` : ''}`,
  solverFailed: 'The solver failed', solverRefused: 'The solver could not try this position',
  mateIn: (plies: number, shortest: boolean) => `Mate in ${plies} (${plies}手詰)${shortest ? '' : ', maybe not the shortest'}`,
  playMate: 'Play the mate', noMate: 'No forced mate (不詰).', mateStopped: 'Stopped before a mate was found.',
  otherMates: 'Other mates (余詰)', otherMatesTitle: 'Look for other checks that mate as soon, at each attacker move (for composers)',
  lookingForOthers: (at: number, of: number) => `Looking for other mates… attacker move ${at} of ${of}`,
  stop: 'Stop', noOtherMate: 'No other mate along the solution (余詰なし).',
  otherMate: (move: number, name: string, plies: number | undefined, kinds: AlternativeKind[]) =>
    `Move ${move}: ${name} ${plies === undefined ? 'undecided' : `also mates in ${plies}${kinds.length ? ` (${kinds.map((k) => ALTERNATIVE_KIND_NAMES[k]).join('; ')})` : ''}`}`,
  recordPanel: 'record', movesHeading: 'Moves', players: 'players',
  promote: 'Promote variation', deleteFrom: 'Delete from here', undoDelete: 'Undo delete',
  comment: 'comment', commentHeading: 'Comment', commentLabel: 'comment on this move',
  graph: 'evaluation graph', graphHeading: 'Game evaluation', analyseGame: 'Analyse game', stopGameAnalysis: 'Stop game analysis',
  graphEmpty: 'Play or load a game to graph it', graphUnanalysed: 'Analyse the game to draw its evaluation',
  dialogs: { import: 'import', export: 'export', settings: 'settings' },
  importHeading: 'Import a game or a position',
  importHelp: ['Paste KIF, KI2, CSA, JKF, USI (', ') or an SFEN, or choose a file. You can also drop a file anywhere on the page, or paste a record there.'],
  recordText: 'record text', recordFile: 'record file', load: 'Load', cancel: 'Cancel',
  exportHeading: 'Export', format: 'Format', exportFormat: 'export format', sfenHere: 'SFEN (this position)', exported: 'exported text',
  copy: 'Copy', download: 'Download', close: 'Close',
  settingsHeading: 'Settings',
  notationLabel: 'Move notation', notations: { japanese: 'Japanese (☗７六歩)', western: 'Western (P-7f)', usi: 'USI (7g7f)' } as Record<MoveNotation, string>,
  piecesLabel: 'Pieces', pieceSets: { kanji: 'Kanji', letters: 'Letters with move marks' } as Record<PieceSet, string>,
  coordinatesLabel: 'Coordinates', coordinates: { kanji: '1–9 and 一–九', letters: '1–9 and a–i', none: 'None' } as Record<CoordinateStyle, string>,
  themeLabel: 'Theme', themes: { auto: 'As the system', light: 'Light', dark: 'Dark' } as Record<Theme, string>,
};

export type AnalysisText = typeof EN;

/** The board's words in English; in Japanese they are text-ja.ts, which only a board in Japanese
 * loads. */
export const ANALYSIS_EN = EN;
