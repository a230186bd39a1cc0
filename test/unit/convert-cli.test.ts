/** `convert` as users run it: `node build/cli.mjs convert`, built by `npm run build` first. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../build/cli.mjs', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/records/${name}`, import.meta.url));

function convert(args: string[], input?: string | Uint8Array) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, 'convert', ...args], { input });
  return { status, stdout: stdout as Buffer, text: stdout.toString('utf8'), stderr: stderr.toString('utf8') };
}

describe('cli convert', () => {
  it('writes KIF in UTF-8 by default, format and encoding detected', () => {
    const { status, text, stderr } = convert([fixture('even-variations.sjis.kif')]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(text).toContain('手合割：平手');
    expect(text).toContain('   4 同　銀(31)');
    expect(text).toContain('変化：2手');
  });

  it('converts to every format', () => {
    const expected: Record<string, RegExp> = {
      kif: /^   1 ７六歩\(77\)/m, kifu: /^   1 ７六歩\(77\)/m, ki2: /^▲７六歩/m, csa: /^\+7776FU$/m,
      jkf: /"preset":"HIRATE"/, usi: /^position startpos moves 7g7f 3c3d 8h2b\+ 3a2b B\*4e$/m,
      sfen: /^lnsgkg1nl\/1r5s1\/pppppp1pp\/6p2\/5B3\/2P6\/PP1PPPPPP\/7R1\/LNSGKGSNL w b 6\n$/,
    };
    for (const [to, pattern] of Object.entries(expected)) {
      const { status, text, stderr } = convert([fixture('even-variations.kif'), '--to', to]);
      expect(status, to).toBe(0);
      expect(text, to).toMatch(pattern);
      // What the format cannot hold is said on stderr.
      expect(stderr, to).toBe(to === 'csa' || to === 'usi' ? `note: ${to.toUpperCase()} holds the main line only: 2 variations left out\n` : '');
    }
  });

  it('reads stdin with -, and writes Shift_JIS on request', () => {
    const { status, stdout } = convert(['-', '--to', 'kif', '--encoding', 'shift_jis'], 'position startpos moves 7g7f\n');
    expect(status).toBe(0);
    expect(stdout.includes(Buffer.from([0x8e, 0xe8, 0x8d, 0x87, 0x8a, 0x84]))).toBe(true); // 手合割
    expect(new TextDecoder('shift_jis').decode(stdout)).toContain('   1 ７六歩(77)');
  });

  it('honours --from and --from-encoding', () => {
    const sjis = readFileSync(fixture('v22-handicap.sjis.csa'));
    const { status, text } = convert(['-', '--from', 'csa', '--from-encoding', 'shift_jis', '--to', 'ki2'], sjis);
    expect(status).toBe(0);
    expect(text).toContain('手合割：二枚落ち');
    expect(text).toContain('上手：上手名人');
  });

  it('writes CSA V3.0 with milliseconds on request', () => {
    const csa = 'V2.2\nPI\n+\n+7776FU\nT1.234\n';
    expect(convert(['-', '--to', 'csa'], csa).text).toContain('\n+7776FU\nT1\n');
    const { status, text } = convert(['-', '--to', 'csa', '--csa-version', '3.0'], csa);
    expect(status).toBe(0);
    expect(text).toMatch(/^'CSA encoding=UTF-8\nV3\.0\n/);
    expect(text).toContain('\n+7776FU\nT1.234\n');
  });

  it('reports a bad record at its line and column, writing nothing to stdout', () => {
    const kif = readFileSync(fixture('even-variations.kif'), 'utf8').replace('   3 ２二角成(88)', '   3 ２二角成(87)');
    const { status, text, stderr } = convert(['-'], kif);
    expect(status).toBe(2);
    expect(text).toBe('');
    expect(stderr).toBe('line 16, column 6: the piece on 87 is 歩, not 角: ２二角成(87)\n');
  });

  it('says error: for other failures', () => {
    const cases: [string[], RegExp][] = [
      [[fixture('nope.kif')], /^error: cannot read .*nope\.kif: ENOENT\n$/],
      [[fixture('minishogi.kif'), '--to', 'csa'], /^error: CSA cannot record minishogi/],
      [[fixture('even.ki2'), '--to', 'pgn'], /^error: --to must be one of kif, kifu, ki2, csa, jkf, usi, sfen, got 'pgn'\n$/],
      [[fixture('even.ki2'), '--to', 'kifu', '--encoding', 'shift_jis'], /^error: KIFU is KIF in UTF-8/],
      [[fixture('even.ki2'), '--to', 'csa', '--csa-version', '2'], /^error: --csa-version must be one of 2\.2, 3\.0, got '2'\n$/],
      [[], /^error: convert takes one file/],
    ];
    for (const [args, pattern] of cases) {
      const { status, text, stderr } = convert(args);
      expect(status, args.join(' ')).toBe(2);
      expect(text).toBe('');
      expect(stderr).toMatch(pattern);
    }
    const empty = convert(['-'], '\n\n');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toBe('error: the record is empty: there is nothing to read\n');
  });
});
