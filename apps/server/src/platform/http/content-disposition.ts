/**
 * Content-Disposition of a download (RFC 6266): an ASCII name for every client and the exact UTF-8 name for
 * those that read it. The name is only ever shown, never used as a path.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
