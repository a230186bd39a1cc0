import type { Outcome } from '../src/rules/position.js';
import { resultText } from './ending.js';

const OUTCOME_TEXT: Record<Outcome['reason'], string> = {
  checkmate: 'Checkmate',
  'no-moves': 'No legal moves',
  repetition: 'Repetition (sennichite)',
  'perpetual-check': 'Perpetual check',
  'lion-captured': 'Lion captured',
  try: 'Try (the lion reached the far rank)',
  declaration: 'Impasse declaration',
  impasse: 'Impasse (jishogi)',
};

/** "Checkmate — sente wins", "Repetition (sennichite) — draw". */
export function outcomeText(outcome: Outcome): string {
  return resultText(OUTCOME_TEXT[outcome.reason], outcome.winner);
}
