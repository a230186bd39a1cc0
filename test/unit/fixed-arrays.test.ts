// The engine's fixed arrays (StaticArrays in static memory, see assembly/bitboard.ts) have no
// header: a checked access or .length would read the bytes before the array. Every access to one
// must be unchecked().
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../assembly/', import.meta.url).pathname;
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(root, f), 'utf8') }));

const FIXED = /^(?:export )?const (\w+) = changetype<StaticArray<\w+>>\(memory\.data\(/gm;
const fixedNames = sources.flatMap(({ text }) => [...text.matchAll(FIXED)].map((m) => m[1]));

/** Whether position `at` of `line` lies within the parentheses of an unchecked( call. */
function insideUnchecked(line: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (line[i] === ')') depth++;
    else if (line[i] === '(') {
      if (depth > 0) depth--;
      else if (line.slice(0, i).endsWith('unchecked')) return true;
    }
  }
  return false;
}

/** `file:line: text` for each access to a fixed array that is not unchecked. */
function checkedAccesses(): string[] {
  const access = new RegExp(`(?<![\\w.])(${fixedNames.join('|')})(\\[|\\.length\\b)`, 'g');
  const found: string[] = [];
  for (const { file, text } of sources) {
    text.split('\n').forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
      for (const m of line.matchAll(access)) {
        if (m[2] !== '[' || !insideUnchecked(line, m.index!)) found.push(`${file}:${i + 1}: ${code}`);
      }
    });
  }
  return found;
}

describe('fixed arrays', () => {
  it('are declared in the rules core and the tsume solver', () => {
    expect(fixedNames).toEqual(expect.arrayContaining(['MOVES', 'board', 'stBoardKey', 'SQUARE_BB', 'CHILD_PN']));
  });

  it('are only read and written with unchecked(), never by index alone or .length', () => {
    expect(checkedAccesses()).toEqual([]);
  });
});
