/**
 * KIF writing (see kif.ts for the format), apart from the reading: a page that only shows
 * records loads no writer.
 */
import type { GameRecord } from '../game/record.js';
import { ok, type Result } from '../rules/types.js';
import type { Encoding } from './encoding.js';
import { displayWidth, walkKakinoki, writeAnnotations, writeKakinokiHeader } from './kakinoki-write.js';

/** KIF text, declaring `encoding`, the one it will be written in. */
export function writeKif(record: GameRecord, encoding: Encoding = 'utf-8'): Result<string, string> {
  const out = [...writeKakinokiHeader(record, encoding, 'kif'), '手数----指手---------消費時間--', ...writeAnnotations(record.root)];
  const walked = walkKakinoki(record, 'kif', {
    step({ node, ply, name, total, after, alternatives }) {
      let line = `${String(ply).padStart(4)} ${name}`;
      // Kifu for Windows starts the time 13 columns after the move: ７六歩(77) and three spaces.
      if (node.time) line += ' '.repeat(Math.max(1, 13 - displayWidth(name))) + formatTime(node.time.move, total);
      // Without a time the mark would touch the move, and an ending read as a word (投了+) is
      // another word to ShogiHome's reader (tsshogi): a space keeps it apart.
      if (alternatives) line += node.time ? '+' : ' +';
      out.push(line, ...writeAnnotations(node, after));
    },
    end(summaryLine) { out.push(summaryLine); },
    variation(ply) { out.push('', `変化：${ply}手`); },
  });
  return walked.ok ? ok(out.join('\n') + '\n') : walked;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function formatTime(move: number, total: number): string {
  const m = Math.floor(move / 60), s = Math.floor(move % 60);
  const t = Math.floor(total);
  return `(${String(m).padStart(2)}:${pad2(s)}/${pad2(Math.floor(t / 3600))}:${pad2(Math.floor(t / 60) % 60)}:${pad2(t % 60)})`;
}
