export * from './record.js';
export * from './tree.js';
export { RecordBuilder } from './builder.js';
export { NAMED_STARTS, namedStartOf, isHandicap, type NamedStart } from './handicap.js';
