/**
 * A JSON reader that remembers where each object and array began, so that a JKF move the rules
 * refuse can be reported at its line and column (JSON.parse only says where the syntax broke).
 */
import { fail, ok, type Result } from '../rules/types.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface JsonDocument {
  value: Json;
  /** Index in the text of each object and array. */
  offsets: WeakMap<object, number>;
}

export interface JsonError {
  message: string;
  index: number;
}

const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

export function readJson(text: string): Result<JsonDocument, JsonError> {
  const offsets = new WeakMap<object, number>();
  let i = 0;
  const space = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  class Stop { constructor(readonly error: JsonError) {} }
  const stop = (message: string): never => { throw new Stop({ message, index: i }); };
  const expect = (c: string) => { if (text[i] !== c) stop(`expected '${c}'`); i++; };

  const value = (): Json => {
    space();
    const c = text[i];
    if (c === '{') {
      const object: { [key: string]: Json } = {};
      offsets.set(object, i++);
      space();
      if (text[i] === '}') { i++; return object; }
      for (;;) {
        space();
        if (text[i] !== '"') stop('expected a key in double quotes');
        const key = string();
        space();
        expect(':');
        object[key] = value();
        space();
        if (text[i] === ',') { i++; continue; }
        expect('}');
        return object;
      }
    }
    if (c === '[') {
      const array: Json[] = [];
      offsets.set(array, i++);
      space();
      if (text[i] === ']') { i++; return array; }
      for (;;) {
        array.push(value());
        space();
        if (text[i] === ',') { i++; continue; }
        expect(']');
        return array;
      }
    }
    if (c === '"') return string();
    LITERAL.lastIndex = i;
    const literal = LITERAL.exec(text);
    if (!literal) return stop(c === undefined ? 'unexpected end of the text' : `unexpected '${c}'`);
    i += literal[0].length;
    return JSON.parse(literal[0]) as Json;
  };

  const string = (): string => {
    STRING.lastIndex = i;
    const match = STRING.exec(text);
    if (!match) return stop('malformed string');
    i += match[0].length;
    return JSON.parse(match[0]) as string;
  };

  try {
    const result = value();
    space();
    if (i < text.length) stop('unexpected text after the end');
    return ok({ value: result, offsets });
  } catch (e) {
    if (e instanceof Stop) return fail(e.error);
    return fail({ message: 'the text is nested too deeply', index: i });
  }
}

/** Line (from 1), the line's text and the index in it of index `index` of `text`. */
export function locate(text: string, index: number): { line: number; lineText: string; indexInLine: number } {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = text.indexOf('\n', index);
  return { line, lineText: text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd), indexInLine: index - lineStart };
}
