import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../api/client.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface RowDelete<Row> {
  /** The row awaiting confirmation; null while the dialog is closed. */
  deleting: Row | null;
  setDeleting: (row: Row | null) => void;
  remove: UseMutationResult<{ detail: string }, Error, Row>;
}

/**
 * The delete of a list's rows: a done delete toasts the server's answer (or `message`), closes the confirmation and
 * refreshes `lists` in order; a refused one toasts why and leaves the confirmation open.
 */
export function useRowDelete<Row>(
  deleteRow: (row: Row) => Promise<{ detail: string }>,
  lists: readonly QueryKey[],
  message?: string,
): RowDelete<Row> {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useMutation({
    mutationFn: deleteRow,
    onSuccess: async (answer) => {
      enqueueSnackbar(message ?? answer.detail, { variant: 'success' });
      setDeleting(null);
      for (const queryKey of lists) await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return { deleting, setDeleting, remove };
}

interface RowDeleteDialogProps<Row> {
  rows: RowDelete<Row>;
  /** What is deleted, as the confirmation names it. */
  item: string;
  typed?: boolean;
  title?: string;
}

/** The ConfirmDialog of a useRowDelete: open while a row awaits confirmation, busy while it is deleted. */
export function RowDeleteDialog<Row>({
  rows: { deleting, setDeleting, remove },
  ...confirm
}: RowDeleteDialogProps<Row>) {
  return (
    <ConfirmDialog
      {...confirm}
      open={deleting !== null}
      busy={remove.isPending}
      onConfirm={() => {
        if (deleting !== null) remove.mutate(deleting);
      }}
      onClose={() => setDeleting(null)}
    />
  );
}
