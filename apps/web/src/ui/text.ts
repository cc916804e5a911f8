/** Small pure helpers for turning plain text into safe HTML and for the typed delete confirmation. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Plain text (an email body) as HTML: escaped, line breaks kept, web addresses made into links. */
export function textToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(url)?.[0] ?? '';
    if (trailing) url = url.slice(0, -trailing.length);
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  html += escapeHtml(text.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}

/** Spec 01 §5: the typed confirmation word is delete, Delete or DELETE. */
export const DELETE_WORDS: readonly string[] = ['delete', 'Delete', 'DELETE'];

export function isDeleteWord(value: string): boolean {
  return DELETE_WORDS.includes(value.trim());
}

/** `"Doe, Jane" <jane@firm.example>` → `Doe, Jane <jane@firm.example>`: a header's addresses without quoting. */
export function readableAddresses(header: string): string {
  return header.replace(/"((?:[^"\\]|\\.)*)"(?=\s*<)/g, (_, name: string) => name.replace(/\\(.)/g, '$1'));
}

/** The first address's display name ("Jane Doe"), or its address when it has none. */
export function senderName(header: string): string {
  const readable = readableAddresses(header).trim();
  const named = /^([^<]+?)\s*<[^>]*>/.exec(readable);
  return named?.[1] ?? readable;
}

/** A file size as people read it: 512 B, 12.5 KB, 3.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
