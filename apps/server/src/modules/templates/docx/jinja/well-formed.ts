/**
 * Whether a part's XML is well formed (every element closed in order). A template whose `{% %}` tags cut
 * across Word's elements (an `{% if %}` in one paragraph and its `{% endif %}` in a table) can write XML
 * Word refuses to open; the render is refused instead, with the place to fix.
 */
const TAG =
  /<(\/?)([A-Za-z_][\w.:-]*)(?:\s(?:[^>"'/]|"[^"]*"|'[^']*')*)?(\/?)>|<\?[^>]*\?>|<!--.*?-->|<!\[CDATA\[.*?\]\]>/gs;

export function isWellFormed(xml: string): boolean {
  const open: string[] = [];
  for (const match of xml.matchAll(TAG)) {
    const [whole, closing, name, selfClosing] = match;
    if (!name || whole.startsWith('<?') || whole.startsWith('<!')) continue;
    if (selfClosing) continue;
    if (closing) {
      if (open.pop() !== name) return false;
    } else open.push(name);
  }
  return open.length === 0;
}
