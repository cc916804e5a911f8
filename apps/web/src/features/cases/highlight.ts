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
 * What to look for when the whole term is nowhere, read as the search box reads it: each "quoted part" is one phrase, every other word
 * is looked for on its own. Lower case, longest first (so a phrase wins over a word it contains).
 */
export function findNeedles(term: string): string[] {
  const needles: string[] = [];
  const rest = term.replace(/"([^"]*)"/g, (_, phrase: string) => {
    needles.push(phrase.trim().replace(/\s+/g, ' '));
    return ' ';
  });
  needles.push(...rest.replace(/"/g, ' ').split(/\s+/));
  const unique = [...new Set(needles.map((n) => n.toLowerCase()).filter(Boolean))];
  return unique.sort((a, b) => b.length - a.length);
}

/** [start, end) of every occurrence of any needle in `text`, case-insensitive, left to right, not overlapping. */
export function matchRanges(text: string, needles: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  let from = 0;
  for (;;) {
    let best: [number, number] | null = null;
    for (const needle of needles) {
      const index = lower.indexOf(needle, from);
      if (index >= 0 && (!best || index < best[0])) best = [index, index + needle.length];
    }
    if (!best) return ranges;
    ranges.push(best);
    from = best[1];
  }
}

/**
 * Highlights `term` in the text under `root` and returns the marks, in document order: the text as one phrase
 * (case-insensitive), as a browser's find does; when that is nowhere, each of its words and "quoted phrases"
 * (findNeedles), so a search for words that are not side by side still shows where they are.
 */
export function highlightAll(root: HTMLElement, term: string, { wholeWord = false } = {}): HTMLElement[] {
  clearHighlights(root);
  const phrase = term.trim().toLowerCase();
  if (!phrase) return [];
  const marks = markAll(root, [phrase], wholeWord);
  // A review's hit (`?hit=n`) counts whole words only, as the analyser does: no fallback to single words.
  if (wholeWord) return marks;
  if (marks.length > 0) return marks;
  const needles = findNeedles(term);
  return needles.length === 1 && needles[0] === phrase ? [] : markAll(root, needles);
}

/** Wraps every occurrence of the needles in a <mark>; matches inside one text node only (a rendered word is one). */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Ranges whose ends are word boundaries within `text` (a node's edge counts as one). */
export function wholeWordRanges(text: string, ranges: [number, number][]): [number, number][] {
  return ranges.filter(
    ([start, end]) => !WORD_CHAR.test(text.charAt(start - 1) || ' ') && !WORD_CHAR.test(text.charAt(end) || ' '),
  );
}

function markAll(root: HTMLElement, needles: readonly string[], wholeWord = false): HTMLElement[] {
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
    const found = matchRanges(text, needles);
    const ranges = wholeWord ? wholeWordRanges(text, found) : found;
    if (ranges.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let from = 0;
    for (const [start, end] of ranges) {
      if (start > from) fragment.append(text.slice(from, start));
      const mark = document.createElement('mark');
      mark.className = HIT_CLASS;
      mark.textContent = text.slice(start, end);
      fragment.append(mark);
      marks.push(mark);
      from = end;
    }
    if (from < text.length) fragment.append(text.slice(from));
    node.parentNode?.replaceChild(fragment, node);
  }
  return marks;
}
