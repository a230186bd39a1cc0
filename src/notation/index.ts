export { parseSfen, formatSfen } from './sfen.js';
export { parseUsiMove, formatUsiMove } from './usi.js';
export { parseSquare, formatSquare } from './square.js';
export { letterToRole, roleToLetter } from './letters.js';
