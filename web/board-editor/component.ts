import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { fromTextEntry } from '../typing.js';
import { defineElement } from '../define-element.js';
import { NAMED_STARTS } from '../../src/game/index.js';
import { SIDE_NAMES_JA } from '../../src/notation/japanese.js';
import { formatSfen, parseSfen } from '../../src/notation/sfen.js';
import { Position } from '../../src/rules/position.js';
import {
  COLORS, DIMENSIONS, HAND_ROLES, START_SFEN, emptyHand, opponent,
  type Color, type HandRole, type Piece, type Role, type Setup, type Variant,
} from '../../src/rules/types.js';
import '../board/component.js';
import type { CoordinateStyle, LabelLang, PieceSet, ShogiSquareDetail } from '../board/component.js';
import type { Reported } from '../errors-ja.js';
import { pieceSvg, roleName } from '../board/piece.js';
import { boardEditorStyles } from './styles.js';

export interface ShogiEditorDoneDetail {
  /** The edited position, accepted by the rules. */
  sfen: string;
}

export interface ShogiEditorCancelDetail {
  /** The position set up so far: the page may offer it back (Escape is pressed to leave a
   * field as often as to leave the editor). */
  draft?: Setup;
}

/** Pieces of each variant: the palette, and the hands with how many a set holds. */
const PALETTE: Record<Variant, Role[]> = {
  shogi: ['king', 'rook', 'bishop', 'gold', 'silver', 'knight', 'lance', 'pawn', 'dragon', 'horse', 'promotedsilver', 'promotedknight', 'promotedlance', 'tokin'],
  minishogi: ['king', 'rook', 'bishop', 'gold', 'silver', 'pawn', 'dragon', 'horse', 'promotedsilver', 'tokin'],
  dobutsu: ['king', 'rook', 'bishop', 'pawn', 'tokin'],
};
const SET_COUNT: Record<Variant, Partial<Record<HandRole, number>>> = {
  shogi: { rook: 2, bishop: 2, gold: 4, silver: 4, knight: 4, lance: 4, pawn: 18 },
  minishogi: { rook: 2, bishop: 2, gold: 2, silver: 2, pawn: 2 },
  dobutsu: { rook: 2, bishop: 2, pawn: 2 },
};
const HANDICAP_NAMES: Record<string, string> = {
  '平手': 'even', '香落ち': 'lance', '右香落ち': 'right lance', '角落ち': 'bishop', '飛車落ち': 'rook',
  '飛香落ち': 'rook and lance', '二枚落ち': '2 pieces', '三枚落ち': '3 pieces', '四枚落ち': '4 pieces',
  '五枚落ち': '5 pieces', '左五枚落ち': '5 pieces (left)', '六枚落ち': '6 pieces', '左七枚落ち': '7 pieces (left)',
  '右七枚落ち': '7 pieces (right)', '八枚落ち': '8 pieces', '十枚落ち': '10 pieces', '5五将棋': 'start',
  'どうぶつしょうぎ': 'start',
};

type Tool = Piece | 'eraser';

const WORDS = {
  side: { sente: 'sente', gote: 'gote' } as Record<Color, string>,
  pieces: 'Pieces', palette: 'pieces to place',
  place: (side: string, name: string) => `place ${side} ${name}`,
  eraser: 'eraser', eraserTitle: 'eraser (or right-click a square)',
  inHand: 'In hand', handCount: (side: string, name: string) => `${side} ${name} in hand`,
  position: 'Position', toMove: 'To move', sideToMove: 'side to move',
  startFrom: 'start from', startFromOption: 'Start from…',
  /** A named start: its KIF name, and what it is in English. */
  named: (kif: string) => `${kif} (${HANDICAP_NAMES[kif] ?? kif})`,
  empty: (variant: Variant) => `empty board (${variant === 'dobutsu' ? 'lions' : 'kings'} only)`, clear: 'clear everything', sfen: 'editor SFEN',
  done: 'Done', cancel: 'Cancel', flip: 'Flip board',
  badSfen: (column: number | undefined, why: string) => `SFEN${column ? `, column ${column}` : ''}: ${why}`,
  unplayable: (why: string) => `This position cannot be played: ${why}.`,
};

/** The editor's words in Japanese; src/'s reasons come in Japanese from errors-ja.ts. */
const WORDS_JA: typeof WORDS = {
  side: SIDE_NAMES_JA,
  pieces: '駒', palette: '置く駒',
  place: (side, name) => `${side}の${name}を置く`,
  eraser: '消しゴム', eraserTitle: '消しゴム（升の右クリックでも消せます）',
  inHand: '持駒', handCount: (side, name) => `${side}の持駒の${name}`,
  position: '局面', toMove: '手番', sideToMove: '手番',
  startFrom: '初期配置', startFromOption: '初期配置から…',
  named: (kif) => kif,
  empty: (variant: Variant) => `${variant === 'dobutsu' ? 'ライオン' : '玉'}だけの盤`, clear: 'すべて消す', sfen: '局面の SFEN',
  done: '完了', cancel: 'キャンセル', flip: '盤を反転',
  badSfen: (column, why) => `SFEN${column ? `（${column}文字目）` : ''}: ${why}`,
  unplayable: (why) => `この局面は使えません: ${why}`,
};

/**
 * Sets up a position: pick a piece (or the eraser) from the palette and click squares (a click
 * on the same piece removes it; a right-click removes any), set the hands and the side to move,
 * or start from a named position (the start, the handicaps) or an empty board. "Done" asks the
 * rules whether the position could occur (two kings, nifu, a piece that can never move, the side
 * not to move in check…) and says why not, keeping the editor open.
 *
 * @event shogi-editor-done - `CustomEvent<ShogiEditorDoneDetail>`, bubbles and is composed: the
 *   position was accepted.
 * @event shogi-editor-cancel - `CustomEvent<ShogiEditorCancelDetail>`, bubbles and is composed:
 *   the user left without a new position (Cancel or Escape).
 *
 * @csspart board - the <shogi-board>
 * @csspart coords - its coordinates (they take the board's text colour, the pieces' ink, unless
 *   styled: on a dark page they vanish)
 * @csspart palette - the pieces to place
 * @csspart error - why the position was refused
 *
 * @cssproperty --shogi-editor-selected-color - the chosen tool
 * @cssproperty --shogi-editor-panel-color - background of the groups of controls
 * @cssproperty --shogi-editor-board-width - the board's largest width
 */
@defineElement('shogi-board-editor')
export class ShogiBoardEditor extends LitElement {
  static override styles = boardEditorStyles;

  /** The position to start editing from. */
  @property({ attribute: false }) initial?: Setup;
  @property() orientation: Color = 'sente';
  @property({ attribute: 'piece-set' }) pieceSet: PieceSet = 'kanji';
  @property() coordinates: CoordinateStyle = 'kanji';
  /** The language of its words and of the squares' and pieces' names, as the board's. */
  @property({ attribute: 'label-lang' }) labelLang: LabelLang = 'en';
  /** Why src/ refused a position, in the page's words: its English unless the page says it
   * otherwise (the analysis board in Japanese, errors-ja.ts). */
  @property({ attribute: false }) explain: (error: Reported) => string = (error) => error.message;

  @state() private setup?: Setup;
  @state() private tool: Tool = { color: 'sente', role: 'pawn' };
  @state() private error?: string;

  /** Focus goes to the tool in hand, inside the layout whose keys the editor listens to. */
  override focus(options?: FocusOptions): void {
    const tool = this.renderRoot.querySelector<HTMLElement>('.palette [aria-pressed="true"]');
    if (tool) tool.focus(options);
    else super.focus(options);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('initial') && this.initial) this.setup = structuredClone(this.initial);
  }

  override render() {
    const setup = this.setup;
    if (!setup) return nothing;
    const variant = setup.variant;
    const handRoles = HAND_ROLES.filter((role) => SET_COUNT[variant][role]);
    const w = this.words, name = (role: Role) => roleName(role, variant, this.labelLang);
    return html`<div class="layout" @keydown=${this.onKey}>
      <shogi-board part="board" exportparts="coords" editable .setup=${setup} .orientation=${this.orientation}
        .pieceSet=${this.pieceSet} .coordinates=${this.coordinates} label-lang=${this.labelLang}
        @shogi-square=${this.onSquare}></shogi-board>
      <div class="tools">
        <fieldset>
          <legend>${w.pieces}</legend>
          <div class="palette" part="palette" role="group" aria-label=${w.palette}>
            ${COLORS.map((color) => html`<div class="side">${PALETTE[variant].map((role) => {
              const chosen = this.tool !== 'eraser' && this.tool.color === color && this.tool.role === role;
              return html`<button aria-pressed=${chosen} aria-label=${w.place(w.side[color], name(role))}
                @click=${() => (this.tool = { color, role })}>
                ${pieceSvg({ color, role }, variant, color === 'gote', this.pieceSet)}
              </button>`;
            })}${color === 'gote'
              ? html`<button class="eraser" aria-pressed=${this.tool === 'eraser'} aria-label=${w.eraser}
                  title=${w.eraserTitle} @click=${() => (this.tool = 'eraser')}>✕</button>`
              : nothing}</div>`)}
          </div>
        </fieldset>
        <fieldset>
          <legend>${w.inHand}</legend>
          <div class="hands" style="--roles: ${handRoles.length}">
            <span></span>${handRoles.map((role) => html`<span class="role" title=${name(role)}>
              ${pieceSvg({ color: 'sente', role }, variant, false, this.pieceSet)}</span>`)}
            ${COLORS.map((color) => html`<span>${w.side[color]}</span>${handRoles.map((role) => html`<input type="number"
              min="0" max=${SET_COUNT[variant][role] ?? 0} .value=${String(setup.hands[color][role])}
              aria-label=${w.handCount(w.side[color], name(role))}
              @change=${(event: Event) => this.setHand(color, role, event)} />`)}`)}
          </div>
        </fieldset>
        <fieldset>
          <legend>${w.position}</legend>
          <div class="row">
            <label>${w.toMove}
              <select aria-label=${w.sideToMove} .value=${setup.turn} @change=${this.onTurn}>
                <option value="sente">${w.side.sente} ☗</option>
                <option value="gote">${w.side.gote} ☖</option>
              </select>
            </label>
            <select aria-label=${w.startFrom} @change=${this.onPreset}>
              <option value="">${w.startFromOption}</option>
              ${NAMED_STARTS.filter((start) => start.variant === variant).map((start) => html`<option value=${start.sfen}>
                ${w.named(start.kif)}</option>`)}
              <option value="empty">${w.empty(variant)}</option>
              <option value="clear">${w.clear}</option>
            </select>
          </div>
          <div class="row">
            <input class="sfen" aria-label=${w.sfen} spellcheck="false" .value=${formatSfen(setup)}
              @change=${this.onSfen} />
          </div>
        </fieldset>
        ${this.error ? html`<p class="error" part="error" role="alert">${this.error}</p>` : nothing}
        <div class="row">
          <button class="primary" @click=${this.done}>${w.done}</button>
          <button @click=${this.cancel}>${w.cancel}</button>
          <button title="f" aria-pressed=${String(this.orientation === 'gote')} @click=${this.flip}>${w.flip}</button>
        </div>
      </div>
    </div>`;
  }

  private get words(): typeof WORDS {
    return this.labelLang === 'ja' ? WORDS_JA : WORDS;
  }

  private change(setup: Setup): void {
    this.setup = setup;
    this.error = undefined;
  }

  private onSquare(event: CustomEvent<ShogiSquareDetail>): void {
    const setup = this.setup;
    if (!setup) return;
    const { square, button } = event.detail;
    const board = [...setup.board];
    const here = board[square];
    const tool = this.tool;
    if (button === 'secondary' || tool === 'eraser' || (here && here.color === tool.color && here.role === tool.role)) {
      board[square] = undefined;
    } else {
      board[square] = { ...tool };
    }
    this.change({ ...setup, board });
  }

  private setHand(color: Color, role: HandRole, event: Event): void {
    const setup = this.setup;
    if (!setup) return;
    const input = event.target as HTMLInputElement;
    const max = SET_COUNT[setup.variant][role] ?? 0;
    const count = Math.min(max, Math.max(0, Math.floor(Number(input.value)) || 0));
    input.value = String(count);
    this.change({ ...setup, hands: { ...setup.hands, [color]: { ...setup.hands[color], [role]: count } } });
  }

  private onTurn(event: Event): void {
    if (this.setup) this.change({ ...this.setup, turn: (event.target as HTMLSelectElement).value as Color });
  }

  private onPreset(event: Event): void {
    const select = event.target as HTMLSelectElement;
    const setup = this.setup;
    const value = select.value;
    select.value = '';
    if (!setup || !value) return;
    const variant = setup.variant;
    if (value === 'clear' || value === 'empty') {
      const dims = DIMENSIONS[variant];
      const board: Setup['board'] = Array.from({ length: dims.files * dims.ranks }, () => undefined);
      if (value === 'empty') {
        const start = parseSfen(START_SFEN[variant], variant);
        if (start.ok) start.value.board.forEach((piece, sq) => { if (piece?.role === 'king') board[sq] = piece; });
      }
      this.change({ variant, board, hands: { sente: emptyHand(), gote: emptyHand() }, turn: 'sente', moveNumber: 1 });
      return;
    }
    const parsed = parseSfen(value, variant);
    if (parsed.ok) this.change(parsed.value);
  }

  private onSfen(): void {
    this.takeTypedSfen();
  }

  /** The SFEN typed in the editor's field, parsed, when it differs from the board's; undefined
   * when nothing new was typed. */
  private typedSfen(): ReturnType<typeof parseSfen> | undefined {
    const setup = this.setup;
    const typed = this.renderRoot.querySelector<HTMLInputElement>('input.sfen')?.value.trim();
    if (!setup || typed === undefined || typed === formatSfen(setup)) return undefined;
    return parseSfen(typed, setup.variant);
  }

  /** Takes the SFEN typed in the field when it differs from the board's; false when it was
   * refused (the error says why, and the field keeps the text to mend). */
  private takeTypedSfen(): boolean {
    const parsed = this.typedSfen();
    if (!parsed) return true;
    if (parsed.ok) this.change(parsed.value);
    else this.error = this.words.badSfen(parsed.error.column, this.explain(parsed.error));
    return parsed.ok;
  }

  private done(): void {
    // Done right after typing a bad SFEN (the field's change comes first): the board must not
    // stand in for the position the user typed.
    if (!this.takeTypedSfen()) return;
    const setup = this.setup;
    if (!setup) return;
    const position = Position.fromSetup({ ...setup, moveNumber: 1 });
    if (!position.ok) {
      this.error = this.words.unplayable(this.explain(position.error));
      return;
    }
    this.dispatchEvent(new CustomEvent<ShogiEditorDoneDetail>('shogi-editor-done', {
      detail: { sfen: position.value.sfen() }, bubbles: true, composed: true,
    }));
  }

  /** Escape leaves the editor as Cancel does, as it closes a dialog; f turns the board, as on the
   * analysis board (not while typing the SFEN). */
  private onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') this.cancel();
    if (event.key === 'f' && !fromTextEntry(event) && !event.altKey && !event.ctrlKey && !event.metaKey) this.flip();
  }

  /** The editor's own view of the board: the page's orientation comes back with the next edit. */
  private flip(): void {
    this.orientation = opponent(this.orientation);
  }

  private cancel(): void {
    // A position typed in the SFEN field, left before the field took it, is the draft: the
    // board's would lose it. One the field would refuse is not.
    const parsed = this.typedSfen();
    const draft = parsed?.ok ? parsed.value : this.setup && structuredClone(this.setup);
    this.dispatchEvent(new CustomEvent<ShogiEditorCancelDetail>('shogi-editor-cancel', { detail: { draft }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shogi-board-editor': ShogiBoardEditor;
  }
  interface HTMLElementEventMap {
    'shogi-editor-done': CustomEvent<ShogiEditorDoneDetail>;
    'shogi-editor-cancel': CustomEvent<ShogiEditorCancelDetail>;
  }
}
