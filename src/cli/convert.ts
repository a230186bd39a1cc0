/**
 * `convert <file|-> [--to FORMAT] [--from FORMAT] [--from-encoding ENC] [--encoding ENC] [--csa-version V]`: reads a
 * game record (format and encoding detected unless given) and writes it to stdout in another
 * format (KIF by default, UTF-8 by default). A record that does not read says where:
 * `line L, column C: what: text`; anything else `error: what`. Both exit with status 2 and
 * write nothing to stdout. What the format cannot hold (variations in CSA or USI) is noted on
 * stderr.
 */
import { readFileSync } from 'node:fs';
import { CSA_VERSIONS, type CsaVersion } from '../notation/csa.js';
import { ENCODINGS, encodingNamed, type Encoding } from '../notation/encoding.js';
import { RECORD_FORMATS, leftOut, parseRecord, writeRecord, type RecordFormat } from '../notation/records.js';
import { ok, type Result } from '../rules/types.js';
import { parseOptions } from './args.js';

export const CONVERT_USAGE = `  convert <file|-> [--to kif|kifu|ki2|csa|jkf|usi|sfen] [--from <format>]
          [--from-encoding shift_jis|utf-8] [--encoding shift_jis|utf-8] [--csa-version 2.2|3.0]
      Reads a game record (- for stdin; format and encoding detected unless given) and
      writes it to stdout in the --to format (default kif; kifu is KIF in UTF-8) and the
      --encoding (default utf-8); CSA as V2.2 (whole seconds) unless --csa-version 3.0 or the record holds what only V3.0 can say
      (milliseconds). --to sfen prints the position at the end of the main line.`;

const OPTIONS = {
  to: { type: 'string' },
  from: { type: 'string' },
  'from-encoding': { type: 'string' },
  encoding: { type: 'string' },
  'csa-version': { type: 'string' },
} as const;

function oneOf<T extends string>(values: readonly T[], text: string | undefined, what: string): T | undefined | string {
  if (text === undefined) return undefined;
  const lower = encodingNamed(text) ?? text.toLowerCase();
  return (values as readonly string[]).includes(lower) ? (lower as T) : `${what} must be one of ${values.join(', ')}, got '${text}'`;
}

/** Runs the command; the exit status. */
export function convert(args: string[]): number {
  const failure = (message: string) => {
    process.stderr.write(`error: ${message}\n`);
    return 2;
  };
  const parsed = parseOptions(args, OPTIONS);
  if (!parsed.ok) return failure(parsed.error);
  const { values, positionals } = parsed.value;
  if (positionals.length !== 1) return failure('convert takes one file (or - for stdin)');
  const to = oneOf(RECORD_FORMATS, values.to ?? 'kif', '--to') as RecordFormat | string;
  const from = oneOf(RECORD_FORMATS, values.from, '--from');
  const fromEncoding = oneOf(ENCODINGS, values['from-encoding'], '--from-encoding');
  const encoding = oneOf(ENCODINGS, values.encoding, '--encoding');
  const csaVersion = oneOf(CSA_VERSIONS, values['csa-version'], '--csa-version');
  const valid: readonly string[] = [...RECORD_FORMATS, ...ENCODINGS, ...CSA_VERSIONS];
  for (const option of [to, from, fromEncoding, encoding, csaVersion]) {
    if (option !== undefined && !valid.includes(option)) return failure(option);
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(positionals[0] === '-' ? 0 : positionals[0]);
  } catch (e) {
    return failure(`cannot read ${positionals[0] === '-' ? 'stdin' : positionals[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const record = parseRecord(bytes, { format: from as RecordFormat | undefined, encoding: fromEncoding as Encoding | undefined });
  if (!record.ok) {
    const { line, column, message, text } = record.error;
    if (record.error.code === 'empty-record') return failure(message); // nothing to point at
    process.stderr.write(`line ${line}, column ${column}: ${message}: ${text}\n`);
    return 2;
  }
  const out = writeRecord(record.value, to as RecordFormat, {
    encoding: (encoding as Encoding | undefined) ?? 'utf-8', csaVersion: csaVersion as CsaVersion | undefined,
  });
  if (!out.ok) return failure(out.error);
  const note = leftOut(record.value, to as RecordFormat);
  if (note) process.stderr.write(`note: ${note}\n`);
  process.stdout.write(out.value);
  return 0;
}

/**
 * For main's command table. Main prefixes a failure with the command's name, which the promised
 * `line L, column C: …` and `error: …` forms do not have, so a failure exits here, once its
 * message is written (stderr writes are synchronous for files and pipes).
 */
export function convertCommand(args: string[]): Result<void, string> {
  const status = convert(args);
  if (status !== 0) process.exit(status);
  return ok(undefined);
}
