// The embed build's template compaction (scripts/compact-templates.ts): only the text of html``,
// svg`` and css`` templates changes, and only where whitespace holds a line break.
import { describe, expect, it } from 'vitest';
import { compactTemplates } from '../../scripts/compact-templates.js';

describe('compactTemplates', () => {
  it('folds the indentation of Lit templates, nested ones too, into single spaces', () => {
    const source = 'const t = html`<div>\n    ${items.map((i) => html`<li>\n      ${i}\n    </li>`)}\n  </div>`;\nconst s = css`\n  :host {\n    display: block;\n  }\n`;';
    expect(compactTemplates(source)).toBe('const t = html`<div> ${items.map((i) => html`<li> ${i} </li>`)} </div>`;\nconst s = css` :host{display:block;}`;');
  });

  it('leaves out the comments of css`` templates, which every reader would load', () => {
    const source = 'const s = css`\n  /* Why the host is a block,\n     at length. */\n  :host {\n    display: block; /* short */\n  }\n`;';
    expect(compactTemplates(source)).toBe('const s = css` :host{display:block;}`;');
  });

  it('drops the spaces around CSS punctuation, but not in strings, before a colon or in calc()', () => {
    const source = "const s = css`\n  .a :hover, .b > .c {\n    content: '; , : {';\n    width: calc(100% - 1rem);\n    font: 1rem / 1.5 serif, sans-serif;\n    color: ${x};\n  }\n`;";
    expect(compactTemplates(source)).toBe("const s = css` .a :hover,.b > .c{content:'; , : {';width:calc(100% - 1rem);font:1rem / 1.5 serif,sans-serif;color:${x};}`;");
  });

  it('leaves code, strings, comments, regular expressions and untagged templates as they are', () => {
    const source = [
      "const a = 'html`\\n  not a template'; // html`",
      'const b = /[`"\']\\s*\\n/g.test(x) ? y / 2 : `keep\n  this`;',
      '/* css`\n  also kept */ const c = "${x}`";',
      'const d = String.raw`a\n  b`;',
    ].join('\n');
    expect(compactTemplates(source)).toBe(source);
  });
});
