/**
 * A legal shogi record of any length up to about 9,000 plies, with no fourth repetition: the
 * kings walk round rings of 8 and 7 squares (every pair of squares comes back after 112 plies,
 * so each position stands at most 3 times in 336), and before 336 plies of king moves go by,
 * sente drops a piece where it gives no check and blocks neither ring, which makes every later
 * position new. Position.play checks all of it: it refuses a move after a fourth repetition.
 */
export const LONG_RECORD_SFEN = '8k/9/9/9/9/9/9/K8/9 b 2R4G4S4N4L9P 1';

const SENTE_RING = ['9h', '8h', '7h', '6h', '6i', '7i', '8i', '9i'];
const GOTE_RING = ['1a', '2a', '3a', '4a', '4b', '3b', '2b'];
const DROPS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((file) => `P*${file}f`),
  'G*1g', 'G*2g', 'G*3g', 'G*4g', 'S*5g', 'S*6g', 'S*7g', 'S*8g',
  'N*1h', 'N*2h', 'N*3h', 'N*4h', 'L*1i', 'L*2i', 'L*3i', 'L*4i', 'R*5h', 'R*5i',
];

export function longRecord(plies: number): string[] {
  const moves: string[] = [];
  let s = 0, g = 0, drops = 0, sinceDrop = 0;
  while (moves.length < plies) {
    const sente = moves.length % 2 === 0;
    if (sente && sinceDrop >= 334) {
      if (drops === DROPS.length) throw new Error(`no record of ${plies} plies here`);
      moves.push(DROPS[drops++]);
      sinceDrop = 0;
      continue;
    }
    const [ring, from] = sente ? [SENTE_RING, s] : [GOTE_RING, g];
    const to = (from + 1) % ring.length;
    moves.push(ring[from] + ring[to]);
    if (sente) s = to; else g = to;
    sinceDrop++;
  }
  return moves;
}
