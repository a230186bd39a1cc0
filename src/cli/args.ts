/**
 * Command-line arguments shared by the CLI commands. Every mistake comes back as a message
 * (never a throw) so that main can print it and exit with status 2.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { MAX_PERFT_DEPTH, Position } from '../rules/position.js';
import { START_SFEN, VARIANTS, fail, ok, type Result, type Variant } from '../rules/types.js';

/** Options every command that takes a position understands. */
export const POSITION_OPTIONS = {
  variant: { type: 'string' },
  sfen: { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

/** Splits a command's arguments into positionals and the given options; unknown options fail.
 * A negative number is read as a value (`--time -5`, `perft -3`), for the command to say why it
 * will not do, where node:util would call it an option. */
export function parseOptions<O extends ParseArgsOptionsConfig>(args: string[], options: O) {
  const tokens: string[] = [], negatives: string[] = [];
  for (const arg of args) {
    const previous = tokens[tokens.length - 1];
    const option = previous?.startsWith('--') && !previous.includes('=') ? options[previous.slice(2)] : undefined;
    if (!/^-\d/.test(arg)) tokens.push(arg);
    else if (option?.type === 'string') tokens[tokens.length - 1] = `${previous}=${arg}`;
    else negatives.push(arg);
  }
  if (negatives.length > 0) tokens.push('--', ...negatives);
  try {
    return ok(parseArgs({ args: tokens, options, allowPositionals: true, strict: true }));
  } catch (error) {
    return fail((error as Error).message);
  }
}

export function parseDepth(text: string | undefined): Result<number, string> {
  if (text === undefined) return fail('missing depth');
  if (!/^\d+$/.test(text)) return fail(`depth must be a whole number of plies, got '${text}'`);
  if (Number(text) > MAX_PERFT_DEPTH) return fail(`depth is at most ${MAX_PERFT_DEPTH} plies, got ${text}`);
  return ok(Number(text));
}

function parseVariant(text: string | undefined): Result<Variant | undefined, string> {
  if (text === undefined || (VARIANTS as readonly string[]).includes(text)) return ok(text as Variant | undefined);
  return fail(`unknown variant '${text}'; expected ${VARIANTS.join(', ')}`);
}

/**
 * The position named by --variant and --sfen: without --sfen the variant's start position,
 * without --variant the SFEN's board size decides (shogi when neither is given). A variant
 * that does not match the SFEN's board is refused by the SFEN reader.
 */
export function readPosition(values: { variant?: string; sfen?: string }): Result<Position, string> {
  const variant = parseVariant(values.variant);
  if (!variant.ok) return variant;
  const position = Position.fromSfen(values.sfen ?? START_SFEN[variant.value ?? 'shogi'], variant.value);
  if (!position.ok) {
    const { code, message, column } = position.error;
    const what = code === 'illegal-position' ? 'illegal position' : 'bad SFEN';
    return fail(`${what}: ${message}${column === undefined ? '' : ` (column ${column})`}`);
  }
  return position;
}
