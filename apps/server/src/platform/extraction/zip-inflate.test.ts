import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { checkZipInflation, ZipBombError, ZipUnreadableError } from './zip-inflate.ts';
import { withLyingSizes } from './zip-test-files.ts';

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

describe('checkZipInflation', () => {
  it('counts the bytes an ordinary archive really unpacks to', async () => {
    const zip = await zipOf({ 'a.xml': '<a>hello</a>', 'b.txt': 'x'.repeat(1000) });
    expect(await checkZipInflation(zip)).toBe(12 + 1000);
  });

  it('refuses an archive whose directory understates what it unpacks to', async () => {
    const bomb = withLyingSizes(await zipOf({ 'word/document.xml': Buffer.alloc(40 * 1024 * 1024, 0x20) }));
    await expect(checkZipInflation(bomb)).rejects.toBeInstanceOf(ZipBombError);
  });

  it('accepts a small document whose picture unpacks past 100 times its size but stays small', async () => {
    // As hello_planet.docx of the real templates: 54 KB holding an 11 MB uncompressed picture.
    const picture = Buffer.alloc(11 * 1024 * 1024, 0);
    const docx = await zipOf({ 'word/document.xml': '<w:document/>', 'word/media/image1.emf': picture });
    expect(docx.length * 100).toBeLessThan(picture.length);
    expect(await checkZipInflation(docx)).toBe(picture.length + 13);
  });

  it('stops inflating at the limit rather than unpacking the whole bomb', async () => {
    const bomb = withLyingSizes(await zipOf({ 'big.bin': Buffer.alloc(20 * 1024 * 1024, 0) }));
    const started = performance.now();
    await expect(
      checkZipInflation(bomb, { maxBytes: 1024 * 1024, maxRatio: 1000, alwaysBytes: 0 }),
    ).rejects.toBeInstanceOf(ZipBombError);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('counts entries that share the same packed bytes once each', async () => {
    const zip = await zipOf({ 'x.bin': Buffer.alloc(4 * 1024 * 1024, 0x41) });
    // A second central directory entry pointing at the same local entry (an overlapping-file bomb).
    const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cdOffset = zip.readUInt32LE(eocd + 16);
    const cdSize = zip.readUInt32LE(eocd + 12);
    const record = zip.subarray(cdOffset, cdOffset + cdSize);
    const end = Buffer.from(zip.subarray(eocd));
    end.writeUInt16LE(2, 8);
    end.writeUInt16LE(2, 10);
    end.writeUInt32LE(cdSize * 2, 12);
    const doubled = Buffer.concat([zip.subarray(0, cdOffset), record, record, end]);
    expect(await checkZipInflation(doubled, { maxBytes: 16 * 1024 * 1024, maxRatio: 100_000, alwaysBytes: 0 })).toBe(
      8 * 1024 * 1024,
    );
  });

  it('says an archive that is not one cannot be read', async () => {
    await expect(checkZipInflation(Buffer.from('not a zip at all'))).rejects.toBeInstanceOf(ZipUnreadableError);
  });
});
