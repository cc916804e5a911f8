import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useRowDelete, type RowDelete } from '../../ui/RowDeleteDialog.tsx';

export interface AdminRows<Row> extends RowDelete<Row> {
  /** The row in the edit dialog, 'new' while creating, null while closed. */
  editing: Row | 'new' | null;
  setEditing: (row: Row | 'new' | null) => void;
  history: Row | null;
  setHistory: (row: Row | null) => void;
}

/**
 * Which row of an admin list is being edited, shown with its history or confirmed for delete; a delete toasts the
 * server's answer and refreshes `listKey`, a refused one toasts why.
 */
export function useAdminRows<Row extends { id: number }>(
  listKey: QueryKey,
  deleteRow: (id: number) => Promise<{ detail: string }>,
): AdminRows<Row> {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const removal = useRowDelete((row: Row) => deleteRow(row.id), [listKey]);
  return { editing, setEditing, history, setHistory, ...removal };
}
