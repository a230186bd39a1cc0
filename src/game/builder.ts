/**
 * Grows a record one move at a time, the way text formats are read: every move is played on a
 * Position first and refused, with the rules' reason, when it is illegal; a variation rewinds
 * the current line to the ply where it branches. What was built so far stays a valid record,
 * so a reader that stops at a bad line can still hand back everything before it.
 */
import type { Position } from '../rules/position.js';
import { fail, ok, type Move, type Result, type Square } from '../rules/types.js';
import { isMoveNode, type EndNode, type GameRecord, type MoveNode, type Node, type Root, type Special } from './record.js';
import { moveNode, startPosition } from './tree.js';

/** The move the rules refused while a record was read, by record, with the position it was
 * tried in: records.ts says why it is illegal. The words stay out of the small viewer bundle,
 * which reads records with the readers alone. */
const refusals = new WeakMap<GameRecord, { position: Position; move: Move }>();

/** The move the rules refused while `record` was read, if one was. */
export function refusalIn(record: GameRecord | undefined): { position: Position; move: Move } | undefined {
  return record && refusals.get(record);
}

export class RecordBuilder {
  /** line[i] is the i-th node of the current line; line[0] is the root. */
  private readonly line: (Root | Node)[];

  private constructor(
    readonly record: GameRecord,
    /** The position after the current line's last move. */
    readonly position: Position,
    /** Where the move that led to the start went, when a diagram says (its 手数 line). */
    private readonly previousTo?: Square,
  ) {
    this.line = [record.root];
  }

  static start(record: GameRecord, previousTo?: Square): Result<RecordBuilder> {
    const pos = startPosition(record);
    return pos.ok ? ok(new RecordBuilder(record, pos.value, previousTo)) : pos;
  }

  /** The last node of the current line (the root before any move). */
  get current(): Root | Node {
    return this.line[this.line.length - 1];
  }

  /** Number of nodes on the current line, an ending included: KIF numbers endings too. */
  get ply(): number {
    return this.line.length - 1;
  }

  /** The last move of the current line. */
  get lastMove(): Move | undefined {
    const node = this.current;
    return 'move' in node ? node.move : undefined;
  }

  /** The square of the last move, for 同 (same square): before the first move, the square of
   * the move that led to the start, if known. */
  get lastTo(): Square | undefined {
    return this.current === this.record.root ? this.previousTo : this.lastMove?.to;
  }

  /** Whether the current line has been closed by an ending. */
  get ended(): boolean {
    return 'special' in this.current;
  }

  play(move: Move): Result<MoveNode, string> {
    const parent = this.current;
    if (!('children' in parent)) return fail(`the line already ended (${(parent as EndNode).special})`);
    const played = this.position.play(move);
    if (!played.ok) {
      if (played.error.code === 'illegal-move') refusals.set(this.record, { position: this.position, move });
      return fail(played.error.message);
    }
    const node = moveNode(move);
    parent.children.push(node);
    this.line.push(node);
    return ok(node);
  }

  end(special: Special): Result<EndNode, string> {
    const parent = this.current;
    if (!('children' in parent)) return fail(`the line already ended (${(parent as EndNode).special})`);
    const node: EndNode = { special, comments: [] };
    parent.children.push(node);
    this.line.push(node);
    return ok(node);
  }

  /** Rewinds the current line so that the next node becomes an alternative to its node `ply`. */
  branch(ply: number): Result<void, string> {
    if (!Number.isInteger(ply) || ply < 1 || ply > this.ply) {
      return fail(`a variation must branch at moves 1 to ${this.ply} of the line before it, not at ${ply}`);
    }
    while (this.line.length > ply) {
      const node = this.line.pop()!;
      if (isMoveNode(node as Node)) this.position.undo();
    }
    return ok(undefined);
  }
}
