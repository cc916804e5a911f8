import { playbookMessages as M, type PlaybookListItem } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { usePickerSearch } from '../../ui/usePickerSearch.ts';
import { addCasePlaybook, fetchPlaybooks } from './api.ts';

const PICKER_LIMIT = 50;

/** Add a published playbook to a case: the case follows its latest version until moved on. */
export function AddToCaseDialog({
  caseId,
  pinned,
  onClose,
}: {
  caseId: number;
  /** Playbooks already on the case (left out of the choices). */
  pinned: readonly number[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  // A choice fills the box with its label ("Name (version 1)"): only what the user types searches.
  const { search, onInputChange } = usePickerSearch();
  const [chosen, setChosen] = useState<PlaybookListItem | null>(null);
  const params = { pageNo: 1, limits: PICKER_LIMIT, search };
  const options = useQuery({
    queryKey: queryKeys.playbooks.list(params),
    queryFn: ({ signal }) => fetchPlaybooks(params, signal),
    placeholderData: keepPreviousData,
  });
  const published = (options.data?.data ?? []).filter((p) => p.current_version !== null && !pinned.includes(p.id));
  const add = useMutation({
    mutationFn: (playbookId: number) => addCasePlaybook(caseId, playbookId),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.addedToCase, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.casePins(caseId) });
      onClose();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return (
    <TitledDialog open title="Add a playbook to the case" onClose={add.isPending ? undefined : onClose}>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
        <Autocomplete
          options={published}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          onInputChange={onInputChange}
          filterOptions={(all) => all}
          getOptionLabel={(p) => `${p.name} (version ${p.current_version})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={options.isFetching}
          noOptionsText="No published playbooks found"
          renderInput={(params) => <TextField {...params} label="Published playbook" autoFocus />}
        />
        <Typography variant="body2" color="text.secondary">
          The case follows the playbook’s latest version; a later version is offered here when it is published.
        </Typography>
        {options.isError && <Typography color="error">{refusalText(options.error)}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => chosen && add.mutate(chosen.id)} disabled={!chosen || add.isPending}>
          Add
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
