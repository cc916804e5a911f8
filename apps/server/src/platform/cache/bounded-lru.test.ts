import { describe, expect, it } from 'vitest';
import { BoundedLru } from './bounded-lru.ts';

describe('BoundedLru', () => {
  it('keeps the most recently used entries up to the entry limit', () => {
    const lru = new BoundedLru<string, number>({ maxEntries: 2 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('keeps the total size within the size limit and refuses a value larger than it', () => {
    const lru = new BoundedLru<string, string>({ maxEntries: 10, maxSize: 10, sizeOf: (value) => value.length });
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.set('c', 'zzzz');
    expect(lru.get('a')).toBeUndefined();
    expect([lru.get('b'), lru.get('c')]).toEqual(['yyyy', 'zzzz']);
    lru.set('big', 'x'.repeat(11));
    expect(lru.get('big')).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.set('b', 'y'); // replaced: now the most recent, size 1
    lru.set('d', 'dddddd'); // 4 + 1 + 6 > 10: c, the least recently used, goes
    expect([lru.get('b'), lru.get('c'), lru.get('d')]).toEqual(['y', undefined, 'dddddd']);
  });

  it('forgets a deleted entry', () => {
    const lru = new BoundedLru<number, string>({ maxEntries: 2 });
    lru.set(1, 'one');
    lru.delete(1);
    expect(lru.get(1)).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});
