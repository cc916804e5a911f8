import { createInflateRaw } from 'node:zlib';
import { parsePool, type ParseLimits } from '../parsing/parse-pool.ts';
import type { WorkRequester } from '../queues/fair-queue.ts';

/**
 * How far an archive may unpack: never past `maxBytes`; past `maxRatio` times its packed size only while it
 * stays under `alwaysBytes`, which any archive may reach (a 54 KB letter with an uncompressed 11 MB picture
 * unpacks 200-fold and is harmless; a bomb needs far more than that to hurt).
 */
export interface InflateLimits {
  maxBytes: number;
  maxRatio: number;
  alwaysBytes: number;
}

/** A .docx (or template package) over the limit is refused as a zip bomb (issue 10 item 7). */
export const ARCHIVE_LIMITS: InflateLimits = {
  maxBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  alwaysBytes: 32 * 1024 * 1024,
};

/** The bytes an archive of `packedSize` may unpack to. */
export const inflateLimitOf = (packedSize: number, limits: InflateLimits): number =>
  Math.min(limits.maxBytes, Math.max(limits.alwaysBytes, packedSize * limits.maxRatio));

/** More entries than any Word document or template package holds; each costs a little to open. */
const MAX_ENTRIES = 10_000;

/** The archive unpacks past its limits. */
export class ZipBombError extends Error {
  constructor() {
    super('The archive unpacks to more than its limit.');
    this.name = 'ZipBombError';
  }
}

/** The bytes are not a ZIP archive this check (and the libraries behind it) can read. */
export class ZipUnreadableError extends Error {
  constructor(reason: string) {
    super(`The archive cannot be read: ${reason}.`);
    this.name = 'ZipUnreadableError';
  }
}

interface Entry {
  method: number;
  compressedSize: number;
  localOffset: number;
}

function centralDirectory(data: Buffer): Entry[] {
  const min = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let i = data.length - 22; i >= min; i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipUnreadableError('no end of central directory');
  const count = data.readUInt16LE(eocd + 10);
  if (count > MAX_ENTRIES) throw new ZipUnreadableError('too many entries');
  let offset = data.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50)
      throw new ZipUnreadableError('broken central directory');
    const compressedSize = data.readUInt32LE(offset + 20);
    const localOffset = data.readUInt32LE(offset + 42);
    // ZIP64 markers: no Word document or template package needs them.
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new ZipUnreadableError('ZIP64');
    entries.push({ method: data.readUInt16LE(offset + 10), compressedSize, localOffset });
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The packed bytes of an entry, located through its local header (as the zip libraries read it). */
function packedBytes(data: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new ZipUnreadableError('broken entry');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new ZipUnreadableError('entry past the end');
  return data.subarray(start, end);
}

/** Inflates `packed`, counting the bytes it really produces; stops (and throws) once `budget` is spent. */
function inflateCounted(packed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let produced = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) {
        inflate.destroy();
        reject(error);
      } else resolve(produced);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > budget) finish(new ZipBombError());
    });
    inflate.on('end', () => finish(null));
    inflate.on('error', () => finish(new ZipUnreadableError('broken compressed data')));
    inflate.end(packed);
  });
}

/**
 * Unpacks every entry of a ZIP archive (a .docx, a template package) and counts the bytes it really
 * inflates to, never trusting the sizes its directory declares; nothing is kept. Throws ZipBombError past
 * `limits` (checked while inflating, so a bomb costs at most the limit) and ZipUnreadableError for an
 * archive that is not one. Entries that overlap are each counted, as a reader would inflate each.
 */
export async function checkZipInflation(data: Buffer, limits: InflateLimits = ARCHIVE_LIMITS): Promise<number> {
  const limit = inflateLimitOf(data.length, limits);
  let total = 0;
  for (const entry of centralDirectory(data)) {
    const packed = packedBytes(data, entry);
    if (entry.method === 0 || packed.length === 0) total += packed.length;
    else if (entry.method === 8) total += await inflateCounted(packed, limit - total);
    else throw new ZipUnreadableError(`compression method ${entry.method}`);
    if (total > limit) throw new ZipBombError();
  }
  return total;
}

/** Whether an error (thrown here, or by the check in a parsing worker) says the archive is a zip bomb. */
export const isZipBomb = (error: unknown): boolean => error instanceof Error && error.name === 'ZipBombError';

/** checkZipInflation on a parsing worker, within its time and memory limits (ParseLimitError past them). */
export function checkZipInflationInWorker(limits: ParseLimits, who: WorkRequester, data: Buffer): Promise<number> {
  return parsePool(limits).run<number>(who, new URL(import.meta.url), 'checkZipInflation', [data]);
}
