import { templateMessages as M } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { useEdited } from '../../ui/useEdited.ts';
import { fetchAssignment, saveAssignment } from './api.ts';

const NO_USERS: number[] = [];

/** Assign a template: to everyone in the organisation, and/or to chosen users. */
export function AssignDialog({ templateId, name, onClose }: { templateId: number; name: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const current = useQuery({
    queryKey: queryKeys.templates.assignment(templateId),
    queryFn: () => fetchAssignment(templateId),
  });
  const [everyone, setEveryone] = useEdited(current.data?.everyone ?? false);
  const [userIds, setUserIds] = useEdited(current.data?.user_ids ?? NO_USERS);
  const save = useMutation({
    mutationFn: () => saveAssignment(templateId, { everyone, user_ids: userIds }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.templateAssigned, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
      onClose();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const users = current.data?.users ?? [];
  return (
    // Not a FormDialog: Cancel stays usable while the saved assignment loads.
    <TitledDialog open title={`Assign “${name}”`} onClose={onClose}>
      <DialogContent sx={{ display: 'grid', alignContent: 'start', gap: 2, pt: '8px !important' }}>
        {current.isLoading ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <>
            <FormControlLabel
              control={<Checkbox checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />}
              label="Everyone in the organisation"
            />
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={users}
              value={users.filter((u) => userIds.includes(u.id))}
              onChange={(_, value) => setUserIds(value.map((u) => u.id))}
              getOptionLabel={(u) => `${u.name} (${u.email})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label="Users" />}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending || current.isLoading}>
          Save
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
