/** The CLI as users run it: `node build/cli.mjs`, built by `npm run build` before the tests. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_SFEN } from '../../src/rules/types.js';

const CLI = fileURLToPath(new URL('../../build/cli.mjs', import.meta.url));

function cli(...args: string[]) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status, stdout, stderr };
}

function nodesSearched(stdout: string): number | undefined {
  const match = stdout.match(/^Nodes searched: (\d+)$/m);
  return match ? Number(match[1]) : undefined;
}

describe('cli perft', () => {
  it('counts the shogi start position at depth 3', () => {
    const { status, stdout } = cli('perft', '3');
    expect(status).toBe(0);
    expect(nodesSearched(stdout)).toBe(25470);
    expect(stdout).toMatch(/^nps: \d+$/m);
  });

  it('divides depth 1 into the 30 root moves, which sum to the total', () => {
    const { status, stdout } = cli('perft', '1', '--divide');
    expect(status).toBe(0);
    const moves = [...stdout.matchAll(/^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i]): (\d+)$/gm)];
    expect(moves).toHaveLength(30);
    expect(new Set(moves.map((m) => m[1])).size).toBe(30);
    expect(moves.reduce((sum, m) => sum + Number(m[2]), 0)).toBe(30);
    expect(nodesSearched(stdout)).toBe(30);
  });

  it('starts minishogi from --variant', () => {
    const { status, stdout } = cli('perft', '3', '--variant', 'minishogi');
    expect(status).toBe(0);
    expect(nodesSearched(stdout)).toBe(2512);
  });

  it('infers dobutsu from the SFEN board size', () => {
    const { status, stdout } = cli('perft', '4', '--sfen', START_SFEN.dobutsu);
    expect(status).toBe(0);
    expect(nodesSearched(stdout)).toBe(976);
  });
});

describe('cli errors exit with status 2 and say why', () => {
  it('refuses a bad SFEN, naming the problem', () => {
    const { status, stdout, stderr } = cli('perft', '1', '--sfen', START_SFEN.shogi.replace('LNSGKGSNL', 'LNSGKGSNX'));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/SFEN/);
    expect(stderr).toMatch(/'X'/);
  });

  it('refuses a variant that does not match the SFEN', () => {
    const { status, stderr } = cli('perft', '1', '--variant', 'minishogi', '--sfen', START_SFEN.shogi);
    expect(status).toBe(2);
    expect(stderr).toMatch(/minishogi/);
  });

  it.each([
    [['perft', 'x'], /depth/],
    // Negative numbers are values, which the commands refuse by name (node:util took them for options).
    [['perft', '-3'], /depth must be a whole number of plies, got '-3'/],
    [['perft', '20000'], /depth is at most 30 plies, got 20000/],
    [['mate', '4k4/9/4P4/9/9/9/9/9/9 b G 1', '--time', '-5'], /--time must be a positive number, got '-5'/],
    [['mate', '4k4/9/4P4/9/9/9/9/9/9 b G 1', '--memory', '5000'], /--memory is at most 1000 MiB, got '5000'/],
    [['perft', '2', '--variant', 'chess'], /chess/],
    [['perft', '2', '--frob'], /--frob/],
    [['frob'], /unknown command 'frob'/],
  ])('refuses %j', (args, reason) => {
    const { status, stderr } = cli(...args);
    expect(status).toBe(2);
    expect(stderr).toMatch(reason);
  });
});

describe('cli mate', () => {
  it('prints the solution in USI and in Japanese, then the length', () => {
    const { status, stdout } = cli('mate', '4k4/9/4P4/9/9/9/9/9/9 b G 1', '--time', '60000', '--memory', '16');
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'note: the defender was given the pieces the position leaves out: 2 rooks, 2 bishops, 3 golds, 4 silvers, 4 knights, 4 lances, 17 pawns',
      'G*5b',
      '▲５二金',
      'mate 1',
    ]);
  });

  it('says nomate, and counts useless interpositions when asked', () => {
    expect(cli('mate', '4k4/9/9/9/9/9/9/9/4K4 b P2r2b4g4s4n4l16p 1', '--memory', '16').stdout.trim()).toBe('nomate');
    // The rook's check from afar mates at once by the conventions; with every interposition
    // counted the defender drops on 4a, 3a and 2a first.
    const rook = '8k/6G2/9/7N1/9/9/9/9/4R4 b - 1';
    expect(cli('mate', rook, '--memory', '16').stdout).toMatch(/^mate 1$/m);
    expect(cli('mate', rook, '--memory', '16', '--every-interposition').stdout).toMatch(/^mate 7$/m);
  });

  it('lists the other mates (余詰) along the solution when asked', () => {
    // tsume-dev #47, a mate in 7 by 5b6a: S*7b and G*7b mate in 7 too (the useless drop on 6c
    // after B*5d makes them that long); after 7a8a, S*9b and B*7b mate in 5 as S*7b does, B*7b
    // dropping another piece on the solution's square (駒種非限定).
    const { status, stdout } = cli('mate', '2kn5/1s2+LG3/p4+R3/9/9/9/9/9/9 b BGSrb2g2s3n3l17p 1', '--memory', '16', '--alternatives');
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('alternative: '))).toEqual([
      'alternative: move 1 S*7b ▲７二銀 mates in 7 too',
      'alternative: move 1 G*7b ▲７二金 mates in 7 too',
      'alternative: move 3 S*9b ▲９二銀 mates in 5 too',
      'alternative: move 3 B*7b ▲７二角 mates in 5 too (another piece dropped on the same square: 駒種非限定)',
    ]);
    expect(lines.slice(-2)).toEqual(['note: 3 other mates (余詰) along the solution, 1 non-limitation (非限定)', 'mate 7']);
  });

  it('tells a non-limitation (非限定) of the solution\'s move from another mate', () => {
    // tsume-dev #86: 4b2b+ at move 3 mates in 7, and 4b2b, the rook not promoting, as soon.
    const promotion = cli('mate', '5b3/6kg1/4G4/9/3+SB4/9/9/9/9 b RNPr2g3s3n4l17p 1', '--memory', '16', '--alternatives').stdout.trim().split('\n');
    expect(promotion[0]).toBe('R*4b 3b2c 4b2b+ 2c3d N*2f 3d3e G*4f');
    expect(promotion.slice(-3)).toEqual([
      'alternative: move 3 4b2b ▲２二飛不成 mates in 5 too (the same move with the other promotion choice: 成生非限定)',
      'note: no other mate (余詰) along the solution, 1 non-limitation (非限定)',
      'mate 7',
    ]);
    // tsume-dev #3: R*9d mates in 3, and the rook dropped farther down the file as soon; the
    // bishop's and R*8b are other mates.
    const drop = cli('mate', 'l8/k8/2L6/1L7/9/9/9/9/9 b RBrb4g4s4nl18p 1', '--memory', '16', '--alternatives').stdout.trim().split('\n');
    expect(drop[0]).toBe('R*9d P*9c B*8a');
    expect(drop.filter((l) => l.includes('打点非限定')).map((l) => l.split(' ')[3])).toEqual(['R*9e', 'R*9f', 'R*9g', 'R*9h', 'R*9i']);
    expect(drop.at(-2)).toBe('note: 7 other mates (余詰) along the solution, 5 non-limitations (非限定)');
    // tsume-dev #127: 6c7c+ at move 5, and the other rook, from 9c, promotes on 7c as well.
    const origin = cli('mate', 'k8/9/2gR5/9/9/9/9/9/9 b RBSb3g3s4n4l18p 1', '--memory', '16', '--alternatives').stdout.trim().split('\n');
    expect(origin[0]).toBe('R*9c G*9b S*8b 9a8b 6c7c+ 8b8a B*1h 8a9a G*8a');
    expect(origin.filter((l) => l.includes('移動元非限定'))).toEqual([
      'alternative: move 5 9c7c+ ▲７三飛左成 mates in 5 too (another piece of the same kind moved there: 移動元非限定)',
    ]);
  });

  it.each([
    [['mate'], /one SFEN/],
    [['mate', '4k4/9/4P4/9 b G 1'], /rank|row/],
    [['mate', '4k4/9/4P4/9/9/9/9/9/9 b G 1', '--time', 'soon'], /--time must be a positive number/],
    [['mate', '4k4/9/4P4/9/9/9/9/9/9 b G 1', '--variant', 'dobutsu'], /shogi or minishogi/],
  ])('refuses %j', (args, reason) => {
    const { status, stderr } = cli(...args);
    expect(status).toBe(2);
    expect(stderr).toMatch(reason);
  });
});

describe('cli help', () => {
  it('prints the usage', () => {
    for (const flag of ['help', '--help']) {
      const { status, stdout } = cli(flag);
      expect(status).toBe(0);
      expect(stdout).toMatch(/perft <depth>/);
    }
  });
});
