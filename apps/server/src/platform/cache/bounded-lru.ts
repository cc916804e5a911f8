/**
 * A small in-process least-recently-used map, bounded by its number of entries and, when `sizeOf` is given,
 * by the total size of its values. Only for values that never change under their key (servers are
 * stateless: nothing here is shared or invalidated between processes).
 */
export class BoundedLru<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxSize?: number; sizeOf?: (value: V, key: K) => number },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, which becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value, evicting the least recently used ones; a value larger than `maxSize` is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.limits.sizeOf?.(value, key) ?? 0;
    const maxSize = this.limits.maxSize ?? Infinity;
    if (size > maxSize || this.limits.maxEntries < 1) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.total <= maxSize) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
