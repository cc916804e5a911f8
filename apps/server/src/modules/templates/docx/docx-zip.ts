/** Opening an uploaded .docx and writing a filled one: shared by both template dialects. */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { TemplateSyntaxError } from './template-errors.ts';

/**
 * Node's zlib for the generated zip (PizZip's own deflate is JavaScript and took a fifth of a render);
 * the same DEFLATE method (8), registered under its own name through PizZip's compressions table.
 */
export const NATIVE_DEFLATE = 'LEXDESK_NATIVE_DEFLATE';
const compressions = (PizZip as unknown as { compressions: Record<string, unknown> }).compressions;
compressions[NATIVE_DEFLATE] ??= {
  magic: '\x08\x00',
  compress: (input: Uint8Array) => deflateRawSync(input),
  uncompress: (input: Uint8Array) => inflateRawSync(input),
  compressInputType: 'uint8array',
  uncompressInputType: 'uint8array',
};

export const NOT_A_DOCX =
  'The file is not a Word document (.docx). Save it in Word as "Word Document (*.docx)" and upload it again.';

/** The .docx as a zip; TemplateSyntaxError when it is not a Word document. */
export function openTemplateZip(buffer: Buffer): PizZip {
  let zip: PizZip;
  try {
    zip = new PizZip(buffer);
  } catch {
    throw new TemplateSyntaxError([NOT_A_DOCX]);
  }
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (!types.includes('wordprocessingml.document.main') && !types.includes('wordprocessingml.template.main')) {
    throw new TemplateSyntaxError([NOT_A_DOCX]);
  }
  return zip;
}

/** The filled document's bytes, compressed as Word expects. */
export function writeTemplateZip(zip: PizZip): Buffer {
  return zip.generate({ type: 'nodebuffer', compression: NATIVE_DEFLATE as 'DEFLATE' }) as Buffer;
}
