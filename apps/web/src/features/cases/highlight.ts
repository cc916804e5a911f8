/** Class of the marks the find dialog adds; the current hit also has HIT_CURRENT. */
export const HIT_CLASS = 'lexdesk-hit';
export const HIT_CURRENT = 'lexdesk-hit-current';

/** Removes every highlight added by highlightAll, restoring the original text nodes. */
export function clearHighlights(root: HTMLElement): void {
  for (const mark of [...root.querySelectorAll(`mark.${HIT_CLASS}`)]) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parent.replaceChild(document.createTextNode(mark.textContent ?? ''), mark);
    parent.normalize();
  }
}

/**
 * Wraps every case-insensitive occurrence of `term` in the text under `root` in a <mark>, in document
 * order, and returns the marks. Matches inside one text node only (a rendered word is one node).
 */
export function highlightAll(root: HTMLElement, term: string): HTMLElement[] {
  clearHighlights(root);
  const needle = term.trim().toLowerCase();
  if (!needle) return [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement && ['SCRIPT', 'STYLE', 'MARK'].includes(node.parentElement.tagName)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    const text = node.data;
    const lower = text.toLowerCase();
    let from = 0;
    let index = lower.indexOf(needle, from);
    if (index < 0) continue;
    const fragment = document.createDocumentFragment();
    while (index >= 0) {
      if (index > from) fragment.append(text.slice(from, index));
      const mark = document.createElement('mark');
      mark.className = HIT_CLASS;
      mark.textContent = text.slice(index, index + needle.length);
      fragment.append(mark);
      marks.push(mark);
      from = index + needle.length;
      index = lower.indexOf(needle, from);
    }
    if (from < text.length) fragment.append(text.slice(from));
    node.parentNode?.replaceChild(fragment, node);
  }
  return marks;
}
