/**
 * Copy Concept's selection (spec 03 §4): ticking select-all selects every head on the page and means "the
 * whole source list"; unticking any head turns select-all off (the rest of the page stays ticked).
 */
export interface CopySelection {
  all: boolean;
  ids: ReadonlySet<number>;
}

export const emptySelection: CopySelection = { all: false, ids: new Set() };

export function toggleAll(selection: CopySelection, pageIds: readonly number[], checked: boolean): CopySelection {
  if (!checked) return emptySelection;
  return { all: true, ids: new Set([...selection.ids, ...pageIds]) };
}

export function toggleOne(selection: CopySelection, id: number, checked: boolean): CopySelection {
  const ids = new Set(selection.ids);
  if (checked) ids.add(id);
  else ids.delete(id);
  return { all: checked ? selection.all : false, ids };
}

/** A new page keeps select-all ticking everything shown. */
export function withPage(selection: CopySelection, pageIds: readonly number[]): CopySelection {
  return selection.all ? { all: true, ids: new Set([...selection.ids, ...pageIds]) } : selection;
}

export const isChosen = (selection: CopySelection, id: number) => selection.all || selection.ids.has(id);
export const hasChoice = (selection: CopySelection) => selection.all || selection.ids.size > 0;

/** What Add copies: the whole list with select-all, otherwise the ticked heads. */
export function copySource(selection: CopySelection, listId: number): { listId: number } | { headIds: number[] } {
  return selection.all ? { listId } : { headIds: [...selection.ids] };
}

/** Terms cut at `limit` characters with an ellipsis (full text on hover). */
export function cutText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
