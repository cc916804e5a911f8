/** A repeating group's items as the execution screen edits them: pure, so each change is a new list. */
export type GroupItem = Record<string, string>;

/** The items with one field of one item changed. */
export function withItemField(items: readonly GroupItem[], index: number, field: string, text: string): GroupItem[] {
  return items.map((item, i) => (i === index ? { ...item, [field]: text } : item));
}

/** The items with one moved by `step` places (-1 up, 1 down); unchanged at the ends. */
export function movedItem(items: readonly GroupItem[], index: number, step: -1 | 1): GroupItem[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as GroupItem, next[index] as GroupItem];
  return next;
}

/** The items without one. */
export function withoutItem(items: readonly GroupItem[], index: number): GroupItem[] {
  return items.filter((_, i) => i !== index);
}
