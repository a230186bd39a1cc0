/**
 * The record or diagram a blogger writes inside an element: a child
 * `<script type="text/plain">` verbatim, else the element's own text with `<br>` read as a line
 * break (with the source's line break after it, one) and the indentation common to all lines
 * removed (HTML source is indented).
 */
export function inlineText(host: Element): string {
  const script = host.querySelector(':scope > script[type="text/plain"]');
  if (script) return dedent(script.textContent ?? '');
  let text = '';
  // A <br> at the end of a source line is one break, not two: line numbers in errors count as the
  // page shows the record.
  let afterBreak = false;
  const visit = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const content = child.textContent ?? '';
        text += afterBreak ? content.replace(/^[ \t]*\r?\n/, '') : content;
        afterBreak = false;
      } else if (child instanceof HTMLBRElement) {
        text += '\n';
        afterBreak = true;
      } else if (child instanceof Element && child.localName !== 'script') visit(child);
    }
  };
  visit(host);
  return dedent(text);
}

export function dedent(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}
