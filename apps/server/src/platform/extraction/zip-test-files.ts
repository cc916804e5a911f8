/**
 * Test files: a ZIP whose directory lies, as an attacker writes one. Rewrites every entry's declared
 * unpacked size (central directory and local header) to its packed size, so a check that trusts the
 * directory sees an archive that does not expand at all.
 */
export function withLyingSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 46 <= out.length; i += 1) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x02014b50) out.writeUInt32LE(out.readUInt32LE(i + 20), i + 24);
    else if (signature === 0x04034b50) out.writeUInt32LE(out.readUInt32LE(i + 18), i + 22);
  }
  return out;
}

/**
 * A real .docx with 64 MB of padding added (it packs to a few kilobytes) and its directory made to lie:
 * a zip bomb that a check of the declared sizes lets through.
 */
export async function lyingDocxBomb(docx: Buffer): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(docx);
  zip.file('word/media/padding.xml', Buffer.alloc(64 * 1024 * 1024, 0x20));
  const packed = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
  return withLyingSizes(packed);
}
