/**
 * Records from where the page gets them: URL parameters (an SFEN and USI moves), a record's
 * address (kif=), pasted text or a dropped file. Each says what went wrong in words, with the
 * line and column for text formats; nothing here throws.
 */
import { emptyRecord, RecordBuilder, type GameRecord } from '../../src/game/index.js';
import { parseRecord } from '../../src/notation/records.js';
import type { RecordError } from '../../src/notation/record-error.js';
import { formatSfen, parseSfen } from '../../src/notation/sfen.js';
import { parseUsiMove } from '../../src/notation/usi.js';
import { START_SFEN, fail, ok, type Result, type Variant } from '../../src/rules/types.js';

export interface Loaded {
  record: GameRecord;
  /** Said about the moves that could not be read; the record holds those before them. */
  problem?: string;
}

/** The record an SFEN and USI moves describe; the variant follows from the board when not given. */
export function recordFromPosition(sfen: string | undefined, moves: readonly string[], variant?: Variant): Result<Loaded, string> {
  const text = !sfen || sfen === 'startpos' ? START_SFEN[variant ?? 'shogi'] : sfen;
  const setup = parseSfen(text, variant);
  if (!setup.ok) {
    return fail(`sfen${setup.error.column ? `, column ${setup.error.column}` : ''}: ${setup.error.message}`);
  }
  const record = emptyRecord(setup.value.variant, formatSfen(setup.value));
  const built = RecordBuilder.start(record);
  if (!built.ok) return fail(`sfen: ${built.error.message}`);
  const builder = built.value;
  for (const [i, usi] of moves.entries()) {
    const move = parseUsiMove(usi, record.variant);
    const played = move.ok ? builder.play(move.value) : undefined;
    if (!played?.ok) {
      const reason = !move.ok ? move.error.message : played?.ok === false ? played.error : '';
      return ok({ record, problem: `move ${i + 1} (${usi}) was not played: ${reason}` });
    }
  }
  return ok({ record });
}

/** A record from text or bytes in any format the records read; its error is described by
 * `describe` (the page's language). */
export function recordFromText(input: string | Uint8Array, source: string, describe = describeRecordError): Result<GameRecord, string> {
  const parsed = parseRecord(input);
  return parsed.ok ? parsed : fail(`${source}: ${describe(parsed.error)}`);
}

export function describeRecordError(error: RecordError): string {
  const where = error.line ? `line ${error.line}, column ${error.column}: ` : '';
  const what = error.text ? ` (“${error.text}”)` : '';
  return `${where}${error.message}${what}`;
}

/** Fetches a record from an address (relative to the page) and reads it; its error is described
 * by `describe`, as recordFromText's. */
export async function recordFromUrl(address: string, base: string, describe = describeRecordError): Promise<Result<GameRecord, string>> {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return fail(`kif: '${address}' is not an address`);
  }
  let bytes: Uint8Array;
  try {
    const response = await fetch(url);
    if (!response.ok) return fail(`could not fetch ${url.href}: HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return fail(`could not fetch ${url.href}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return recordFromText(bytes, url.pathname.split('/').pop() || url.href, describe);
}
