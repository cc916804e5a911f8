/** Word-id and offset arrays as stored: Uint32 little-endian (BLOB / bytea). */
export function encodeUint32(values: ArrayLike<number>): Buffer {
  const buffer = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i += 1) buffer.writeUInt32LE(values[i] ?? 0, i * 4);
  return buffer;
}

/** A view of a stored array (copied only when the driver's buffer is not 4-byte aligned). */
export function decodeUint32(buffer: Uint8Array): Uint32Array {
  const length = buffer.byteLength >>> 2;
  if (buffer.byteOffset % 4 === 0) return new Uint32Array(buffer.buffer, buffer.byteOffset, length);
  const copy = new Uint8Array(length * 4);
  copy.set(buffer.subarray(0, length * 4));
  return new Uint32Array(copy.buffer);
}

/** Start positions of every occurrence of `phrase` (word ids) in `ids`. */
export function phrasePositions(ids: Uint32Array, phrase: readonly number[]): number[] {
  const positions: number[] = [];
  const first = phrase[0];
  if (first === undefined) return positions;
  const last = ids.length - phrase.length;
  outer: for (let i = 0; i <= last; i += 1) {
    if (ids[i] !== first) continue;
    for (let k = 1; k < phrase.length; k += 1) if (ids[i + k] !== phrase[k]) continue outer;
    positions.push(i);
  }
  return positions;
}

/** How often `phrase` occurs in `ids` (overlapping occurrences of a repeated word count each). */
export function countPhrase(ids: Uint32Array, phrase: readonly number[]): number {
  const first = phrase[0];
  if (first === undefined) return 0;
  let count = 0;
  const last = ids.length - phrase.length;
  if (phrase.length === 1) {
    for (let i = 0; i <= last; i += 1) if (ids[i] === first) count += 1;
    return count;
  }
  outer: for (let i = 0; i <= last; i += 1) {
    if (ids[i] !== first) continue;
    for (let k = 1; k < phrase.length; k += 1) if (ids[i + k] !== phrase[k]) continue outer;
    count += 1;
  }
  return count;
}
