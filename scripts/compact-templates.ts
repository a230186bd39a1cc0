/**
 * Lit's html``, svg`` and css`` templates keep their source's indentation, which the minifier
 * leaves alone: over a tenth of the embed's gzipped JavaScript. In their text a run of whitespace
 * with a line break becomes one space, which HTML and CSS read alike (whitespace collapses; no
 * template here is white-space: pre), and a css`` template's comments go, with the spaces its
 * punctuation makes needless: every reader loaded them. Everything else is copied as it is,
 * found by a small lexer that knows comments, strings, regular expressions and `${}` nesting.
 */

const TAGS = /(?:^|[^\w$.])(html|svg|css)\s*$/;
/** After these (or at the start) a `/` begins a regular expression, not a division. */
const BEFORE_REGEX = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)\s*$/;

/** CSS without the spaces that punctuation makes needless: around braces, semicolons and commas,
 * and after a colon (a declaration's: a pseudo-class's colon is never followed by a space, and
 * one before it, a descendant combinator, stays). Quoted strings are left as they are. */
function tightCss(text: string): string {
  return text.split(/('[^']*'|"[^"]*")/).map((part, i) => (i % 2 ? part : part.replace(/\s*([{};,])\s*/g, '$1').replace(/:\s+/g, ':'))).join('');
}

export function compactTemplates(source: string): string {
  let at = 0;
  let out = '';

  /** Copies code up to the `}` that closes it (or the end), itself included. */
  const code = (closing: boolean): void => {
    let depth = 0;
    while (at < source.length) {
      const c = source[at];
      if (c === '/' && source[at + 1] === '/') copyUntil('\n', 2);
      else if (c === '/' && source[at + 1] === '*') copyUntil('*/', 2);
      else if (c === '/' && BEFORE_REGEX.test(out)) regex();
      else if (c === '"' || c === "'") quoted(c);
      else if (c === '`') template(TAGS.exec(out)?.[1]);
      else {
        if (c === '{') depth++;
        if (c === '}' && closing && depth-- === 0) { out += c; at++; return; }
        out += c;
        at++;
      }
    }
  };

  const copyUntil = (end: string, skip: number): void => {
    const found = source.indexOf(end, at + skip);
    const stop = found < 0 ? source.length : found + end.length;
    out += source.slice(at, stop);
    at = stop;
  };

  const quoted = (quote: string): void => {
    out += source[at++];
    while (at < source.length && source[at] !== quote && source[at] !== '\n') {
      if (source[at] === '\\') out += source[at++];
      out += source[at++];
    }
    out += source[at++] ?? '';
  };

  const regex = (): void => {
    out += source[at++];
    let inClass = false;
    while (at < source.length && source[at] !== '\n') {
      const c = source[at];
      if (c === '\\') out += source[at++];
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      out += source[at++];
    }
    out += source[at++] ?? '';
  };

  const template = (tag: string | undefined): void => {
    out += source[at++];
    let text = '';
    const flush = () => {
      if (tag === 'css') text = text.replace(/\/\*[^]*?\*\//g, '');
      if (tag) text = text.replace(/\s*\n\s*/g, ' ');
      if (tag === 'css') text = tightCss(text);
      out += text;
      text = '';
    };
    while (at < source.length) {
      const c = source[at];
      if (c === '\\') { text += source[at] + (source[at + 1] ?? ''); at += 2; continue; }
      if (c === '`') { flush(); out += c; at++; return; }
      if (c === '$' && source[at + 1] === '{') {
        flush();
        out += '${';
        at += 2;
        code(true);
        continue;
      }
      text += c;
      at++;
    }
    flush();
  };

  code(false);
  return out;
}
