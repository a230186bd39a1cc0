import type { HandRole, Role } from '../rules/types.js';

/** What each kind becomes when it promotes (kinds that cannot promote are missing). */
export const PROMOTED: Partial<Record<Role, Role>> = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver', bishop: 'horse', rook: 'dragon',
};

/** The kind a piece goes back to when captured: what it is in hand. */
export function unpromoted(role: Role): HandRole | 'king' {
  const base = (Object.keys(PROMOTED) as Role[]).find((r) => PROMOTED[r] === role) ?? role;
  return base as HandRole | 'king';
}
