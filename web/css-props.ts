/**
 * `style=${cssProps({ '--files': '9' })}`: sets style properties through the CSSOM, on the
 * first render too, where Lit's styleMap writes a style attribute: a blog whose Content
 * Security Policy forbids inline styles (no style-src 'unsafe-inline') blocks that attribute,
 * not the CSSOM.
 */
import { noChange } from 'lit';
import { Directive, directive, type AttributePart } from 'lit/directive.js';

class CssProps extends Directive {
  render(_props: Record<string, string>): unknown { return noChange; }

  override update(part: AttributePart, [props]: [Record<string, string>]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    return noChange;
  }
}

export const cssProps = directive(CssProps);
