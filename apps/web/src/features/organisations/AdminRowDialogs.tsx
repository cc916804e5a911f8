import type { HistoryEntry } from '@lexdesk/contract';
import { Fragment, type ReactNode } from 'react';
import { RowDeleteDialog } from '../../ui/RowDeleteDialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import type { AdminRows } from './useAdminRows.ts';

interface AdminRowDialogsProps<Row> {
  rows: AdminRows<Row>;
  /** The create/edit dialog; `row` is null when creating. */
  form: (row: Row | null, onClose: () => void) => ReactNode;
  /** What a delete removes, as the confirmation names it. */
  item: string;
  /** How the history's title names a row. */
  name: (row: Row) => string;
  history: {
    key: (id: number) => readonly unknown[];
    load: (id: number, signal: AbortSignal) => Promise<{ data: HistoryEntry[] }>;
  };
}

/** The edit, history and typed-delete dialogs of an admin list's rows (spec 01 §6). */
export function AdminRowDialogs<Row extends { id: number }>({
  rows,
  form,
  item,
  name,
  history,
}: AdminRowDialogsProps<Row>) {
  const { editing } = rows;
  const shown = rows.history;
  return (
    <>
      {editing !== null && (
        // A new key per row: the form starts again from the row it edits.
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {form(editing === 'new' ? null : editing, () => rows.setEditing(null))}
        </Fragment>
      )}
      <HistoryDialog
        title={shown ? `History of ${name(shown)}` : 'History'}
        queryKey={shown ? history.key(shown.id) : null}
        load={(signal) => history.load(shown?.id ?? 0, signal)}
        onClose={() => rows.setHistory(null)}
      />
      <RowDeleteDialog rows={rows} item={item} typed />
    </>
  );
}
