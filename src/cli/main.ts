/** The Node CLI: `node build/cli.mjs <command> [arguments]`. */
import { initRules } from '../rules/position.js';
import { fail, ok, type Result } from '../rules/types.js';
import { POSITION_OPTIONS, parseDepth, parseOptions, readPosition } from './args.js';
import { runUsi } from './usi.js';
import { runBench } from './bench.js';
import { CONVERT_USAGE, convertCommand } from './convert.js';
import { MATE_USAGE, mateCommand } from './mate.js';

const USAGE = `usage: node build/cli.mjs <command> [arguments]

commands:
  perft <depth> [--variant shogi|minishogi|dobutsu] [--sfen "<sfen>"] [--divide]
      Counts the positions <depth> plies ahead; --divide also prints the count below each
      legal move. Without --sfen: the variant's start position. Without --variant: the
      variant follows from the SFEN's board size (shogi by default).
  usi
      Speaks USI on stdin/stdout: point a shogi GUI at bin/shogi-wasm-usi (see the README).
  bench
      Searches fixed positions to fixed depths; prints \`Nodes searched: <N>\` (the search's
      signature) and nps.
${CONVERT_USAGE}
${MATE_USAGE}
  help
      Prints this text.`;

/** A command prints its output and returns why it could not run, if it could not. */
type Command = (args: string[]) => Result<void, string> | Promise<Result<void, string>>;

const perft: Command = (args) => {
  const parsed = parseOptions(args, { ...POSITION_OPTIONS, divide: { type: 'boolean' } });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (positionals.length > 1) return fail(`perft takes one depth, got ${positionals.join(' ')}`);
  const depth = parseDepth(positionals[0]);
  if (!depth.ok) return depth;
  const position = readPosition(values);
  if (!position.ok) return position;
  const pos = position.value;

  const start = performance.now();
  let nodes = 0;
  if (values.divide && depth.value > 0) {
    for (const usi of pos.legalUsi()) {
      pos.play(usi);
      const count = pos.perft(depth.value - 1);
      pos.undo();
      console.log(`${usi}: ${count}`);
      nodes += count;
    }
  } else {
    nodes = pos.perft(depth.value);
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(`Nodes searched: ${nodes}`);
  console.log(`nps: ${seconds > 0 ? Math.round(nodes / seconds) : 0}`);
  return ok(undefined);
};

const COMMANDS = new Map<string, Command>([
  ['perft', perft],
  ['usi', async (args) => (args.length ? fail('usi takes no arguments') : ok(await runUsi()))],
  ['bench', (args) => (args.length ? fail('bench takes no arguments') : runBench())],
  ['convert', convertCommand],
  ['mate', mateCommand],
]);

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS.get(name);
  if (!command) {
    console.error(name === undefined ? 'missing command' : `unknown command '${name}'`);
    console.error(USAGE);
    return 2;
  }
  await initRules();
  const result = await command(args);
  if (!result.ok) {
    console.error(`${name}: ${result.error}`);
    return 2;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
