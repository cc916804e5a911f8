import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head']);
const BLOCK = /^(p|div|br|li|tr|h[1-6]|table|section|article|blockquote|pre|ul|ol|title)$/;

/** Visible text of an HTML document: scripts and styles dropped, block elements on their own lines. */
export function htmlToText(html: string): string {
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
