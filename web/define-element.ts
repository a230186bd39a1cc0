/**
 * The decorator that names each component's custom element, in place of Lit's `customElement`:
 * it defines the element only when the page has none by that name yet. A blog may include the
 * embed twice from two URLs (a theme's copy and a post's with `?v=2`); each is then a module of
 * its own, and the second copy's `customElements.define` threw, which stopped that module and
 * every chunk that imports it (the tsume player, the record readers). The first copy's elements
 * serve the page.
 */
export function defineElement(tag: string) {
  return (element: CustomElementConstructor): void => {
    if (!customElements.get(tag)) customElements.define(tag, element);
  };
}
