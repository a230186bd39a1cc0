/**
 * Whether an event comes from where the user types (a text field, a select, editable text):
 * the page's own shortcuts (keys, paste) leave those alone.
 */
export function fromTextEntry(event: Event): boolean {
  const target = event.composedPath()[0] as HTMLElement | undefined;
  return !!target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable);
}
