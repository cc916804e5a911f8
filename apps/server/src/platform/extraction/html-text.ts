import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head']);
const BLOCK = /^(p|div|br|li|tr|h[1-6]|table|section|article|blockquote|pre|ul|ol|title)$/;

/**
 * The most HTML read as text (in UTF-16 code units): an email body or a document past it is cut there.
 * The parser is linear, so this bounds the memory and time a hostile body costs, not a blow-up.
 */
export const HTML_TEXT_MAX_CHARS = 5_000_000;

/**
 * Visible text of an HTML document: scripts and styles dropped, block elements on their own lines. One
 * pass of htmlparser2 (linear in the input), never regular expressions over markup, which backtrack
 * quadratically on input such as many unclosed `<script`.
 */
export function htmlToText(html: string): string {
  if (html.length > HTML_TEXT_MAX_CHARS) html = html.slice(0, HTML_TEXT_MAX_CHARS);
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name) && name !== 'head') skipping += 1;
        if (BLOCK.test(name)) parts.push('\n');
      },
      ontext(text) {
        if (skipping === 0) parts.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name) && name !== 'head') skipping -= 1;
        if (BLOCK.test(name)) parts.push('\n');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
