import PizZip from 'pizzip';

/**
 * Reads a .docx's body as Word would after Accept All (`accept`) or Reject All (`reject`) of its tracked
 * changes: paragraphs joined with '\n', a deleted (accept) or inserted (reject) paragraph mark joining its
 * paragraph to the next. Test-side reference for the export (and the journey); it knows only the markup
 * redlineDocx writes: w:p, w:pPr/w:rPr/w:ins|w:del, w:ins, w:del, w:r, w:t, w:delText.
 */
export function docxTextAfter(data: Buffer, decision: 'accept' | 'reject'): string {
  const xml = new PizZip(data).file('word/document.xml')?.asText() ?? '';
  const body = xml.slice(xml.indexOf('<w:body>'), xml.indexOf('</w:body>'));
  const dropped = decision === 'accept' ? 'w:del' : 'w:ins';
  const paragraphs = [...body.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>|<w:p(?:\s[^>]*)?\/>/g)];
  let text = '';
  paragraphs.forEach((match, index) => {
    const inner = match[1] ?? '';
    const properties = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(inner)?.[1] ?? '';
    const markDropped = new RegExp(`<w:rPr>[\\s\\S]*<${dropped}\\s[^>]*/>`).test(properties);
    const content = inner
      .replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, '')
      .replace(new RegExp(`<${dropped}\\s[^>]*>[\\s\\S]*?</${dropped}>`, 'g'), '');
    for (const run of content.matchAll(/<w:(?:t|delText)(?:\s[^>]*)?>([\s\S]*?)<\/w:(?:t|delText)>/g))
      text += decodeXml(run[1] ?? '');
    if (index < paragraphs.length - 1 && !markDropped) text += '\n';
  });
  return text;
}

export function revisionCounts(data: Buffer): { insertions: number; deletions: number } {
  const xml = new PizZip(data).file('word/document.xml')?.asText() ?? '';
  return {
    insertions: (xml.match(/<w:ins\s/g) ?? []).length,
    deletions: (xml.match(/<w:del\s/g) ?? []).length,
  };
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
