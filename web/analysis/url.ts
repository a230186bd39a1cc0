/**
 * The page's URL parameters, so that a position is shared as a link:
 *   sfen=<SFEN>  moves=<USI moves separated by spaces>  variant=shogi|minishogi|dobutsu
 *   ply=<N> (after N plies of the main line; 0 = the start; clamped)  kif=<URL of a record>
 *   analyse=1 (start the engine)
 * Values are percent-encoded with encodeURIComponent and read back with decodeURIComponent,
 * never as form data: a '+' in a move (8h2b+) stays a '+', a space is %20.
 */
import { VARIANTS, type Variant } from '../../src/rules/types.js';

export interface PageParams {
  sfen?: string;
  moves?: string[];
  variant?: Variant;
  ply?: number;
  kif?: string;
  analyse: boolean;
  /** Parameters that could not be read, in words. */
  problems: string[];
}

/** How each of the page's own parameters is read: the page writes these, and only these, back
 * to the address (pageQuery). */
const PARAM_READERS: Record<string, (params: PageParams, value: string) => void> = {
  sfen: (params, value) => { params.sfen = value.trim(); },
  moves: (params, value) => { params.moves = value.split(/\s+/).filter(Boolean); },
  variant: (params, value) => {
    if ((VARIANTS as readonly string[]).includes(value)) params.variant = value as Variant;
    else params.problems.push(`unknown variant '${value}' (shogi, minishogi or dobutsu)`);
  },
  ply: (params, value) => {
    if (/^\d+$/.test(value)) params.ply = Number(value);
    else params.problems.push(`ply must be a number of plies, not '${value}'`);
  },
  kif: (params, value) => { params.kif = value; },
  analyse: (params, value) => { params.analyse = value === '1' || value === 'true'; },
};

export function readParams(search: string): PageParams {
  const params: PageParams = { analyse: false, problems: [] };
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const read = Object.hasOwn(PARAM_READERS, key) ? PARAM_READERS[key] : undefined;
    if (!read) continue;
    let value: string;
    try {
      value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1));
    } catch {
      params.problems.push(`the ${key} parameter is not percent-encoded correctly`);
      continue;
    }
    read(params, value);
  }
  return params;
}

export interface ShareState {
  variant: Variant;
  sfen: string;
  moves: string[];
  /** Left out when it is the end of the moves. */
  ply?: number;
}

/** A link to `state` on the page at `base` (its address without the query). */
export function shareLink(base: string, state: ShareState): string {
  return `${base}?${stateParams(state).join('&')}`;
}

function stateParams(state: ShareState): string[] {
  const parts = [`sfen=${encodeURIComponent(state.sfen)}`];
  if (state.moves.length > 0) parts.push(`moves=${encodeURIComponent(state.moves.join(' '))}`);
  if (state.variant !== 'shogi') parts.push(`variant=${state.variant}`);
  if (state.ply !== undefined && state.ply !== state.moves.length) parts.push(`ply=${state.ply}`);
  return parts;
}

/** What the address bar holds for the game on the page: its line (`state`; none for a new game
 * of the variant), or the record it was fetched from (`kif`, while it is as fetched). */
export type PageGame = { kind: 'new'; variant: Variant } | { kind: 'line'; state: ShareState } | { kind: 'kif'; url: string; ply: number };


/** The query of the page's address for `game`, so that a reload or a bookmark finds it again:
 * the page's own parameters replaced, any others in `search` kept as they were. */
export function pageQuery(search: string, game: PageGame, analyse: boolean): string {
  const kept = search.replace(/^\?/, '').split('&').filter((pair) => pair && !Object.hasOwn(PARAM_READERS, pair.split('=')[0]));
  const own = game.kind === 'line' ? stateParams(game.state)
    : game.kind === 'kif' ? [`kif=${encodeURIComponent(game.url)}`, `ply=${game.ply}`]
    : game.variant === 'shogi' ? [] : [`variant=${game.variant}`];
  if (analyse) own.push('analyse=1');
  const parts = [...kept, ...own];
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
