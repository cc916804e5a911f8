import { playbookMessages as M, type PickerUser } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { useEdited } from '../../ui/useEdited.ts';
import { fetchAssignment, fetchOrganisationUsers, fetchOrganisations, saveAssignment } from './api.ts';

const NONE: number[] = [];

/**
 * Share a playbook (super user, docs/playbooks.md): with other organisations and, optionally, named users of them;
 * without named users the whole organisation sees it. Shared, it is read-only there.
 */
export function ShareDialog({ playbookId, name, onClose }: { playbookId: number; name: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const current = useQuery({
    queryKey: queryKeys.playbooks.assignment(playbookId),
    queryFn: () => fetchAssignment(playbookId),
  });
  const organisations = useQuery({ queryKey: queryKeys.playbooks.organisations, queryFn: fetchOrganisations });
  const [orgIds, setOrgIds] = useEdited(current.data?.organisationIDs ?? NONE);
  const [userIds, setUserIds] = useEdited(current.data?.userIDs ?? NONE);
  const users = useQuery({
    queryKey: queryKeys.playbooks.users(orgIds),
    queryFn: () => fetchOrganisationUsers(orgIds),
    enabled: orgIds.length > 0,
  });
  const save = useMutation({
    mutationFn: () => saveAssignment(playbookId, { organisationIDs: orgIds, userIDs: userIds }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.assigned, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.assignment(playbookId) });
      onClose();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const orgOptions = organisations.data?.data ?? [];
  const people: PickerUser[] = (users.data?.data ?? []).filter(
    (user) => user.is_active || userIds.includes(user.value),
  );
  const loading = current.isLoading || organisations.isLoading;
  return (
    <TitledDialog open title={`Share “${name}”`} onClose={save.isPending ? undefined : onClose}>
      <DialogContent sx={{ display: 'grid', alignContent: 'start', gap: 2, pt: '8px !important' }}>
        {loading ? (
          <Skeleton variant="rounded" height={112} />
        ) : (
          <>
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={orgOptions}
              value={orgOptions.filter((org) => orgIds.includes(org.value))}
              getOptionLabel={(org) => org.label}
              isOptionEqualToValue={(a, b) => a.value === b.value}
              onChange={(_event, chosen) => {
                const ids = chosen.map((org) => org.value);
                setOrgIds(ids);
                // Users of an organisation no longer chosen are dropped with it.
                const kept = new Set(
                  people.filter((user) => ids.includes(user.organisation)).map((user) => user.value),
                );
                setUserIds(userIds.filter((id) => kept.has(id)));
              }}
              renderInput={(params) => <TextField {...params} label="Organisations" />}
            />
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={people}
              value={people.filter((user) => userIds.includes(user.value))}
              getOptionLabel={(user) => user.label}
              isOptionEqualToValue={(a, b) => a.value === b.value}
              onChange={(_event, chosen) => setUserIds(chosen.map((user) => user.value))}
              loading={users.isFetching}
              noOptionsText={orgIds.length === 0 ? 'Choose organisations first' : 'No active users'}
              renderInput={(params) => <TextField {...params} label="Users (optional)" />}
            />
            <Typography variant="body2" color="text.secondary">
              Without named users, everyone in the chosen organisations sees the playbook. They can read and duplicate
              it, not change it.
            </Typography>
          </>
        )}
        {(current.isError || organisations.isError) && (
          <Typography color="error">{refusalText(current.error ?? organisations.error)}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending || loading}>
          Save
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
