import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { approveTimeEntries } from './api.ts';

/** Staff's approval of the selected time entries (approved entries are locked); the selection clears when done. */
export function useApprove() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const approve = useMutation({
    mutationFn: () => approveTimeEntries([...selected]),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return { selected, setSelected, approve };
}
